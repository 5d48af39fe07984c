/**
 * The rules of ordering and paying, called on the orders service directly over the test store, without HTTP
 * (ORDER-02, ORDER-03, ORDER-04, ORDER-07, ORDER-09, PAY-01).
 */
import { Refusal } from '@pharma/domain/codes';
import { beforeAll, describe, expect, it } from 'vitest';
import * as cart from '../src/areas/cart/service';
import * as orders from '../src/areas/orders/service';
import type { Db } from '../src/db/db';
import { ApiError } from '../src/lib/http';
import { PaymentProviders } from '../src/lib/payments';
import { findGoods, makeBuyers, PUBLIC_URL, testStore } from './testkit';

let db: Db;
beforeAll(async () => {
  db = await testStore();
});

const goodsLine = (goodsId: number, number: number) =>
  ({
    type: '0',
    goods_id: goodsId,
    number,
    goods_price_id: 0,
    ladder_price_id: 0,
    goods_manjian_id: 0,
    is_yj: 0,
  }) as const;

/** A buyer with a default address, a balance in fen and one cart line of the goods. */
async function buyerWithLine(goodsId: number, number: number, balance = 0) {
  const [buyer] = await makeBuyers(db, 1, balance);
  if (buyer === undefined) throw new Error('no buyer');
  await cart.addLines(db, buyer.id, [goodsLine(goodsId, number)]);
  const [line] = await db.query<{ id: number }>('SELECT id FROM cart_lines WHERE user_id = $1', [buyer.id]);
  if (line === undefined) throw new Error('no cart line');
  return { ...buyer, lineId: line.id };
}

const orderInput = (lineId: number, addressId: number, key: string, userCouponId?: number) => ({
  cart_ids: [lineId],
  address_id: addressId,
  user_coupon_id: userCouponId,
  invoice_type: 1,
  remark: '',
  idempotency_key: key,
});

