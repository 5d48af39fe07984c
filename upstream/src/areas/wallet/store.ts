/** The SQL of the buyer's coupons and wallet. */
import type { Queryable } from '../../db/db';
import { COUPON_SQL, type CouponRow } from '../../lib/checkout';
import type * as mall from '../points-mall/store';
import { ledgerPage, ledgerWhere } from './points';

export interface MoneyLogRow {
  id: number;
  amount: number;
  balance_after: number;
  use_type: number;
  remark: string;
  order_id: number | null;
  created_at: Date | string;
}

/** A page of the buyer's rows of one kind, narrowed to a status when given, and their count over the filter. */
type StatusPage<R> = (
  q: Queryable,
  userId: number,
  status: number | undefined,
  limit: number,
  offset: number,
) => Promise<{ rows: R[]; total: number }>;

/** A page of the buyer's coupons, newest first; `status` (0 unused, 1 used, 2 expired) narrows them. */
export const couponPage: StatusPage<CouponRow> = async (q, userId, status, limit, offset) => {
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
};

export async function cartLineIds(q: Queryable, userId: number): Promise<number[]> {
  return (await q.query<{ id: number }>('SELECT id FROM cart_lines WHERE user_id = $1', [userId])).map((r) => r.id);
}

export interface MoneyLogFilter {
  use_type?: number | undefined;
  /** YYYY-MM-DD, China time. */
  start_time?: string | undefined;
  end_time?: string | undefined;
}

/**
 * A page of the money log (WALLET-08) and the money in and out over the whole filter (WALLET-03). Dates are
 * China-time days; the end day is included whole (PAY-04).
 */
export function moneyLogPage(q: Queryable, userId: number, filter: MoneyLogFilter, limit: number, offset: number) {
  return ledgerPage<MoneyLogRow>(
    q,
    {
      table: 'money_log',
      columns: 'id, amount, balance_after, use_type, remark, order_id, created_at',
      amount: 'amount',
    },
    ledgerWhere('user_id', 'use_type', { ...filter, type: filter.use_type }, userId),
    limit,
    offset,
  );
}

/** The buyer's coupons by status (WALLET-07): unused and valid, used, and unused past their end. */
export async function couponCounts(q: Queryable, userId: number) {
  const [row] = await q.query<{ unused: number; used: number; expired: number }>(
    `SELECT count(*) FILTER (WHERE uc.status = 0 AND c.end_at >= now())::int AS unused,
       count(*) FILTER (WHERE uc.status = 1)::int AS used,
       count(*) FILTER (WHERE uc.status = 0 AND c.end_at < now())::int AS expired
     FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id WHERE uc.user_id = $1`,
    [userId],
  );
  return row ?? { unused: 0, used: 0, expired: 0 };
}

// ---- cash vouchers (WALLET-04) ----

export interface VoucherRow {
  id: number;
  name: string;
  amount: number;
  source: string;
  start_at: Date | string;
  end_at: Date | string;
  /** 0 usable, 1 used, 2 expired (unused past its end), 3 not yet valid. */
  status: number;
  used_at: Date | string | null;
}

// The state is computed, as for coupons: an unused voucher past its end is expired without a job flipping it.
const VOUCHER_STATUS = `CASE WHEN v.status = 1 THEN 1 WHEN v.end_at < now() THEN 2 WHEN v.start_at > now() THEN 3
  ELSE 0 END`;
const VOUCHER_SQL = `SELECT v.id, v.name, v.amount, v.source, v.start_at, v.end_at, ${VOUCHER_STATUS} AS status,
  v.used_at FROM cash_vouchers v`;

/** A page of the buyer's vouchers, newest first; `status` 0 narrows to usable and not-yet-valid ones. */
export const voucherPage: StatusPage<VoucherRow> = async (q, userId, status, limit, offset) => {
  const filter =
    status === undefined ? '' : status === 0 ? ` AND (${VOUCHER_STATUS}) IN (0, 3)` : ` AND (${VOUCHER_STATUS}) = $2`;
  const params = status === undefined || status === 0 ? [userId] : [userId, status];
  const [rows, [count]] = await Promise.all([
    q.query<VoucherRow>(
      `${VOUCHER_SQL} WHERE v.user_id = $1${filter} ORDER BY v.id DESC
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM cash_vouchers v WHERE v.user_id = $1${filter}`, params),
  ]);
  return { rows, total: count?.n ?? 0 };
};

/** How many vouchers the buyer holds in each state, and the amount still usable. */
export async function voucherCounts(q: Queryable, userId: number) {
  const [row] = await q.query<{ unused: number; used: number; expired: number; unused_amount: number }>(
    `SELECT count(*) FILTER (WHERE status = 0 AND end_at >= now())::int AS unused,
       count(*) FILTER (WHERE status = 1)::int AS used,
       count(*) FILTER (WHERE status = 0 AND end_at < now())::int AS expired,
       COALESCE(sum(amount) FILTER (WHERE status = 0 AND end_at >= now()), 0)::int AS unused_amount
     FROM cash_vouchers WHERE user_id = $1`,
    [userId],
  );
  return row ?? { unused: 0, used: 0, expired: 0, unused_amount: 0 };
}

