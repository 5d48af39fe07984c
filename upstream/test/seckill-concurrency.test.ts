import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db/db';
import { claimSeckill } from '../src/lib/goods-offers';
import { call, makeBuyers, removeGoods, testApp } from './testkit';

// PRICE-03 under real concurrency: PGlite runs one transaction at a time, so this file runs on PostgreSQL only.
if (inject('databaseUrl') === null)
  throw new Error('the seckill concurrency tests need PostgreSQL: set TEST_DATABASE_URL');

let app: FastifyInstance;
let db: Db;
const goodsIds: number[] = [];
const activityIds: number[] = [];
beforeAll(async () => {
  ({ app, db } = await testApp());
});
// What this file made goes again, so the shared store stays the seed's for the files after it.
afterAll(async () => {
  await db.query('DELETE FROM activities WHERE id = ANY($1::int[])', [activityIds]);
  await removeGoods(db, goodsIds);
});

let keys = 0;
const key = () => `seckill-${Date.now()}-${(keys += 1)}`;

/** A fresh goods with plenty of stock, in a running seckill of `stock` units at ¥8.00, `limit` per buyer. */
async function seckillGoods(stock: number, limit: number): Promise<{ goodsId: number; activityId: number }> {
  const [goods] = await db.query<{ id: number }>(
    `INSERT INTO goods (name, name_py, sccj, sccj_py, ypgg, bzdw, category_id, is_buy, number, base_price, price)
     SELECT name || '（秒杀并发测试）', name_py, sccj, sccj_py, ypgg, bzdw, category_id, 1, 1000, base_price, 1000
     FROM goods WHERE is_buy = 1 AND is_hm = 0 ORDER BY id LIMIT 1 RETURNING id`,
  );
  const [activity] = await db.query<{ id: number }>(
    `INSERT INTO activities (type, name, describe, start_at, end_at)
     VALUES ('seckill', '并发秒杀', '测试', now() - interval '1 hour', now() + interval '1 hour') RETURNING id`,
  );
  if (goods === undefined || activity === undefined) throw new Error('could not make a seckill');
  goodsIds.push(goods.id);
  activityIds.push(activity.id);
  await db.query(
    'INSERT INTO goods_activities (activity_id, goods_id, price, stock, per_buyer_limit) VALUES ($1, $2, 800, $3, $4)',
    [activity.id, goods.id, stock, limit],
  );
  return { goodsId: goods.id, activityId: activity.id };
}

const soldOf = async (activityId: number) =>
  (await db.query<{ sold: number }>('SELECT sold FROM goods_activities WHERE activity_id = $1', [activityId]))[0]?.sold;

describe('seckill stock and per-buyer limits on PostgreSQL (PRICE-03)', () => {
  it('50 buyers ordering a seckill of 10 units at once: exactly 10 sold at the seckill price, none charged another price', async () => {
    const { goodsId, activityId } = await seckillGoods(10, 2);
    const buyers = await makeBuyers(db, 50);
    for (const b of buyers) {
      const added = await call(app, 'POST', '/api/cart', {
        token: b.token,
        form: { params: [{ type: 1, goods_id: goodsId, goods_price_id: activityId, number: 1 }] },
      });
      expect(added.status).toBe(200);
    }
    const lines = await Promise.all(
      buyers.map(async (b) => {
        const list = await call<{
          data: { id: number; price: number; goods: { id: number } }[];
          summary: { amounts: { pay_amount: number } };
        }>(app, 'GET', '/api/cart/list', { token: b.token });
        const line = list.body.data.data.find((l) => l.goods.id === goodsId);
        expect(line?.price).toBe(800);
        // What each buyer confirms (PRICE-14): the seckill price and the freight.
        return { id: line?.id ?? 0, pay: list.body.data.summary.amounts.pay_amount };
      }),
    );
    const answers = await Promise.all(
      buyers.map((b, i) =>
        call(app, 'POST', '/api/order', {
          token: b.token,
          form: {
            cart_ids: [lines[i]?.id],
            address_id: b.addressId,
            idempotency_key: key(),
            invoice_type: 1,
            expected_pay_amount: lines[i]?.pay,
          },
          arrayFormat: 'brackets',
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    // The others are told the seckill sold out (40014) or, when their order read it sold out already, that the order
    // would now cost the ordinary price (40018): none is charged a price they did not confirm.
    const refusals = new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.code));
    expect([...refusals].every((code) => code === 40014 || code === 40018)).toBe(true);
    expect(await soldOf(activityId)).toBe(10);
    const [sold] = await db.query<{ units: number; at_seckill: number }>(
      `SELECT coalesce(sum(l.number), 0)::int AS units, count(*) FILTER (WHERE l.price = 800)::int AS at_seckill
       FROM order_lines l WHERE l.goods_id = $1 AND l.promotion = 'SECKILL' AND l.activity_id = $2`,
      [goodsId, activityId],
    );
    expect(sold).toEqual({ units: 10, at_seckill: 10 });
  });

  it('one buyer claiming 1 unit in 10 transactions at once gets exactly the limit of 3', async () => {
    const { goodsId, activityId } = await seckillGoods(100, 3);
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => db.transaction((tx) => claimSeckill(tx, buyer.id, activityId, goodsId, 1))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await soldOf(activityId)).toBe(3);
    const [bought] = await db.query<{ number: number }>(
      'SELECT number FROM seckill_buys WHERE activity_id = $1 AND user_id = $2',
      [activityId, buyer.id],
    );
    expect(bought?.number).toBe(3);
  });

  it('a cancelled seckill order gives its units back to the seckill and to the buyer', async () => {
    const { goodsId, activityId } = await seckillGoods(5, 2);
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    await call(app, 'POST', '/api/cart', {
      token: buyer.token,
      form: { params: [{ type: 1, goods_id: goodsId, goods_price_id: activityId, number: 2 }] },
    });
    const list = await call<{ data: { id: number; goods: { id: number } }[] }>(app, 'GET', '/api/cart/list', {
      token: buyer.token,
    });
    const lineId = list.body.data.data.find((l) => l.goods.id === goodsId)?.id ?? 0;
    const placed = await call<{ id: number }>(app, 'POST', '/api/order', {
      token: buyer.token,
      form: { cart_ids: [lineId], address_id: buyer.addressId, idempotency_key: key(), invoice_type: 1 },
      arrayFormat: 'brackets',
    });
    expect(placed.status).toBe(200);
    expect(await soldOf(activityId)).toBe(2);
    const cancelled = await call(app, 'POST', `/api/order/${placed.body.data.id}/cancel`, { token: buyer.token });
    expect(cancelled.status).toBe(200);
    expect(await soldOf(activityId)).toBe(0);
    const [bought] = await db.query<{ number: number }>(
      'SELECT number FROM seckill_buys WHERE activity_id = $1 AND user_id = $2',
      [activityId, buyer.id],
    );
    expect(bought?.number).toBe(0);
  });
});
