import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import type { ReorderList } from '../src/areas/reorder/service';
import { seedOrderStory, type StoryGoods } from '../src/seed/order-story';
import { call, login, makeBuyers, testApp } from './testkit';

// Due to reorder (REORDER-01..REORDER-06) through HTTP: a company of its own with goods of its own, whose orders are
// told days before now, so each cadence is known; and the demo's seeded story, seen by demo and not by demo2.

let app: FastifyInstance;
let db: Db;
let buyer: { id: number; token: string };
let colleague: { id: number; token: string };
let goods: Record<'due' | 'soon' | 'later' | 'twoDays' | 'sameDay' | 'gone', StoryGoods>;
const run = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
let keys = 0;

async function goodsCopy(label: string, price: number): Promise<StoryGoods> {
  const [row] = await db.query<StoryGoods>(
    `INSERT INTO goods (name, name_py, sccj, sccj_py, ypgg, bzdw, category_id, is_buy, number, base_price, price,
       scope_class)
     SELECT '补货测试' || $1::text, 'bhcs' || lower($1::text), sccj, sccj_py, ypgg, bzdw, category_id, 1, 500, $2, $2,
       scope_class
     FROM goods WHERE is_buy = 1 AND is_hm = 0 ORDER BY id LIMIT 1
     RETURNING id, name, sccj, ypgg, bzdw, price`,
    [label, price],
  );
  if (row === undefined) throw new Error('could not copy a goods');
  return row;
}

/** An order of one goods, `days` days ago; paid unless cancelled. */
async function bought(userId: number, g: StoryGoods, days: number, number: number, cancelled = false) {
  keys += 1;
  return seedOrderStory(db, {
    key: `${run}-reorder-${keys}`,
    userId,
    placed: `${days} days`,
    status: cancelled ? 4 : 1,
    lines: [{ goods: g, number }],
    steps: cancelled ? { cancelled: `${days} days` } : { paid: `${days} days` },
    payMethod: 'alipay',
  });
}

const reorder = (token: string, query: Record<string, unknown> = {}) =>
  call<ReorderList>(app, 'GET', '/api/user/reorder', { token, query });

beforeAll(async () => {
  ({ app, db } = await testApp());
  const made = await makeBuyers(db, 2);
  const [a, b] = made;
  if (a === undefined || b === undefined) throw new Error('no buyers');
  [buyer, colleague] = [a, b];
  // A company of their own, so that no other file's orders fall into its cadences.
  const [company] = await db.query<{ id: number }>(
    "INSERT INTO companies (name) VALUES ('补货提醒测试药房') RETURNING id",
  );
  if (company === undefined) throw new Error('no company');
  await db.query('UPDATE users SET company_id = $1 WHERE id = ANY($2::int[])', [company.id, [a.id, b.id]]);
  goods = {
    due: await goodsCopy('due', 1000),
    soon: await goodsCopy('soon', 1000),
    later: await goodsCopy('later', 1000),
    twoDays: await goodsCopy('twoDays', 1000),
    sameDay: await goodsCopy('sameDay', 1000),
    gone: await goodsCopy('gone', 1000),
  };
  // A ladder: 5 units and more at ¥9.00.
  await db.query('INSERT INTO ladder_prices (goods_id, number, price) VALUES ($1, 5, 900)', [goods.due.id]);

  // Every 10 days, last 10 days ago: due today. The colleague's order counts; the cancelled one does not.
  await bought(buyer.id, goods.due, 30, 5);
  await bought(colleague.id, goods.due, 20, 7);
  await bought(buyer.id, goods.due, 10, 9);
  await bought(buyer.id, goods.due, 5, 50, true);
  // Every 7 days, last 5 days ago: due in 2 days.
  for (const days of [19, 12, 5]) await bought(buyer.id, goods.soon, days, 2);
  // Gaps 20 and 16 days, last 4 days ago: due in 14 days, not listed.
  for (const days of [40, 20, 4]) await bought(buyer.id, goods.later, days, 1);
  // Two days of purchases and a gift on a third: no cadence.
  await bought(buyer.id, goods.twoDays, 30, 3);
  await bought(buyer.id, goods.twoDays, 10, 3);
  const gift = await bought(buyer.id, goods.twoDays, 20, 1);
  await db.query('UPDATE order_lines SET is_gift = 1, price = 0, total = 0 WHERE id = ANY($1::int[])', [gift.lineIds]);
  // Two orders on one day are one purchase of 7: days 18 (3 + 4), 12 (7) and 6 (1); every 6 days, usual 7.
  await bought(buyer.id, goods.sameDay, 18, 3);
  await bought(colleague.id, goods.sameDay, 18, 4);
  await bought(buyer.id, goods.sameDay, 12, 7);
  await bought(buyer.id, goods.sameDay, 6, 1);
  // Due, but no longer sold.
  for (const days of [30, 20, 10]) await bought(buyer.id, goods.gone, days, 2);
  await db.query('UPDATE goods SET is_buy = 0 WHERE id = $1', [goods.gone.id]);
});

