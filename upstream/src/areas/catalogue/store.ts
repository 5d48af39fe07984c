import { CHINA_TODAY } from '../../db/china-day';
import type { Queryable, SqlValue } from '../../db/db';
import type { ActivityTermsRow } from '../../lib/activities';
import { SECKILL_LIMIT_SQL, SECKILL_REMAINING_SQL } from '../../lib/goods-offers';
import {
  containsPattern,
  GOODS_BASE_COLUMNS,
  GOODS_COLUMNS,
  goodsPageSql,
  NEAR_EXPIRY_DAYS,
  type GoodsRow,
} from '../../lib/goods';
import { facetPredicates, hasFacets, type FacetChoice } from './facet-filter';

export type SearchField = 'name' | 'maker';
export type GoodsSort = 'default' | 'price_asc' | 'price_desc' | 'sales' | 'unit_price_asc' | 'maker' | 'expiry';

/** What a goods list keeps; every field is optional and they combine with AND. */
export interface GoodsFilter {
  /**
   * The names (or makers, by `field`) a keyword matched in the search vocabulary (matchedTerms); undefined lists
   * goods whatever their name.
   */
  terms?: readonly string[];
  field: SearchField;
  categoryId?: number;
  /** The category and every category under it (categorySubtree); the category alone when not looked up. */
  categoryIds?: readonly number[];
  brandId?: number;
  activityId?: number;
  preferred: boolean;
  nearExpiry: boolean;
  controlledSales: boolean;
  herbal: boolean;
  devices: boolean;
  /** FACET-01: the chosen facets' values (facet-filter.ts); absent or empty narrows nothing. */
  facets?: FacetChoice;
}

/** The filter that narrows nothing: the whole catalogue by name, each narrowing added to a copy of it. */
export const WHOLE_CATALOGUE: Readonly<GoodsFilter> = {
  field: 'name',
  preferred: false,
  nearExpiry: false,
  controlledSales: false,
  herbal: false,
  devices: false,
};

const ORDER_BY: Record<GoodsSort, string> = {
  // CATALOG-05: buyable goods first, then best sellers: what a buyer can actually order leads the list.
  default: '(g.is_buy = 1 AND g.number > 0) DESC, g.sales DESC, g.id',
  price_asc: 'g.price, g.id',
  price_desc: 'g.price DESC, g.id',
  sales: 'g.sales DESC, g.id',
  // COMPARE-04: the cheapest unit first (exact: numeric), goods whose spec has no units last; the expression is
  // goods_unit_price_idx's (migration 0047). By maker, and by expiry soonest first (none last), on their indexes.
  unit_price_asc: '(g.price::numeric / g.units_per_pack), g.id',
  maker: 'g.sccj, g.id',
  expiry: 'g.expire_date, g.id',
};

/**
 * SEARCH-02: a keyword matched anywhere in a term or its pinyin initials, as SQL over `t` with the keyword's
 * parameter `$param`, and that parameter's value. Three characters or more are a LIKE pattern the trigram indexes
 * answer. A shorter keyword has no trigram, and a trigram index asked for it reads every entry: it is written with
 * strpos, which no index serves, so that no plan chooses that, a prepared statement's generic plan included (one
 * planned without the keyword took 10 ms instead of 0.7 at 500,000 goods).
 */
function termMatch(keywords: string, param: number): { sql: string; value: string } {
  return [...keywords].length >= 3
    ? {
        sql: `(t.folded LIKE $${param} ESCAPE '\\' OR t.py LIKE $${param} ESCAPE '\\')`,
        value: containsPattern(keywords),
      }
    : { sql: `(strpos(t.folded, $${param}) > 0 OR strpos(t.py, $${param}) > 0)`, value: keywords };
}

/**
 * SEARCH-13: folds the goods changed since the last search into the search vocabulary (migration 0034), so that a
 * search sees every goods as it is now. Nothing to fold costs one look at an empty table.
 */
