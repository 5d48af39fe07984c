/** The SQL of the buyer's coupons and wallet. */
import type { Queryable } from '../../db/db';
import { COUPON_SQL, type CouponRow } from '../../lib/checkout';

export interface MoneyLogRow {
  id: number;
  amount: number;
  balance_after: number;
  use_type: number;
  remark: string;
  order_id: number | null;
  created_at: Date | string;
}

/** A page of the buyer's coupons, newest first; `status` (0 unused, 1 used, 2 expired) narrows them. */
export async function couponPage(
  q: Queryable,
  userId: number,
  status: number | undefined,
  limit: number,
  offset: number,
) {
  // Status 2 (expired) is computed, so the filter repeats the CASE of COUPON_SQL.
  const filter =
    status === undefined ? '' : ' AND (CASE WHEN uc.status = 1 THEN 1 WHEN c.end_at < now() THEN 2 ELSE 0 END) = $2';
  const params = status === undefined ? [userId] : [userId, status];
  const [rows, [count]] = await Promise.all([
    q.query<CouponRow>(
      `${COUPON_SQL} WHERE uc.user_id = $1${filter} ORDER BY uc.id DESC
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id
       WHERE uc.user_id = $1${filter}`,
      params,
    ),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function cartLineIds(q: Queryable, userId: number): Promise<number[]> {
  return (await q.query<{ id: number }>('SELECT id FROM cart_lines WHERE user_id = $1', [userId])).map((r) => r.id);
}

export async function unusedCouponCount(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ unused: number }>(
    `SELECT count(*)::int AS unused FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id
     WHERE uc.user_id = $1 AND uc.status = 0 AND c.end_at >= now()`,
    [userId],
  );
  return row?.unused ?? 0;
}

export interface MoneyLogFilter {
  use_type?: number | undefined;
  /** YYYY-MM-DD, China time. */
  start_time?: string | undefined;
  end_time?: string | undefined;
}

/** A page of the money log, newest first. Dates are China-time days; the end day is included whole. */
export async function moneyLogPage(
  q: Queryable,
  userId: number,
  filter: MoneyLogFilter,
  limit: number,
  offset: number,
) {
  const params: (string | number)[] = [userId];
  let where = 'user_id = $1';
  if (filter.use_type !== undefined) {
    params.push(filter.use_type);
    where += ` AND use_type = $${params.length}`;
  }
  if (filter.start_time !== undefined) {
    params.push(filter.start_time);
    where += ` AND created_at >= ($${params.length}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`;
  }
  if (filter.end_time !== undefined) {
    params.push(filter.end_time);
    where += ` AND created_at < ($${params.length}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'`;
  }
  const [rows, [count]] = await Promise.all([
    q.query<MoneyLogRow>(
      `SELECT id, amount, balance_after, use_type, remark, order_id, created_at FROM money_log WHERE ${where}
       ORDER BY id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM money_log WHERE ${where}`, params),
  ]);
  return { rows, total: count?.n ?? 0 };
}
