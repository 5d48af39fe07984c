/**
 * Orders (ORDER-02..ORDER-13) and their payment (PAY-01..PAY-03): placing an order from cart lines, listing,
 * cancelling, the receipt step and paying. Rules and transactions over ./store; no HTTP here.
 */
import { Refusal } from '@pharma/domain/codes';
import { formatFen } from '@pharma/domain/money';
import type { OrderAmounts } from '@pharma/domain/order-amounts';
import { Wording } from '@pharma/domain/wording';
import type { Db, Queryable } from '../../db/db';
import { activityNotRunning, lineUnits, type StoredLine } from '../../lib/cart-lines';
import {
  amountsWithCoupon,
  couponNotUsable,
  findCoupon,
  needsReceipt,
  nothingToOrder,
  pricingSettings,
  requestedLines,
  soldOut,
} from '../../lib/checkout';
import { assertOrderInScope } from '../../lib/business-scope';
import { goodsDto } from '../../lib/goods';
import { ApiError, iso, notFound } from '../../lib/http';
import { page } from '../../lib/paging';
import { METHOD_NAMES, type ExternalMethod, type PaymentProviders, type PaymentStart } from '../../lib/payments';
import { TRANSFER_STATUS_TEXT, transferDto, transferPending } from '../payments/dto';
import { hasPendingTransfer, latestTransfers, type TransferRow } from '../payments/store';
import type { PricedLine } from '@pharma/domain/cart-pricing';
import { findAddress } from '../addresses/store';
import { checkInvoiceChoice, keepOrderTitle } from '../invoice-titles/service';
import { addLines } from '../cart/service';
import { claimSeckill } from '../../lib/goods-offers';
import { postMessage } from '../messages/store';
import { awardOrderPoints } from '../wallet/points';
import { awardOrderCashback } from '../campaigns/cashback';
import * as batches from '../batches/store';
import type { Allocation, LineBatches } from '../batches/store';
import * as store from './store';
import { DONE, SHIPPED, UNPAID, type NewOrderLine, type OrderFilter, type OrderLineRow, type OrderRow } from './store';
import { assertMayOrder } from '../qualifications/service';
import { chargeOrder, figuresFor as creditFigures } from '../credit/service';

export const STATUS_TEXT = ['待付款', '待发货', '待收货', '已完成', '已取消'] as const;

export const orderNotFound = () => notFound('订单不存在');
export const notUnpaid = () => new ApiError(400, Refusal.NOT_UNPAID, '订单不是待付款状态');
export const addressNotFound = () => new ApiError(400, Refusal.ADDRESS_NOT_FOUND, '收货地址不存在');
export const receiptRequired = () =>
  new ApiError(400, Refusal.RECEIPT_REQUIRED, '含麻黄碱类商品的订单需先登记收货人信息');
export const balanceTooLow = () => new ApiError(400, Refusal.BALANCE_TOO_LOW, Wording.balanceTooLow);
export const notShipped = () => new ApiError(400, Refusal.NOT_SHIPPED, '订单不是待收货状态');
export const notPaid = () => new ApiError(400, Refusal.NOT_PAID, '订单不是待发货状态');

/** AFTER-04: the statuses whose goods may be returned: shipped (on its way or not yet confirmed) and done. */
export const RETURNABLE_STATUSES: readonly number[] = [SHIPPED, DONE];

