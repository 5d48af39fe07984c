/** The SQL of orders: rows in, typed rows out; the rules that decide what to write are in ./service. */
import type { OrderAmounts } from '@pharma/domain/order-amounts';
import type { Queryable } from '../../db/db';
import type { AddressDto } from '../addresses/store';
import { giveBack } from '../batches/store';

export const UNPAID = 0;
export const PAID = 1;
export const SHIPPED = 2;
export const DONE = 3;
export const CANCELLED = 4;

/** Where an order goes: the delivery address as it was when the order was placed. */
export type Delivery = Omit<AddressDto, 'id' | 'is_default'>;

/** What an order's row is completed with once its lines are taken. */
export interface OrderTotals extends OrderAmounts, Delivery {
  need_receipt: number;
  remark: string;
  invoice_type: number;
  user_coupon_id: number | null;
}

export interface OrderRow extends OrderTotals {
  id: number;
  order_sn: string;
  status: number;
  receipt_done: number;
  pay_method: string | null;
  paid_at: Date | string | null;
  shipped_at: Date | string | null;
  received_at: Date | string | null;
  cancelled_at: Date | string | null;
  created_at: Date | string;
  /** The coupon used, by name; null without one. */
  coupon_name: string | null;
  /** How many after-sales requests the order has (AFTER-04). */
  return_count: number;
  /** The buyer's after-sales flag (AFTER-01). */
  is_after_sale: number;
}

/** The goods as a line shows it: its id, name, maker, specification and unit. */
export interface LineGoodsLabel {
  goods_id: number;
  name: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
}

/** The goods as an order line copied it when the order was placed (later changes to the goods do not reach it). */
export interface LineGoodsSnapshot extends LineGoodsLabel {
  goods_image: string;
}

/** The label of a row that carries more, for answers that show the goods as the line does. */
export const lineGoodsLabel = ({ goods_id, name, sccj, ypgg, bzdw }: LineGoodsLabel): LineGoodsLabel => ({
  goods_id,
  name,
  sccj,
  ypgg,
  bzdw,
});

export const lineGoodsSnapshot = (row: LineGoodsSnapshot): LineGoodsSnapshot => ({
  ...lineGoodsLabel(row),
  goods_image: row.goods_image,
});

/** The snapshot's columns of `order_lines` under a table alias, for the stores that read lines with other tables. */
export const lineSnapshotColumns = (alias: string) =>
  ['goods_id', 'name', 'sccj', 'ypgg', 'bzdw', 'goods_image'].map((column) => `${alias}.${column}`).join(', ');

/** What a line bought: its goods, how many and at what price. */
export interface OrderLineBase extends LineGoodsSnapshot {
  id: number;
  order_id: number;
  number: number;
  price: number;
  total: number;
}

export interface OrderLineRow extends OrderLineBase {
  combination_id: number | null;
  combination_name: string | null;
  combination_number: number | null;
  sets: number | null;
  group_buy_id: number | null;
  /** PRICE-12: the promotion that priced the line (SECKILL, DISCOUNT, WELFARE, GROUP_BUY, COMBINATION, GIFT). */
  promotion: string | null;
  activity_id: number | null;
  /** 1 for goods given with the order (赠品), priced 0. */
  is_gift: number;
  /** PRICE-06: what the goods' own 满减 took off the line. */
  manjian_amount: number;
}

/** One order line as written: a goods snapshot, what was bought and the activity it was bought in. */
export interface NewOrderLine extends Omit<OrderLineRow, 'order_id' | 'id'> {
  is_hm: number;
  /** QUICK-06: the unit price before any ladder tier, so buying again can tell whether a tier priced the line. */
  list_price: number;
}

const ORDER_SQL = `SELECT o.id, o.order_sn, o.status, o.goods_amount, o.goods_manjian_amount, o.manjian_amount,
    o.discount_amount,
    o.coupon_amount, o.freight_amount, o.pay_amount, o.need_receipt,
    (EXISTS (SELECT 1 FROM order_receipts r WHERE r.order_id = o.id))::int AS receipt_done,
    o.consignee, o.phone, o.province, o.city, o.district, o.address, o.remark, o.invoice_type, o.user_coupon_id,
    o.pay_method, o.paid_at, o.shipped_at, o.received_at, o.cancelled_at, o.created_at,
    (SELECT c.name FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id WHERE uc.id = o.user_coupon_id)
      AS coupon_name,
    (SELECT count(*)::int FROM returns r WHERE r.order_id = o.id) AS return_count,
    (SELECT u.is_after_sale FROM users u WHERE u.id = o.user_id) AS is_after_sale
  FROM orders o`;