export async function catchUpSearchTerms(q: Queryable): Promise<void> {
  await q.query('SELECT refresh_search_terms()');
}

/** SEARCH-02: the names (or makers) a lower-case keyword is part of, and how many goods carry them. */
export async function matchedTerms(
  q: Queryable,
  field: SearchField,
  keywords: string,
): Promise<{ terms: string[]; goods: number }> {
  const match = termMatch(keywords, 2);
  const [row] = await q.query<{ terms: string[] | null; goods: number }>(
    `SELECT array_agg(t.term) AS terms, COALESCE(sum(t.goods_count), 0)::int AS goods
     FROM search_terms t WHERE t.field = $1 AND ${match.sql}`,
    [field, match.value],
  );
  return { terms: row?.terms ?? [], goods: row?.goods ?? 0 };
}

/** Every goods of the catalogue, counted from the vocabulary rather than by reading the goods. */
export async function catalogueSize(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    "SELECT COALESCE(sum(goods_count), 0)::int AS n FROM search_terms WHERE field = 'name'",
  );
  return row?.n ?? 0;
}

/** True when the filter keeps goods by nothing but a keyword, so the vocabulary's counts are its total. */
export const keywordOnly = (f: GoodsFilter): boolean =>
  f.categoryId === undefined &&
  f.brandId === undefined &&
  f.activityId === undefined &&
  !f.preferred &&
  !f.nearExpiry &&
  !f.controlledSales &&
  !f.herbal &&
  !f.devices &&
  (f.facets === undefined || !hasFacets(f.facets));

export function whereOf(f: GoodsFilter): { sql: string; params: SqlValue[] } {
  const where: string[] = [];
  const params: SqlValue[] = [];
  const param = (value: SqlValue) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (f.terms !== undefined) {
    where.push(`${f.field === 'maker' ? 'g.sccj' : 'g.name'} = ANY(${param(f.terms)}::text[])`);
  }
  if (f.categoryId !== undefined) {
    where.push(
      `g.id IN (SELECT gc.goods_id FROM goods_categories gc WHERE gc.category_id = ANY(${param(
        f.categoryIds ?? [f.categoryId],
      )}::int[]))`,
    );
  }
  if (f.brandId !== undefined) where.push(`g.brand_id = ${param(f.brandId)}`);
  // goods_activities_activity_idx finds the activity's goods; the goods' own order and paging then apply.
  if (f.activityId !== undefined) {
    where.push(`g.id IN (SELECT ga.goods_id FROM goods_activities ga WHERE ga.activity_id = ${param(f.activityId)})`);
  }
  if (f.preferred) where.push('g.is_youx = 1');
  if (f.nearExpiry) {
    where.push(`g.expire_date < ${CHINA_TODAY} + ${NEAR_EXPIRY_DAYS} AND g.expire_date >= ${CHINA_TODAY}`);
  }
  if (f.controlledSales) where.push('g.is_kx = 1');
  if (f.herbal) where.push('g.type = 1');
  if (f.devices) {
    where.push(
      "g.id IN (SELECT gc.goods_id FROM goods_categories gc JOIN categories c ON c.id = gc.category_id WHERE c.kind = 'qx')",
    );
  }
  if (f.facets !== undefined) where.push(...facetPredicates(f.facets, param).map((p) => p.sql));
  return { sql: where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`, params };
}

/**
 * How a page is found: `walk` reads the order's index and keeps the goods the filter keeps until the page is full,
 * which is quick when they are many; `gather` reads the filter's goods first (by their terms' index) and sorts only
 * them, which is quick when they are few. The planner cannot tell which from a list of names, so the caller says.
 */
export type PageShape = 'walk' | 'gather';

/**
 * `gather` when reading a keyword's `matched` goods costs less than walking the order's index past the goods it does
 * not keep: walking reads about (offset + limit) × catalogue ÷ matched entries, each a random read of the goods,
 * which a sort of the matched goods in memory beats roughly four to one.
 */
export function pageShape(matched: number, catalogue: number, limit: number, offset: number): PageShape {
  return matched * matched < 4 * (offset + limit) * catalogue ? 'gather' : 'walk';
}

/** CATALOG-05: a page of the goods a filter keeps, with their ladder tiers and tags. */
export function goodsPage(
  q: Queryable,
  filter: GoodsFilter,
  sort: GoodsSort,
  limit: number,
  offset: number,
  shape: PageShape = 'walk',
): Promise<GoodsRow[]> {
  const { sql, params } = whereOf(filter);
  const paging = `ORDER BY ${ORDER_BY[sort]} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
  const page =
    shape === 'walk'
      ? `SELECT ${GOODS_BASE_COLUMNS} FROM goods g ${sql} ${paging}`
      : `WITH kept AS MATERIALIZED (SELECT ${GOODS_BASE_COLUMNS} FROM goods g ${sql}) SELECT * FROM kept g ${paging}`;
  return q.query<GoodsRow>(goodsPageSql(page, ORDER_BY[sort]), [...params, limit, offset]);
}

/** A category and every category under it, so that the goods queries name them as a list the planner can see. */
export async function categorySubtree(q: Queryable, id: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `WITH RECURSIVE sub AS (
       SELECT id FROM categories WHERE id = $1
       UNION ALL SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id
     ) SELECT id FROM sub`,
    [id],
  );
  return rows.map((r) => r.id);
}

