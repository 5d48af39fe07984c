import type { Queryable } from '../db/db';
import type { AddressFields } from '../areas/addresses/store';
import { postMessage } from '../areas/messages/store';
import { awardOrderPoints } from '../areas/wallet/points';
import { seededGoodsImage } from './images';
import { insertLineBatches } from '../areas/batches/store';

/**
 * One order as it happened (SEED-01): the seed steps and the tests tell "an order of this buyer in this state" with
 * this helper instead of writing the order's rows themselves, so every seeded order has what a real one has at its
 * state: its number as checkout gives it, its lines, the events of each step at the time it happened, a balance
 * payment's ledger entry, its shipment with its trace and message, its receipt, its coupon and its points.
 *
 * Times are PostgreSQL intervals before the seeding ('3 days', '2 days 4 hours').
 */

/** A goods as the order line copies it. */
export interface StoryGoods {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  price: number;
}

export interface StoryLine {
  goods: StoryGoods;
  number: number;
  /** 含麻 goods: the order asks for a receipt (AFTER-05). */
  isHm?: boolean;
}

/** Where the order goes, as the address book keeps it. */
export type StoryAddress = Omit<AddressFields, 'is_default'>;

/** When each step of the order happened; a step left out did not happen. */
export interface StorySteps {
  paid?: string;
  shipped?: string;
  received?: string;
  cancelled?: string;
}

export interface OrderStory {
  /** The idempotency key, unique per order; the order number is given from the order's id and date. */
  key: string;
  userId: number;
  placed: string;
  /** 0 unpaid, 1 paid, 2 shipped, 3 completed, 4 cancelled. */
  status: 0 | 1 | 2 | 3 | 4;
  lines: readonly StoryLine[];
  steps?: StorySteps;
  /** How it was paid. A balance payment takes the amount off the wallet with its ledger entry (PAY-01, WALLET-08). */
  payMethod?: 'balance' | 'alipay' | 'transfer' | 'credit';
  /** Freight in fen; by default the seed's rule: free from ¥1,000.00 of goods, ¥10.00 below. */
  freight?: number;
  /** A coupon of the buyer's, by coupon id, with what it took off; held three days before the order. */
  coupon?: { id: number; amount: number };
  /** Where it goes; by default the buyer's default address. */
  address?: StoryAddress;
  /** The carrier and waybill (or a waybill made from the order's id), its trace [ago, text] oldest first. */
  shipment?: {
    carrier: string;
    waybill: string | ((orderId: number) => string);
    traces: readonly (readonly [string, string])[];
    /** Tell the buyer it was shipped (a message dated at the shipment). */
    announce?: boolean;
  };
  /** The receipt's signer of a 含麻 order. */
  receipt?: { name: string; idCard: string };
  /** The unpaid or placed order holds its stock, as a placed one does. */
  holdsStock?: boolean;
  /** WALLET-01: a completed order earns its points, dated at its receipt. */
  awardPoints?: boolean;
}

export interface StoryOrder {
  id: number;
  sn: string;
  lineIds: number[];
  goodsAmount: number;
  freight: number;
  pay: number;
}

const FREE_FREIGHT_FROM = 100000;
const FREIGHT = 1000;

/** SQL for a moment before the seeding; the interval is a bound parameter. */
const before = (param: number) => `now() - $${param}::interval`;

async function defaultAddress(tx: Queryable, userId: number): Promise<StoryAddress> {
  const [address] = await tx.query<StoryAddress>(
    `SELECT consignee, phone, province, city, district, address FROM addresses
     WHERE user_id = $1 ORDER BY is_default DESC, id LIMIT 1`,
    [userId],
  );
  if (address === undefined) throw new Error(`seed: user ${userId} has no address`);
  return address;
}

/**
 * BATCH-04 for a told order: its line's units from the goods' first-expiring batch in stock (any batch when none is
 * in stock). An order holding stock takes them off that batch too, as the goods' stock was taken above (at most what
 * the batch holds, so the batches add up to the goods' stock). Nothing for goods without batches.
 */
async function storyBatch(tx: Queryable, lineId: number, goodsId: number, units: number, holds: boolean) {
  const [batch] = await tx.query<{ id: number; quantity: number }>(
    `SELECT b.id, b.quantity FROM goods_batches b
     JOIN inspection_reports r ON r.goods_id = b.goods_id AND r.batch_no = b.batch_no
     WHERE b.goods_id = $1 ORDER BY (b.quantity >= $2) DESC, r.expires_on, b.id LIMIT 1`,
    [goodsId, units],
  );
  if (batch === undefined) return;
  await insertLineBatches(tx, [{ lineId, batchId: batch.id, number: units }]);
  if (holds) {
    await tx.query('UPDATE goods_batches SET quantity = GREATEST(quantity - $2, 0) WHERE id = $1', [batch.id, units]);
  }
}