const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function orderDto(row: OrderRow, lines: OrderLineRow[], byLine: LineBatches, transfer?: TransferRow) {
  const amounts: OrderAmounts = {
    goods_amount: row.goods_amount,
    goods_manjian_amount: row.goods_manjian_amount,
    manjian_amount: row.manjian_amount,
    discount_amount: row.discount_amount,
    coupon_amount: row.coupon_amount,
    freight_amount: row.freight_amount,
    pay_amount: row.pay_amount,
  };
  return {
    id: row.id,
    order_sn: row.order_sn,
    status: row.status,
    // PAY-06: an unpaid order whose transfer slip waits reads 待确认.
    status_text:
      row.status === UNPAID && transfer?.status === 'pending'
        ? TRANSFER_STATUS_TEXT.pending
        : (STATUS_TEXT[row.status] ?? ''),
    // The latest bank transfer (对公转账) of the order, with the platform's reason when it was not accepted.
    transfer: transfer === undefined ? null : transferDto(transfer),
    amounts,
    need_receipt: row.need_receipt,
    receipt_done: row.receipt_done,
    address: {
      consignee: row.consignee,
      phone: row.phone,
      province: row.province,
      city: row.city,
      district: row.district,
      address: row.address,
    },
    remark: row.remark,
    invoice_type: row.invoice_type,
    user_coupon_id: row.user_coupon_id,
    pay_method: row.pay_method,
    paid_at: isoOrNull(row.paid_at),
    shipped_at: isoOrNull(row.shipped_at),
    received_at: isoOrNull(row.received_at),
    cancelled_at: isoOrNull(row.cancelled_at),
    created_at: iso(row.created_at),
    coupon_name: row.coupon_name,
    return_count: row.return_count,
    // AFTER-01, AFTER-04: whether the buyer may ask for a return of this order now.
    can_return: row.is_after_sale === 1 && RETURNABLE_STATUSES.includes(row.status) ? 1 : 0,
    lines: lines.map(
      ({ order_id: _order, combination_id, combination_name, combination_number, sets, group_buy_id, ...line }) => ({
        ...line,
        // The set this goods was sold in (组合购): its units per set and how many sets; null for other lines.
        combination:
          combination_id === null
            ? null
            : { id: combination_id, name: combination_name ?? '', number: combination_number ?? 0, sets: sets ?? 0 },
        group_buy_id,
        // BATCH-04: the batches the line's units came from (批号, 生产日期, 有效期至), nearest expiry first.
        batches: byLine.get(line.id) ?? [],
      }),
    ),
  };
}

export type OrderDto = ReturnType<typeof orderDto>;

async function withLines(q: Queryable, rows: OrderRow[]): Promise<OrderDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, transfers] = await Promise.all([store.orderLines(q, ids), latestTransfers(q, ids)]);
  const byLine = await batches.batchesByLine(
    q,
    lines.map((l) => l.id),
  );
  return rows.map((row) =>
    orderDto(
      row,
      lines.filter((l) => l.order_id === row.id),
      byLine,
      transfers.get(row.id),
    ),
  );
}

/**
 * One of the buyer's orders with its timeline and shipment (AFTER-03); 404 for a missing or another buyer's order
 * (ORDER-13).
 */
export async function loadOrder(q: Queryable, userId: number, id: number) {
  const row = await store.findOrder(q, userId, id);
  const [order] = await withLines(q, row === undefined ? [] : [row]);
  if (order === undefined) throw orderNotFound();
  const [events, shipment] = await Promise.all([store.orderEvents(q, id), store.shipmentOf(q, id)]);
  return {
    ...order,
    events: events.map((e) => ({ kind: e.kind, note: e.note, created_at: iso(e.created_at) })),
    shipment:
      shipment === undefined
        ? null
        : {
            carrier: shipment.carrier,
            waybill: shipment.waybill,
            shipped_at: iso(shipment.shipped_at),
            traces: shipment.traces.map((t) => ({ at: iso(t.at), text: t.text })),
          },
  };
}

export type OrderDetailDto = Awaited<ReturnType<typeof loadOrder>>;

/** AFTER-02: a page of the buyer's orders by tab, search and date range. */
export async function listOrders(q: Queryable, userId: number, filter: OrderFilter, at: number, size: number) {
  const { rows, total } = await store.orderPage(q, userId, filter, size, (at - 1) * size);
  return page(await withLines(q, rows), total, at, size);
}

/** AFTER-02: how many orders each tab of the order centre holds. */
export const orderCounts = (q: Queryable, userId: number) => store.orderCounts(q, userId);

/**
 * AFTER-02: the buyer confirms a shipped order received; it is done and earns its points (WALLET-01), in one
 * transaction. Another buyer's order answers as an unknown one; an order not shipped is refused with 40063.
 */
export async function receiveOrder(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrder(tx, userId, id);
    const received = await store.receiveOrder(tx, userId, id);
    if (received === undefined) throw notShipped();
    await awardOrderPoints(tx, userId, id, received.pay_amount);
    // PROMO-02: a completed order's cashback, once, in the same transaction.
    await awardOrderCashback(tx, userId, id);
  });
}

