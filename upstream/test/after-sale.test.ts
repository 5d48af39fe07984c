import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { paymentsOf } from '../src/config';
import type { Db } from '../src/db/db';
import type { OrderDetailDto } from '../src/areas/orders/service';
import type { ReturnDto } from '../src/areas/returns/service';
import { refundFor } from '../src/areas/returns/service';
import type { Envelope } from '../src/lib/http';
import { PAY_PASSWORD, call, encodeForm, forgetPoints, login, makeBuyers, testAppConfig, testStore } from './testkit';

// Orders after the sale (AFTER-01..AFTER-09) through HTTP: the list's counts and search, shipping and receiving,
// returns and their refusals, the operator's steps and a refund paid exactly once under concurrent calls. Runs on
// PGlite and on PostgreSQL (where the concurrent refunds really race).

const ADMIN_TOKEN = 'test-admin-token-0123456789';

let app: FastifyInstance;
let closedApp: FastifyInstance;
let db: Db;
let buyer: { id: number; token: string; addressId: number };
let stranger: { id: number; token: string; addressId: number };
let demo2Token: string;
const goodsIds: number[] = [];

async function goodsCopy(price: number): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO goods (name, name_py, sccj, sccj_py, ypgg, bzdw, category_id, is_buy, number, base_price, price)
     SELECT name || '（售后测试）', name_py, sccj, sccj_py, ypgg, bzdw, category_id, 1, 1000, $1, $1
     FROM goods WHERE is_buy = 1 AND is_hm = 0 ORDER BY id LIMIT 1 RETURNING id`,
    [price],
  );
  if (row === undefined) throw new Error('could not copy a goods');
  goodsIds.push(row.id);
  return row.id;
}

let keys = 0;
/** Places and pays an order of the goods for the buyer; answers it. */
async function paidOrder(b: { token: string; addressId: number }, lines: [number, number][]): Promise<OrderDetailDto> {
  await call(app, 'POST', '/api/cart', {
    token: b.token,
    form: { params: lines.map(([goods_id, number]) => ({ goods_id, number })) },
  });
  const cart = await call<{ data: { id: number; goods: { id: number } }[] }>(app, 'GET', '/api/cart/list', {
    token: b.token,
  });
  const ids = cart.body.data.data.filter((l) => lines.some(([g]) => g === l.goods.id)).map((l) => l.id);
  const placed = await call<OrderDetailDto>(app, 'POST', '/api/order', {
    token: b.token,
    form: {
      cart_ids: ids,
      address_id: b.addressId,
      invoice_type: 1,
      idempotency_key: `after-sale-${Date.now()}-${(keys += 1)}`,
    },
    arrayFormat: 'brackets',
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const paid = await call<OrderDetailDto>(app, 'POST', `/api/order/${placed.body.data.id}/pay`, {
    token: b.token,
    form: { method: 'balance', pay_password: PAY_PASSWORD },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return paid.body.data;
}

/** An operator's call with the admin token (or the one given). */
async function admin<T>(path: string, form?: Record<string, unknown>, token: string | null = ADMIN_TOKEN, on = app) {
  const headers: Record<string, string> = {};
  if (token !== null) headers['x-admin-token'] = token;
  if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await on.inject({
    method: form === undefined && path.split('/').length === 5 ? 'GET' : 'POST',
    url: path,
    headers,
    ...(form === undefined ? {} : { payload: encodeForm(form) }),
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}

const balanceOf = async (id: number) =>
  (await db.query<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [id]))[0]?.balance ?? -1;

beforeAll(async () => {
  db = await testStore();
  const config = { ...testAppConfig, payments: { ...paymentsOf(testAppConfig), adminToken: ADMIN_TOKEN } };
  app = createApp({ db, config });
  await app.ready();
  closedApp = createApp({
    db,
    config: { ...testAppConfig, payments: { ...paymentsOf(testAppConfig), adminToken: undefined } },
  });
  await closedApp.ready();
  [buyer, stranger] = (await makeBuyers(db, 2, 10_000_000)) as [typeof buyer, typeof stranger];
  await db.query('UPDATE users SET is_after_sale = 1 WHERE id = $1', [buyer.id]);
  demo2Token = await login(app, 'demo2');
});

afterAll(async () => {
  const users = [buyer.id, stranger.id];
  await db.query('DELETE FROM money_log WHERE user_id = ANY($1::int[])', [users]);
  await forgetPoints(db, users);
  await db.query('DELETE FROM orders WHERE user_id = ANY($1::int[])', [users]);
  await db.query('DELETE FROM cart_lines WHERE goods_id = ANY($1::int[])', [goodsIds]);
  await db.query('DELETE FROM goods WHERE id = ANY($1::int[])', [goodsIds]);
  await Promise.all([app.close(), closedApp.close()]);
});

describe('the order centre (AFTER-02)', () => {
  let order: OrderDetailDto;
  let goodsA: number;
  let goodsB: number;
  beforeAll(async () => {
    goodsA = await goodsCopy(1250);
    goodsB = await goodsCopy(3999);
    order = await paidOrder(buyer, [
      [goodsA, 4],
      [goodsB, 3],
    ]);
  });

  it('counts every tab in one call', async () => {
    const counts = await call<Record<string, number>>(app, 'GET', '/api/order/counts', { token: buyer.token });
    expect(counts.status).toBe(200);
    expect(counts.body.data).toEqual({
      all: 1,
      unpaid: 0,
      confirming: 0,
      paid: 1,
      shipped: 0,
      done: 0,
      cancelled: 0,
      after_sale: 0,
    });
  });

  it('searches by order number or goods name, and by China-time days', async () => {
    const list = (query: Record<string, unknown>) =>
      call<{ total: number; data: { id: number }[] }>(app, 'GET', '/api/order', { token: buyer.token, query });
    expect((await list({ keyword: order.order_sn.slice(0, 10) })).body.data.total).toBe(1);
    expect((await list({ keyword: '售后测试' })).body.data.total).toBe(1);
    expect((await list({ keyword: '没有这种商品%' })).body.data.total).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect((await list({ start_date: today, end_date: today })).body.data.total).toBe(1);
    expect((await list({ start_date: '2020-01-01', end_date: '2020-01-31' })).body.data.total).toBe(0);
    const bad = await list({ start_date: '2026-13-01' });
    expect(bad.status).toBe(422);
    // VAL-24: well formed but no such month, so the calendar's refusal rather than the format's.
    expect(bad.body.message).toBe('开始日期不是有效的日期');
    const reversed = await list({ start_date: '2026-02-01', end_date: '2026-01-01' });
    expect(reversed.body.data).toEqual({ end_date: ['结束日期不能早于开始日期'] });
  });

  it('ships through the operator call only with the admin token, and only a paid order', async () => {
    const form = { carrier: '顺丰速运', waybill: 'SF1234567890' };
    expect((await admin(`/api/admin/order/${order.id}/ship`, form, ADMIN_TOKEN, closedApp)).status).toBe(404);
    expect((await admin(`/api/admin/order/${order.id}/ship`, form, null)).status).toBe(403);
    expect((await admin(`/api/admin/order/${order.id}/ship`, form, 'wrong-token-wrong-token')).status).toBe(403);
    expect((await admin(`/api/admin/order/${order.id}/ship`, { carrier: '顺丰速运', waybill: '单号' })).status).toBe(
      422,
    );
    const early = await call(app, 'POST', `/api/order/${order.id}/receive`, { token: buyer.token });
    expect(early.body.code).toBe(40063);

    const shipped = await admin<OrderDetailDto>(`/api/admin/order/${order.id}/ship`, form);
    expect(shipped.status).toBe(200);
    expect(shipped.body.data.status).toBe(2);
    expect(shipped.body.data.shipment).toMatchObject({ carrier: '顺丰速运', waybill: 'SF1234567890' });
    expect(shipped.body.data.shipment?.traces).toHaveLength(1);
    const again = await admin(`/api/admin/order/${order.id}/ship`, form);
    expect(again.body.code).toBe(40064);
    const messages = await db.query<{ title: string }>(
      "SELECT title FROM messages WHERE user_id = $1 AND title = '订单已发货'",
      [buyer.id],
    );
    expect(messages).toHaveLength(1);
    const traced = await admin<OrderDetailDto>(`/api/admin/order/${order.id}/trace`, {
      text: '快件已到达杭州转运中心',
    });
    expect(traced.body.data.shipment?.traces[0]?.text).toBe('快件已到达杭州转运中心');
  });

  it('lets only the buyer confirm receipt; the order is done with its timeline', async () => {
    const other = await call(app, 'POST', `/api/order/${order.id}/receive`, { token: demo2Token });
    expect(other.status).toBe(404);
    const received = await call<OrderDetailDto>(app, 'POST', `/api/order/${order.id}/receive`, { token: buyer.token });
    expect(received.status).toBe(200);
    expect(received.body.data.status).toBe(3);
    expect(received.body.data.can_return).toBe(1);
    expect(received.body.data.events.map((e) => e.kind)).toEqual(['placed', 'paid', 'shipped', 'received']);
    const twice = await call(app, 'POST', `/api/order/${order.id}/receive`, { token: buyer.token });
    expect(twice.body.code).toBe(40063);
  });

  it('buys again through the cart rules and names what could not be added', async () => {
    await db.query('UPDATE goods SET is_buy = 0 WHERE id = $1', [goodsB]);
    try {
      const again = await call<{ added: number; failed: { goods_id: number; reason: string }[] }>(
        app,
        'POST',
        `/api/order/${order.id}/rebuy`,
        { token: buyer.token },
      );
      expect(again.status).toBe(200);
      expect(again.body.data.added).toBe(1);
      expect(again.body.data.failed).toEqual([expect.objectContaining({ goods_id: goodsB })]);
      const other = await call(app, 'POST', `/api/order/${order.id}/rebuy`, { token: demo2Token });
      expect(other.status).toBe(404);
    } finally {
      await db.query('UPDATE goods SET is_buy = 1 WHERE id = $1', [goodsB]);
      await db.query('DELETE FROM cart_lines WHERE user_id = $1', [buyer.id]);
    }
  });

  describe('returns (AFTER-04..AFTER-08)', () => {
    const lineOf = (goodsId: number) => {
      const line = order.lines.find((l) => l.goods_id === goodsId);
      if (line === undefined) throw new Error('no such line');
      return line;
    };
    const ask = (form: Record<string, unknown>, token = buyer.token, orderId = order.id) =>
      call<ReturnDto>(app, 'POST', `/api/order/${orderId}/return`, { token, form, arrayFormat: 'brackets' });

    it('refuses bad input and changes nothing', async () => {
      const line = lineOf(goodsA);
      const tooMany = await ask({ order_line_id: line.id, number: 5, reason: '商品破损' });
      expect(tooMany.status).toBe(422);
      expect(tooMany.body.data).toEqual({ number: [expect.stringContaining('最多还可申请退货4')] });
      const noReason = await ask({ order_line_id: line.id, number: 1, reason: '随便' });
      expect(noReason.status).toBe(422);
      const other = await ask({ order_line_id: line.id, number: 1, reason: '其他' });
      expect(other.body.data).toEqual({ description: ['请说明退货原因'] });
      const [foreignFile] = await db.query<{ id: number }>(
        `INSERT INTO files (user_id, purpose, name, mime, size, sha256, bytes)
         VALUES ($1, 'return', 'x.png', 'image/png', 1, 'x', '\\x00') RETURNING id`,
        [stranger.id],
      );
      const photo = await ask({ order_line_id: line.id, number: 1, reason: '商品破损', file_ids: [foreignFile?.id] });
      expect(photo.status).toBe(422);
      expect(Object.keys(photo.body.data ?? {})).toEqual(['file_ids']);
      const [{ n } = { n: -1 }] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM returns WHERE order_id = $1',
        [order.id],
      );
      expect(n).toBe(0);
    });

    it("answers another company's order, line or return as unknown ones", async () => {
      const [demo2Order] = await db.query<{ id: number; line_id: number }>(
        `SELECT o.id, (SELECT l.id FROM order_lines l WHERE l.order_id = o.id ORDER BY l.id LIMIT 1) AS line_id
         FROM orders o JOIN users u ON u.id = o.user_id WHERE u.username = 'demo2' AND o.status = 3 LIMIT 1`,
      );
      if (demo2Order === undefined) throw new Error('the seed gave demo2 no done order');
      expect(
        (await ask({ order_line_id: demo2Order.line_id, number: 1, reason: '商品破损' }, buyer.token, demo2Order.id))
          .status,
      ).toBe(404);
      expect((await call(app, 'GET', `/api/order/${demo2Order.id}/after_sale`, { token: buyer.token })).status).toBe(
        404,
      );
      const foreignLine = await ask({ order_line_id: demo2Order.line_id, number: 1, reason: '商品破损' });
      expect(foreignLine.status).toBe(422);
      expect(foreignLine.body.data).toEqual({ order_line_id: ['请选择要退货的商品'] });
      expect((await ask({ order_line_id: lineOf(goodsA).id, number: 1, reason: '商品破损' }, demo2Token)).status).toBe(
        404,
      );
    });

    it('refuses a buyer without after-sales service (AFTER-01)', async () => {
      await db.query('UPDATE users SET is_after_sale = 0 WHERE id = $1', [buyer.id]);
      try {
        const closed = await ask({ order_line_id: lineOf(goodsA).id, number: 1, reason: '商品破损' });
        expect(closed.body.code).toBe(40060);
        const page = await call<{ can_return: number }>(app, 'GET', `/api/order/${order.id}/after_sale`, {
          token: buyer.token,
        });
        expect(page.body.data.can_return).toBe(0);
      } finally {
        await db.query('UPDATE users SET is_after_sale = 1 WHERE id = $1', [buyer.id]);
      }
    });

    it('asks once per unit: a second return of the same units is refused, a refused one frees them', async () => {
      const line = lineOf(goodsB);
      const first = await ask({ order_line_id: line.id, number: 3, reason: '商品质量问题', description: '包装漏液' });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data.status).toBe(0);
      const second = await ask({ order_line_id: line.id, number: 3, reason: '商品质量问题' });
      expect(second.status).toBe(422);
      expect(second.body.data).toEqual({ number: [expect.stringContaining('已全部申请过售后')] });
      const refused = await admin<ReturnDto>(`/api/admin/return/${first.body.data.id}/refuse`, {
        reason: '已超过退货期',
      });
      expect(refused.body.data).toMatchObject({ status: 2, refusal: '已超过退货期' });
      const page = await call<{ lines: { id: number; returnable: number }[] }>(
        app,
        'GET',
        `/api/order/${order.id}/after_sale`,
        { token: buyer.token },
      );
      expect(page.body.data.lines.find((l) => l.id === line.id)?.returnable).toBe(3);
      expect((await call(app, 'GET', `/api/return/${first.body.data.id}`, { token: demo2Token })).status).toBe(404);
    });

    it('refunds to the balance exactly once, however many refund calls race (AFTER-07)', async () => {
      const line = lineOf(goodsA);
      const asked = await ask({ order_line_id: line.id, number: 2, reason: '商品破损', description: '外箱破损' });
      expect(asked.status).toBe(200);
      const id = asked.body.data.id;
      const expected = refundFor(
        {
          goods_amount: order.amounts.goods_amount,
          freight_amount: order.amounts.freight_amount,
          pay_amount: order.amounts.pay_amount,
        },
        line.price,
        2,
      );
      expect(asked.body.data.refund_amount).toBe(expected);
      expect((await admin(`/api/admin/return/${id}/refund`, {})).body.code).toBe(40062);
      expect((await admin(`/api/admin/return/${id}/receive`, {})).body.code).toBe(40062);
      expect((await admin<ReturnDto>(`/api/admin/return/${id}/approve`, {})).body.data.status).toBe(1);
      expect((await admin<ReturnDto>(`/api/admin/return/${id}/receive`, {})).body.data.status).toBe(3);

      const before = await balanceOf(buyer.id);
      const answers = await Promise.all(Array.from({ length: 12 }, () => admin(`/api/admin/return/${id}/refund`, {})));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 200).every((a) => a.body.code === 40062)).toBe(true);
      expect(await balanceOf(buyer.id)).toBe(before + expected);
      const logs = await db.query<{ amount: number; use_type: number; balance_after: number }>(
        'SELECT amount, use_type, balance_after FROM money_log WHERE return_id = $1',
        [id],
      );
      expect(logs).toEqual([{ amount: expected, use_type: 3, balance_after: before + expected }]);
      const messages = await db.query('SELECT 1 FROM messages WHERE user_id = $1 AND title = $2', [
        buyer.id,
        '退款已完成',
      ]);
      expect(messages).toHaveLength(1);

      const seen = await call<ReturnDto>(app, 'GET', `/api/return/${id}`, { token: buyer.token });
      expect(seen.body.data).toMatchObject({ status: 4, status_text: '已退款', refund_amount: expected });
      const detail = await call<OrderDetailDto>(app, 'GET', `/api/order/${order.id}`, { token: buyer.token });
      expect(detail.body.data.events.map((e) => e.kind)).toEqual(
        expect.arrayContaining(['return_requested', 'return_approved', 'return_received', 'refunded']),
      );
      const counts = await call<Record<string, number>>(app, 'GET', '/api/order/counts', { token: buyer.token });
      expect(counts.body.data.after_sale).toBe(1);
      const tab = await call<{ total: number }>(app, 'GET', '/api/order', {
        token: buyer.token,
        query: { after_sale: 1 },
      });
      expect(tab.body.data.total).toBe(1);
    });

    it('judges concurrent requests for the same units one after the other: one is accepted (AFTER-04)', async () => {
      const line = lineOf(goodsA);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          ask({ order_line_id: line.id, number: 2, reason: '商品破损', description: '并发' }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 422)).toHaveLength(5);
      const [{ n } = { n: -1 }] = await db.query<{ n: number }>(
        'SELECT coalesce(sum(number), 0)::int AS n FROM returns WHERE order_line_id = $1 AND status <> 2',
        [line.id],
      );
      expect(n).toBe(4);
    });
  });
});

describe('the refund share (AFTER-06)', () => {
  it('spreads what was paid for goods over the lines by value, floored, never more than paid', () => {
    const order = { goods_amount: 10_000, freight_amount: 1000, pay_amount: 8999 };
    expect(refundFor(order, 3333, 1)).toBe(2666);
    const all = refundFor(order, 3333, 3) + refundFor(order, 1, 1);
    expect(all).toBeLessThanOrEqual(order.pay_amount - order.freight_amount);
    expect(refundFor({ goods_amount: 0, freight_amount: 0, pay_amount: 0 }, 100, 1)).toBe(0);
  });
});
