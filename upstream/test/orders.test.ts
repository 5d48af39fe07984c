import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import type { PaymentProvider } from '../src/lib/payments';
import type { OrderDto } from '../src/areas/orders/service';
import { PAY_PASSWORD, call, clearCart, findGoods, freshCoupon, login, testApp, userId } from './testkit';

let app: FastifyInstance;
let db: Db;
let demo: string;
let demo2: string;
let addressId: number;
beforeAll(async () => {
  ({ app, db } = await testApp());
  demo = await login(app, 'demo');
  demo2 = await login(app, 'demo2');
  const [address] = await db.query<{ id: number }>('SELECT id FROM addresses WHERE user_id = $1 AND is_default = 1', [
    await userId(db, 'demo'),
  ]);
  addressId = address?.id ?? 0;
});
beforeEach(async () => {
  await clearCart(db, 'demo');
  await clearCart(db, 'demo2');
});

let keys = 0;
const newKey = () => `test-${Date.now()}-${(keys += 1)}`;

const plain = async (offset = 0) => {
  const [row] = await db.query<{ id: number; price: number; number: number; name: string }>(
    `SELECT id, price, number, name FROM goods g WHERE is_buy = 1 AND is_hm = 0 AND number >= 300 AND is_dpby = 0
     AND price BETWEEN 500 AND 10000 AND NOT EXISTS (SELECT 1 FROM ladder_prices lp WHERE lp.goods_id = g.id)
     AND NOT EXISTS (SELECT 1 FROM goods_activities ga WHERE ga.goods_id = g.id)
     ORDER BY id LIMIT 1 OFFSET $1`,
    [offset],
  );
  if (row === undefined) throw new Error('no plain goods');
  return row;
};
const stockOf = async (goodsId: number) =>
  (await db.query<{ number: number }>('SELECT number FROM goods WHERE id = $1', [goodsId]))[0]?.number;
const balanceOf = async (username: string) =>
  (await db.query<{ balance: number }>('SELECT balance FROM users WHERE username = $1', [username]))[0]?.balance ?? 0;

/** Puts goods in demo's cart and answers the line ids. */
async function cartWith(items: { id: number; n: number }[], token = demo): Promise<number[]> {
  await call(app, 'POST', '/api/cart', {
    token,
    form: { params: items.map((i) => ({ goods_id: i.id, number: i.n })) },
  });
  const list = await call<{ data: { id: number }[] }>(app, 'GET', '/api/cart/list', { token });
  return list.body.data.data.map((l) => l.id);
}

const placeOrder = (form: Record<string, unknown>, token = demo) =>
  call<OrderDto>(app, 'POST', '/api/order', {
    token,
    form: { address_id: addressId, invoice_type: 1, idempotency_key: newKey(), ...form },
    arrayFormat: 'brackets',
  });