/**
 * AFTER-02: buy again. Each goods of the order goes back to the cart through the cart's own rules (buyable, stock),
 * one by one, so one that cannot be added leaves the others; answers what could not be added and why.
 */
export async function buyAgain(db: Db, userId: number, id: number) {
  const order = await loadOrder(db, userId, id);
  const units = new Map<number, { name: string; number: number }>();
  for (const line of order.lines) {
    // A gift came with its line (PRICE-07) and an add-on purchase with the line that unlocked it (PRICE-13): buying
    // again earns them anew, never buys them as goods of their own.
    if (line.is_gift === 1 || line.promotion === 'EXCHANGE') continue;
    const seen = units.get(line.goods_id);
    units.set(line.goods_id, { name: line.name, number: (seen?.number ?? 0) + line.number });
  }
  const failed: { goods_id: number; name: string; reason: string }[] = [];
  // QUICK-08: what went to the cart, so the buyer reads which goods and how many, not only a count.
  const addedLines: { goods_id: number; name: string; number: number }[] = [];
  for (const [goodsId, { name, number }] of units) {
    try {
      await addLines(db, userId, [
        { type: '0', goods_id: goodsId, number, goods_price_id: 0, ladder_price_id: 0, goods_manjian_id: 0, is_yj: 0 },
      ]);
      addedLines.push({ goods_id: goodsId, name, number });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      failed.push({ goods_id: goodsId, name, reason: error.message });
    }
  }
  return { added: addedLines.length, added_lines: addedLines, failed };
}

/**
 * AFTER-02: the operator ships a paid order: the shipment with its carrier and waybill number, the timeline event
 * (by the trigger of 0019) and the buyer's message "订单已发货" (MSG-01), in one transaction.
 */
export async function shipOrder(db: Db, id: number, carrier: string, waybill: string): Promise<void> {
  await db.transaction(async (tx) => {
    const shipped = await store.shipOrder(tx, id, carrier, waybill);
    if (shipped === undefined) {
      if ((await store.orderState(tx, id)) === undefined) throw orderNotFound();
      throw notPaid();
    }
    await postMessage(tx, shipped.user_id, {
      kind: 'order',
      title: '订单已发货',
      body: `您的订单 ${shipped.order_sn} 已由${carrier}发出，运单号 ${waybill}。`,
      link: `/order/info/${id}`,
      dedupeKey: `order-shipped:${id}`,
    });
  });
}

/** The operator adds a point to a shipped order's trace. */
export async function addTrace(db: Db, id: number, text: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await store.addTrace(tx, id, text))) throw orderNotFound();
  });
}

/** The buyer of an order (operator calls read the order as its buyer sees it). */
export async function buyerOf(q: Queryable, id: number): Promise<number> {
  const state = await store.orderState(q, id);
  if (state === undefined) throw orderNotFound();
  return state.user_id;
}

async function lockOrder(tx: Queryable, userId: number, id: number) {
  const order = await store.lockOrder(tx, userId, id);
  if (order === undefined) throw orderNotFound();
  return order;
}

export interface OrderInput {
  cart_ids: readonly number[];
  address_id: number;
  user_coupon_id?: number | undefined;
  /** ORDER-12: 0 none, 1 ordinary, 2 VAT special. */
  invoice_type: number;
  remark: string;
  idempotency_key: string;
  /** PRICE-14: what the buyer confirmed to pay, fen; absent, the order is placed at what it costs now. */
  expected_pay_amount?: number | undefined;
}

/**
 * What an order takes of each goods, in goods order: a set takes each of its goods (units per set × sets); a gift
 * takes its goods' units too (PRICE-07), named for the refusal when they ran out.
 */
export function unitsByGoods(
  lines: readonly PricedLine<StoredLine>[],
): { goods: { id: number; name: string }; units: number }[] {
  const units = new Map<number, { goods: { id: number; name: string }; units: number }>();
  const take = (goods: { id: number; name: string }, n: number) => {
    const seen = units.get(goods.id);
    units.set(goods.id, { goods, units: (seen?.units ?? 0) + n });
  };
  for (const line of lines) {
    for (const taken of lineUnits(line.dto)) take(taken.goods, taken.units);
    if (line.gift !== null) take({ id: line.gift.goodsId, name: line.gift.goodsName }, line.gift.units);
  }
  return [...units.values()].sort((a, b) => a.goods.id - b.goods.id);
}