export async function countGoods(q: Queryable, filter: GoodsFilter): Promise<number> {
  if (filter.categoryIds !== undefined && keywordOnly({ ...filter, categoryId: undefined }) && !filter.terms) {
    // A category alone: its goods are counted in goods_categories' own index, without reading a goods row; a
    // top-level category holds a sixth of a large catalogue, which a join with the goods would read in full.
    const [row] = await q.query<{ total: number }>(
      'SELECT count(DISTINCT gc.goods_id)::int AS total FROM goods_categories gc WHERE gc.category_id = ANY($1::int[])',
      [filter.categoryIds],
    );
    return row?.total ?? 0;
  }
  const { sql, params } = whereOf(filter);
  const [row] = await q.query<{ total: number }>(`SELECT count(*)::int AS total FROM goods g ${sql}`, params);
  return row?.total ?? 0;
}

export async function goodsDetail(q: Queryable, id: number): Promise<GoodsRow | undefined> {
  const [row] = await q.query<{ g: GoodsRow | null }>('SELECT goods_detail($1) AS g', [id]);
  return row?.g ?? undefined;
}

/**
 * SEARCH-02: up to 10 distinct names (or makers): prefix matches first, then best sellers, each with its first goods
 * and that goods' maker (or name).
 */
export async function suggestions(
  q: Queryable,
  field: SearchField,
  keywords: string,
): Promise<{ id: number; name: string; sccj: string }[]> {
  const [own, other] = field === 'maker' ? ['sccj', 'name'] : ['name', 'sccj'];
  const match = termMatch(keywords, 2);
  return q.query(
    `SELECT t.first_goods_id AS id, t.term AS ${own}, t.other AS ${other}
     FROM search_terms t WHERE t.field = $1 AND ${match.sql}
     ORDER BY (starts_with(t.folded, $3) OR starts_with(t.py, $3)) DESC, t.sales DESC, t.term
     LIMIT 10`,
    [field, match.value, keywords],
  );
}

export interface GoodsActivityRow extends ActivityTermsRow {
  goods_id: number;
  price: number | null;
  running: boolean;
  /** A seckill's units not yet sold and its per-buyer limit (PRICE-03); null for other types. */
  remaining: number | null;
  per_buyer_limit: number | null;
}