describe('placing an order', () => {
  it('takes the stock, the coupon and the cart lines, and charges what the checkout showed', async () => {
    const g = await plain();
    const n = Math.ceil(30000 / g.price);
    const cartIds = await cartWith([{ id: g.id, n }]);
    const couponId = await freshCoupon(db, 'demo', 1);
    const before = await stockOf(g.id);
    const preview = await call<{ amounts: OrderDto['amounts'] }>(app, 'POST', '/api/cart/checkout', {
      token: demo,
      form: { ids: cartIds, user_coupon_id: couponId },
      arrayFormat: 'brackets',
    });
    const res = await placeOrder({
      cart_ids: cartIds,
      user_coupon_id: couponId,
      remark: '请尽快发货',
      invoice_type: 1,
    });
    expect(res.status).toBe(200);
    const order = res.body.data;
    expect(order).toMatchObject({
      status: 0,
      status_text: '待付款',
      need_receipt: 0,
      receipt_done: 0,
      remark: '请尽快发货',
      invoice_type: 1,
      user_coupon_id: couponId,
      pay_method: null,
      paid_at: null,
    });
    expect(order.order_sn).toMatch(/^\d{16}$/);
    expect(order.amounts).toEqual(preview.body.data.amounts);
    expect(order.amounts.coupon_amount).toBe(3000);
    expect(order.lines).toEqual([
      expect.objectContaining({ goods_id: g.id, name: g.name, number: n, price: g.price, total: g.price * n }),
    ]);
    expect(order.address).toMatchObject({ consignee: '李明', phone: '13905710001' });
    expect(await stockOf(g.id)).toBe((before ?? 0) - n);
    expect((await call<{ total: number }>(app, 'GET', '/api/cart/total', { token: demo })).body.data.total).toBe(0);
    const [coupon] = await db.query<{ status: number; used_order_id: number }>(
      'SELECT status, used_order_id FROM user_coupons WHERE id = $1',
      [couponId],
    );
    expect(coupon).toEqual({ status: 1, used_order_id: order.id });
    // The address book can change later; the order keeps its snapshot.
    const detail = await call<OrderDto>(app, 'GET', `/api/order/${order.id}`, { token: demo });
    expect(detail.body.data).toEqual(order);
  });

  it('answers the first order again for a repeated idempotency key, taking the stock once', async () => {
    const g = await plain(1);
    const cartIds = await cartWith([{ id: g.id, n: 2 }]);
    const before = await stockOf(g.id);
    const key = newKey();
    const first = await placeOrder({ cart_ids: cartIds, idempotency_key: key });
    const again = await placeOrder({ cart_ids: cartIds, idempotency_key: key });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await stockOf(g.id)).toBe((before ?? 0) - 2);
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE idempotency_key = $1',
      [key],
    );
    expect(n).toBe(1);
  });

  it('refuses sold-out goods with 40003 naming them, and changes nothing', async () => {
    const g = await plain(2);
    const cartIds = await cartWith([{ id: g.id, n: 3 }]);
    const original = (await stockOf(g.id)) ?? 0;
    await db.query('UPDATE goods SET number = 2 WHERE id = $1', [g.id]);
    try {
      const res = await placeOrder({ cart_ids: cartIds });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 40003, message: `${g.name}库存不足，最多可购买2件`, data: null });
      expect(await stockOf(g.id)).toBe(2);
      expect((await call<{ total: number }>(app, 'GET', '/api/cart/total', { token: demo })).body.data.total).toBe(1);
    } finally {
      await db.query('UPDATE goods SET number = $2 WHERE id = $1', [g.id, original]);
    }
    // A failed order frees its key: the same key may be tried again.
  });

  it('names goods that ran out entirely since they went in the cart (40003, not 40005), and an unbuyable one is 40005', async () => {
    const g = await plain(4);
    const cartIds = await cartWith([{ id: g.id, n: 1 }]);
    const original = (await stockOf(g.id)) ?? 0;
    try {
      // A concurrent order that read the stock after the last unit went sees no orderable line; it must say the
      // same as the one that lost the race at the stock guard.
      await db.query('UPDATE goods SET number = 0 WHERE id = $1', [g.id]);
      const res = await placeOrder({ cart_ids: cartIds });
      expect(res.body).toEqual({ code: 40003, message: `${g.name}库存不足，已售罄`, data: null });
      await db.query('UPDATE goods SET number = $2, is_buy = 0 WHERE id = $1', [g.id, original]);
      expect((await placeOrder({ cart_ids: cartIds })).body.code).toBe(40005);
    } finally {
      await db.query('UPDATE goods SET number = $2, is_buy = 1 WHERE id = $1', [g.id, original]);
    }
  });

  it('refuses a used or unreached coupon (40004), an unknown address (40008), no lines (40005)', async () => {
    const g = await plain(3);
    const cartIds = await cartWith([{ id: g.id, n: 1 }]);
    const big = await freshCoupon(db, 'demo', 4);
    expect((await placeOrder({ cart_ids: cartIds, user_coupon_id: big })).body.code).toBe(40004);
    const theirs = (
      await db.query<{ id: number }>('SELECT id FROM user_coupons WHERE user_id = $1 LIMIT 1', [
        await userId(db, 'demo2'),
      ])
    )[0]?.id;
    expect((await placeOrder({ cart_ids: cartIds, user_coupon_id: theirs })).body.code).toBe(40004);
    const [other] = await db.query<{ id: number }>('SELECT id FROM addresses WHERE user_id = $1', [
      await userId(db, 'demo2'),
    ]);
    const address = await placeOrder({ cart_ids: cartIds, address_id: other?.id });
    expect(address.body).toEqual({ code: 40008, message: '收货地址不存在', data: null });
    expect((await placeOrder({ cart_ids: [99999999] })).body.code).toBe(40005);
    const missing = await placeOrder({ cart_ids: cartIds, idempotency_key: '' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.data as object)).toEqual(['idempotency_key']);
    expect((await call(app, 'POST', '/api/order', { form: { cart_ids: cartIds } })).status).toBe(401);
    expect((await call<{ total: number }>(app, 'GET', '/api/cart/total', { token: demo })).body.data.total).toBe(1);
  });
});

