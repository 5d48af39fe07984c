/** The SQL of due to reorder (补货提醒): rows in, typed rows out; the rules are in ./service. */
import type { LadderTier } from '@pharma/domain/cart-pricing';
import type { Purchase } from '@pharma/domain/reorder';
import type { Queryable } from '../../db/db';
import { CANCELLED, type LineGoodsSnapshot } from '../orders/store';

/** The label is today's, or as last ordered when the goods is gone. */
export interface BoughtRow extends LineGoodsSnapshot {
  /** One entry per China day the company bought it, with the units bought that day. */
  purchases: Purchase[];
  /** Today's state; null when the goods no longer exists. */
  price: number | null;
  stock: number | null;
  is_buy: number | null;
  ladder_price: LadderTier[];
  ladder_price_type: number;
}

/**
 * REORDER-01, REORDER-02: the goods the buyer's company (every account of it) bought on at least `minDays` China days
 * in orders not cancelled, each with its days and units and the goods as it is today; one statement. Gifts, add-on
 * purchases and sets are not purchases of the goods.
 */
export function boughtOnDays(q: Queryable, userId: number, minDays: number): Promise<BoughtRow[]> {
  return q.query<BoughtRow>(
    `WITH lines AS (
       SELECT l.id AS line_id, l.goods_id, l.name, l.sccj, l.ypgg, l.bzdw, l.goods_image, l.number, o.created_at,
         to_char(o.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day
       FROM users me
       JOIN users u ON u.company_id = me.company_id
       JOIN orders o ON o.user_id = u.id AND o.status <> $2
       JOIN order_lines l ON l.order_id = o.id
       WHERE me.id = $1 AND l.is_gift = 0 AND l.combination_id IS NULL AND COALESCE(l.promotion, '') <> 'EXCHANGE'
     ), days AS (
       SELECT goods_id, day, sum(number)::int AS number FROM lines GROUP BY goods_id, day
     ), cadenced AS (
       SELECT goods_id, json_agg(json_build_object('day', day, 'number', number) ORDER BY day) AS purchases
       FROM days GROUP BY goods_id HAVING count(*) >= $3
     ), latest AS (
       SELECT DISTINCT ON (goods_id) goods_id, name, sccj, ypgg, bzdw, goods_image
       FROM lines WHERE goods_id IN (SELECT goods_id FROM cadenced)
       ORDER BY goods_id, created_at DESC, line_id DESC
     )
     SELECT c.goods_id, COALESCE(g.name, t.name) AS name, COALESCE(g.sccj, t.sccj) AS sccj,
       COALESCE(g.ypgg, t.ypgg) AS ypgg, COALESCE(g.bzdw, t.bzdw) AS bzdw, t.goods_image, c.purchases,
       g.price, g.number AS stock, g.is_buy,
       COALESCE((SELECT json_agg(json_build_object('number', lp.number, 'price', lp.price) ORDER BY lp.number)
         FROM ladder_prices lp WHERE lp.goods_id = c.goods_id), '[]'::json) AS ladder_price,
       COALESCE(g.ladder_price_type, 0) AS ladder_price_type
     FROM cadenced c JOIN latest t ON t.goods_id = c.goods_id LEFT JOIN goods g ON g.id = c.goods_id
     ORDER BY c.goods_id`,
    [userId, CANCELLED, minDays],
  );
}