/** PRICE-03: the seckill units of the lines priced by their seckill, by (seckill, goods) in id order. */
function seckillUnits(
  lines: readonly PricedLine<StoredLine>[],
): { activityId: number; goodsId: number; units: number }[] {
  const units = new Map<string, { activityId: number; goodsId: number; units: number }>();
  for (const line of lines) {
    if (line.promotion?.kind !== 'SECKILL') continue;
    const key = `${line.promotion.id}:${line.dto.goods.id}`;
    const seen = units.get(key);
    units.set(key, {
      activityId: line.promotion.id,
      goodsId: line.dto.goods.id,
      units: (seen?.units ?? 0) + line.dto.number,
    });
  }
  return [...units.values()].sort((a, b) => a.activityId - b.activityId || a.goodsId - b.goodsId);
}

/** The group-buy units of the lines, by offer in id order. */
function joinsByOffer(lines: readonly PricedLine<StoredLine>[]): [number, number][] {
  const joins = new Map<number, number>();
  for (const { dto } of lines) {
    if (dto.group_buy !== null) joins.set(dto.group_buy.id, (joins.get(dto.group_buy.id) ?? 0) + dto.number);
  }
  return [...joins].sort((a, b) => a[0] - b[0]);
}

/**
 * The order lines a cart line becomes. A set is recorded goods by goods at its combination unit prices (they add
 * up to the set price × sets), each naming the set, so the order shows what the set held and a cancel returns each
 * goods.
 */
export function orderLinesOf(line: PricedLine<StoredLine>, publicUrl: string): NewOrderLine[] {
  const set = line.dto.combination;
  const sets = line.dto.number;
  const rows =
    set === null
      ? [{ goods: line.dto.goods, number: sets, price: line.unitPrice, total: line.total, listPrice: line.dto.price }]
      : set.goods.map((g) => {
          const price = g.combination.price ?? 0;
          const total = price * g.combination.number * sets;
          return { goods: g, number: g.combination.number * sets, price, total, listPrice: price };
        });
  const promotion = line.promotion;
  const paid = rows.map(({ goods: g, number, price, total, listPrice }) => ({
    goods_id: g.id,
    name: g.name,
    sccj: g.sccj,
    ypgg: g.ypgg,
    bzdw: g.bzdw,
    goods_image: goodsDto(g, publicUrl).goods_image[0] ?? '',
    number,
    price,
    total,
    is_hm: g.is_hm,
    combination_id: set?.group.id ?? null,
    combination_name: set?.group.name ?? null,
    combination_number: set === null ? null : number / sets,
    sets: set === null ? null : sets,
    group_buy_id: line.dto.group_buy?.id ?? null,
    // QUICK-06: the line's own price before its ladder (a set's goods have no ladder).
    list_price: listPrice,
    promotion: promotion?.kind ?? null,
    activity_id: promotion === null ? null : promotion.id,
    is_gift: 0,
    manjian_amount: set === null ? line.manjianAmount : 0,
  }));
  const gift = line.gift;
  if (gift === null) return paid;
  // PRICE-07: the gift is a line of its own at ¥0.00, with its goods as they are now.
  const given = gift.goodsId === line.dto.goods.id ? line.dto.goods : undefined;
  return [
    ...paid,
    {
      goods_id: gift.goodsId,
      name: gift.goodsName,
      sccj: given?.sccj ?? '',
      ypgg: given?.ypgg ?? '',
      bzdw: given?.bzdw ?? line.dto.goods.bzdw,
      goods_image: given === undefined ? '' : (goodsDto(given, publicUrl).goods_image[0] ?? ''),
      number: gift.units,
      price: 0,
      total: 0,
      is_hm: given?.is_hm ?? 0,
      combination_id: null,
      combination_name: null,
      combination_number: null,
      sets: null,
      group_buy_id: null,
      list_price: 0,
      promotion: 'GIFT',
      activity_id: gift.activityId,
      is_gift: 1,
      manjian_amount: 0,
    },
  ];
}

/**
 * Takes the stock of the lines; a goods with fewer units left than the order takes refuses it as sold out. BATCH-03,
 * BATCH-04: the goods rows are locked in goods order, then one statement takes each goods' units from its batches,
 * first expiry first out; answers what it took of each batch, for the lines once they are written.
 */