/** Running and upcoming activities of the goods, by goods, running first then by start. */
export function goodsActivities(q: Queryable, goodsIds: readonly number[]): Promise<GoodsActivityRow[]> {
  return q.query<GoodsActivityRow>(
    `SELECT ga.goods_id, a.id, a.type, a.name, a.describe, a.threshold, a.reduce, a.discount, ga.price,
       a.gift_goods_id, gg.name AS gift_goods_name, a.gift_number, a.start_at, a.end_at,
       a.start_at <= now() AS running,
       CASE WHEN a.type = 'seckill' THEN ${SECKILL_REMAINING_SQL} END AS remaining,
       CASE WHEN a.type = 'seckill' THEN ${SECKILL_LIMIT_SQL} END AS per_buyer_limit
     FROM goods_activities ga JOIN activities a ON a.id = ga.activity_id
     LEFT JOIN goods gg ON gg.id = a.gift_goods_id
     WHERE ga.goods_id = ANY($1::int[]) AND a.end_at > now()
     ORDER BY ga.goods_id, running DESC, a.start_at, a.id`,
    [goodsIds],
  );
}

/** Buyable best sellers. */
export function hotGoods(q: Queryable, limit: number): Promise<GoodsRow[]> {
  return q.query<GoodsRow>(
    `SELECT ${GOODS_COLUMNS} FROM goods g WHERE g.is_buy = 1 AND g.number > 0 ORDER BY g.sales DESC, g.id LIMIT $1`,
    [limit],
  );
}

export interface SpikeRow extends GoodsRow {
  seckill_price: number;
  remaining: number;
  per_buyer_limit: number;
  activity_id: number;
  activity_name: string;
  start_at: Date;
  end_at: Date;
  running: boolean;
}

/** Buyable seckill goods: running seckills first, then the next ones to start. */
export function spikeGoods(q: Queryable, limit: number): Promise<SpikeRow[]> {
  return q.query<SpikeRow>(
    `SELECT ${GOODS_COLUMNS}, ga.price AS seckill_price, a.id AS activity_id, a.name AS activity_name,
       a.start_at, a.end_at, a.start_at <= now() AS running,
       ${SECKILL_REMAINING_SQL} AS remaining, ${SECKILL_LIMIT_SQL} AS per_buyer_limit
     FROM goods_activities ga
     JOIN activities a ON a.id = ga.activity_id AND a.type = 'seckill' AND a.end_at > now()
     JOIN goods g ON g.id = ga.goods_id
     WHERE g.is_buy = 1 AND g.number > 0
     ORDER BY running DESC, a.start_at, g.sales DESC, g.id
     LIMIT $1`,
    [limit],
  );
}

// Daily specials are the goods of a running discount activity a buyer can order now (buyable, in stock).
const SPECIALS_FROM = `FROM goods_activities ga
  JOIN activities a ON a.id = ga.activity_id AND a.type = 'discount' AND a.start_at <= now() AND a.end_at > now()
  JOIN goods g ON g.id = ga.goods_id
  WHERE g.is_buy = 1 AND g.number > 0`;

export async function countSpecials(q: Queryable): Promise<number> {
  const [row] = await q.query<{ total: number }>(`SELECT count(DISTINCT g.id)::int AS total ${SPECIALS_FROM}`);
  return row?.total ?? 0;
}