export async function findOrder(q: Queryable, userId: number, id: number): Promise<OrderRow | undefined> {
  const [row] = await q.query<OrderRow>(`${ORDER_SQL} WHERE o.id = $1 AND o.user_id = $2`, [id, userId]);
  return row;
}

/** What narrows the order list (AFTER-02): a status or the after-sales tab, a search and a date range. */
export interface OrderFilter {
  /** ORDER-14: 0 (待付款) lists the unpaid orders no transfer slip waits for; those are the 待确认 tab's. */
  status?: number | undefined;
  /** Only unpaid orders whose transfer slip waits for the platform (the 待确认 tab, PAY-06, ORDER-14). */
  confirming?: boolean | undefined;
  /** Only orders with after-sales requests (the 售后 tab). */
  after_sale?: boolean | undefined;
  /** An order number (from its start) or part of a goods name. */
  keyword?: string | undefined;
  /** YYYY-MM-DD, China time; both days included. */
  start_date?: string | undefined;
  end_date?: string | undefined;
}

/** LIKE's wildcards in a buyer's text match themselves. */
const likeText = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * PAY-06, ORDER-14: an unpaid order whose transfer slip waits for the platform reads 待确认, so it is listed under the
 * 待确认 tab and not under 待付款: every order sits under the tab of the state it shows.
 */
export const AWAITING_TRANSFER = `EXISTS (SELECT 1 FROM bank_transfers t WHERE t.order_id = o.id AND t.status = 'pending')`;

export function orderWhere(userId: number, f: OrderFilter): { where: string; params: (number | string)[] } {
  const params: (number | string)[] = [userId];
  const and: string[] = ['o.user_id = $1'];
  const add = (sql: (at: string) => string, value: number | string) => {
    params.push(value);
    and.push(sql(`$${params.length}`));
  };
  if (f.status !== undefined) add((at) => `o.status = ${at}`, f.status);
  if (f.status === 0) and.push(`NOT ${AWAITING_TRANSFER}`);
  if (f.confirming === true) and.push(`o.status = 0 AND ${AWAITING_TRANSFER}`);
  if (f.after_sale === true) and.push('EXISTS (SELECT 1 FROM returns r WHERE r.order_id = o.id)');
  if (f.keyword !== undefined && f.keyword !== '') {
    add(
      (at) =>
        `(o.order_sn LIKE ${at} || '%' OR EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id
          AND l.name LIKE '%' || ${at} || '%'))`,
      likeText(f.keyword),
    );
  }
  if (f.start_date !== undefined) {
    add((at) => `o.created_at >= (${at}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`, f.start_date);
  }
  if (f.end_date !== undefined) {
    add((at) => `o.created_at < (${at}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'`, f.end_date);
  }
  return { where: and.join(' AND '), params };
}

/**
 * A page of the buyer's orders, newest first by when they were placed (ORDER-14; ids follow insertion, which need not
 * be the order they were placed in), and how many there are; the filter narrows them.
 */