async function takeStock(tx: Queryable, lines: readonly PricedLine<StoredLine>[]): Promise<Allocation[]> {
  const wanted = unitsByGoods(lines);
  const want = wanted.map(({ goods, units }) => ({ goodsId: goods.id, units }));
  const short = await batches.lockGoods(tx, want);
  if (short !== undefined) {
    throw soldOut(wanted.find((w) => w.goods.id === short.goodsId)?.goods.name ?? '', short.stock);
  }
  return batches.allocate(tx, want);
}

/**
 * Places an order from the buyer's cart lines in one transaction (ORDER-09): stock, group-buy units, the coupon,
 * the cart lines and the order with its line snapshots, all or nothing. The same idempotency key answers the first
 * order again (ORDER-02). Answers the order's id.
 */
export async function placeOrder(db: Db, publicUrl: string, userId: number, input: OrderInput): Promise<number> {
  return db.transaction(async (tx) => {
    // QUAL-04: no order while a required qualification document of the buyer's company has expired (40401).
    await assertMayOrder(tx, userId);
    // The key is claimed first: a second submit with the same key waits here for the first to commit, then answers
    // the first order; it never touches stock or coupons.
    const id = await store.claimKey(tx, userId, input.idempotency_key);
    if (id === undefined) {
      const first = await store.orderOfKey(tx, userId, input.idempotency_key);
      if (first === undefined) throw new Error('idempotency conflict without an order');
      return first;
    }
    const address = await findAddress(tx, userId, input.address_id);
    if (address === undefined) throw addressNotFound();
    const requested = await requestedLines(tx, userId, input.cart_ids, true);
    const lines = requested.filter((line) => line.selected);
    if (lines.length === 0) throw nothingToOrder(requested);
    // SCOPE-04: goods that went out of the company's business scope since they were added refuse the order (40161).
    await assertOrderInScope(
      tx,
      userId,
      lines.flatMap((line) => lineUnits(line.dto).map((unit) => unit.goods.id)),
    );
    const [settings, coupon] = await Promise.all([
      pricingSettings(tx),
      input.user_coupon_id === undefined ? undefined : findCoupon(tx, userId, input.user_coupon_id),
    ]);
    if (input.user_coupon_id !== undefined && coupon === undefined) throw couponNotUsable('优惠券不存在');
    const amounts = amountsWithCoupon(lines, settings, coupon);
    // PRICE-14: never charge what the buyer did not confirm (a seckill sold out or a campaign ended meanwhile).
    if (input.expected_pay_amount !== undefined && input.expected_pay_amount !== amounts.pay_amount) {
      throw new ApiError(
        400,
        Refusal.PRICE_CHANGED,
        `订单金额已变为¥${formatFen(amounts.pay_amount)}，请核对后重新提交`,
      );
    }

    // INVOICE-10, INVOICE-11: no 不开发票 for drugs, no 专票 without a complete title; the title kept as it is now.
    const invoiceTitle = await checkInvoiceChoice(tx, userId, input.invoice_type, lines);
    const allocations = await takeStock(tx, lines);
    // PRICE-03: seckill units are sold from the seckill's own stock within the buyer's limit, or the order fails.
    for (const { activityId, goodsId, units } of seckillUnits(lines)) {
      await claimSeckill(tx, userId, activityId, goodsId, units);
    }
    // Group-buy units count towards their group; an offer that ended since the lines were read refuses the order.
    for (const [groupBuyId, units] of joinsByOffer(lines)) {
      if (!(await store.joinGroupBuy(tx, groupBuyId, units))) throw activityNotRunning('该拼团活动', true);
    }
    if (coupon !== undefined && !(await store.useCoupon(tx, userId, coupon.id, id))) {
      throw couponNotUsable('优惠券已使用');
    }
    await store.removeCartLines(
      tx,
      userId,
      lines.map((l) => l.dto.goods.line_id),
    );
    for (const line of lines) {
      for (const row of orderLinesOf(line, publicUrl)) await store.insertOrderLine(tx, id, row);
    }
    await batches.assignToOrder(tx, id, allocations);
    const { id: _address, is_default: _default, ...delivery } = address;
    await store.completeOrder(tx, id, {
      ...amounts,
      ...delivery,
      need_receipt: needsReceipt(lines),
      remark: input.remark,
      invoice_type: input.invoice_type,
      user_coupon_id: coupon?.id ?? null,
    });
    await keepOrderTitle(tx, id, invoiceTitle);
    return id;
  });
}