describe('the order centre', () => {
  it('lists the buyer’s orders newest first, by status, and hides other buyers’ orders', async () => {
    const g = await plain(4);
    const made = await placeOrder({ cart_ids: await cartWith([{ id: g.id, n: 1 }]) });
    const list = await call<{ total: number; data: OrderDto[] }>(app, 'GET', '/api/order', {
      token: demo,
      query: { status: 0, page_size: 5 },
    });
    expect(list.body.data.data[0]?.id).toBe(made.body.data.id);
    expect(list.body.data.data.every((o) => o.status === 0)).toBe(true);
    const ids = list.body.data.data.map((o) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const cancelled = await call<{ data: OrderDto[] }>(app, 'GET', '/api/order', { token: demo, query: { status: 4 } });
    expect(cancelled.body.data.data.some((o) => o.id === made.body.data.id)).toBe(false);
    expect((await call(app, 'GET', `/api/order/${made.body.data.id}`, { token: demo2 })).status).toBe(404);
    expect((await call(app, 'GET', '/api/order/abc', { token: demo })).status).toBe(404);
    expect((await call(app, 'GET', '/api/order', { token: demo, query: { status: 7 } })).status).toBe(422);
  });

  it('cancelling an unpaid order gives the stock and the coupon back, once', async () => {
    const g = await plain(5);
    const n = Math.ceil(30000 / g.price);
    const before = (await stockOf(g.id)) ?? 0;
    const couponId = await freshCoupon(db, 'demo', 1);
    const order = (await placeOrder({ cart_ids: await cartWith([{ id: g.id, n }]), user_coupon_id: couponId })).body
      .data;
    expect(await stockOf(g.id)).toBe(before - n);
    const res = await call<OrderDto>(app, 'POST', `/api/order/${order.id}/cancel`, { token: demo });
    expect(res.body.data).toMatchObject({ id: order.id, status: 4, status_text: '已取消' });
    expect(await stockOf(g.id)).toBe(before);
    const [coupon] = await db.query<{ status: number }>('SELECT status FROM user_coupons WHERE id = $1', [couponId]);
    expect(coupon?.status).toBe(0);
    const again = await call(app, 'POST', `/api/order/${order.id}/cancel`, { token: demo });
    expect(again.body.code).toBe(40009);
    expect(await stockOf(g.id)).toBe(before);
    expect((await call(app, 'POST', `/api/order/${order.id}/cancel`, { token: demo2 })).status).toBe(404);
  });
});

describe('paying', () => {
  it('by balance: the wallet falls by the order amount, a log entry is written, the order is paid, once', async () => {
    const g = await plain(6);
    const order = (await placeOrder({ cart_ids: await cartWith([{ id: g.id, n: 2 }]) })).body.data;
    const info = await call<{ balance: number; methods: { code: string; enabled: number }[] }>(
      app,
      'GET',
      `/api/order/${order.id}/pay`,
      { token: demo },
    );
    const before = await balanceOf('demo');
    expect(info.body.data.balance).toBe(before);
    // CREDIT-03: demo's company has the seed's credit line, so 账期支付 follows the balance.
    expect(info.body.data.methods).toEqual([
      { code: 'balance', name: '余额支付', enabled: 1 },
      { code: 'credit', name: '账期支付', enabled: 1 },
      { code: 'transfer', name: '对公转账', enabled: 1 },
      { code: 'wechat', name: '微信支付', enabled: 0 },
      { code: 'alipay', name: '支付宝', enabled: 0 },
    ]);
    const pay = await call<OrderDto>(app, 'POST', `/api/order/${order.id}/pay`, {
      token: demo,
      form: { method: 'balance', pay_password: PAY_PASSWORD },
    });
    expect(pay.body).toMatchObject({ code: 10000, message: '支付成功', data: { status: 1, pay_method: 'balance' } });
    expect(pay.body.data.paid_at).not.toBeNull();
    expect(await balanceOf('demo')).toBe(before - order.amounts.pay_amount);
    const log = await call<{ data: { amount: number; balance_after: number; order_id: number; use_type: number }[] }>(
      app,
      'GET',
      '/api/user/user_money_log',
      { token: demo, query: { use_type: 2 } },
    );
    expect(log.body.data.data[0]).toMatchObject({
      amount: -order.amounts.pay_amount,
      balance_after: before - order.amounts.pay_amount,
      order_id: order.id,
    });
    const twice = await call(app, 'POST', `/api/order/${order.id}/pay`, {
      token: demo,
      form: { method: 'balance', pay_password: PAY_PASSWORD },
    });
    expect(twice.body.code).toBe(40009);
    expect(await balanceOf('demo')).toBe(before - order.amounts.pay_amount);
    expect((await call(app, 'POST', `/api/order/${order.id}/cancel`, { token: demo })).body.code).toBe(40009);
  });

  it('refuses a balance too low with 40006 and leaves the order unpaid', async () => {
    // demo3, the second store of demo's company, has a wallet of its own; demo2's clinic may not order at all (its
    // GSP certificate has expired, QUAL-04).
    const demo3 = await login(app, 'demo3');
    await clearCart(db, 'demo3');
    const g = await plain(7);
    const order = (
      await placeOrder(
        { cart_ids: await cartWith([{ id: g.id, n: 1 }], demo3), address_id: await addressOf('demo3') },
        demo3,
      )
    ).body.data;
    const saved = await balanceOf('demo3');
    await db.query("UPDATE users SET balance = $1 WHERE username = 'demo3'", [order.amounts.pay_amount - 1]);
    try {
      const res = await call(app, 'POST', `/api/order/${order.id}/pay`, {
        token: demo3,
        form: { method: 'balance', pay_password: PAY_PASSWORD },
      });
      expect(res.body).toEqual({ code: 40006, message: '余额不足', data: null });
      expect(await balanceOf('demo3')).toBe(order.amounts.pay_amount - 1);
      expect((await call<OrderDto>(app, 'GET', `/api/order/${order.id}`, { token: demo3 })).body.data.status).toBe(0);
    } finally {
      await db.query("UPDATE users SET balance = $1 WHERE username = 'demo3'", [saved]);
    }
  });

  it('says plainly that WeChat and Alipay are not configured (40010); an unknown method is a form error', async () => {
    const g = await plain(8);
    const order = (await placeOrder({ cart_ids: await cartWith([{ id: g.id, n: 1 }]) })).body.data;
    for (const method of ['wechat', 'alipay']) {
      const res = await call(app, 'POST', `/api/order/${order.id}/pay`, { token: demo, form: { method } });
      expect(res.body).toEqual({ code: 40010, message: '该支付方式暂未开通', data: null });
    }
    const bad = await call(app, 'POST', `/api/order/${order.id}/pay`, { token: demo, form: { method: 'cash' } });
    expect(bad.status).toBe(422);
    expect(
      (
        await call(app, 'POST', `/api/order/${order.id}/pay`, {
          token: demo2,
          form: { method: 'balance', pay_password: PAY_PASSWORD },
        })
      ).status,
    ).toBe(404);
  });

  it('hands a configured provider the order amount and answers where to pay, leaving the order unpaid', async () => {
    const requests: { amount: number; orderSn: string }[] = [];
    const wechat: PaymentProvider = {
      method: 'wechat',
      createPayment: async (r) => {
        requests.push({ amount: r.amount, orderSn: r.orderSn });
        return { kind: 'redirect', url: `https://pay.example/${r.orderSn}` };
      },
      verifyNotice: () => ({ ok: false, reason: 'not in this test' }),
    };
    const { app: withProvider } = await testApp({ paymentProviders: [wechat] });
    const g = await plain(9);
    const order = (await placeOrder({ cart_ids: await cartWith([{ id: g.id, n: 1 }]) })).body.data;
    const info = await call<{ methods: { code: string; enabled: number }[] }>(
      withProvider,
      'GET',
      `/api/order/${order.id}/pay`,
      {
        token: demo,
      },
    );
    expect(info.body.data.methods.find((m) => m.code === 'wechat')?.enabled).toBe(1);
    const res = await call<OrderDto & { pay_url: string }>(withProvider, 'POST', `/api/order/${order.id}/pay`, {
      token: demo,
      form: { method: 'wechat' },
    });
    expect(res.body.data).toMatchObject({ status: 0, pay_url: `https://pay.example/${order.order_sn}` });
    expect(requests).toEqual([{ amount: order.amounts.pay_amount, orderSn: order.order_sn }]);
  });

  it('an order with ephedrine-type goods needs the receipt step before it is paid (40007)', async () => {
    const hm = await findGoods(db, 'g.is_hm = 1 AND g.is_buy = 1 AND g.number > 10');
    const order = (await placeOrder({ cart_ids: await cartWith([{ id: hm.id, n: 1 }]) })).body.data;
    expect(order.need_receipt).toBe(1);
    const early = await call(app, 'POST', `/api/order/${order.id}/pay`, {
      token: demo,
      form: { method: 'balance', pay_password: PAY_PASSWORD },
    });
    expect(early.body.code).toBe(40007);
    const bad = await call(app, 'POST', `/api/order/${order.id}/receipt`, {
      token: demo,
      form: { name: '李明', id_card: '12345' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({ id_card: ['请输入正确的身份证号码'] });
    const ok = await call<OrderDto>(app, 'POST', `/api/order/${order.id}/receipt`, {
      token: demo,
      form: { name: '李明', id_card: '33010619900101123x' },
    });
    expect(ok.body.data.receipt_done).toBe(1);
    const [stored] = await db.query<{ id_card: string }>('SELECT id_card FROM order_receipts WHERE order_id = $1', [
      order.id,
    ]);
    expect(stored?.id_card).toBe('33010619900101123X');
    const paid = await call<OrderDto>(app, 'POST', `/api/order/${order.id}/pay`, {
      token: demo,
      form: { method: 'balance', pay_password: PAY_PASSWORD },
    });
    expect(paid.body.data.status).toBe(1);
  });
});

async function addressOf(username: string): Promise<number> {
  const [row] = await db.query<{ id: number }>('SELECT id FROM addresses WHERE user_id = $1 ORDER BY id LIMIT 1', [
    await userId(db, username),
  ]);
  return row?.id ?? 0;
}
