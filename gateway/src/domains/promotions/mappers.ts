import type { Schemas } from '../../rest/client';

export type CampaignMapper = Schemas['Campaign'];
export type CampaignGoodsMapper = Schemas['CampaignGoods'];
export type CampaignGoodsPageMapper = Schemas['CampaignGoodsPage'];
export type CampaignSectionMapper = Schemas['CampaignSection'];
export type CashbackTierMapper = Schemas['CashbackTier'];
