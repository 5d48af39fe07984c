import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import type { OrderDetailDto } from '../src/areas/orders/service';
import { call, login, makeBuyers, testApp } from './testkit';

// Quick purchase (QUICK-01..QUICK-04) and the buy-again preview (QUICK-05..QUICK-08) through HTTP, with goods of
// their own so that prices, stock and ladders can change without touching other files' goods.

interface FastBuyItem {
  goods_id: number;
  name: string;
  last_price: number;
  last_number: number;
  last_at: string;
  times: number;
  price: number | null;
  stock: number | null;
  is_buy: number | null;
  reason: string | null;
}
interface FastBuyPage {
  current_page: number;
  per_page: number;
  total: number;
  data: FastBuyItem[];
}
interface PreviewLine {
  goods_id: number;
  number: number;
  price_then: number;
  price_now: number | null;
  price_change: string;
  stock: number;
  state: string;
  ladder_then: number | null;
  ladder_now: { number: number; price: number } | null;
  ladder_change: string;
  reason: string | null;
}

let app: FastifyInstance;
let db: Db;
let buyer: { id: number; token: string; addressId: number };
let colleague: { id: number; token: string; addressId: number };
let demo2Token: string;
let goodsA: number;
let goodsB: number;
let goodsC: number;
let first: OrderDetailDto;
let second: OrderDetailDto;
let cancelled: OrderDetailDto;
const goodsIds: number[] = [];

