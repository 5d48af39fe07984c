import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import type { GoodsDto } from '../src/lib/goods';
import { call, clearCart, findGoods, login, testApp } from './testkit';

let app: FastifyInstance;
let db: Db;
let demo: string;
let demo2: string;
beforeAll(async () => {
  ({ app, db } = await testApp());
  demo = await login(app, 'demo');
  demo2 = await login(app, 'demo2');
});
beforeEach(async () => {
  await clearCart(db, 'demo');
  await clearCart(db, 'demo2');
});

interface Line {
  id: number;
  number: number;
  price: number;
  raw_price: number;
  total: number;
  is_selected: number;
  is_available: number;
  next_tier_hint: string | null;
  free_shipping_hint: string | null;
  type: number;
  goods: GoodsDto;
}
interface Tier {
  id: number;
  amount: number;
  status: number;
  label: string;
  shortfall: number | null;
}
interface CartList {
  action: number;
  user_id: number;
  data: Line[];
  shipping_data: { shipping_amount: number; no_trans_order_amount: number };
  activity_data: {
    manjians: (Tier & { reduce: number })[];
    discounts: (Tier & { discount: number })[];
  };
  summary: {
    selected_count: number;
    selected_total: number;
    shipping_shortfall: number | null;
    free_shipping: number;
    amounts: Record<string, number>;
  };
  filter_data: unknown[];
}

const add = (token: string, lines: Record<string, unknown>[]) =>
  call<{ total: number }>(app, 'POST', '/api/cart', { token, form: { params: lines } });
const cart = async (token = demo) =>
  (await call<CartList>(app, 'GET', '/api/cart/list', { token, query: { filters: 99999, new: 1 } })).body.data;

const buyable = () => findGoods(db, 'g.is_buy = 1 AND g.number >= 200 AND g.ladder_price_type = 0');

describe('adding to the cart', () => {
  it('a visitor is asked to sign in', async () => {
    const res = await call(app, 'POST', '/api/cart', { form: { params: [{ goods_id: 1, number: 1 }] } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10001);
  });

  it('adds a line, and adding the same goods again adds to that line', async () => {
    const g = await buyable();
    const first = await add(demo, [{ goods_id: g.id, number: 2, price: 1 }]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ code: 10000, message: '加入购物车成功', data: { total: 1 } });
    await add(demo, [{ goods_id: g.id, number: 3 }]);
    const lines = (await cart()).data;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ number: 5, is_selected: 1, type: 0, goods: { id: g.id } });
    // The price the client claims is ignored: the line is priced from the catalogue.
    expect(lines[0]?.price).toBe(lines[0]?.goods.price);
  });

  it('adds several goods at once, newest line first', async () => {
    const [a, b] = await db.query<{ id: number }>(
      'SELECT id FROM goods WHERE is_buy = 1 AND number > 10 ORDER BY id LIMIT 2',
    );
    const res = await add(demo, [
      { goods_id: a?.id, number: 1 },
      { goods_id: b?.id, number: 1 },
    ]);
    expect(res.body.data.total).toBe(2);
    expect((await cart()).data.map((l) => l.goods.id)).toEqual([b?.id, a?.id]);
  });

  it('refuses 0, 1.5, "abc", -1 and a missing number with 422 and leaves the cart as it was', async () => {
    const g = await buyable();
    await add(demo, [{ goods_id: g.id, number: 1 }]);
    for (const number of [0, 1.5, 'abc', -1, '', undefined]) {
      const res = await add(demo, [{ goods_id: g.id, number }]);
      expect(res.status, String(number)).toBe(422);
      expect(res.body).toEqual({
        code: 422,
        message: '数量必须是大于0的整数',
        data: { 'params.0.number': ['数量必须是大于0的整数'] },
      });
    }
    // A bad second line refuses the whole request.
    expect(
      (
        await add(demo, [
          { goods_id: g.id, number: 1 },
          { goods_id: g.id, number: 0 },
        ])
      ).status,
    ).toBe(422);
    expect((await cart()).data.map((l) => l.number)).toEqual([1]);
  });

  it('refuses more than the stock with code 40001, counting what is already in the line', async () => {
    const g = await findGoods(db, 'g.is_buy = 1 AND g.number BETWEEN 30 AND 200');
    const over = await add(demo, [{ goods_id: g.id, number: g.number + 1 }]);
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ code: 40001, message: `库存不足，最多可购买${g.number}件`, data: null });
    await add(demo, [{ goods_id: g.id, number: g.number - 1 }]);
    const again = await add(demo, [{ goods_id: g.id, number: 2 }]);
    expect(again.body.code).toBe(40001);
    expect((await cart()).data[0]?.number).toBe(g.number - 1);
  });

  it('refuses goods that cannot be bought with code 40002, and unknown goods with 404', async () => {
    const g = await findGoods(db, 'g.is_buy = 0 AND g.number > 0');
    const res = await add(demo, [{ goods_id: g.id, number: 1 }]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40002);
    expect((await add(demo, [{ goods_id: 99999999, number: 1 }])).status).toBe(404);
    expect((await cart()).data).toEqual([]);
  });

  it('a rolled-back multi-line add leaves no line behind', async () => {
    const ok = await buyable();
    const soldOut = await findGoods(db, 'g.is_buy = 1 AND g.number = 0');
    const res = await add(demo, [
      { goods_id: ok.id, number: 1 },
      { goods_id: soldOut.id, number: 1 },
    ]);
    expect(res.body.code).toBe(40001);
    expect((await cart()).data).toEqual([]);
  });

  it('30 concurrent adds of one goods leave one line with all 30', async () => {
    const g = await buyable();
    const answers = await Promise.all(Array.from({ length: 30 }, () => add(demo, [{ goods_id: g.id, number: 1 }])));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    const lines = (await cart()).data;
    expect(lines).toHaveLength(1);
    expect(lines[0]?.number).toBe(30);
  });
});