/** Cancels an unpaid order (40009 otherwise); what it took goes back (ORDER-09). */
export async function cancelOrder(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, userId, id);
    if (order.status !== UNPAID) throw notUnpaid();
    if (await hasPendingTransfer(tx, id)) throw transferPending();
    await store.cancelOrder(tx, id);
  });
}

/** What the pay screen shows: the order, the wallet balance, the methods and the account to transfer to (PAY-05). */
export async function payScreen(db: Db, payments: PaymentProviders, userId: number, id: number) {
  const [order, balance, credit] = await Promise.all([
    loadOrder(db, userId, id),
    store.balanceOf(db, userId),
    creditFigures(db, userId),
  ]);
  // CREDIT-03: 账期支付 is listed to a company with a credit line, after the balance.
  const methods = payments.methods();
  if (credit !== null) methods.splice(1, 0, { code: 'credit', name: METHOD_NAMES.credit, enabled: 1 });
  return { order, balance, methods, bank_account: payments.bankAccount, credit };
}

/** ORDER-05: records the consignee's receipt (name and ID card) of an order. */
export async function confirmReceipt(db: Db, userId: number, id: number, name: string, idCard: string) {
  await db.transaction(async (tx) => {
    await lockOrder(tx, userId, id);
    await store.saveReceipt(tx, id, name, idCard.toUpperCase());
  });
}

/** PAY-01: what an order must be before anything pays it. */
async function checkPayable(tx: Queryable, order: Awaited<ReturnType<typeof lockOrder>>, id: number): Promise<void> {
  if (order.status !== UNPAID) throw notUnpaid();
  if (await hasPendingTransfer(tx, id)) throw transferPending();
  if (order.need_receipt === 1 && !(await store.hasReceipt(tx, id))) throw receiptRequired();
}

/**
 * PAY-14: refuses, as paying would, an order that is not this buyer's or cannot be paid now, so that a payment
 * password is judged (and a wrong try counted) only for a payment that would go ahead. Checked again when it pays.
 */
export async function assertPayable(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => checkPayable(tx, await lockOrder(tx, userId, id), id));
}

/**
 * Pays an unpaid order (PAY-01..PAY-03). The balance pays in the transaction; another method hands the provider
 * the amount and answers where to pay, leaving the order unpaid. Answers that address, or null for the balance.
 */
export async function payOrder(
  db: Db,
  payments: PaymentProviders,
  userId: number,
  id: number,
  method: 'balance' | 'credit' | ExternalMethod,
): Promise<PaymentStart | null> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, userId, id);
    await checkPayable(tx, order, id);
    // CREDIT-03..CREDIT-05: on the company's credit line, within what it has available and with nothing overdue.
    if (method === 'credit') {
      await chargeOrder(tx, userId, { ...order, id });
      return null;
    }
    if (method !== 'balance') {
      // PAY-08, PAY-09: the order stays unpaid until the provider's signed notification says it was paid.
      return payments.get(method).createPayment({
        orderId: id,
        orderSn: order.order_sn,
        amount: order.pay_amount,
        description: `订单${order.order_sn}`,
      });
    }
    // The guard keeps the balance from going below zero even when two payments race.
    const balance = await store.debitWallet(tx, userId, order.pay_amount);
    if (balance === undefined) throw balanceTooLow();
    await store.recordPayment(tx, userId, { ...order, id }, balance, method);
    return null;
  });
}

export const paidMessage = (method: 'balance' | 'credit' | ExternalMethod, start: PaymentStart | null) =>
  start === null
    ? '支付成功'
    : start.kind === 'qr'
      ? `请使用${method === 'wechat' ? '微信' : METHOD_NAMES[method]}扫码完成支付`
      : `请前往${METHOD_NAMES[method]}完成支付`;

/** The answer of a payment: the order, with where to pay when a provider takes the money (PAY-08, PAY-09). */
export const withPaymentStart = <T extends object>(order: T, start: PaymentStart | null) =>
  start === null ? order : start.kind === 'qr' ? { ...order, code_url: start.url } : { ...order, pay_url: start.url };
