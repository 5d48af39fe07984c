/** The SQL of quick purchase and of the buy-again preview: rows in, typed rows out; the rules are in ./service. */
import { inScopeSql } from '../../lib/business-scope';
import type { LadderTier } from '@pharma/domain/cart-pricing';
import type { Queryable, SqlValue } from '../../db/db';
import { containsPattern } from '../../lib/goods';
import { CANCELLED, type LineGoodsLabel, type LineGoodsSnapshot } from '../orders/store';

/** QUICK-02: the orders of the quick-purchase list. */
export type FastBuyOrder = 'last' | 'times' | 'name';

const ORDER_BY: Record<FastBuyOrder, string> = {
  last: 'b.last_at DESC, b.goods_id DESC',
  times: 'b.times DESC, b.last_at DESC, b.goods_id DESC',
  // Pinyin initials put Chinese names in the order buyers look them up in; the name and id break ties.
  name: 'COALESCE(g.name_py, b.name) ASC, COALESCE(g.name, b.name) ASC, b.goods_id ASC',
};

/**
 * The label is today's, or as last ordered when the goods is gone; the picture is as the last order kept it (pictures
 * are served by goods id, so it is today's too).
 */
export interface FastBuyRow extends LineGoodsSnapshot {
  last_price: number;
  last_number: number;
  last_at: Date | string;
  times: number;
  /** Today's state; null when the goods no longer exists. */
  price: number | null;
  stock: number | null;
  is_buy: number | null;
  /** SCOPE-03: whether the goods lies within the buyer's business scope today. */
  in_scope: boolean;
  ladder_price: LadderTier[];
  ladder_price_type: number;
  total: number;
}

/**
 * QUICK-01: one page of the goods the buyer bought in orders not cancelled, one row per goods with the last line
 * bought (price, quantity, date), how many orders held it and the goods as it is today, and the row count; one
 * statement. A keyword narrows by name, manufacturer or pinyin initials.
 */
export function fastBuyPage(
  q: Queryable,
  userId: number,
  filter: { order: FastBuyOrder; keyword?: string | undefined },
  limit: number,
  offset: number,
): Promise<FastBuyRow[]> {
  const params: SqlValue[] = [userId, CANCELLED, limit, offset];
  let keyword = '';
  if (filter.keyword !== undefined && filter.keyword !== '') {
    // As the catalogue's search (SEARCH-02): part of the name or maker, or of the name's pinyin initials.
    params.push(containsPattern(filter.keyword.toLowerCase()));
    keyword = `AND (lower(COALESCE(g.name, b.name)) LIKE $5 ESCAPE '\\' OR lower(COALESCE(g.sccj, b.sccj)) LIKE $5
      ESCAPE '\\' OR g.name_py LIKE $5 ESCAPE '\\')`;
  }
  return q.query<FastBuyRow>(
    `WITH lines AS (
       SELECT l.goods_id, l.id AS line_id, l.name, l.sccj, l.ypgg, l.bzdw, l.goods_image, l.price, l.number, o.id AS order_id,
         o.created_at
       FROM orders o JOIN order_lines l ON l.order_id = o.id
       WHERE o.user_id = $1 AND o.status <> $2
     ), bought AS (
       SELECT goods_id,
         (array_agg(name ORDER BY created_at DESC, line_id DESC))[1] AS name,
         (array_agg(sccj ORDER BY created_at DESC, line_id DESC))[1] AS sccj,
         (array_agg(ypgg ORDER BY created_at DESC, line_id DESC))[1] AS ypgg,
         (array_agg(bzdw ORDER BY created_at DESC, line_id DESC))[1] AS bzdw,
         (array_agg(goods_image ORDER BY created_at DESC, line_id DESC))[1] AS goods_image,
         (array_agg(price ORDER BY created_at DESC, line_id DESC))[1] AS last_price,
         (array_agg(number ORDER BY created_at DESC, line_id DESC))[1] AS last_number,
         max(created_at) AS last_at,
         count(DISTINCT order_id)::int AS times
       FROM lines GROUP BY goods_id
     )
     SELECT b.goods_id, COALESCE(g.name, b.name) AS name, COALESCE(g.sccj, b.sccj) AS sccj,
       COALESCE(g.ypgg, b.ypgg) AS ypgg, COALESCE(g.bzdw, b.bzdw) AS bzdw, b.goods_image, b.last_price, b.last_number, b.last_at,
       b.times, g.price, g.number AS stock, g.is_buy, ${inScopeSql('g', '$1')} AS in_scope,
       COALESCE((SELECT json_agg(json_build_object('number', lp.number, 'price', lp.price) ORDER BY lp.number)
         FROM ladder_prices lp WHERE lp.goods_id = b.goods_id), '[]'::json) AS ladder_price,
       COALESCE(g.ladder_price_type, 0) AS ladder_price_type,
       count(*) OVER ()::int AS total
     FROM bought b LEFT JOIN goods g ON g.id = b.goods_id
     WHERE true ${keyword}
     ORDER BY ${ORDER_BY[filter.order]}
     LIMIT $3 OFFSET $4`,
    params,
  );
}