/** Best sellers first; a goods in several discounts once, at its deepest (the one the price engine applies). */
export function specials(
  q: Queryable,
  limit: number,
  offset: number,
): Promise<(GoodsRow & { discount: number; activity_id: number; activity_name: string })[]> {
  return q.query<GoodsRow & { discount: number; activity_id: number; activity_name: string }>(
    `SELECT DISTINCT ON (g.sales, g.id) ${GOODS_COLUMNS}, a.discount, a.id AS activity_id, a.name AS activity_name
     ${SPECIALS_FROM}
     ORDER BY g.sales DESC, g.id, a.discount LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
}

// Branded or preferred goods a buyer can order now.
const RECOMMENDED_WHERE = 'WHERE g.is_buy = 1 AND g.number > 0 AND (g.brand_id IS NOT NULL OR g.is_youx = 1)';

export async function countRecommended(q: Queryable): Promise<number> {
  const [row] = await q.query<{ total: number }>(`SELECT count(*)::int AS total FROM goods g ${RECOMMENDED_WHERE}`);
  return row?.total ?? 0;
}

export function recommended(q: Queryable, limit: number, offset: number): Promise<GoodsRow[]> {
  return q.query<GoodsRow>(
    `SELECT ${GOODS_COLUMNS} FROM goods g ${RECOMMENDED_WHERE} ORDER BY g.sales DESC, g.id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
}

export async function brand(
  q: Queryable,
  id: number,
): Promise<{ id: number; name: string; makers: string[] | null; goods_total: number } | undefined> {
  const [row] = await q.query<{ id: number; name: string; makers: string[] | null; goods_total: number }>(
    `SELECT b.id, b.name,
       (SELECT array_agg(DISTINCT g.sccj ORDER BY g.sccj) FROM goods g WHERE g.brand_id = b.id) AS makers,
       (SELECT count(*)::int FROM goods g WHERE g.brand_id = b.id) AS goods_total
     FROM brands b WHERE b.id = $1`,
    [id],
  );
  return row;
}

export interface SeriesRow {
  id: number;
  name: string;
  logo: string | null;
  goods_count: number;
  ad_ids: number[];
}

/**
 * The controlled-sales series in one statement: every normal category is mapped to its top-level ancestor, and
 * controlled-sales goods are counted once per top level even when they sit in several of its sub-categories, so
 * each count is the total of GET /api/goods/list?is_kx=1&category_id={id}. The ads are the series' own, or the
 * whole zone's when it has none.
 */
export function controlledSalesSeries(q: Queryable): Promise<SeriesRow[]> {
  return q.query<SeriesRow>(
    `WITH RECURSIVE tree AS (
       SELECT id, id AS top_id FROM categories WHERE kind = 'normal' AND parent_id IS NULL
       UNION ALL
       SELECT c.id, tree.top_id FROM categories c JOIN tree ON c.parent_id = tree.id
     ), counted AS (
       SELECT tree.top_id, count(DISTINCT g.id)::int AS goods_count
       FROM tree
       JOIN goods_categories gc ON gc.category_id = tree.id
       JOIN goods g ON g.id = gc.goods_id AND g.is_kx = 1
       GROUP BY tree.top_id
     )
     SELECT t.id, t.name, t.logo, counted.goods_count, COALESCE(own.ids, zone.ids, '{}') AS ad_ids
     FROM counted
     JOIN categories t ON t.id = counted.top_id
     LEFT JOIN LATERAL (
       SELECT array_agg(b.id ORDER BY b.sort, b.id) AS ids FROM banners b
       WHERE b.slot = 'kxzq_ad' AND b.category_id = t.id
     ) own ON true
     CROSS JOIN (
       SELECT array_agg(b.id ORDER BY b.sort, b.id) AS ids FROM banners b
       WHERE b.slot = 'kxzq_ad' AND b.category_id IS NULL
     ) zone
     ORDER BY t.sort, t.id`,
  );
}

/** Controlled-sales advertisements: all in order, or those of `ids` in the order asked. */
export function controlledSalesAds(
  q: Queryable,
  ids: readonly number[] | null,
): Promise<{ id: number; name: string; url: string | null }[]> {
  return ids === null
    ? q.query("SELECT id, name, url FROM banners WHERE slot = 'kxzq_ad' ORDER BY sort, id")
    : q.query(
        `SELECT id, name, url FROM banners WHERE slot = 'kxzq_ad' AND id = ANY($1::int[])
         ORDER BY array_position($1::int[], id)`,
        [ids],
      );
}
