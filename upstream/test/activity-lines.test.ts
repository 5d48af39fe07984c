import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import type { OrderDto } from '../src/areas/orders/service';
import { call, clearCart, login, removeGoods, testApp, userId } from './testkit';

// Sets (组合购, cart line type 3) and group-buy joins (拼团, type 2) in the cart, the order and a cancel. Each test
// makes its own goods, groups and offers, so the seeded catalogue that other files read never changes.

let app: FastifyInstance;
let db: Db;
let demo: string;
let addressId: number;
const goodsMade: number[] = [];
const groupsMade: number[] = [];
const offersMade: number[] = [];

beforeAll(async () => {
  ({ app, db } = await testApp());
  demo = await login(app, 'demo');
  const [address] = await db.query<{ id: number }>('SELECT id FROM addresses WHERE user_id = $1 AND is_default = 1', [
    await userId(db, 'demo'),
  ]);
  addressId = address?.id ?? 0;
});
beforeEach(async () => {
  await clearCart(db, 'demo');
  await clearCart(db, 'demo3');
});
afterAll(async () => {
  await clearCart(db, 'demo');
  await clearCart(db, 'demo3');
  await db.query('DELETE FROM group_buys WHERE id = ANY($1::int[])', [offersMade]);
  await db.query('DELETE FROM combination_groups WHERE id = ANY($1::int[])', [groupsMade]);
  await removeGoods(db, goodsMade);
});

interface Goods {
  id: number;
  name: string;
  number: number;
  price: number;
  combination?: { number: number; price: number | null };
}
interface Line {
  id: number;
  number: number;
  price: number;
  raw_price: number;
  is_selected: number;
  type: number;
  is_expired: number;
  combination_id: number;
  group_buy_id: number;
  combination: {
    id: number;
    type: number;
    name: string;
    set_price: number;
    original_price: number;
    goods: (Goods & { combination: { number: number; price: number } })[];
  } | null;
  group_buy: { id: number; price: number; target_number: number; joined_number: number } | null;
  goods: Goods;
}

let made = 0;
/** A buyable goods of its own, copied from a seeded one, with this stock and price (fen) and no ladder. */
async function goodsWith(stock: number, price: number): Promise<{ id: number; name: string }> {
  made += 1;
  const [row] = await db.query<{ id: number; name: string }>(
    `INSERT INTO goods (name, name_py, sccj, sccj_py, ypgg, bzdw, category_id, is_buy, number, base_price, price)
     SELECT name || '（组合测试' || $3::int::text || '）', name_py, sccj, sccj_py, ypgg, bzdw, category_id, 1, $1, $2, $2
     FROM goods WHERE is_buy = 1 AND is_hm = 0 ORDER BY id LIMIT 1 RETURNING id, name`,
    [stock, price, made],
  );
  if (row === undefined) throw new Error('could not copy a goods');
  goodsMade.push(row.id);
  return row;
}

/** A bundle of new goods: each with its stock, units per set and combination unit price; running unless said. */
async function bundle(
  items: { stock: number; perSet: number; price: number }[],
  period = "now() - interval '1 day', now() + interval '1 day'",
) {
  const goods = [];
  for (const item of items) goods.push(await goodsWith(item.stock, item.price + 100));
  const [group] = await db.query<{ id: number }>(
    `INSERT INTO combination_groups (kind, name, describe, start_at, end_at)
     VALUES ('bundle', '测试组合装', '测试', ${period}) RETURNING id`,
  );
  const id = group?.id ?? 0;
  groupsMade.push(id);
  for (const [i, item] of items.entries()) {
    await db.query(
      'INSERT INTO combination_goods (group_id, goods_id, number, price, sort) VALUES ($1, $2, $3, $4, $5)',
      [id, goods[i]?.id ?? 0, item.perSet, item.price, i],
    );
  }
  return { id, goods };
}

