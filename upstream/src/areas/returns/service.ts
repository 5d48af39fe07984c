/**
 * Returns and refunds after the sale (AFTER-01, AFTER-04..AFTER-08): asking for a return of an order line, the
 * operator's steps (approve or refuse, goods received, refund) and the refund to the balance, exactly once. Rules and
 * transactions over ./store; no HTTP here.
 */
import { Refusal } from '@pharma/domain/codes';
import { formatFen } from '@pharma/domain/money';
import type { Db, Queryable } from '../../db/db';
import { ApiError, formError, iso, notFound } from '../../lib/http';
import { ownedFileIds } from '../files/store';
import { postMessage } from '../messages/store';
import { insertOrderEvent, lineGoodsSnapshot } from '../orders/store';
import { orderNotFound, RETURNABLE_STATUSES } from '../orders/service';
import * as batches from '../batches/store';
import * as store from './store';
import { ReturnStatus, type OrderPaidRow, type ReturnRow, type ReturnStatusCode } from './store';
import { refundToLine } from '../credit/service';

/** The reasons a buyer chooses from (AFTER-04); 其他 needs a description. */
export const RETURN_REASONS = ['商品质量问题', '发错货或漏发', '商品破损', '近效期或过期', '不想要了', '其他'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** At most this many photos per return. */
export const MAX_PHOTOS = 6;

export const STATUS_TEXT: Record<ReturnStatusCode, string> = {
  0: '待审核',
  1: '已同意，待寄回',
  2: '已拒绝',
  3: '已收货，待退款',
  4: '已退款',
};

export const returnNotFound = () => notFound('售后申请不存在');
export const afterSaleClosed = () => new ApiError(400, Refusal.AFTER_SALE_CLOSED, '您的账号暂未开通售后服务');
export const notReturnable = () => new ApiError(400, Refusal.NOT_RETURNABLE, '只有待收货或已完成的订单可以申请售后');
const wrongState = (row: ReturnRow, step: string) =>
  new ApiError(400, Refusal.RETURN_STATE, `该售后申请${STATUS_TEXT[row.status]}，不能${step}`);

/**
 * AFTER-06: what returning `number` units of a line gives back: the line's share of what the order paid for goods
 * (the paid amount without freight, spread over the goods amount by value), floored to the fen. Floors never add up
 * to more than the whole, so the returns of an order never refund more than it paid.
 */
export function refundFor(
  order: Pick<OrderPaidRow, 'goods_amount' | 'freight_amount' | 'pay_amount'>,
  price: number,
  number: number,
) {
  if (order.goods_amount <= 0) return 0;
  const paidForGoods = BigInt(Math.max(0, order.pay_amount - order.freight_amount));
  const value = BigInt(price) * BigInt(number);
  const share = (value * paidForGoods) / BigInt(order.goods_amount);
  const cap = paidForGoods < value ? paidForGoods : value;
  return Number(share < cap ? share : cap);
}

function returnDto(row: ReturnRow, photos: { id: number; name: string; mime: string }[]) {
  return {
    id: row.id,
    order_id: row.order_id,
    order_sn: row.order_sn,
    line: {
      id: row.order_line_id,
      ...lineGoodsSnapshot(row),
      price: row.price,
      number: row.bought,
    },
    number: row.number,
    // BATCH-07: the batch sent back; null for a line without batches.
    batch:
      row.batch_id === null
        ? null
        : {
            batch_id: row.batch_id,
            batch_no: row.batch_no ?? '',
            produced_on: row.produced_on ?? '',
            expires_on: row.expires_on ?? '',
          },
    reason: row.reason,
    description: row.description,
    refund_amount: row.refund_amount,
    status: row.status,
    status_text: STATUS_TEXT[row.status],
    refusal: row.refusal,
    photos,
    created_at: iso(row.created_at),
    approved_at: row.approved_at === null ? null : iso(row.approved_at),
    refused_at: row.refused_at === null ? null : iso(row.refused_at),
    received_at: row.received_at === null ? null : iso(row.received_at),
    refunded_at: row.refunded_at === null ? null : iso(row.refunded_at),
  };
}

export type ReturnDto = ReturnType<typeof returnDto>;

async function withPhotos(q: Queryable, rows: ReturnRow[]): Promise<ReturnDto[]> {
  const photos = await store.photosOf(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    returnDto(
      row,
      photos.filter((p) => p.return_id === row.id).map(({ id, name, mime }) => ({ id, name, mime })),
    ),
  );
}

async function afterSaleOpen(q: Queryable, userId: number): Promise<boolean> {
  const [row] = await q.query<{ is_after_sale: number }>('SELECT is_after_sale FROM users WHERE id = $1', [userId]);
  return row?.is_after_sale === 1;
}

/**
 * The after-sales page of an order (AFTER-04): each line with what may still be returned, the order's returns and
 * whether the buyer may ask now. Another buyer's order answers as an unknown one (SEC-01).
 */
export async function afterSaleOf(q: Queryable, userId: number, orderId: number) {
  const order = await store.paidOrder(q, userId, orderId);
  if (order === undefined) throw orderNotFound();
  const [lines, returns, open] = await Promise.all([
    store.orderLines(q, orderId),
    store.orderReturns(q, userId, orderId),
    afterSaleOpen(q, userId),
  ]);
  const returnable = open && RETURNABLE_STATUSES.includes(order.status);
  return {
    order_id: order.id,
    order_sn: order.order_sn,
    order_status: order.status,
    // AFTER-01: false for a buyer without after-sales service, AFTER-04: and for an order not shipped or done.
    can_return: returnable ? 1 : 0,
    reasons: [...RETURN_REASONS],
    lines: lines.map((l) => ({
      id: l.id,
      goods_id: l.goods_id,
      name: l.name,
      sccj: l.sccj,
      ypgg: l.ypgg,
      bzdw: l.bzdw,
      goods_image: l.goods_image,
      price: l.price,
      number: l.number,
      requested: l.requested,
      returnable: returnable ? Math.max(0, l.number - l.requested) : 0,
      unit_refund: refundFor(order, l.price, 1),
    })),
    returns: await withPhotos(q, returns),
  };
}

/**
 * BATCH-07: the batch a return names, one the line's units came from, with enough of them not asked back yet: the
 * batch given, or the first by expiry that has enough. Undefined for a line without batches (goods not held by batch,
 * orders before batches). A batch not the line's, or too few of it left, is a field error on batch_id.
 */
async function returnBatch(
  tx: Queryable,
  lineId: number,
  chosen: number | undefined,
  units: number,
  unit: string,
): Promise<number | undefined> {
  const list = await batches.returnableBatches(tx, lineId);
  if (list.length === 0) return undefined;
  if (chosen !== undefined) {
    const batch = list.find((b) => b.batch_id === chosen);
    if (batch === undefined) throw formError({ batch_id: ['请选择该商品发货的批号'] });
    const left = batch.number - batch.requested;
    if (units > left) throw formError({ batch_id: [`该批号最多还可退货${Math.max(0, left)}${unit}`] });
    return batch.batch_id;
  }
  const fits = list.find((b) => b.number - b.requested >= units);
  if (fits === undefined) throw formError({ batch_id: ['退货数量跨多个批号，请按批号分别申请'] });
  return fits.batch_id;
}

export interface ReturnInput {
  order_line_id: number;
  /** BATCH-07: the batch sent back, one of the line's; left out, the first by expiry with enough units left. */
  batch_id?: number | undefined;
  number: number;
  reason: ReturnReason;
  description: string;
  file_ids: readonly number[];
}

/**
 * AFTER-04, AFTER-06: asks for `number` units of one line back. The order row is locked first, so two requests for
 * the same line are judged one after the other and never together ask for more than was bought. Answers the return.
 */
export async function requestReturn(db: Db, userId: number, orderId: number, input: ReturnInput): Promise<ReturnDto> {
  const id = await db.transaction(async (tx) => {
    const order = await store.paidOrder(tx, userId, orderId, true);
    if (order === undefined) throw orderNotFound();
    if (!(await afterSaleOpen(tx, userId))) throw afterSaleClosed();
    if (!RETURNABLE_STATUSES.includes(order.status)) throw notReturnable();
    // Another order's line answers as an unknown line, whoever's it is.
    const line = await store.orderLine(tx, orderId, input.order_line_id);
    if (line === undefined) throw formError({ order_line_id: ['请选择要退货的商品'] });
    const left = line.number - line.requested;
    if (left <= 0) throw formError({ number: [`${line.name}已全部申请过售后`] });
    if (input.number > left) throw formError({ number: [`${line.name}最多还可申请退货${left}${line.bzdw || '件'}`] });
    const batchId = await returnBatch(tx, line.id, input.batch_id, input.number, line.bzdw || '件');
    if (input.reason === '其他' && input.description === '') {
      throw formError({ description: ['请说明退货原因'] });
    }
    // FILE-01, SEC-01: photos are the buyer's own uploads for returns; another user's file is an unknown one.
    const photos = [...new Set(input.file_ids)];
    const owned = await ownedFileIds(tx, userId, 'return', photos);
    if (owned.size !== photos.length) throw formError({ file_ids: ['图片不存在或已失效，请重新上传'] });
    const refund = refundFor(order, line.price, input.number);
    const returnId = await store.insertReturn(tx, userId, {
      order_id: orderId,
      order_line_id: line.id,
      number: input.number,
      reason: input.reason,
      description: input.description,
      refund_amount: refund,
    });
    if (batchId !== undefined) await batches.setReturnBatch(tx, returnId, batchId);
    await store.insertPhotos(tx, returnId, photos);
    await insertOrderEvent(tx, orderId, 'return_requested', `${line.name} × ${input.number}`);
    return returnId;
  });
  return loadReturn(db, userId, id);
}

/** One return of the buyer with its photos; another buyer's answers as an unknown one (SEC-01). */
export async function loadReturn(q: Queryable, userId: number, id: number): Promise<ReturnDto> {
  const row = await store.findReturn(q, userId, id);
  const [dto] = await withPhotos(q, row === undefined ? [] : [row]);
  if (dto === undefined) throw returnNotFound();
  return dto;
}

/** A return as the operator sees it. */
export async function returnForOperator(q: Queryable, id: number): Promise<ReturnDto> {
  const row = await store.returnById(q, id);
  const [dto] = await withPhotos(q, row === undefined ? [] : [row]);
  if (dto === undefined) throw returnNotFound();
  return dto;
}

/**
 * One operator step (AFTER-05): moves the return from `from` to `to` with the conditional update, writes the order's
 * event and tells the buyer, in one transaction. A return in another state is refused with 40062 and nothing moves.
 */
async function step(
  db: Db,
  id: number,
  from: ReturnStatusCode,
  to: ReturnStatusCode,
  what: { step: string; event: string; note?: string; refusal?: string },
  also?: (tx: Queryable, moved: { user_id: number; order_id: number; refund_amount: number }) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const moved = await store.moveReturn(tx, id, from, to, what.refusal ?? null);
    if (moved === undefined) {
      const row = await store.returnById(tx, id);
      if (row === undefined) throw returnNotFound();
      throw wrongState(row, what.step);
    }
    await insertOrderEvent(tx, moved.order_id, what.event, what.note ?? '');
    if (also !== undefined) await also(tx, moved);
  });
}

