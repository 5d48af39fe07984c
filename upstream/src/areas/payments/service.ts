/**
 * Paying by bank transfer (PAY-05..PAY-07) and by the providers' notifications (PAY-08..PAY-10, PAY-12): every way money
 * reaches an order other than the balance. Rules and transactions over ./store; no HTTP here.
 */
import { Refusal } from '@pharma/domain/codes';
import type { Db, Queryable } from '../../db/db';
import { ApiError, formError, iso, notFound } from '../../lib/http';
import { METHOD_NAMES, type ExternalMethod, type IncomingNotice, type PaymentProviders } from '../../lib/payments';
import { ownedFileIds } from '../files/store';
import { postMessage } from '../messages/store';
import { notUnpaid, orderNotFound, receiptRequired } from '../orders/service';
import * as orders from '../orders/store';
import { UNPAID } from '../orders/store';
import { transferDto, transferPending } from './dto';
import * as store from './store';

export const transferNotFound = () => notFound('转账记录不存在');
export const transferDecided = () => new ApiError(400, Refusal.NOT_UNPAID, '该转账已处理，不能重复操作');

export interface TransferInput {
  file_id: number;
  payer_name: string;
  remark: string;
}

/**
 * PAY-06: the buyer's transfer slip for an unpaid order of theirs. The slip must be the buyer's own upload of
 * purpose 'transfer'; another buyer's file is refused as an unknown one. The order then waits (待确认) until the
 * platform decides; one slip waits at a time.
 */
export async function submitTransfer(db: Db, userId: number, orderId: number, input: TransferInput): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await orders.lockOrder(tx, userId, orderId);
    if (order === undefined) throw orderNotFound();
    if (order.status !== UNPAID) throw notUnpaid();
    if (order.need_receipt === 1 && !(await orders.hasReceipt(tx, orderId))) throw receiptRequired();
    if (!(await ownedFileIds(tx, userId, 'transfer', [input.file_id])).has(input.file_id)) {
      throw formError({ file_id: ['转账凭证不存在，请重新上传'] });
    }
    const row = await store.insertTransfer(tx, {
      order_id: orderId,
      user_id: userId,
      file_id: input.file_id,
      amount: order.pay_amount,
      payer_name: input.payer_name,
      remark: input.remark,
    });
    if (row === undefined) throw transferPending();
  });
}

/**
 * Locks a waiting transfer and its order, order first: the same order of locks as a provider's notification
 * (order, then its transfers), so the two never deadlock.
 */
async function lockPending(tx: Queryable, transferId: number) {
  const [seen] = await tx.query<{ order_id: number }>('SELECT order_id FROM bank_transfers WHERE id = $1', [
    transferId,
  ]);
  if (seen === undefined) throw transferNotFound();
  const order = await store.lockPayableOrder(tx, { id: seen.order_id });
  const transfer = await store.lockTransfer(tx, transferId);
  if (order === undefined || transfer === undefined) throw transferNotFound();
  if (transfer.status !== 'pending') throw transferDecided();
  return { order, transfer };
}

/**
 * PAY-07: the platform confirms a transfer it received. In one transaction the payment is recorded (unique per
 * transfer), the order is marked paid and the buyer is told; a second confirmation is refused and changes nothing.
 */
export async function confirmTransfer(db: Db, transferId: number) {
  return db.transaction(async (tx) => {
    const { order, transfer } = await lockPending(tx, transferId);
    if (order.status !== UNPAID) throw notUnpaid();
    const recorded = await store.insertPayment(tx, {
      order_id: order.id,
      method: 'transfer',
      trade_no: `transfer-${transfer.id}`,
      amount: transfer.amount,
      applied: true,
    });
    if (recorded === undefined) throw transferDecided();
    await store.markPaid(tx, order.id, 'transfer');
    await store.decideTransfer(tx, transfer.id, 'confirmed', null);
    await postMessage(tx, order.user_id, {
      kind: 'order',
      title: '对公转账已确认',
      body: `订单${order.order_sn}的转账已到账确认，订单已支付，我们将尽快安排发货。`,
      link: `/order/info/${order.id}`,
    });
    return transferDto({ ...transfer, status: 'confirmed', decided_at: new Date() });
  });
}