export async function orderPage(
  q: Queryable,
  userId: number,
  filter: OrderFilter,
  limit: number,
  offset: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const { where, params } = orderWhere(userId, filter);
  const [rows, [count]] = await Promise.all([
    q.query<OrderRow>(
      `${ORDER_SQL} WHERE ${where} ORDER BY o.created_at DESC, o.id DESC
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders o WHERE ${where}`, params),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export function orderLines(q: Queryable, orderIds: readonly number[]): Promise<OrderLineRow[]> {
  return q.query<OrderLineRow>(
    `SELECT l.id, l.order_id, ${lineSnapshotColumns('l')}, l.number, l.price, l.total, l.combination_id,
       l.combination_name, l.combination_number, l.sets, l.group_buy_id, l.promotion, l.activity_id, l.is_gift,
       l.manjian_amount
     FROM order_lines l WHERE l.order_id = ANY($1::int[]) ORDER BY l.order_id, l.id`,
    [orderIds],
  );
}

/**
 * Claims an idempotency key with a placeholder order and answers its id, or undefined when the buyer already used
 * the key: a second submit waits here on the first one's row until it commits.
 */
export async function claimKey(tx: Queryable, userId: number, key: string): Promise<number | undefined> {
  const [claimed] = await tx.query<{ id: number }>(
    `INSERT INTO orders (order_sn, user_id, idempotency_key)
     VALUES ('pending:' || $1::int::text || ':' || $2::text, $1, $2)
     ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
    [userId, key],
  );
  return claimed?.id;
}

export async function orderOfKey(tx: Queryable, userId: number, key: string): Promise<number | undefined> {
  const [first] = await tx.query<{ id: number }>('SELECT id FROM orders WHERE user_id = $1 AND idempotency_key = $2', [
    userId,
    key,
  ]);
  return first?.id;
}

/** Adds units to a running group-buy; false when the offer is not running any more. */
export async function joinGroupBuy(tx: Queryable, groupBuyId: number, units: number): Promise<boolean> {
  const joined = await tx.query(
    `UPDATE group_buys SET joined_number = joined_number + $1
     WHERE id = $2 AND start_at <= now() AND end_at > now() RETURNING id`,
    [units, groupBuyId],
  );
  return joined.length > 0;
}

/** Marks an unused coupon of the buyer used by an order; false when it was used meanwhile. */
export async function useCoupon(tx: Queryable, userId: number, userCouponId: number, orderId: number) {
  const used = await tx.query(
    `UPDATE user_coupons SET status = 1, used_order_id = $2, used_at = now()
     WHERE id = $1 AND user_id = $3 AND status = 0 RETURNING id`,
    [userCouponId, orderId, userId],
  );
  return used.length > 0;
}

export async function removeCartLines(tx: Queryable, userId: number, lineIds: readonly number[]): Promise<void> {
  await tx.query('DELETE FROM cart_lines WHERE user_id = $1 AND id = ANY($2::int[])', [userId, lineIds]);
}

export async function insertOrderLine(tx: Queryable, orderId: number, line: NewOrderLine): Promise<void> {
  await tx.query(
    `INSERT INTO order_lines (order_id, goods_id, name, sccj, ypgg, bzdw, goods_image, number, price, total,
       is_hm, combination_id, combination_name, combination_number, sets, group_buy_id, list_price, promotion,
       activity_id, is_gift, manjian_amount)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`,
    [
      orderId,
      line.goods_id,
      line.name,
      line.sccj,
      line.ypgg,
      line.bzdw,
      line.goods_image,
      line.number,
      line.price,
      line.total,
      line.is_hm,
      line.combination_id,
      line.combination_name,
      line.combination_number,
      line.sets,
      line.group_buy_id,
      line.list_price,
      line.promotion,
      line.activity_id,
      line.is_gift,
      line.manjian_amount,
    ],
  );
}

/** Gives the claimed order its number (the China-time date and the id), its amounts and its address. */
export async function completeOrder(tx: Queryable, orderId: number, o: OrderTotals): Promise<void> {
  await tx.query(
    `UPDATE orders SET
       order_sn = to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(id::text, 8, '0'),
       goods_amount = $2, manjian_amount = $3, discount_amount = $4, coupon_amount = $5, freight_amount = $6,
       pay_amount = $7, need_receipt = $8, consignee = $9, phone = $10, province = $11, city = $12,
       district = $13, address = $14, remark = $15, invoice_type = $16, user_coupon_id = $17,
       goods_manjian_amount = $18
     WHERE id = $1`,
    [
      orderId,
      o.goods_amount,
      o.manjian_amount,
      o.discount_amount,
      o.coupon_amount,
      o.freight_amount,
      o.pay_amount,
      o.need_receipt,
      o.consignee,
      o.phone,
      o.province,
      o.city,
      o.district,
      o.address,
      o.remark,
      o.invoice_type,
      o.user_coupon_id,
      o.goods_manjian_amount,
    ],
  );
}

/** Locks the buyer's order row and answers its state; undefined for a missing or another buyer's order. */
export async function lockOrder(tx: Queryable, userId: number, id: number) {
  const [row] = await tx.query<{ status: number; pay_amount: number; order_sn: string; need_receipt: number }>(
    'SELECT status, pay_amount, order_sn, need_receipt FROM orders WHERE id = $1 AND user_id = $2 FOR UPDATE',
    [id, userId],
  );
  return row;
}

/** Cancels an order and gives back what it took: stock, group-buy units and its coupon. */
export async function cancelOrder(tx: Queryable, id: number): Promise<void> {
  await tx.query('UPDATE orders SET status = $2, cancelled_at = now() WHERE id = $1', [id, CANCELLED]);
  await tx.query(
    `UPDATE goods g SET number = g.number + l.n, sales = GREATEST(g.sales - l.n, 0)
     FROM (SELECT goods_id, sum(number)::int AS n FROM order_lines WHERE order_id = $1 GROUP BY goods_id) l
     WHERE g.id = l.goods_id`,
    [id],
  );
  // BATCH-06: the units go back to the batches they came from.
  await giveBack(tx, id);
  await tx.query(
    `UPDATE group_buys gb SET joined_number = GREATEST(gb.joined_number - l.n, 0)
     FROM (SELECT group_buy_id, sum(number)::int AS n FROM order_lines
           WHERE order_id = $1 AND group_buy_id IS NOT NULL GROUP BY group_buy_id) l
     WHERE gb.id = l.group_buy_id`,
    [id],
  );
  // PRICE-03: the seckill units go back to the seckill and to the buyer's limit.
  await tx.query(
    `WITH l AS (SELECT activity_id, goods_id, sum(number)::int AS n FROM order_lines
                WHERE order_id = $1 AND promotion = 'SECKILL' GROUP BY activity_id, goods_id),
     back AS (UPDATE goods_activities ga SET sold = GREATEST(ga.sold - l.n, 0) FROM l
              WHERE ga.activity_id = l.activity_id AND ga.goods_id = l.goods_id)
     UPDATE seckill_buys sb SET number = GREATEST(sb.number - l.n, 0)
     FROM l, orders o
     WHERE o.id = $1 AND sb.user_id = o.user_id AND sb.activity_id = l.activity_id AND sb.goods_id = l.goods_id`,
    [id],
  );
  await tx.query('UPDATE user_coupons SET status = 0, used_order_id = NULL, used_at = NULL WHERE used_order_id = $1', [
    id,
  ]);
}

export async function saveReceipt(tx: Queryable, orderId: number, name: string, idCard: string): Promise<void> {
  await tx.query(
    `INSERT INTO order_receipts (order_id, name, id_card) VALUES ($1, $2, $3)
     ON CONFLICT (order_id) DO UPDATE SET name = excluded.name, id_card = excluded.id_card, created_at = now()`,
    [orderId, name, idCard],
  );
}

export async function hasReceipt(tx: Queryable, orderId: number): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM order_receipts WHERE order_id = $1', [orderId])).length > 0;
}

export async function balanceOf(q: Queryable, userId: number): Promise<number> {
  const [wallet] = await q.query<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [userId]);
  return wallet?.balance ?? 0;
}

/** Takes an amount off the wallet unless that would go below zero; answers the new balance, or undefined. */
export async function debitWallet(tx: Queryable, userId: number, amount: number): Promise<number | undefined> {
  const [wallet] = await tx.query<{ balance: number }>(
    'UPDATE users SET balance = balance - $1 WHERE id = $2 AND balance >= $1 RETURNING balance',
    [amount, userId],
  );
  return wallet?.balance;
}

/** Writes the order payment (use type 2) to the money log and marks the order paid. */
export async function recordPayment(
  tx: Queryable,
  userId: number,
  order: { id: number; order_sn: string; pay_amount: number },
  balanceAfter: number,
  method: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO money_log (user_id, amount, balance_after, use_type, remark, order_id)
     VALUES ($1, $2, $3, 2, $4, $5)`,
    [userId, -order.pay_amount, balanceAfter, `订单支付 ${order.order_sn}`, order.id],
  );
  await tx.query('UPDATE orders SET status = $2, pay_method = $3, paid_at = now() WHERE id = $1', [
    order.id,
    PAID,
    method,
  ]);
}

/** How many of the buyer's orders each tab holds (AFTER-02), in one statement. */
export async function orderCounts(q: Queryable, userId: number) {
  const [row] = await q.query<{
    all: number;
    unpaid: number;
    confirming: number;
    paid: number;
    shipped: number;
    done: number;
    cancelled: number;
    after_sale: number;
  }>(
    `SELECT count(*)::int AS all,
       (count(*) FILTER (WHERE o.status = 0 AND NOT ${AWAITING_TRANSFER}))::int AS unpaid,
       (count(*) FILTER (WHERE o.status = 0 AND ${AWAITING_TRANSFER}))::int AS confirming,
       (count(*) FILTER (WHERE o.status = 1))::int AS paid,
       (count(*) FILTER (WHERE o.status = 2))::int AS shipped,
       (count(*) FILTER (WHERE o.status = 3))::int AS done,
       (count(*) FILTER (WHERE o.status = 4))::int AS cancelled,
       (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM returns r WHERE r.order_id = o.id)))::int AS after_sale
     FROM orders o WHERE o.user_id = $1`,
    [userId],
  );
  return row ?? { all: 0, unpaid: 0, confirming: 0, paid: 0, shipped: 0, done: 0, cancelled: 0, after_sale: 0 };
}

export interface OrderEventRow {
  kind: string;
  note: string;
  created_at: Date | string;
}

/** The order's timeline, oldest first (AFTER-03). */
export function orderEvents(q: Queryable, orderId: number): Promise<OrderEventRow[]> {
  return q.query<OrderEventRow>(
    'SELECT kind, note, created_at FROM order_events WHERE order_id = $1 ORDER BY created_at, id',
    [orderId],
  );
}

/** Writes an event of the timeline that is not an order status change (those the trigger of 0019 writes). */
export async function insertOrderEvent(tx: Queryable, orderId: number, kind: string, note: string): Promise<void> {
  await tx.query('INSERT INTO order_events (order_id, kind, note) VALUES ($1, $2, $3)', [orderId, kind, note]);
}

export interface ShipmentRow {
  carrier: string;
  waybill: string;
  shipped_at: Date | string;
}

export async function shipmentOf(
  q: Queryable,
  orderId: number,
): Promise<(ShipmentRow & { traces: { at: Date | string; text: string }[] }) | undefined> {
  const [shipment] = await q.query<ShipmentRow>(
    'SELECT carrier, waybill, shipped_at FROM shipments WHERE order_id = $1',
    [orderId],
  );
  if (shipment === undefined) return undefined;
  const traces = await q.query<{ at: Date | string; text: string }>(
    'SELECT at, text FROM shipment_traces WHERE order_id = $1 ORDER BY at DESC, id DESC',
    [orderId],
  );
  return { ...shipment, traces };
}

/** Marks the buyer's shipped order done; answers what it paid, or undefined when it was not shipped. */
export async function receiveOrder(tx: Queryable, userId: number, id: number) {
  const [row] = await tx.query<{ pay_amount: number }>(
    `UPDATE orders SET status = ${DONE}, received_at = now() WHERE id = $1 AND user_id = $2 AND status = ${SHIPPED}
     RETURNING pay_amount`,
    [id, userId],
  );
  return row;
}

/** Ships a paid order: the status, the shipment and its first trace. Answers the buyer, or undefined if not paid. */
export async function shipOrder(tx: Queryable, id: number, carrier: string, waybill: string) {
  const [row] = await tx.query<{ user_id: number; order_sn: string }>(
    `UPDATE orders SET status = ${SHIPPED}, shipped_at = now() WHERE id = $1 AND status = ${PAID}
     RETURNING user_id, order_sn`,
    [id],
  );
  if (row === undefined) return undefined;
  await tx.query('INSERT INTO shipments (order_id, carrier, waybill) VALUES ($1, $2, $3)', [id, carrier, waybill]);
  await addTrace(tx, id, `商家已发货，${carrier}揽收，运单号 ${waybill}`);
  return row;
}

/** Adds a point to a shipment's trace; false when the order has no shipment. */
export async function addTrace(tx: Queryable, orderId: number, text: string): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO shipment_traces (order_id, text) SELECT order_id, $2 FROM shipments WHERE order_id = $1
     RETURNING id`,
    [orderId, text],
  );
  return rows.length > 0;
}

/** An order's status and buyer, whoever it belongs to (operator calls). */
export async function orderState(q: Queryable, id: number) {
  const [row] = await q.query<{ status: number; user_id: number }>('SELECT status, user_id FROM orders WHERE id = $1', [
    id,
  ]);
  return row;
}