/** A group-buy offer of a new goods at `price`, target 100 units, 10 joined. */
async function offer(stock: number, price: number, period = "now() - interval '1 day', now() + interval '1 day'") {
  const goods = await goodsWith(stock, price + 200);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO group_buys (goods_id, price, target_number, joined_number, start_at, end_at)
     VALUES ($1, $2, 100, 10, ${period}) RETURNING id`,
    [goods.id, price],
  );
  offersMade.push(row?.id ?? 0);
  return { id: row?.id ?? 0, goods };
}

const add = (lines: Record<string, unknown>[], token = demo) =>
  call<{ total: number }>(app, 'POST', '/api/cart', { token, form: { params: lines } });
const cart = async (token = demo) =>
  (await call<{ data: Line[] }>(app, 'GET', '/api/cart/list', { token, query: { filters: 99999, new: 1 } })).body.data
    .data;
const stockOf = async (id: number) =>
  (await db.query<{ number: number }>('SELECT number FROM goods WHERE id = $1', [id]))[0]?.number;
const joinedOf = async (id: number) =>
  (await db.query<{ n: number }>('SELECT joined_number AS n FROM group_buys WHERE id = $1', [id]))[0]?.n;
let keys = 0;
const placeOrder = (cartIds: number[]) =>
  call<OrderDto>(app, 'POST', '/api/order', {
    token: demo,
    form: { cart_ids: cartIds, address_id: addressId, invoice_type: 1, idempotency_key: `act-${Date.now()}-${++keys}` },
    arrayFormat: 'brackets',
  });
const cancel = (orderId: number) => call<OrderDto>(app, 'POST', `/api/order/${orderId}/cancel`, { token: demo });

describe('a set (组合购) in the cart', () => {
  it('is one line of type 3 at the set price; adding the same set again adds to that line', async () => {
    const set = await bundle([
      { stock: 100, perSet: 2, price: 1080 },
      { stock: 100, perSet: 1, price: 2250 },
    ]);
    const first = await add([{ type: 3, combination_id: set.id, number: 1 }]);
    expect(first.body).toEqual({ code: 10000, message: '加入购物车成功', data: { total: 1 } });
    await add([{ type: 3, combination_id: set.id, number: 2 }]);
    const lines = await cart();
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      number: 3,
      type: 3,
      price: 2 * 1080 + 2250,
      // One set at the goods' own prices (each 100 fen above its combination price).
      raw_price: 2 * 1180 + 2350,
      is_selected: 1,
      is_expired: 0,
      combination_id: set.id,
      group_buy_id: 0,
      group_buy: null,
      // Old clients still see a goods: the set's first.
      goods: { id: set.goods[0]?.id },
    });
    expect(line?.combination).toMatchObject({ id: set.id, type: 2, name: '测试组合装', set_price: 4410 });
    expect(line?.combination?.goods.map((g) => [g.id, g.combination.number, g.combination.price])).toEqual([
      [set.goods[0]?.id, 2, 1080],
      [set.goods[1]?.id, 1, 2250],
    ]);
  });

  it('refuses more sets than the scarcest goods allows with 40001 naming it, counting what is in the line', async () => {
    const set = await bundle([
      { stock: 100, perSet: 1, price: 500 },
      { stock: 9, perSet: 2, price: 500 },
    ]);
    const over = await add([{ type: 3, combination_id: set.id, number: 5 }]);
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ code: 40001, message: `${set.goods[1]?.name}库存不足，最多可购买4组`, data: null });
    expect(await cart()).toEqual([]);
    await add([{ type: 3, combination_id: set.id, number: 3 }]);
    expect((await add([{ type: 3, combination_id: set.id, number: 2 }])).body.code).toBe(40001);
    expect((await cart())[0]?.number).toBe(3);
    const [line] = await cart();
    const edit = await call(app, 'POST', `/api/cart/${line?.id}/edit`, {
      token: demo,
      form: { params: { number: 5 } },
    });
    expect(edit.body).toMatchObject({ code: 40001, message: `${set.goods[1]?.name}库存不足，最多可购买4组` });
    const edited = await call<Line>(app, 'POST', `/api/cart/${line?.id}/edit`, {
      token: demo,
      form: { params: { number: 4 } },
    });
    expect(edited.body.data).toMatchObject({ number: 4, price: 1500, combination: { id: set.id } });
  });

  it('refuses a set whose group ended or has not started (40013), a gift group or unknown one (404)', async () => {
    const ended = await bundle(
      [{ stock: 10, perSet: 1, price: 500 }],
      "now() - interval '2 days', now() - interval '1 day'",
    );
    const later = await bundle(
      [{ stock: 10, perSet: 1, price: 500 }],
      "now() + interval '1 day', now() + interval '2 days'",
    );
    expect((await add([{ type: 3, combination_id: ended.id, number: 1 }])).body).toEqual({
      code: 40013,
      message: '该组合购活动已结束',
      data: null,
    });
    expect((await add([{ type: 3, combination_id: later.id, number: 1 }])).body.message).toBe('该组合购活动尚未开始');
    const [gift] = await db.query<{ id: number }>("SELECT id FROM combination_groups WHERE kind = 'gift' LIMIT 1");
    expect((await add([{ type: 3, combination_id: gift?.id, number: 1 }])).status).toBe(404);
    expect((await add([{ type: 3, combination_id: 99999999, number: 1 }])).status).toBe(404);
    expect(await cart()).toEqual([]);
  });

  it('validates the line with Chinese messages; a seckill line must name its seckill (PRICE-03)', async () => {
    const set = await bundle([{ stock: 10, perSet: 1, price: 500 }]);
    expect((await add([{ type: 3, combination_id: set.id, number: 0 }])).body).toEqual({
      code: 422,
      message: '组数必须是大于0的整数',
      data: { 'params.0.number': ['组数必须是大于0的整数'] },
    });
    expect((await add([{ type: 3, number: 1 }])).body.data).toEqual({ 'params.0.combination_id': ['组合不存在'] });
    expect((await add([{ type: 2, number: 1 }])).body.data).toEqual({ 'params.0.group_buy_id': ['拼团活动不存在'] });
    const seckill = await add([{ type: 1, goods_id: set.goods[0]?.id, number: 1 }]);
    expect(seckill.status).toBe(422);
    expect(seckill.body.data).toEqual({ 'params.0.goods_price_id': ['秒杀活动不存在'] });
    // A price id that names no seckill of the goods (a tampered one) is an unknown seckill: nothing is added.
    const tampered = await add([{ type: 1, goods_id: set.goods[0]?.id, goods_price_id: 999999, number: 1 }]);
    expect(tampered.status).toBe(404);
    expect(tampered.body.message).toBe('秒杀活动不存在');
  });

  it('becomes unavailable (never selected) once its group ends or a goods runs short of one set', async () => {
    const set = await bundle([
      { stock: 10, perSet: 2, price: 500 },
      { stock: 10, perSet: 1, price: 500 },
    ]);
    await add([{ type: 3, combination_id: set.id, number: 1 }]);
    await db.query('UPDATE goods SET number = 1 WHERE id = $1', [set.goods[0]?.id ?? 0]);
    expect((await cart())[0]).toMatchObject({ is_selected: 0, is_expired: 0 });
    await db.query('UPDATE goods SET number = 10 WHERE id = $1', [set.goods[0]?.id ?? 0]);
    expect((await cart())[0]).toMatchObject({ is_selected: 1 });
    await db.query("UPDATE combination_groups SET end_at = now() - interval '1 second' WHERE id = $1", [set.id]);
    expect((await cart())[0]).toMatchObject({ is_selected: 0, is_expired: 1 });
    const preview = await call(app, 'POST', '/api/cart/checkout', {
      token: demo,
      form: { ids: [(await cart())[0]?.id] },
      arrayFormat: 'brackets',
    });
    expect(preview.body.code).toBe(40005);
  });

  it('is copied to another store of the company as the same set', async () => {
    const set = await bundle([{ stock: 50, perSet: 1, price: 500 }]);
    await add([{ type: 3, combination_id: set.id, number: 2 }]);
    const demo3 = await login(app, 'demo3');
    const copied = await call(app, 'POST', '/api/cart/copy', {
      token: demo,
      form: { ids: [(await cart())[0]?.id], other_user_ids: [await userId(db, 'demo3')] },
      arrayFormat: 'brackets',
    });
    expect(copied.body).toMatchObject({ code: 10000, data: { copied: 1 } });
    expect(await cart(demo3)).toEqual([expect.objectContaining({ type: 3, number: 2, combination_id: set.id })]);
  });
});

describe('ordering a set', () => {
  it('takes each goods × units per set × sets, records the set goods by goods, and a cancel gives it back', async () => {
    const set = await bundle([
      { stock: 100, perSet: 2, price: 1080 },
      { stock: 50, perSet: 1, price: 2250 },
    ]);
    await add([{ type: 3, combination_id: set.id, number: 3 }]);
    const lineIds = (await cart()).map((l) => l.id);
    const preview = await call<{ lines: Line[]; amounts: OrderDto['amounts'] }>(app, 'POST', '/api/cart/checkout', {
      token: demo,
      form: { ids: lineIds },
      arrayFormat: 'brackets',
    });
    expect(preview.body.data.lines[0]?.combination?.goods).toHaveLength(2);
    expect(preview.body.data.amounts.goods_amount).toBe(4410 * 3);

    const placed = await placeOrder(lineIds);
    expect(placed.status).toBe(200);
    const order = placed.body.data;
    expect(order.amounts).toEqual(preview.body.data.amounts);
    expect(order.lines).toEqual([
      expect.objectContaining({
        goods_id: set.goods[0]?.id,
        number: 6,
        price: 1080,
        total: 6480,
        combination: { id: set.id, name: '测试组合装', number: 2, sets: 3 },
        group_buy_id: null,
      }),
      expect.objectContaining({
        goods_id: set.goods[1]?.id,
        number: 3,
        price: 2250,
        total: 6750,
        combination: { id: set.id, name: '测试组合装', number: 1, sets: 3 },
      }),
    ]);
    expect(await stockOf(set.goods[0]?.id ?? 0)).toBe(94);
    expect(await stockOf(set.goods[1]?.id ?? 0)).toBe(47);
    expect(await cart()).toEqual([]);

    expect((await cancel(order.id)).status).toBe(200);
    expect(await stockOf(set.goods[0]?.id ?? 0)).toBe(100);
    expect(await stockOf(set.goods[1]?.id ?? 0)).toBe(50);
  });

  it('refuses with 40003 naming the goods when a goods of the set sold out meanwhile, and takes nothing', async () => {
    const set = await bundle([
      { stock: 20, perSet: 1, price: 500 },
      { stock: 20, perSet: 2, price: 500 },
    ]);
    await add([{ type: 3, combination_id: set.id, number: 5 }]);
    await db.query('UPDATE goods SET number = 7 WHERE id = $1', [set.goods[1]?.id ?? 0]);
    const res = await placeOrder((await cart()).map((l) => l.id));
    expect(res.body).toEqual({ code: 40003, message: `${set.goods[1]?.name}库存不足，最多可购买7件`, data: null });
    expect(await stockOf(set.goods[0]?.id ?? 0)).toBe(20);
    expect(await cart()).toHaveLength(1);
  });

  it('refuses with 40003 naming the set when its goods no longer make one set, and takes nothing', async () => {
    const set = await bundle([
      { stock: 20, perSet: 1, price: 500 },
      { stock: 20, perSet: 2, price: 500 },
    ]);
    await add([{ type: 3, combination_id: set.id, number: 1 }]);
    await db.query('UPDATE goods SET number = 1 WHERE id = $1', [set.goods[1]?.id ?? 0]);
    const res = await placeOrder((await cart()).map((l) => l.id));
    expect(res.body).toEqual({ code: 40003, message: '测试组合装库存不足，已售罄', data: null });
    expect(await stockOf(set.goods[0]?.id ?? 0)).toBe(20);
    expect(await cart()).toHaveLength(1);
  });
});

describe('joining a group-buy (拼团)', () => {
  it('is a line of type 2 at the group price; joining again adds to it', async () => {
    const gb = await offer(300, 900);
    await add([{ type: 2, group_buy_id: gb.id, number: 4 }]);
    await add([{ type: 2, group_buy_id: gb.id, number: 6 }]);
    const lines = await cart();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      type: 2,
      number: 10,
      price: 900,
      raw_price: 1100,
      is_selected: 1,
      is_expired: 0,
      group_buy_id: gb.id,
      combination: null,
      group_buy: { id: gb.id, price: 900, target_number: 100, joined_number: 10 },
      goods: { id: gb.goods.id },
    });
    // An ordinary line of the same goods stays apart, at the goods' own price.
    await add([{ goods_id: gb.goods.id, number: 1 }]);
    expect((await cart()).map((l) => [l.type, l.price])).toEqual([
      [0, 1100],
      [2, 900],
    ]);
    expect((await add([{ type: 2, group_buy_id: gb.id, number: 291 }])).body.code).toBe(40001);
  });

  it('counts ordered units towards the group and gives them back when the unpaid order is cancelled', async () => {
    const gb = await offer(300, 900);
    await add([{ type: 2, group_buy_id: gb.id, number: 7 }]);
    const placed = await placeOrder((await cart()).map((l) => l.id));
    expect(placed.status).toBe(200);
    expect(placed.body.data.lines).toEqual([
      expect.objectContaining({ goods_id: gb.goods.id, number: 7, price: 900, group_buy_id: gb.id, combination: null }),
    ]);
    expect(await joinedOf(gb.id)).toBe(17);
    expect(await stockOf(gb.goods.id)).toBe(293);
    await cancel(placed.body.data.id);
    expect(await joinedOf(gb.id)).toBe(10);
    expect(await stockOf(gb.goods.id)).toBe(300);
  });

  it('refuses an ended offer (40013) and an unknown one (404); a line of an offer that ended is unavailable', async () => {
    const ended = await offer(100, 900, "now() - interval '2 days', now() - interval '1 day'");
    expect((await add([{ type: 2, group_buy_id: ended.id, number: 1 }])).body).toEqual({
      code: 40013,
      message: '该拼团活动已结束',
      data: null,
    });
    expect((await add([{ type: 2, group_buy_id: 99999999, number: 1 }])).status).toBe(404);
    const gb = await offer(100, 900);
    await add([{ type: 2, group_buy_id: gb.id, number: 1 }]);
    await db.query("UPDATE group_buys SET end_at = now() - interval '1 second' WHERE id = $1", [gb.id]);
    expect((await cart())[0]).toMatchObject({ is_selected: 0, is_expired: 1 });
    expect((await placeOrder((await cart()).map((l) => l.id))).body.code).toBe(40005);
    expect(await joinedOf(gb.id)).toBe(10);
  });
});