describe('the cart list', () => {
  it('prices lines by their ladder tier and reports tiers against the selected lines', async () => {
    const [min] = await db.query<{ goods_id: number; number: number; price: number }>(
      `SELECT lp.goods_id, lp.number, lp.price FROM ladder_prices lp JOIN goods g ON g.id = lp.goods_id
       WHERE g.ladder_price_type = 0 AND g.is_buy = 1 AND g.number > 1000 ORDER BY lp.goods_id, lp.number LIMIT 1`,
    );
    if (min === undefined) throw new Error('seed has no minimum-quantity ladder');
    await add(demo, [{ goods_id: min.goods_id, number: min.number }]);
    const list = await cart();
    const line = list.data[0];
    expect(line?.price).toBe(min.price);
    expect(line?.raw_price).toBeGreaterThan(min.price);
    expect(list.shipping_data).toEqual({ shipping_amount: 80000, no_trans_order_amount: 0 });
    const eligible = (line?.price ?? 0) * (line?.number ?? 0);
    for (const tier of list.activity_data.manjians) expect(tier.status).toBe(eligible >= tier.amount ? 1 : 0);
    const statuses = list.activity_data.manjians.map((t) => t.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => b - a));
  });

  it('answers the cart priced once: owner, line totals and hints, tier labels and shortfalls, the summary', async () => {
    const [ladder] = await db.query<{ goods_id: number; number: number; bzdw: string }>(
      `SELECT lp.goods_id, lp.number, g.bzdw FROM ladder_prices lp JOIN goods g ON g.id = lp.goods_id
       WHERE g.ladder_price_type = 0 AND g.is_buy = 1 AND g.number > 1000 AND g.is_dpby = 0 AND lp.number > 1
       ORDER BY lp.goods_id, lp.number LIMIT 1`,
    );
    if (ladder === undefined) throw new Error('seed has no minimum-quantity ladder');
    await add(demo, [{ goods_id: ladder.goods_id, number: 1 }]);
    const list = await cart();
    const [me] = await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'demo'");
    expect(list.user_id).toBe(me?.id);
    const line = list.data[0];
    if (line === undefined) throw new Error('no line');
    expect(line).toMatchObject({ is_available: 1, total: line.price * line.number, free_shipping_hint: null });
    expect(line.next_tier_hint).toMatch(new RegExp(`^再买 ${ladder.number - 1} ${ladder.bzdw} ¥\\d+\\.\\d{2}/`));
    const { shipping_amount, no_trans_order_amount } = list.shipping_data;
    const shortfall = shipping_amount - line.total - no_trans_order_amount;
    expect(list.summary).toMatchObject({
      selected_count: 1,
      selected_total: line.total,
      shipping_shortfall: shortfall > 0 ? shortfall : null,
      free_shipping: shortfall > 0 ? 0 : 1,
    });
    // PRICE-09: the cart's amounts are the confirm page's before a coupon.
    expect(list.summary.amounts).toMatchObject({ goods_amount: line.total, coupon_amount: 0 });
    for (const tier of [...list.activity_data.manjians, ...list.activity_data.discounts]) {
      expect(tier.shortfall).toBe(tier.status === 1 ? null : tier.amount - line.total);
    }
    expect(list.activity_data.manjians.map((t) => t.label)).toEqual(
      list.activity_data.manjians.map((t) => expect.stringMatching(new RegExp(`^满${t.amount / 100}减\\d`))),
    );
    expect(list.activity_data.discounts.every((t) => /^满\d+打\d+折$/.test(t.label))).toBe(true);

    const unselected = await call(app, 'POST', '/api/cart/batch_select', {
      token: demo,
      form: { ids: [line.id], is_selected: 0 },
    });
    expect(unselected.status).toBe(200);
    expect((await cart()).summary).toMatchObject({ selected_count: 0, selected_total: 0, free_shipping: 0 });
  });

  it('keeps the last upper-bound tier beyond the last bound: buying more never raises the unit price', async () => {
    const [last] = await db.query<{ goods_id: number; number: number; price: number }>(
      `SELECT DISTINCT ON (lp.goods_id) lp.goods_id, lp.number, lp.price FROM ladder_prices lp
       JOIN goods g ON g.id = lp.goods_id WHERE g.ladder_price_type = 1 AND g.is_buy = 1 AND g.number > 0
       ORDER BY lp.goods_id, lp.number DESC LIMIT 1`,
    );
    if (last === undefined) throw new Error('seed has no upper-bound ladder');
    await add(demo, [{ goods_id: last.goods_id, number: 1 }]);
    // No stock reaches the last bound, so the stored quantity is set beyond it directly.
    await db.query('UPDATE cart_lines SET number = $1 WHERE goods_id = $2', [last.number + 1, last.goods_id]);
    const line = (await cart()).data[0];
    expect(line).toMatchObject({ number: last.number + 1, price: last.price });
    expect(line?.raw_price).toBeGreaterThan(last.price);
  });

  it('reports lines of unbuyable or sold-out goods unselected even when stored selected', async () => {
    const g = await buyable();
    await add(demo, [{ goods_id: g.id, number: 1 }]);
    await db.query('UPDATE goods SET is_buy = 0 WHERE id = $1', [g.id]);
    try {
      expect((await cart()).data[0]).toMatchObject({ is_selected: 0, is_available: 0, next_tier_hint: null });
      expect((await cart()).summary).toMatchObject({ selected_count: 0, selected_total: 0 });
      const [stored] = await db.query<{ is_selected: number }>(
        'SELECT is_selected FROM cart_lines WHERE goods_id = $1',
        [g.id],
      );
      expect(stored?.is_selected).toBe(1);
    } finally {
      await db.query('UPDATE goods SET is_buy = 1 WHERE id = $1', [g.id]);
    }
  });
});

