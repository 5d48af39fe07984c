/** The SQL of first-business documents (FIRST-01..FIRST-05): the goods they cover and the record of who took them. */
import type { Queryable } from '../../db/db';
import type { ReportFacts } from '../../lib/svg';
import { REPORT_FACTS_SQL } from '../inspection/store';

/** A goods as its documents print it. */
export interface DocumentGoodsRow {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  /** The 批准文号 (or a device's 注册证编号); '' when the catalogue has none. */
  pzwh: string;
}

/** A goods' newest inspection report (REPORT-01), newest by inspection date then id. */
export interface LatestReportRow extends ReportFacts {
  goods_id: number;
}

/** The goods of these ids that exist, in the order asked. */
export function goodsOf(q: Queryable, ids: readonly number[]) {
  return q.query<DocumentGoodsRow>(
    `SELECT g.id, g.name, g.sccj, g.ypgg, g.bzdw, COALESCE(g.pzwh, '') AS pzwh
       FROM unnest($1::int[]) WITH ORDINALITY AS asked (id, n) JOIN goods g ON g.id = asked.id
      ORDER BY asked.n`,
    [ids],
  );
}

/**
 * FIRST-02: the order, only when it is the account's own (ORDER-13), with its distinct goods in the order of their
 * first line; undefined for an order of anyone else, as for one that does not exist.
 */
export async function orderGoods(
  q: Queryable,
  userId: number,
  orderId: number,
): Promise<{ orderSn: string; goodsIds: number[] } | undefined> {
  const [order] = await q.query<{ order_sn: string }>('SELECT order_sn FROM orders WHERE id = $1 AND user_id = $2', [
    orderId,
    userId,
  ]);
  if (order === undefined) return undefined;
  const lines = await q.query<{ goods_id: number }>(
    `SELECT goods_id FROM order_lines WHERE order_id = $1 AND goods_id IS NOT NULL
      GROUP BY goods_id ORDER BY min(id)`,
    [orderId],
  );
  return { orderSn: order.order_sn, goodsIds: lines.map((l) => l.goods_id) };
}

/** Each goods' newest inspection report, for the goods that have one. */
export function latestReports(q: Queryable, goodsIds: readonly number[]) {
  return q.query<LatestReportRow>(
    `SELECT DISTINCT ON (r.goods_id) r.goods_id, ${REPORT_FACTS_SQL}
       FROM inspection_reports r
      WHERE r.goods_id = ANY($1::int[])
      ORDER BY r.goods_id, r.inspected_on DESC, r.id DESC`,
    [goodsIds],
  );
}

/** FIRST-04: one row per goods of a download, for the account's company. */
export async function recordTakes(
  q: Queryable,
  userId: number,
  goodsIds: readonly number[],
  orderId: number | null,
): Promise<void> {
  await q.query(
    `INSERT INTO first_business_takes (company_id, user_id, goods_id, order_id)
     SELECT u.company_id, u.id, g.id, $3 FROM users u CROSS JOIN unnest($2::int[]) AS g (id) WHERE u.id = $1`,
    [userId, goodsIds, orderId],
  );
}

/** FIRST-05: one goods whose documents the company took, with the latest take. */
export interface TakenRow {
  goods_id: number;
  name: string;
  sccj: string;
  ypgg: string;
  pzwh: string;
  /** How many downloads held it. */
  times: number;
  last_taken_at: Date | string;
  /** The account that took it last: its contact name, else its user name. */
  taken_by: string;
  /** That account's store name ('' for an unnamed store, STORE-05). */
  store_name: string;
  total: number;
}

/** FIRST-05: a page of the company's taken goods, the latest taken first, with the count over all pages. */
export function takenPage(q: Queryable, userId: number, limit: number, offset: number) {
  return q.query<TakenRow>(
    `WITH mine AS (
       SELECT t.* FROM first_business_takes t
        WHERE t.company_id = (SELECT company_id FROM users WHERE id = $1)
     ), latest AS (
       SELECT DISTINCT ON (goods_id) goods_id, user_id, taken_at, count(*) OVER (PARTITION BY goods_id)::int AS times
         FROM mine ORDER BY goods_id, taken_at DESC, id DESC
     )
     SELECT l.goods_id, g.name, g.sccj, g.ypgg, COALESCE(g.pzwh, '') AS pzwh, l.times, l.taken_at AS last_taken_at,
            COALESCE(NULLIF(u.name, ''), u.username) AS taken_by, u.store_name, count(*) OVER ()::int AS total
       FROM latest l JOIN goods g ON g.id = l.goods_id JOIN users u ON u.id = l.user_id
      ORDER BY l.taken_at DESC, l.goods_id DESC
      LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
}