export const approveReturn = (db: Db, id: number) =>
  step(db, id, ReturnStatus.REQUESTED, ReturnStatus.APPROVED, { step: '同意', event: 'return_approved' });

export const refuseReturn = (db: Db, id: number, reason: string) =>
  step(db, id, ReturnStatus.REQUESTED, ReturnStatus.REFUSED, {
    step: '拒绝',
    event: 'return_refused',
    note: reason,
    refusal: reason,
  });

export const receiveReturn = (db: Db, id: number) =>
  step(db, id, ReturnStatus.APPROVED, ReturnStatus.RECEIVED, { step: '确认收货', event: 'return_received' });

/**
 * AFTER-07: refunds a return whose goods came back. In one transaction: the return moves from received to refunded
 * (the conditional update lets exactly one of any number of concurrent calls through), the amount goes on the
 * buyer's balance, the money log gets its use-type-3 entry (PAY-04), the order's timeline its event and the buyer the
 * message "退款已完成" (MSG-01). Every later call is refused with 40062 and changes nothing.
 */
export const refundReturn = (db: Db, id: number) =>
  step(db, id, ReturnStatus.RECEIVED, ReturnStatus.REFUNDED, { step: '退款', event: 'refunded' }, async (tx, moved) => {
    const [order] = await tx.query<{ order_sn: string }>('SELECT order_sn FROM orders WHERE id = $1', [moved.order_id]);
    const sn = order?.order_sn ?? '';
    // CREDIT-07: an order paid on credit gives its credit line back first; only the rest reaches the balance.
    const toLine = await refundToLine(tx, moved.order_id, id, moved.refund_amount);
    const toBalance = moved.refund_amount - toLine;
    if (toBalance > 0 || toLine === 0) {
      const balance = await store.creditWallet(tx, moved.user_id, toBalance);
      await store.logRefund(tx, {
        user_id: moved.user_id,
        order_id: moved.order_id,
        return_id: id,
        amount: toBalance,
        balance_after: balance,
        remark: `售后退款 ${sn}`,
      });
    }
    const where =
      toLine === 0
        ? '已退回您的账户余额'
        : toBalance === 0
          ? '已恢复您的账期额度'
          : `其中 ¥${formatFen(toLine)} 恢复账期额度，其余退回账户余额`;
    await postMessage(tx, moved.user_id, {
      kind: 'order',
      title: '退款已完成',
      body: `订单 ${sn} 的售后申请已退款 ¥${formatFen(moved.refund_amount)}，${where}。`,
      link: `/order/returnInfo/${id}`,
      dedupeKey: `return-refunded:${id}`,
    });
  });