describe('changing lines', () => {
  it('edits a line number, with the same 422 and stock rules', async () => {
    const g = await findGoods(db, 'g.is_buy = 1 AND g.number BETWEEN 30 AND 500');
    await add(demo, [{ goods_id: g.id, number: 1 }]);
    const id = (await cart()).data[0]?.id;
    const edit = (number: unknown) =>
      call<Line>(app, 'POST', `/api/cart/${id}/edit`, { token: demo, form: { params: { number }, new: 1 } });
    const res = await edit(7);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, number: 7, goods: { id: g.id } });
    expect((await edit(0)).body.data).toEqual({ 'params.number': ['数量必须是大于0的整数'] });
    expect((await edit(g.number + 1)).body.code).toBe(40001);
    expect((await cart()).data[0]?.number).toBe(7);
  });

  it("another buyer cannot edit, select or delete demo's line", async () => {
    const g = await buyable();
    await add(demo, [{ goods_id: g.id, number: 2 }]);
    const id = (await cart()).data[0]?.id;
    const edit = await call(app, 'POST', `/api/cart/${id}/edit`, { token: demo2, form: { params: { number: 9 } } });
    expect(edit.status).toBe(404);
    const sel = await call<{ updated: number }>(app, 'POST', '/api/cart/batch_select', {
      token: demo2,
      form: { ids: [id], is_selected: 0 },
      arrayFormat: 'brackets',
    });
    expect(sel.body.data.updated).toBe(0);
    const del = await call<{ deleted: number }>(app, 'POST', '/api/cart/batch_delete', {
      token: demo2,
      form: { ids: [id] },
      arrayFormat: 'brackets',
    });
    expect(del.body.data.deleted).toBe(0);
    expect((await cart()).data[0]).toMatchObject({ id, number: 2, is_selected: 1 });
    expect((await cart(demo2)).data).toEqual([]);
  });

  it('batch select unselects and reselects, but a line of unbuyable goods stays unselected', async () => {
    const g = await buyable();
    const soldOut = await findGoods(db, 'g.is_buy = 1 AND g.number = 0');
    await add(demo, [{ goods_id: g.id, number: 1 }]);
    // A line whose goods sold out after it was added.
    await db.query(
      'INSERT INTO cart_lines (user_id, goods_id, number) SELECT id, $1, 1 FROM users WHERE username = $2',
      [soldOut.id, 'demo'],
    );
    const ids = (await cart()).data.map((l) => l.id);
    const select = (is_selected: number) =>
      call<{ updated: number }>(app, 'POST', '/api/cart/batch_select', {
        token: demo,
        form: { ids, is_selected },
        arrayFormat: 'brackets',
      });
    expect((await select(0)).body.data.updated).toBe(2);
    expect((await cart()).data.map((l) => l.is_selected)).toEqual([0, 0]);
    await select(1);
    const lines = await cart();
    expect(Object.fromEntries(lines.data.map((l) => [l.goods.id, l.is_selected]))).toEqual({
      [g.id]: 1,
      [soldOut.id]: 0,
    });
    const bad = await call(app, 'POST', '/api/cart/batch_select', { token: demo, form: { ids, is_selected: 2 } });
    expect(bad.status).toBe(422);
  });

  it('batch delete removes the given lines and answers what is left; total counts lines', async () => {
    const rows = await db.query<{ id: number }>(
      'SELECT id FROM goods WHERE is_buy = 1 AND number > 10 ORDER BY id LIMIT 3',
    );
    await add(
      demo,
      rows.map((r) => ({ goods_id: r.id, number: 1 })),
    );
    const ids = (await cart()).data.map((l) => l.id);
    const res = await call<{ deleted: number; total: number }>(app, 'POST', '/api/cart/batch_delete', {
      token: demo,
      form: { ids: ids.slice(0, 2) },
      arrayFormat: 'brackets',
    });
    expect(res.body).toEqual({ code: 10000, message: '删除成功', data: { deleted: 2, total: 1 } });
    expect((await call<{ total: number }>(app, 'GET', '/api/cart/total', { token: demo })).body.data).toEqual({
      total: 1,
    });
    const none = await call(app, 'POST', '/api/cart/batch_delete', { token: demo, form: {} });
    expect(none.status).toBe(422);
    expect(none.body.data).toEqual({ ids: ['请选择商品'] });
  });
});