export async function seedOrderStory(tx: Queryable, story: OrderStory): Promise<StoryOrder> {
  const steps = story.steps ?? {};
  const goodsAmount = story.lines.reduce((sum, l) => sum + l.goods.price * l.number, 0);
  const freight = story.freight ?? (goodsAmount >= FREE_FREIGHT_FROM ? 0 : FREIGHT);
  const couponAmount = story.coupon?.amount ?? 0;
  const pay = goodsAmount - couponAmount + freight;
  const address = story.address ?? (await defaultAddress(tx, story.userId));
  const [order] = await tx.query<{ id: number; sn: string }>(
    `INSERT INTO orders (order_sn, user_id, status, idempotency_key, goods_amount, freight_amount, coupon_amount,
       pay_amount, need_receipt, consignee, phone, province, city, district, address, pay_method, created_at,
       paid_at, shipped_at, received_at, cancelled_at)
     VALUES ('seed:' || $1::text, $2, $3, $1, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
       ${before(16)}, ${before(17)}, ${before(18)}, ${before(19)}, ${before(20)})
     RETURNING id`,
    [
      story.key,
      story.userId,
      story.status,
      goodsAmount,
      freight,
      couponAmount,
      pay,
      story.lines.some((l) => l.isHm === true) ? 1 : 0,
      address.consignee,
      address.phone,
      address.province,
      address.city,
      address.district,
      address.address,
      story.payMethod ?? null,
      story.placed,
      steps.paid ?? null,
      steps.shipped ?? null,
      steps.received ?? null,
      steps.cancelled ?? null,
    ],
  );
  if (order === undefined) throw new Error('seed: the order was not written');
  // The order number as checkout gives it: the China-time date of the order and its id.
  const [{ sn } = { sn: '' }] = await tx.query<{ sn: string }>(
    `UPDATE orders SET order_sn = to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(id::text, 8, '0')
     WHERE id = $1 RETURNING order_sn AS sn`,
    [order.id],
  );

  if (story.payMethod === 'balance' && steps.paid !== undefined) {
    const [wallet] = await tx.query<{ balance: number }>(
      'UPDATE users SET balance = balance - $2 WHERE id = $1 RETURNING balance',
      [story.userId, pay],
    );
    await tx.query(
      `INSERT INTO money_log (user_id, amount, balance_after, use_type, remark, order_id, created_at)
       VALUES ($1, $2, $3, 2, $4, $5, ${before(6)})`,
      [story.userId, -pay, wallet?.balance ?? 0, `订单支付 ${sn}`, order.id, steps.paid],
    );
  }

  const lineIds: number[] = [];
  for (const { goods: g, number, isHm } of story.lines) {
    const [line] = await tx.query<{ id: number }>(
      `INSERT INTO order_lines (order_id, goods_id, name, sccj, ypgg, bzdw, goods_image, number, price, total, is_hm)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        order.id,
        g.id,
        g.name,
        g.sccj,
        g.ypgg,
        g.bzdw,
        seededGoodsImage(g.id),
        number,
        g.price,
        g.price * number,
        isHm === true ? 1 : 0,
      ],
    );
    lineIds.push(line?.id ?? 0);
    if (story.holdsStock === true) {
      await tx.query('UPDATE goods SET number = GREATEST(number - $2, 0) WHERE id = $1', [g.id, number]);
    }
    // BATCH-04: the line carries the batch its units came from, as a new order's does.
    if (story.status !== 4 && line !== undefined)
      await storyBatch(tx, line.id, g.id, number, story.holdsStock === true);
  }

  // The trigger of 0019 wrote "placed"; each later step is written at its own time.
  for (const kind of ['paid', 'shipped', 'received', 'cancelled'] as const) {
    const ago = steps[kind];
    if (ago === undefined) continue;
    await tx.query(`INSERT INTO order_events (order_id, kind, created_at) VALUES ($1, $2, ${before(3)})`, [
      order.id,
      kind,
      ago,
    ]);
  }

  if (story.shipment !== undefined) {
    const { carrier, traces, announce } = story.shipment;
    const waybill =
      typeof story.shipment.waybill === 'string' ? story.shipment.waybill : story.shipment.waybill(order.id);
    const shipped = steps.shipped ?? null;
    await tx.query(`INSERT INTO shipments (order_id, carrier, waybill, shipped_at) VALUES ($1, $2, $3, ${before(4)})`, [
      order.id,
      carrier,
      waybill,
      shipped,
    ]);
    for (const [ago, text] of traces) {
      await tx.query(`INSERT INTO shipment_traces (order_id, at, text) VALUES ($1, ${before(2)}, $3)`, [
        order.id,
        ago,
        text,
      ]);
    }
    if (announce === true) {
      const dedupeKey = `order-shipped:${order.id}`;
      await postMessage(tx, story.userId, {
        kind: 'order',
        title: '订单已发货',
        body: `您的订单 ${sn} 已由${carrier}发出，运单号 ${waybill}。`,
        link: `/order/info/${order.id}`,
        dedupeKey,
      });
      // MSG-05: the buyer was told at the shipment, not at the seeding.
      await tx.query(`UPDATE messages SET created_at = ${before(3)} WHERE user_id = $1 AND dedupe_key = $2`, [
        story.userId,
        dedupeKey,
        shipped,
      ]);
    }
  }

  if (story.receipt !== undefined) {
    await tx.query(
      `INSERT INTO order_receipts (order_id, name, id_card, created_at) VALUES ($1, $2, $3, ${before(4)})`,
      [order.id, story.receipt.name, story.receipt.idCard, story.placed],
    );
  }

  if (story.coupon !== undefined) {
    const [held] = await tx.query<{ id: number }>(
      `INSERT INTO user_coupons (user_id, coupon_id, status, used_order_id, used_at, created_at)
       VALUES ($1, $2, 1, $3, ${before(4)}, ${before(4)} - interval '3 days') RETURNING id`,
      [story.userId, story.coupon.id, order.id, story.placed],
    );
    await tx.query('UPDATE orders SET user_coupon_id = $2 WHERE id = $1', [order.id, held?.id ?? null]);
  }

  if (story.awardPoints === true && steps.received !== undefined) {
    await awardOrderPoints(tx, story.userId, order.id, pay);
    await tx.query(`UPDATE points_log SET created_at = ${before(2)} WHERE order_id = $1 AND type = 1`, [
      order.id,
      steps.received,
    ]);
  }

  return { id: order.id, sn, lineIds, goodsAmount, freight, pay };
}
