/** The SQL of bank transfers and provider payments (migration 0020); the rules are in ./service. */
import type { Queryable } from '../../db/db';

export type TransferStatus = 'pending' | 'confirmed' | 'rejected';

export interface TransferRow {
  id: number;
  order_id: number;
  user_id: number;
  file_id: number;
  amount: number;
  payer_name: string;
  remark: string;
  status: TransferStatus;
  reject_reason: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

/** An order as the payment rules see it, whoever's it is. */
export interface PayableOrder {
  id: number;
  user_id: number;
  order_sn: string;
  status: number;
  pay_amount: number;
}

const TRANSFER = `id, order_id, user_id, file_id, amount, payer_name, remark, status, reject_reason, created_at,
  decided_at`;

/** The latest transfer of each of the orders (the one the order shows). */
export async function latestTransfers(q: Queryable, orderIds: readonly number[]): Promise<Map<number, TransferRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await q.query<TransferRow>(
    `SELECT DISTINCT ON (order_id) ${TRANSFER} FROM bank_transfers
     WHERE order_id = ANY($1::int[]) ORDER BY order_id, id DESC`,
    [orderIds],
  );
  return new Map(rows.map((r) => [r.order_id, r]));
}

/** Records an uploaded slip as waiting; undefined when one already waits for the order (the partial unique index). */
export async function insertTransfer(
  tx: Queryable,
  t: Pick<TransferRow, 'order_id' | 'user_id' | 'file_id' | 'amount' | 'payer_name' | 'remark'>,
): Promise<TransferRow | undefined> {
  const [row] = await tx.query<TransferRow>(
    `INSERT INTO bank_transfers (order_id, user_id, file_id, amount, payer_name, remark)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (order_id) WHERE status = 'pending' DO NOTHING RETURNING ${TRANSFER}`,
    [t.order_id, t.user_id, t.file_id, t.amount, t.payer_name, t.remark],
  );
  return row;
}

export async function hasPendingTransfer(q: Queryable, orderId: number): Promise<boolean> {
  return (
    (await q.query("SELECT 1 FROM bank_transfers WHERE order_id = $1 AND status = 'pending'", [orderId])).length > 0
  );
}

/** Locks one transfer for the platform's decision. */
export async function lockTransfer(tx: Queryable, id: number): Promise<TransferRow | undefined> {
  const [row] = await tx.query<TransferRow>(`SELECT ${TRANSFER} FROM bank_transfers WHERE id = $1 FOR UPDATE`, [id]);
  return row;
}

export async function decideTransfer(
  tx: Queryable,
  id: number,
  status: 'confirmed' | 'rejected',
  reason: string | null,
): Promise<void> {
  await tx.query('UPDATE bank_transfers SET status = $2, reject_reason = $3, decided_at = now() WHERE id = $1', [
    id,
    status,
    reason,
  ]);
}

/** Closes the waiting transfer of an order that was paid another way; answers its id when there was one. */
export async function closePendingTransfer(
  tx: Queryable,
  orderId: number,
  reason: string,
): Promise<number | undefined> {
  const [row] = await tx.query<{ id: number }>(
    `UPDATE bank_transfers SET status = 'rejected', reject_reason = $2, decided_at = now()
     WHERE order_id = $1 AND status = 'pending' RETURNING id`,
    [orderId, reason],
  );
  return row?.id;
}

/** Transfers for the platform to look at, oldest waiting first. */
export function transfersByStatus(q: Queryable, status: TransferStatus, limit: number): Promise<TransferRow[]> {
  return q.query<TransferRow>(`SELECT ${TRANSFER} FROM bank_transfers WHERE status = $1 ORDER BY id LIMIT $2`, [
    status,
    limit,
  ]);
}

/** Locks an order by its id or its number, for any buyer: the platform and the providers act on every order. */
export async function lockPayableOrder(
  tx: Queryable,
  by: { id: number } | { orderSn: string },
): Promise<PayableOrder | undefined> {
  const [where, value] = 'id' in by ? ['id = $1', by.id] : ['order_sn = $1', by.orderSn];
  const [row] = await tx.query<PayableOrder>(
    `SELECT id, user_id, order_sn, status, pay_amount FROM orders WHERE ${where} FOR UPDATE`,
    [value],
  );
  return row;
}

/**
 * Records money received; undefined when this (method, trade number) was recorded before, which is how a repeated
 * or concurrent notification of one trade is told apart: the second insert waits for the first and then conflicts.
 */
export async function insertPayment(
  tx: Queryable,
  p: { order_id: number; method: 'transfer' | 'alipay' | 'wechat'; trade_no: string; amount: number; applied: boolean },
): Promise<number | undefined> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO payments (order_id, method, trade_no, amount, applied) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (method, trade_no) DO NOTHING RETURNING id`,
    [p.order_id, p.method, p.trade_no, p.amount, p.applied],
  );
  return row?.id;
}

/** Marks an order paid by a method other than the balance (status 1, as the balance does). */
export async function markPaid(tx: Queryable, orderId: number, method: string): Promise<void> {
  await tx.query('UPDATE orders SET status = 1, pay_method = $2, paid_at = now() WHERE id = $1 AND status = 0', [
    orderId,
    method,
  ]);
}

/** PAY-13: money a provider paid that was kept unapplied (PAY-10), with the order it came for; oldest first. */
export interface UnappliedPaymentRow {
  id: number;
  order_id: number;
  order_sn: string;
  user_id: number;
  method: 'transfer' | 'alipay' | 'wechat';
  trade_no: string;
  amount: number;
  created_at: Date | string;
}

export function unappliedPayments(q: Queryable, limit: number): Promise<UnappliedPaymentRow[]> {
  return q.query<UnappliedPaymentRow>(
    `SELECT p.id, p.order_id, o.order_sn, o.user_id, p.method, p.trade_no, p.amount, p.created_at
       FROM payments p JOIN orders o ON o.id = p.order_id
      WHERE NOT p.applied ORDER BY p.id LIMIT $1`,
    [limit],
  );
}

/** PAY-13: how many unapplied payments there are and their sum in fen. */
export async function unappliedSummary(q: Queryable): Promise<{ count: number; amount: number }> {
  const [row] = await q.query<{ count: number | string; amount: number | string }>(
    'SELECT count(*) AS count, coalesce(sum(amount), 0) AS amount FROM payments WHERE NOT applied',
  );
  return { count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) };
}
