import type { Queryable } from '../../db/db';
import { GOODS_COLUMNS, type GoodsRow } from '../../lib/goods';

export const CAMPAIGN_KINDS = ['cashback', 'welfare', 'hub', 'zone_template', 'activity_template'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

export interface CampaignRow {
  id: number;
  kind: CampaignKind;
  title: string;
  subtitle: string;
  rules: string[];
  banner_id: number | null;
  discount: number | null;
  start_at: Date | string;
  end_at: Date | string;
  /** 1 running, 0 upcoming (ended campaigns are never read: PROMO-05). */
  status: 0 | 1;
}

// PROMO-05: an ended campaign is as good as unknown.
const CAMPAIGN_SQL = `SELECT c.id, c.kind, c.title, c.subtitle, c.rules, c.banner_id, c.discount, c.start_at, c.end_at,
    (c.start_at <= now())::int AS status
  FROM campaigns c WHERE c.end_at > now()`;

/** The campaign of a kind a buyer sees now: a running one first, else the next to start. */
export async function currentCampaign(q: Queryable, kind: CampaignKind): Promise<CampaignRow | undefined> {
  const [row] = await q.query<CampaignRow>(
    `${CAMPAIGN_SQL} AND c.kind = $1 ORDER BY (c.start_at > now()), c.sort, c.start_at, c.id LIMIT 1`,
    [kind],
  );
  return row;
}

export async function campaignById(q: Queryable, id: number): Promise<CampaignRow | undefined> {
  const [row] = await q.query<CampaignRow>(`${CAMPAIGN_SQL} AND c.id = $1`, [id]);
  return row;
}

export interface TierRow {
  amount: number;
  cashback: number;
}

export const cashbackTiers = (q: Queryable, campaignId: number) =>
  q.query<TierRow>('SELECT amount, cashback FROM campaign_cashback_tiers WHERE campaign_id = $1 ORDER BY amount', [
    campaignId,
  ]);

export interface SectionRow {
  id: number;
  name: string;
  describe: string;
  goods_count: number;
}

export const sections = (q: Queryable, campaignId: number) =>
  q.query<SectionRow>(
    `SELECT s.id, s.name, s.describe,
       (SELECT count(*)::int FROM campaign_goods cg WHERE cg.section_id = s.id) AS goods_count
     FROM campaign_sections s WHERE s.campaign_id = $1 ORDER BY s.sort, s.id`,
    [campaignId],
  );

export interface SectionGoodsRow extends GoodsRow {
  section_id: number;
}

// Goods a buyer can order now first (CATALOG-05), then the campaign's own order.
const GOODS_ORDER = '(g.is_buy = 1 AND g.number > 0) DESC, cg.sort, g.id';

/** The first `perSection` goods of each section of a campaign, in one statement. */
export function sectionGoods(q: Queryable, campaignId: number, perSection: number): Promise<SectionGoodsRow[]> {
  return q.query<SectionGoodsRow>(
    `SELECT * FROM (
       SELECT ${GOODS_COLUMNS}, cg.section_id,
         row_number() OVER (PARTITION BY cg.section_id ORDER BY ${GOODS_ORDER}) AS n
       FROM campaign_goods cg JOIN goods g ON g.id = cg.goods_id
       WHERE cg.campaign_id = $1 AND cg.section_id IS NOT NULL
     ) x WHERE x.n <= $2`,
    [campaignId, perSection],
  );
}

/** `sectionId` null lists every goods of the campaign. */
export async function countGoods(q: Queryable, campaignId: number, sectionId: number | null): Promise<number> {
  const [row] = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM campaign_goods cg
     WHERE cg.campaign_id = $1 AND ($2::int IS NULL OR cg.section_id = $2)`,
    [campaignId, sectionId],
  );
  return row?.total ?? 0;
}

export function goodsPage(
  q: Queryable,
  campaignId: number,
  sectionId: number | null,
  limit: number,
  offset: number,
): Promise<GoodsRow[]> {
  return q.query<GoodsRow>(
    `SELECT ${GOODS_COLUMNS} FROM campaign_goods cg JOIN goods g ON g.id = cg.goods_id
     WHERE cg.campaign_id = $1 AND ($2::int IS NULL OR cg.section_id = $2)
     ORDER BY ${GOODS_ORDER} LIMIT $3 OFFSET $4`,
    [campaignId, sectionId, limit, offset],
  );
}

export const activityIds = async (q: Queryable, campaignId: number): Promise<number[]> =>
  (
    await q.query<{ activity_id: number }>(
      'SELECT activity_id FROM campaign_activities WHERE campaign_id = $1 ORDER BY sort, activity_id',
      [campaignId],
    )
  ).map((r) => r.activity_id);

export const slotBanners = (q: Queryable, slot: string) =>
  q.query<{ id: number; name: string; url: string | null }>(
    'SELECT id, name, url FROM banners WHERE slot = $1 ORDER BY sort, id',
    [slot],
  );

export async function bannerById(q: Queryable, id: number) {
  const [row] = await q.query<{ id: number; name: string; url: string | null }>(
    'SELECT id, name, url FROM banners WHERE id = $1',
    [id],
  );
  return row;
}