/** PAY-07: the platform rejects a transfer with a reason the buyer reads; the order stays unpaid for another try. */
export async function rejectTransfer(db: Db, transferId: number, reason: string) {
  return db.transaction(async (tx) => {
    const { order, transfer } = await lockPending(tx, transferId);
    await store.decideTransfer(tx, transfer.id, 'rejected', reason);
    await postMessage(tx, order.user_id, {
      kind: 'order',
      title: '对公转账未通过确认',
      body: `订单${order.order_sn}的转账凭证未通过确认：${reason}。请核对后重新上传凭证或选择其他支付方式。`,
      link: `/cart/step3/${order.id}`,
    });
    return transferDto({ ...transfer, status: 'rejected', reject_reason: reason, decided_at: new Date() });
  });
}

export async function listTransfers(db: Db, status: store.TransferStatus) {
  return (await store.transfersByStatus(db, status, 200)).map((row) => ({
    ...transferDto(row),
    order_id: row.order_id,
    user_id: row.user_id,
  }));
}

/** The money a notification recorded (SEC-24's audit line): applied to its order, or held for a refund (PAY-10). */
export interface RecordedPayment {
  orderSn: string;
  tradeNo: string;
  amount: number;
  applied: boolean;
}

/** What a provider's notification came to; the route answers the provider in its own protocol. */
export type NoticeOutcome =
  { accepted: true; changed: boolean; recorded?: RecordedPayment } | { accepted: false; reason: string };

/**
 * PAY-08..PAY-10, PAY-12: a provider's notification. Only its signature is trusted (nothing a client sent); the order and
 * the amount must match to the fen. In one transaction the payment is recorded, unique per (method, trade number),
 * and only the notification that recorded it marks the order paid: a replay or a concurrent duplicate finds the
 * row there and changes nothing, yet is acknowledged so the provider stops resending.
 */
export async function receiveNotice(
  db: Db,
  payments: PaymentProviders,
  method: ExternalMethod,
  notice: IncomingNotice,
): Promise<NoticeOutcome> {
  const provider = payments.find(method);
  if (provider === undefined) return { accepted: false, reason: 'method not configured' };
  const check = provider.verifyNotice(notice);
  if (!check.ok) return { accepted: false, reason: check.reason };
  const paid = check.payment;
  if (paid === null) return { accepted: true, changed: false };
  return db.transaction(async (tx): Promise<NoticeOutcome> => {
    const order = await store.lockPayableOrder(tx, { orderSn: paid.orderSn });
    if (order === undefined) return { accepted: false, reason: 'unknown order' };
    if (paid.amount !== order.pay_amount) return { accepted: false, reason: 'amount differs from the order' };
    // PAY-10: money for an order already paid another way, or closed, is kept unapplied for the platform to refund.
    const applies = order.status === UNPAID;
    const recorded = await store.insertPayment(tx, {
      order_id: order.id,
      method,
      trade_no: paid.tradeNo,
      amount: paid.amount,
      applied: applies,
    });
    if (recorded === undefined) return { accepted: true, changed: false };
    const payment = { orderSn: order.order_sn, tradeNo: paid.tradeNo, amount: paid.amount, applied: applies };
    if (!applies) return { accepted: true, changed: true, recorded: payment };
    await store.markPaid(tx, order.id, method);
    await store.closePendingTransfer(tx, order.id, `订单已通过${METHOD_NAMES[method]}支付`);
    await postMessage(tx, order.user_id, {
      kind: 'order',
      title: '订单支付成功',
      body: `订单${order.order_sn}已通过${METHOD_NAMES[method]}支付成功，我们将尽快安排发货。`,
      link: `/order/info/${order.id}`,
    });
    return { accepted: true, changed: true, recorded: payment };
  });
}

/** PAY-13: the operator's list of money kept unapplied (PAY-10), to refund: at most 200, oldest first. */
export async function listUnapplied(db: Db) {
  const [summary, rows] = await Promise.all([store.unappliedSummary(db), store.unappliedPayments(db, 200)]);
  return {
    ...summary,
    items: rows.map((row) => ({ ...row, created_at: iso(row.created_at) })),
  };
}

/** PAY-13: how many payments wait to be refunded and their sum in fen (the gateway's `unapplied_payments` gauge). */
export const unappliedSummary = (db: Db) => store.unappliedSummary(db);
