import type { CampaignKind, CampaignTemplateKind, CurrentCampaignKind, Resolvers } from '../../generated/resolvers';
import { isRecordId } from '@pharma/domain/validation';
import { toDateTime } from '../../dates';
import { badUserInput, fromUpstreamCode } from '../../errors';
import { checkPaging } from '../../paging';
import { fetchCampaign, fetchCampaignGoods, fetchCurrentCampaign } from './rest';
import { goodsOf } from '../goods/view';

const CURRENT_KINDS: Record<CurrentCampaignKind, 'cashback' | 'welfare' | 'hub'> = {
  CASHBACK: 'cashback',
  WELFARE: 'welfare',
  HUB: 'hub',
};

const KINDS: Record<string, CampaignKind> = {
  cashback: 'CASHBACK',
  welfare: 'WELFARE',
  hub: 'HUB',
  zone_template: 'ZONE_TEMPLATE',
  activity_template: 'ACTIVITY_TEMPLATE',
};

const TEMPLATE_KINDS: Record<CampaignTemplateKind, string> = {
  ZONE: 'zone_template',
  ACTIVITY: 'activity_template',
};

/** The most goods one page of a campaign holds (GET /api/campaign/{id}/goods). */
const PAGE_MAX = 50;

export const promotionResolvers: Resolvers = {
  Query: {
    currentCampaign: (_parent, { kind }, { upstream }) => fetchCurrentCampaign(upstream, CURRENT_KINDS[kind]),
    campaignTemplate: async (_parent, { id, kind }, { upstream }) => {
      const templateId = id.trim();
      // PROMO-05: not an id the upstream could know is no template, without asking (VAL-04).
      if (!isRecordId(templateId)) return null;
      const found = await fetchCampaign(upstream, templateId);
      // A campaign of another kind is not this page's template.
      return found !== null && found.kind === TEMPLATE_KINDS[kind] ? found : null;
    },
  },
  Campaign: {
    id: (c) => String(c.id),
    kind: (c) => fromUpstreamCode(KINDS, c.kind),
    discountPercent: (c) => (c.kind === 'welfare' ? c.discount : null),
    startsAt: (c) => toDateTime(c.start_at),
    endsAt: (c) => toDateTime(c.end_at),
    running: (c) => c.status === 1,
    cashbackTiers: (c) => c.tiers,
    goods: (c, { sectionId, page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, PAGE_MAX);
      const section = sectionId?.trim();
      if (section !== undefined && section !== '' && !isRecordId(section)) {
        throw badUserInput({ sectionId: ['分区不存在'] });
      }
      return fetchCampaignGoods(upstream, String(c.id), {
        page,
        page_size: pageSize,
        ...(section ? { section_id: section } : {}),
      });
    },
  },
  CashbackTier: {
    threshold: (t) => t.amount,
    cashback: (t) => t.cashback,
  },
  CampaignSection: {
    id: (s) => String(s.id),
    description: (s) => s.describe,
    goodsCount: (s) => s.goods_count,
  },
  CampaignGoods: {
    goods: (g) => goodsOf(g),
    campaignPrice: (g) => g.campaign_price,
  },
  CampaignGoodsPage: {
    items: (found) => found.data,
    page: (found) => found.current_page,
    pageSize: (found) => found.per_page,
  },
};
