import type { Schemas } from '../../rest/client';

export type GoodsMapper = Schemas['Goods'];
export type LadderPriceMapper = Schemas['LadderTier'];
export type GoodsTagMapper = Schemas['GoodsTag'];
export type GoodsPageMapper = Schemas['GoodsPage'];
/** A goods' activity (GET /api/goods/activities) or an activity read by itself, with its goods count. */
export type GoodsActivityMapper = Schemas['Activity'] | Schemas['ActivityDetail'];
export type SpikeGoodsMapper = Schemas['SpikeGoods'];
export type SpecialPriceGoodsMapper = Schemas['SpecialGoods'];
export type SpecialPricePageMapper = Schemas['SpecialGoodsPage'];
export type CombinationGroupMapper = Schemas['CombinationGroup'];
export type CombinationMapper = Schemas['Combination'];
export type CombinationItemMapper = Schemas['Combination']['goods'][number];
export type GroupBuyGoodsMapper = Schemas['GroupBuyGoods'];
export type GroupBuyPageMapper = Schemas['GroupBuyGoodsPage'];