/** The buyer's voucher; undefined for an unknown id or another buyer's. */
export async function voucherOf(q: Queryable, userId: number, id: number): Promise<VoucherRow | undefined> {
  const [row] = await q.query<VoucherRow>(`${VOUCHER_SQL} WHERE v.id = $1 AND v.user_id = $2`, [id, userId]);
  return row;
}

/**
 * Marks a usable voucher of the buyer used; answers its amount, or undefined when it is not the buyer's, already
 * used, or outside its validity. The guarded UPDATE is the check: of two concurrent redemptions the second re-reads
 * the row after the first commits, finds it used and changes nothing.
 */
export async function useVoucher(
  tx: Queryable,
  userId: number,
  id: number,
): Promise<{ amount: number; name: string } | undefined> {
  const [row] = await tx.query<{ amount: number; name: string }>(
    `UPDATE cash_vouchers SET status = 1, used_at = now()
     WHERE id = $1 AND user_id = $2 AND status = 0 AND start_at <= now() AND end_at >= now()
     RETURNING amount, name`,
    [id, userId],
  );
  return row;
}

/** Credits the balance and writes the recharge (use type 1) to the money log; answers the log entry and balance. */
export async function creditBalance(tx: Queryable, userId: number, amount: number, remark: string) {
  const [wallet] = await tx.query<{ balance: number }>(
    'UPDATE users SET balance = balance + $2 WHERE id = $1 RETURNING balance',
    [userId, amount],
  );
  if (wallet === undefined) throw new Error(`user ${userId} vanished while crediting the balance`);
  const [log] = await tx.query<{ id: number }>(
    `INSERT INTO money_log (user_id, amount, balance_after, use_type, remark) VALUES ($1, $2, $3, 1, $4) RETURNING id`,
    [userId, amount, wallet.balance, remark],
  );
  if (log === undefined) throw new Error('the money log refused an entry');
  return { logId: log.id, balance: wallet.balance };
}

export async function linkVoucherLog(tx: Queryable, id: number, logId: number): Promise<void> {
  await tx.query('UPDATE cash_vouchers SET money_log_id = $2 WHERE id = $1', [id, logId]);
}

// ---- points orders ----

/** A points order as its list shows it: without where it goes. */
export type PointsOrderRow = Omit<mall.PointsOrderRow, 'goods_id' | 'consignee' | 'phone' | 'address'>;

/** A page of the buyer's points orders, newest first, optionally of one status. */
export const pointsOrderPage: StatusPage<PointsOrderRow> = async (q, userId, status, limit, offset) => {
  const filter = status === undefined ? '' : ' AND status = $2';
  const params = status === undefined ? [userId] : [userId, status];
  const [rows, [count]] = await Promise.all([
    q.query<PointsOrderRow>(
      // MALL-08: an order that kept no picture of its own shows its goods' picture.
      `SELECT o.id, o.order_sn, o.goods_name, COALESCE(o.goods_image, g.image) AS goods_image, o.unit_points, o.quantity,
              o.points, o.status, o.created_at
       FROM points_orders o LEFT JOIN points_goods g ON g.id = o.goods_id
       WHERE o.user_id = $1${filter} ORDER BY o.id DESC
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM points_orders WHERE user_id = $1${filter}`, params),
  ]);
  return { rows, total: count?.n ?? 0 };
};

// ---- ephedrine-type receipts ----

export interface ReceiptRow {
  order_id: number;
  order_sn: string;
  order_status: number;
  order_created_at: Date | string;
  name: string;
  /** Already masked by the SQL: the whole number never leaves the store (WALLET-05). */
  id_card_masked: string;
  created_at: Date | string;
  goods: { name: string; ypgg: string; number: number }[];
}

/**
 * WALLET-05: the ID card masked in the statement itself, first 6 and last 4 characters kept; a number too short to
 * keep 10 characters of is masked whole.
 */
export const MASKED_ID_CARD = `CASE WHEN length(r.id_card) > 10
  THEN left(r.id_card, 6) || repeat('*', length(r.id_card) - 10) || right(r.id_card, 4)
  ELSE repeat('*', length(r.id_card)) END`;

/** A page of the receipts of the buyer's orders, newest first, each with the order's ephedrine-type goods. */
export async function receiptPage(q: Queryable, userId: number, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    q.query<ReceiptRow>(
      `SELECT r.order_id, o.order_sn, o.status AS order_status, o.created_at AS order_created_at, r.name,
         ${MASKED_ID_CARD} AS id_card_masked, r.created_at,
         COALESCE((SELECT json_agg(json_build_object('name', l.name, 'ypgg', l.ypgg, 'number', l.number) ORDER BY l.id)
           FROM order_lines l WHERE l.order_id = o.id AND l.is_hm = 1), '[]'::json) AS goods
       FROM order_receipts r JOIN orders o ON o.id = r.order_id
       WHERE o.user_id = $1 ORDER BY r.created_at DESC, r.order_id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    ),
    q.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM order_receipts r JOIN orders o ON o.id = r.order_id WHERE o.user_id = $1',
      [userId],
    ),
  ]);
  return { rows, total: count?.n ?? 0 };
}