afterAll(async () => {
  await app.close();
});

describe('GET /api/user/reorder', () => {
  it('REORDER-01..REORDER-03: lists the company’s goods due, most overdue first, then those due soon', async () => {
    const res = await reorder(buyer.token);
    expect(res.status).toBe(200);
    const list = res.body.data;
    expect(list.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const due = [goods.due.id, goods.sameDay.id, goods.gone.id].sort((a, b) => a - b);
    expect(list.items.map((i) => i.goods_id)).toEqual([...due, goods.soon.id]);
    expect(list).toMatchObject({ total: 4, due: 3 });
    const byId = new Map(list.items.map((i) => [i.goods_id, i]));
    expect(byId.get(goods.due.id)).toMatchObject({
      times: 3,
      interval_days: 10,
      usual_number: 7,
      days_left: 0,
      state: 'due',
      due_day: list.today,
      reason: null,
      stock: 500,
    });
    expect(byId.get(goods.soon.id)).toMatchObject({ interval_days: 7, usual_number: 2, days_left: 2, state: 'soon' });
    expect(byId.get(goods.sameDay.id)).toMatchObject({ times: 3, interval_days: 6, usual_number: 7, state: 'due' });
  });

  it('REORDER-04: prices the usual quantity as the cart would, its ladder applied', async () => {
    const items = (await reorder(buyer.token)).body.data.items;
    expect(items.find((i) => i.goods_id === goods.due.id)).toMatchObject({ price: 900, price_label: null });
    expect(items.find((i) => i.goods_id === goods.soon.id)).toMatchObject({ price: 1000 });
  });

  it('REORDER-06: a goods no longer sold is still listed, with why it cannot be added', async () => {
    const items = (await reorder(colleague.token)).body.data.items;
    expect(items.find((i) => i.goods_id === goods.gone.id)).toMatchObject({ state: 'due', reason: '该商品暂不可购买' });
  });

  it('answers the first `limit` goods with the count of them all, and refuses a limit outside 1..100', async () => {
    const first = await reorder(buyer.token, { limit: 1 });
    expect(first.body.data.items).toHaveLength(1);
    expect(first.body.data.total).toBe(4);
    expect((await reorder(buyer.token, { limit: 0 })).status).toBe(422);
    expect((await reorder(buyer.token, { limit: 101 })).status).toBe(422);
    expect((await call(app, 'GET', '/api/user/reorder')).status).toBe(401);
  });

  it('another company’s buyer sees none of these goods, and this company none of demo’s', async () => {
    const demo2 = await reorder(await login(app, 'demo2'));
    const ours = new Set(Object.values(goods).map((g) => g.id));
    expect(demo2.body.data.items.filter((i) => ours.has(i.goods_id))).toEqual([]);
    const demo = await reorder(await login(app, 'demo'));
    const mine = new Set((await reorder(buyer.token)).body.data.items.map((i) => i.goods_id));
    expect(demo.body.data.items.filter((i) => mine.has(i.goods_id))).toEqual([]);
  });

  it('the seed: demo and demo3, one company, see the goods demo3 buys on a cadence; demo2 sees none of them', async () => {
    const demo = (await reorder(await login(app, 'demo'))).body.data;
    const demo3 = (await reorder(await login(app, 'demo3'))).body.data;
    expect(demo.due).toBeGreaterThanOrEqual(2);
    expect(demo.items.some((i) => i.state === 'soon')).toBe(true);
    expect(demo3.items.map((i) => i.goods_id)).toEqual(demo.items.map((i) => i.goods_id));
    expect(demo.items.map((i) => i.interval_days)).toEqual(expect.arrayContaining([14, 10, 7]));
    const demo2 = (await reorder(await login(app, 'demo2'))).body.data;
    const demos = new Set(demo.items.map((i) => i.goods_id));
    expect(demo2.items.filter((i) => demos.has(i.goods_id))).toEqual([]);
  });
});