async function goodsCopy(namePy: string, price: number): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO goods (name, name_py, sccj, sccj_py, ypgg, bzdw, category_id, is_buy, number, base_price, price)
     SELECT name || '（快捷采购' || $1::text || '）', $1, sccj, sccj_py, ypgg, bzdw, category_id, 1, 1000, $2, $2
     FROM goods WHERE is_buy = 1 AND is_hm = 0 ORDER BY id LIMIT 1 RETURNING id`,
    [namePy, price],
  );
  if (row === undefined) throw new Error('could not copy a goods');
  goodsIds.push(row.id);
  return row.id;
}

let keys = 0;
async function placeOrder(lines: [number, number][], at: string): Promise<OrderDetailDto> {
  await db.query('DELETE FROM cart_lines WHERE user_id = $1', [buyer.id]);
  const added = await call(app, 'POST', '/api/cart', {
    token: buyer.token,
    form: { params: lines.map(([goods_id, number]) => ({ goods_id, number })) },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const cart = await call<{ data: { id: number }[] }>(app, 'GET', '/api/cart/list', { token: buyer.token });
  const placed = await call<OrderDetailDto>(app, 'POST', '/api/order', {
    token: buyer.token,
    form: {
      cart_ids: cart.body.data.data.map((l) => l.id),
      address_id: buyer.addressId,
      invoice_type: 1,
      idempotency_key: `quick-buy-${Date.now()}-${(keys += 1)}`,
    },
    arrayFormat: 'brackets',
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  await db.query('UPDATE orders SET created_at = $2 WHERE id = $1', [placed.body.data.id, at]);
  return placed.body.data;
}

const fastBuy = (query: Record<string, unknown> = {}, token = buyer.token) =>
  call<FastBuyPage>(app, 'GET', '/api/user/fast_buy', { token, query });
const preview = (orderId: number, token = buyer.token) =>
  call<{ order_id: number; lines: PreviewLine[]; addable: number }>(app, 'GET', `/api/order/${orderId}/rebuy_preview`, {
    token,
  });
const lineOf = (lines: PreviewLine[], goodsId: number) => {
  const line = lines.find((l) => l.goods_id === goodsId);
  if (line === undefined) throw new Error(`no line of goods ${goodsId}`);
  return line;
};

beforeAll(async () => {
  ({ app, db } = await testApp());
  [buyer, colleague] = (await makeBuyers(db, 2)) as [typeof buyer, typeof colleague];
  demo2Token = await login(app, 'demo2');
  goodsA = await goodsCopy('kjcgb', 1000);
  goodsB = await goodsCopy('kjcga', 2000);
  goodsC = await goodsCopy('kjcgc', 500);
  // A minimum-quantity ladder on A: 10 or more at 9.00.
  await db.query('INSERT INTO ladder_prices (goods_id, number, price) VALUES ($1, 10, 900)', [goodsA]);
  first = await placeOrder(
    [
      [goodsA, 5],
      [goodsB, 2],
    ],
    '2026-01-05T08:00:00Z',
  );
  second = await placeOrder([[goodsA, 10]], '2026-02-05T08:00:00Z');
  cancelled = await placeOrder([[goodsC, 1]], '2026-03-05T08:00:00Z');
  const cancel = await call(app, 'POST', `/api/order/${cancelled.id}/cancel`, { token: buyer.token });
  expect(cancel.status).toBe(200);
});

afterAll(async () => {
  await db.query('DELETE FROM cart_lines WHERE user_id = ANY($1::int[])', [[buyer.id, colleague.id]]);
  await app.close();
});

describe('quick purchase (GET /api/user/fast_buy)', () => {
  it('QUICK-01: one row per goods bought in orders not cancelled, with the last price, quantity, date and times', async () => {
    const res = await fastBuy();
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    const [a, b] = res.body.data.data;
    expect(a).toMatchObject({
      goods_id: goodsA,
      last_price: 900,
      last_number: 10,
      last_at: '2026-02-05T08:00:00.000Z',
      times: 2,
      price: 1000,
      stock: expect.any(Number),
      is_buy: 1,
      reason: null,
    });
    expect(b).toMatchObject({ goods_id: goodsB, last_price: 2000, last_number: 2, times: 1 });
    // The cancelled order's goods is not listed.
    expect(res.body.data.data.map((r) => r.goods_id)).not.toContain(goodsC);
  });

  it('QUICK-02: sorts by last bought, times bought or name, and pages', async () => {
    expect((await fastBuy({ order: 'last' })).body.data.data.map((r) => r.goods_id)).toEqual([goodsA, goodsB]);
    expect((await fastBuy({ order: 'times' })).body.data.data.map((r) => r.goods_id)).toEqual([goodsA, goodsB]);
    // B's pinyin initials (kjcga) come before A's (kjcgb).
    expect((await fastBuy({ order: 'name' })).body.data.data.map((r) => r.goods_id)).toEqual([goodsB, goodsA]);
    const pageTwo = await fastBuy({ page: 2, page_size: 1 });
    expect(pageTwo.body.data).toMatchObject({ current_page: 2, per_page: 1, total: 2 });
    expect(pageTwo.body.data.data.map((r) => r.goods_id)).toEqual([goodsB]);
    const past = await fastBuy({ page: 5, page_size: 1 });
    expect(past.body.data).toMatchObject({ total: 2, data: [] });
    expect((await fastBuy({ keyword: 'KJCGA' })).body.data.data.map((r) => r.goods_id)).toEqual([goodsB]);
    const bad = await fastBuy({ order: 'price' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('排序只能是last、times或name');
  });

  it("QUICK-01: lists only the buyer's own purchases, never another account's or company's", async () => {
    for (const token of [colleague.token, demo2Token]) {
      const res = await fastBuy({ page_size: 50 }, token);
      expect(res.status).toBe(200);
      expect(res.body.data.data.map((r) => r.goods_id)).not.toContain(goodsA);
    }
    expect((await fastBuy({}, colleague.token)).body.data.total).toBe(0);
    expect((await call(app, 'GET', '/api/user/fast_buy')).status).toBe(401);
  });

  it('QUICK-04: says why a goods cannot be bought today', async () => {
    try {
      await db.query('UPDATE goods SET is_buy = 0 WHERE id = $1', [goodsB]);
      await db.query('UPDATE goods SET number = 0 WHERE id = $1', [goodsA]);
      const rows = (await fastBuy()).body.data.data;
      expect(rows.find((r) => r.goods_id === goodsB)?.reason).toBe('该商品暂不可购买');
      expect(rows.find((r) => r.goods_id === goodsA)).toMatchObject({ stock: 0, reason: '该商品已售罄' });
    } finally {
      await db.query('UPDATE goods SET is_buy = 1, number = 1000 WHERE id = ANY($1::int[])', [[goodsA, goodsB]]);
    }
  });

  it('QUICK-03: quick add puts the quantity asked for in the cart, one without it, and refuses a bad one', async () => {
    await db.query('DELETE FROM cart_lines WHERE user_id = $1', [buyer.id]);
    const lineNumber = async () => {
      const [row] = await db.query<{ number: number }>(
        'SELECT number FROM cart_lines WHERE user_id = $1 AND goods_id = $2',
        [buyer.id, goodsA],
      );
      return row?.number;
    };
    const added = await call(app, 'POST', `/api/cart/quick_add/${goodsA}`, {
      token: buyer.token,
      form: { number: 10 },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(await lineNumber()).toBe(10);
    expect((await call(app, 'POST', `/api/cart/quick_add/${goodsA}`, { token: buyer.token })).status).toBe(200);
    expect(await lineNumber()).toBe(11);
    const bad = await call(app, 'POST', `/api/cart/quick_add/${goodsA}`, { token: buyer.token, form: { number: 0 } });
    expect(bad.status).toBe(422);
    expect(await lineNumber()).toBe(11);
    await db.query('DELETE FROM cart_lines WHERE user_id = $1', [buyer.id]);
  });
});

describe('buy again preview (GET /api/order/{id}/rebuy_preview)', () => {
  it('QUICK-05: an unchanged order reads the same price and enough stock', async () => {
    const res = await preview(first.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ order_id: first.id, addable: 2 });
    expect(lineOf(res.body.data.lines, goodsA)).toMatchObject({
      number: 5,
      price_then: 1000,
      price_now: 1000,
      price_change: 'same',
      state: 'ok',
      ladder_then: 0,
      ladder_now: null,
      ladder_change: 'none',
      reason: null,
    });
  });

  it('QUICK-05: a price change up or down shows both amounts', async () => {
    try {
      await db.query('UPDATE goods SET price = 2350 WHERE id = $1', [goodsB]);
      await db.query('UPDATE goods SET price = 800 WHERE id = $1', [goodsA]);
      const lines = (await preview(first.id)).body.data.lines;
      expect(lineOf(lines, goodsB)).toMatchObject({ price_then: 2000, price_now: 2350, price_change: 'up' });
      expect(lineOf(lines, goodsA)).toMatchObject({ price_then: 1000, price_now: 800, price_change: 'down' });
    } finally {
      await db.query('UPDATE goods SET price = base_price WHERE id = ANY($1::int[])', [[goodsA, goodsB]]);
    }
  });

  it('QUICK-07: less stock than wanted, none, or no longer sold, each with its reason', async () => {
    try {
      await db.query('UPDATE goods SET number = 3 WHERE id = $1', [goodsA]);
      await db.query('UPDATE goods SET is_buy = 0 WHERE id = $1', [goodsB]);
      let res = await preview(first.id);
      expect(lineOf(res.body.data.lines, goodsA)).toMatchObject({
        state: 'short',
        stock: 3,
        reason: '库存不足，最多可购买3件',
      });
      expect(lineOf(res.body.data.lines, goodsB)).toMatchObject({ state: 'gone', reason: '该商品暂不可购买' });
      expect(res.body.data.addable).toBe(0);
      await db.query('UPDATE goods SET number = 0 WHERE id = $1', [goodsA]);
      res = await preview(first.id);
      expect(lineOf(res.body.data.lines, goodsA)).toMatchObject({ state: 'out', reason: '该商品已售罄' });
    } finally {
      await db.query('UPDATE goods SET is_buy = 1, number = 1000 WHERE id = ANY($1::int[])', [[goodsA, goodsB]]);
    }
  });

  it('QUICK-06: a ladder tier reached now at the same quantity, or lost since', async () => {
    try {
      // Five units of A paid the list price; a tier from 5 now prices them lower.
      await db.query('INSERT INTO ladder_prices (goods_id, number, price) VALUES ($1, 5, 850)', [goodsA]);
      const reached = lineOf((await preview(first.id)).body.data.lines, goodsA);
      expect(reached).toMatchObject({
        ladder_then: 0,
        ladder_now: { number: 5, price: 850 },
        ladder_change: 'reached',
        price_now: 850,
        price_change: 'down',
      });
      // Ten units of A paid the tier price; without the ladder they pay the list price.
      expect(lineOf((await preview(second.id)).body.data.lines, goodsA)).toMatchObject({
        ladder_then: 1,
        ladder_change: 'none',
        ladder_now: { number: 10, price: 900 },
      });
      await db.query('DELETE FROM ladder_prices WHERE goods_id = $1', [goodsA]);
      expect(lineOf((await preview(second.id)).body.data.lines, goodsA)).toMatchObject({
        price_then: 900,
        price_now: 1000,
        price_change: 'up',
        ladder_then: 1,
        ladder_now: null,
        ladder_change: 'lost',
      });
    } finally {
      await db.query('DELETE FROM ladder_prices WHERE goods_id = $1', [goodsA]);
      await db.query('INSERT INTO ladder_prices (goods_id, number, price) VALUES ($1, 10, 900)', [goodsA]);
    }
  });

  it("QUICK-05: another company's or account's order, or no order, answers 404", async () => {
    expect((await preview(first.id, demo2Token)).status).toBe(404);
    expect((await preview(first.id, colleague.token)).status).toBe(404);
    expect((await preview(2147483647)).status).toBe(404);
    expect((await preview(first.id, demo2Token)).body.message).toBe('订单不存在');
  });

  it('QUICK-08: confirming puts the lines in the cart by the cart rules and says what went and what did not', async () => {
    await db.query('DELETE FROM cart_lines WHERE user_id = $1', [buyer.id]);
    try {
      await db.query('UPDATE goods SET is_buy = 0 WHERE id = $1', [goodsB]);
      const res = await call<{
        added: number;
        added_lines: { goods_id: number; number: number }[];
        failed: { goods_id: number; reason: string }[];
      }>(app, 'POST', `/api/order/${first.id}/rebuy`, { token: buyer.token });
      expect(res.status).toBe(200);
      expect(res.body.data.added_lines).toEqual([expect.objectContaining({ goods_id: goodsA, number: 5 })]);
      expect(res.body.data.failed).toEqual([expect.objectContaining({ goods_id: goodsB, reason: '该商品暂不可购买' })]);
      const cart = await db.query<{ goods_id: number; number: number }>(
        'SELECT goods_id, number FROM cart_lines WHERE user_id = $1',
        [buyer.id],
      );
      expect(cart).toEqual([{ goods_id: goodsA, number: 5 }]);
    } finally {
      await db.query('UPDATE goods SET is_buy = 1 WHERE id = $1', [goodsB]);
      await db.query('DELETE FROM cart_lines WHERE user_id = $1', [buyer.id]);
    }
  });
});
