/** The SQL of returns (after-sales requests) and their refunds; the rules are in ./service. */
import { rowById, type Queryable } from '../../db/db';
import { lineSnapshotColumns, type LineGoodsSnapshot, type OrderLineBase } from '../orders/store';

/** Return statuses (AFTER-05). */
export const ReturnStatus = { REQUESTED: 0, APPROVED: 1, REFUSED: 2, RECEIVED: 3, REFUNDED: 4 } as const;
export type ReturnStatusCode = (typeof ReturnStatus)[keyof typeof ReturnStatus];

/** An order line with what its order paid, as a return is judged against it. */
export interface ReturnableLineRow extends OrderLineBase {
  /** Units already asked for by returns that were not refused. */
  requested: number;
}

export interface OrderPaidRow {
  id: number;
  order_sn: string;
  status: number;
  goods_amount: number;
  freight_amount: number;
  pay_amount: number;
}

const LINE_SQL = `SELECT l.id, l.order_id, ${lineSnapshotColumns('l')}, l.number, l.price, l.total, COALESCE((SELECT sum(r.number) FROM returns r WHERE r.order_line_id = l.id
      AND r.status <> ${ReturnStatus.REFUSED}), 0)::int AS requested
  FROM order_lines l`;

/** The buyer's order with its amounts; undefined for a missing or another buyer's order. `lock` takes its row. */
export async function paidOrder(q: Queryable, userId: number, orderId: number, lock = false) {
  const [row] = await q.query<OrderPaidRow>(
    `SELECT id, order_sn, status, goods_amount, freight_amount, pay_amount FROM orders
     WHERE id = $1 AND user_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [orderId, userId],
  );
  return row;
}

export function orderLines(q: Queryable, orderId: number): Promise<ReturnableLineRow[]> {
  return q.query<ReturnableLineRow>(`${LINE_SQL} WHERE l.order_id = $1 ORDER BY l.id`, [orderId]);
}

export async function orderLine(q: Queryable, orderId: number, lineId: number) {
  const [row] = await q.query<ReturnableLineRow>(`${LINE_SQL} WHERE l.order_id = $1 AND l.id = $2`, [orderId, lineId]);
  return row;
}

export interface NewReturn {
  order_id: number;
  order_line_id: number;
  number: number;
  reason: string;
  description: string;
  refund_amount: number;
}

export async function insertReturn(tx: Queryable, userId: number, r: NewReturn): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO returns (user_id, order_id, order_line_id, number, reason, description, refund_amount)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [userId, r.order_id, r.order_line_id, r.number, r.reason, r.description, r.refund_amount],
  );
  if (row === undefined) throw new Error('INSERT INTO returns answered no row');
  return row.id;
}

export async function insertPhotos(tx: Queryable, returnId: number, fileIds: readonly number[]): Promise<void> {
  if (fileIds.length === 0) return;
  await tx.query('INSERT INTO return_photos (return_id, file_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [
    returnId,
    fileIds,
  ]);
}

export interface ReturnRow extends LineGoodsSnapshot {
  id: number;
  user_id: number;
  order_id: number;
  order_sn: string;
  order_line_id: number;
  price: number;
  bought: number;
  number: number;
  reason: string;
  description: string;
  refund_amount: number;
  status: ReturnStatusCode;
  refusal: string | null;
  created_at: Date | string;
  approved_at: Date | string | null;
  refused_at: Date | string | null;
  received_at: Date | string | null;
  refunded_at: Date | string | null;
  /** BATCH-07: the batch sent back, with its report's dates; nulls without one. */
  batch_id: number | null;
  batch_no: string | null;
  produced_on: string | null;
  expires_on: string | null;
}

const RETURN_SQL = `SELECT r.id, r.user_id, r.order_id, o.order_sn, r.order_line_id, ${lineSnapshotColumns('l')}, l.price, l.number AS bought, r.number, r.reason, r.description, r.refund_amount, r.status,
    r.refusal, r.created_at, r.approved_at, r.refused_at, r.received_at, r.refunded_at,
    r.batch_id, b.batch_no, to_char(ir.produced_on, 'YYYY-MM-DD') AS produced_on,
    to_char(ir.expires_on, 'YYYY-MM-DD') AS expires_on
  FROM returns r JOIN orders o ON o.id = r.order_id JOIN order_lines l ON l.id = r.order_line_id
  LEFT JOIN goods_batches b ON b.id = r.batch_id
  LEFT JOIN inspection_reports ir ON ir.goods_id = b.goods_id AND ir.batch_no = b.batch_no`;

/** One return of the buyer; undefined for a missing or another buyer's return. */
export const findReturn = (q: Queryable, userId: number, id: number) => rowById<ReturnRow>(q, RETURN_SQL, id, userId);

/** One return, whoever asked for it (operator calls). */
export const returnById = (q: Queryable, id: number) => rowById<ReturnRow>(q, RETURN_SQL, id);

export function orderReturns(q: Queryable, userId: number, orderId: number): Promise<ReturnRow[]> {
  return q.query<ReturnRow>(`${RETURN_SQL} WHERE r.order_id = $1 AND r.user_id = $2 ORDER BY r.id DESC`, [
    orderId,
    userId,
  ]);
}

export async function photosOf(q: Queryable, returnIds: readonly number[]) {
  if (returnIds.length === 0) return [];
  return q.query<{ return_id: number; id: number; name: string; mime: string }>(
    `SELECT p.return_id, f.id, f.name, f.mime FROM return_photos p JOIN files f ON f.id = p.file_id
     WHERE p.return_id = ANY($1::int[]) ORDER BY p.return_id, f.id`,
    [returnIds],
  );
}

const STAMP: Record<ReturnStatusCode, string> = {
  0: 'created_at',
  1: 'approved_at',
  2: 'refused_at',
  3: 'received_at',
  4: 'refunded_at',
};

/**
 * Moves a return from one status to the next, if it is still in the first (AFTER-05, AFTER-07): the conditional
 * UPDATE is the guard, so of two concurrent moves one changes the row and the other changes nothing. Answers the
 * row as moved, or undefined when it was not in `from`.
 */
export async function moveReturn(
  tx: Queryable,
  id: number,
  from: ReturnStatusCode,
  to: ReturnStatusCode,
  refusal: string | null = null,
) {
  const [row] = await tx.query<{ user_id: number; order_id: number; refund_amount: number }>(
    `UPDATE returns SET status = $3, ${STAMP[to]} = now(), refusal = COALESCE($4, refusal)
     WHERE id = $1 AND status = $2 RETURNING user_id, order_id, refund_amount`,
    [id, from, to, refusal],
  );
  return row;
}

/** Puts a refund on the buyer's balance; answers the new balance. */
export async function creditWallet(tx: Queryable, userId: number, amount: number): Promise<number> {
  const [row] = await tx.query<{ balance: number }>(
    'UPDATE users SET balance = balance + $2 WHERE id = $1 RETURNING balance',
    [userId, amount],
  );
  if (row === undefined) throw new Error(`refund to missing user ${userId}`);
  return row.balance;
}

/** The refund's money-log entry (use type 3, PAY-04); the unique index on return_id refuses a second one. */
export async function logRefund(
  tx: Queryable,
  r: { user_id: number; order_id: number; return_id: number; amount: number; balance_after: number; remark: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO money_log (user_id, amount, balance_after, use_type, remark, order_id, return_id)
     VALUES ($1, $2, $3, 3, $4, $5, $6)`,
    [r.user_id, r.amount, r.balance_after, r.remark, r.order_id, r.return_id],
  );
}