/** The refusal a promise ends with, as `{ code, message }`. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

const stockOf = async (goodsId: number) =>
  (await db.query<{ number: number }>('SELECT number FROM goods WHERE id = $1', [goodsId]))[0]?.number;

describe('placing an order (service)', () => {
  it('takes the stock and the cart line and records the line at the cart price', async () => {
    const g = await findGoods(db, 'g.is_buy = 1 AND g.is_hm = 0 AND g.number > 100 AND g.ladder_price_type = 0');
    const buyer = await buyerWithLine(g.id, 2);
    const before = await stockOf(g.id);
    const id = await orders.placeOrder(
      db,
      PUBLIC_URL,
      buyer.id,
      orderInput(buyer.lineId, buyer.addressId, 'svc-order-1'),
    );
    const order = await orders.loadOrder(db, buyer.id, id);
    expect(order).toMatchObject({ status: 0, status_text: '待付款', need_receipt: 0 });
    expect(order.lines).toEqual([expect.objectContaining({ goods_id: g.id, number: 2 })]);
    expect(order.lines[0]?.total).toBe((order.lines[0]?.price ?? 0) * 2);
    expect(await stockOf(g.id)).toBe((before ?? 0) - 2);
    expect(await db.query('SELECT 1 FROM cart_lines WHERE id = $1', [buyer.lineId])).toEqual([]);
    await orders.cancelOrder(db, buyer.id, id);
    expect(await stockOf(g.id)).toBe(before);
  });

  it('answers the first order again for the same idempotency key, taking nothing twice', async () => {
    const g = await findGoods(db, 'g.is_buy = 1 AND g.is_hm = 0 AND g.number > 100');
    const buyer = await buyerWithLine(g.id, 1);
    const before = await stockOf(g.id);
    const input = orderInput(buyer.lineId, buyer.addressId, 'svc-same-key');
    const first = await orders.placeOrder(db, PUBLIC_URL, buyer.id, input);
    expect(await orders.placeOrder(db, PUBLIC_URL, buyer.id, input)).toBe(first);
    expect(await stockOf(g.id)).toBe((before ?? 0) - 1);
    await orders.cancelOrder(db, buyer.id, first);
  });

  it('refuses as sold out (40003, naming the goods) a line whose goods ran out, and changes nothing', async () => {
    const g = await findGoods(db, 'g.is_buy = 1 AND g.is_hm = 0 AND g.number BETWEEN 5 AND 100');
    const buyer = await buyerWithLine(g.id, 3);
    const before = await stockOf(g.id);
    await db.query('UPDATE goods SET number = 2 WHERE id = $1', [g.id]);
    try {
      expect(
        await refusal(
          orders.placeOrder(db, PUBLIC_URL, buyer.id, orderInput(buyer.lineId, buyer.addressId, 'svc-sold-out')),
        ),
      ).toEqual({ code: Refusal.SOLD_OUT, message: `${g.name}库存不足，最多可购买2件` });
      expect(await stockOf(g.id)).toBe(2);
      expect(await db.query('SELECT 1 FROM cart_lines WHERE id = $1', [buyer.lineId])).toHaveLength(1);
    } finally {
      await db.query('UPDATE goods SET number = $2 WHERE id = $1', [g.id, before ?? 0]);
    }
  });

  it('refuses with 40005 when nothing chosen can be ordered (an unbuyable goods)', async () => {
    const g = await findGoods(db, 'g.is_buy = 1 AND g.is_hm = 0 AND g.number > 100');
    const buyer = await buyerWithLine(g.id, 1);
    await db.query('UPDATE goods SET is_buy = 0 WHERE id = $1', [g.id]);
    try {
      expect(
        (
          await refusal(
            orders.placeOrder(db, PUBLIC_URL, buyer.id, orderInput(buyer.lineId, buyer.addressId, 'svc-nothing')),
          )
        ).code,
      ).toBe(Refusal.NOTHING_TO_ORDER);
    } finally {
      await db.query('UPDATE goods SET is_buy = 1 WHERE id = $1', [g.id]);
    }
  });

  it('applies a coupon, consumes it once and gives it back on cancel', async () => {
    const g = await findGoods(db, 'g.is_buy = 1 AND g.is_hm = 0 AND g.number > 100 AND g.price >= 1000');
    const buyer = await buyerWithLine(g.id, 1);
    const [coupon] = await db.query<{ id: number }>(
      `INSERT INTO coupons (name, type, amount, discount, min_amount, start_at, end_at)
       VALUES ('服务测试券', 1, 500, 100, 0, now() - interval '1 day', now() + interval '1 day') RETURNING id`,
    );
    const [held] = await db.query<{ id: number }>(
      'INSERT INTO user_coupons (user_id, coupon_id) VALUES ($1, $2) RETURNING id',
      [buyer.id, coupon?.id ?? 0],
    );
    if (held === undefined) throw new Error('no user coupon');
    const id = await orders.placeOrder(
      db,
      PUBLIC_URL,
      buyer.id,
      orderInput(buyer.lineId, buyer.addressId, 'svc-coupon', held.id),
    );
    const order = await orders.loadOrder(db, buyer.id, id);
    expect(order.amounts.coupon_amount).toBe(500);
    expect(order.user_coupon_id).toBe(held.id);
    const status = async () =>
      (await db.query<{ status: number }>('SELECT status FROM user_coupons WHERE id = $1', [held.id]))[0]?.status;
    expect(await status()).toBe(1);
    await orders.cancelOrder(db, buyer.id, id);
    expect(await status()).toBe(0);
  });

  it('refuses an address the buyer does not have with 40008', async () => {
    const g = await findGoods(db, 'g.is_buy = 1 AND g.is_hm = 0 AND g.number > 100');
    const buyer = await buyerWithLine(g.id, 1);
    expect(
      (await refusal(orders.placeOrder(db, PUBLIC_URL, buyer.id, orderInput(buyer.lineId, 99999999, 'svc-address'))))
        .code,
    ).toBe(Refusal.ADDRESS_NOT_FOUND);
  });
});

describe('paying an order (service)', () => {
  const payments = new PaymentProviders();

  it('pays from the balance: the wallet goes down, a money-log entry is written, the order is paid', async () => {
    const g = await findGoods(db, 'g.is_buy = 1 AND g.is_hm = 0 AND g.number > 100');
    const buyer = await buyerWithLine(g.id, 1, 10_000_000);
    const id = await orders.placeOrder(db, PUBLIC_URL, buyer.id, orderInput(buyer.lineId, buyer.addressId, 'svc-pay'));
    const { order, balance } = await orders.payScreen(db, payments, buyer.id, id);
    expect(balance).toBe(10_000_000);
    expect(await orders.payOrder(db, payments, buyer.id, id, 'balance')).toBeNull();
    const paid = await orders.payScreen(db, payments, buyer.id, id);
    expect(paid.balance).toBe(10_000_000 - order.amounts.pay_amount);
    expect(paid.order).toMatchObject({ status: 1, pay_method: 'balance' });
    const log = await db.query<{ amount: number; use_type: number }>(
      'SELECT amount, use_type FROM money_log WHERE user_id = $1',
      [buyer.id],
    );
    expect(log).toEqual([{ amount: -order.amounts.pay_amount, use_type: 2 }]);
    expect((await refusal(orders.payOrder(db, payments, buyer.id, id, 'balance'))).code).toBe(Refusal.NOT_UNPAID);
  });

  it('refuses too low a balance with 40006 and leaves the order unpaid', async () => {
    const g = await findGoods(db, 'g.is_buy = 1 AND g.is_hm = 0 AND g.number > 100');
    const buyer = await buyerWithLine(g.id, 1, 1);
    const id = await orders.placeOrder(db, PUBLIC_URL, buyer.id, orderInput(buyer.lineId, buyer.addressId, 'svc-low'));
    expect(await refusal(orders.payOrder(db, payments, buyer.id, id, 'balance'))).toEqual({
      code: Refusal.BALANCE_TOO_LOW,
      message: '余额不足',
    });
    expect((await orders.loadOrder(db, buyer.id, id)).status).toBe(0);
    expect((await refusal(orders.payOrder(db, payments, buyer.id, id, 'wechat'))).code).toBe(
      Refusal.METHOD_NOT_AVAILABLE,
    );
    await orders.cancelOrder(db, buyer.id, id);
  });
});
