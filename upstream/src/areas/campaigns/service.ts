/**
 * Campaigns (PROMO in docs/product.md): full-amount cashback (/hb), the welfare sale (/welfare), the good-doctors hub
 * (/yyh) and zone and activity templates (/zqmb, /hdmb). Their goods come from the catalogue; the welfare price is
 * the one the cart charges (lib/campaign-prices.ts).
 */
import type { Queryable } from '../../db/db';
import { welfarePrice } from '../../lib/campaign-prices';
import { goodsDto, type GoodsRow } from '../../lib/goods';
import { iso, notFound } from '../../lib/http';
import { page } from '../../lib/paging';
import { bannerImage } from '../focus/service';
import * as promotions from '../promotions/service';
import * as store from './store';
import type { CampaignKind, CampaignRow } from './store';

/** How many goods each section of the hub shows; the rest are on its list (/yyh/list). */
export const HUB_GOODS_PER_SECTION = 10;
/** A template has no list of its own: its sections show their goods up to this many. */
export const TEMPLATE_GOODS_PER_SECTION = 24;

/** The focus slot the good-doctors hub's banners come from. */
export const HUB_BANNER_SLOT = 'yyh';

export const campaignNotFound = () => notFound('活动不存在或已结束');

/** A campaign's goods with the price the campaign sells them at (welfare), or null (its goods' own price). */
function campaignGoodsDto(campaign: Pick<CampaignRow, 'discount'>, row: GoodsRow, publicUrl: string) {
  return {
    ...goodsDto(row, publicUrl),
    campaign_price: campaign.discount === null ? null : welfarePrice(row.price, campaign.discount),
  };
}

const bannerDto = (publicUrl: string, b: { id: number; name: string; url: string | null }) => ({
  id: b.id,
  name: b.name,
  url: b.url,
  image: bannerImage(publicUrl, b.id),
});

async function campaignDto(q: Queryable, publicUrl: string, c: CampaignRow) {
  const [tiers, sections, sectionGoods, activityIds, banners] = await Promise.all([
    c.kind === 'cashback' ? store.cashbackTiers(q, c.id) : Promise.resolve([]),
    store.sections(q, c.id),
    store.sectionGoods(q, c.id, c.kind === 'hub' ? HUB_GOODS_PER_SECTION : TEMPLATE_GOODS_PER_SECTION),
    store.activityIds(q, c.id),
    c.kind === 'hub'
      ? store.slotBanners(q, HUB_BANNER_SLOT)
      : c.banner_id === null
        ? Promise.resolve([])
        : store.bannerById(q, c.banner_id).then((b) => (b === undefined ? [] : [b])),
  ]);
  // Featured activities that have ended are left out: a card must lead to something the buyer can join.
  const activities = (await promotions.activities(q, activityIds)).filter((a) => a.status !== 2);
  return {
    id: c.id,
    kind: c.kind,
    title: c.title,
    subtitle: c.subtitle,
    rules: c.rules,
    discount: c.discount,
    start_at: iso(c.start_at),
    end_at: iso(c.end_at),
    status: c.status,
    banners: banners.map((b) => bannerDto(publicUrl, b)),
    tiers: tiers.map((t) => ({ amount: t.amount, cashback: t.cashback })),
    sections: sections.map((s) => ({
      id: s.id,
      name: s.name,
      describe: s.describe,
      goods_count: s.goods_count,
      goods: sectionGoods.filter((g) => g.section_id === s.id).map((g) => campaignGoodsDto(c, g, publicUrl)),
    })),
    activities,
  };
}

/** PROMO-05: the running (else next) campaign of a kind; none is 404. */
export async function current(q: Queryable, publicUrl: string, kind: CampaignKind) {
  const found = await store.currentCampaign(q, kind);
  if (found === undefined) throw campaignNotFound();
  return campaignDto(q, publicUrl, found);
}

/** PROMO-05: one campaign that has not ended; unknown or ended is 404. */
export async function byId(q: Queryable, publicUrl: string, id: number) {
  const found = await store.campaignById(q, id);
  if (found === undefined) throw campaignNotFound();
  return campaignDto(q, publicUrl, found);
}

/** A page of a campaign's goods, of one of its sections when asked; an unknown or ended campaign is 404. */
export async function goodsPage(
  q: Queryable,
  publicUrl: string,
  id: number,
  sectionId: number | null,
  current: number,
  perPage: number,
) {
  const found = await store.campaignById(q, id);
  if (found === undefined) throw campaignNotFound();
  const [total, rows] = await Promise.all([
    store.countGoods(q, id, sectionId),
    store.goodsPage(q, id, sectionId, perPage, (current - 1) * perPage),
  ]);
  return page(
    rows.map((row) => campaignGoodsDto(found, row, publicUrl)),
    total,
    current,
    perPage,
  );
}