export interface PreviewRow extends LineGoodsLabel {
  /** Units of the goods the order held (its lines summed) and what they cost then. */
  number: number;
  total: number;
  /** QUICK-06: 1 when a ladder tier priced a line then, 0 when none did, null when the order predates the record. */
  ladder_then: number | null;
  price: number | null;
  stock: number | null;
  is_buy: number | null;
  ladder_price: LadderTier[];
  ladder_price_type: number;
}

/**
 * QUICK-05: the goods of one of the buyer's orders, summed per goods in the order they were first listed, each
 * with the goods as it is today; undefined when the order is not the buyer's (or does not exist).
 */
export async function previewRows(q: Queryable, userId: number, orderId: number): Promise<PreviewRow[] | undefined> {
  // The order's row comes back once with null goods when it has no lines, so an empty order is still found.
  const rows = await q.query<Omit<PreviewRow, 'goods_id'> & { order_id: number; goods_id: number | null }>(
    `SELECT o.id AS order_id, s.goods_id, COALESCE(g.name, s.name) AS name, COALESCE(g.sccj, s.sccj) AS sccj,
       COALESCE(g.ypgg, s.ypgg) AS ypgg, COALESCE(g.bzdw, s.bzdw) AS bzdw, s.number, s.total, s.ladder_then,
       g.price, g.number AS stock, g.is_buy,
       COALESCE((SELECT json_agg(json_build_object('number', lp.number, 'price', lp.price) ORDER BY lp.number)
         FROM ladder_prices lp WHERE lp.goods_id = s.goods_id), '[]'::json) AS ladder_price,
       COALESCE(g.ladder_price_type, 0) AS ladder_price_type
     FROM orders o
     LEFT JOIN LATERAL (
       SELECT l.goods_id, (array_agg(l.name ORDER BY l.id))[1] AS name, (array_agg(l.sccj ORDER BY l.id))[1] AS sccj,
         (array_agg(l.ypgg ORDER BY l.id))[1] AS ypgg, (array_agg(l.bzdw ORDER BY l.id))[1] AS bzdw,
         sum(l.number)::int AS number, sum(l.total)::int AS total, min(l.id) AS first_id,
         CASE WHEN bool_or(l.list_price IS NULL) THEN NULL
           WHEN bool_or(l.price < l.list_price) THEN 1 ELSE 0 END AS ladder_then
       FROM order_lines l WHERE l.order_id = o.id GROUP BY l.goods_id
     ) s ON true
     LEFT JOIN goods g ON g.id = s.goods_id
     WHERE o.id = $1 AND o.user_id = $2
     ORDER BY s.first_id`,
    [orderId, userId],
  );
  if (rows.length === 0) return undefined;
  return rows.flatMap(({ order_id: _order, goods_id, ...row }) => (goods_id === null ? [] : [{ ...row, goods_id }]));
}
