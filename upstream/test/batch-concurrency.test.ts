/**
 * BATCH-03 under real concurrency: PGlite runs one transaction at a time, so this file runs on PostgreSQL only, where
 * a missing row lock shows as a batch below zero or units allocated twice.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db/db';
import { goodsWithBatches, quantities } from './batch-fixtures';
import { call, makeBuyers, removeGoods, testApp } from './testkit';

if (inject('databaseUrl') === null)
  throw new Error('the batch concurrency tests need PostgreSQL: set TEST_DATABASE_URL');

let app: FastifyInstance;
let db: Db;
const made: number[] = [];
beforeAll(async () => {
  ({ app, db } = await testApp());
});
afterAll(async () => {
  await removeGoods(db, made);
});

let keys = 0;
const key = () => `batch-conc-${Date.now()}-${(keys += 1)}`;

describe('batches under 30 concurrent orders on PostgreSQL (BATCH-03)', () => {
  it('30 buyers ordering 2 units of goods with 3 batches of 7, 5 and 9: no batch below zero, every unit once', async () => {
    const { goodsId, batchIds } = await goodsWithBatches(db, [
      { quantity: 7, expiresInDays: 300 },
      { quantity: 5, expiresInDays: 100 },
      { quantity: 9, expiresInDays: 500 },
    ]);
    made.push(goodsId);
    const buyers = await makeBuyers(db, 30);
    const lines = await Promise.all(
      buyers.map(async (b) => {
        await call(app, 'POST', '/api/cart', { token: b.token, form: { params: [{ goods_id: goodsId, number: 2 }] } });
        const list = await call<{ data: { id: number }[] }>(app, 'GET', '/api/cart/list', { token: b.token });
        return list.body.data.data[0]?.id ?? 0;
      }),
    );
    const answers = await Promise.all(
      buyers.map((b, i) =>
        call(app, 'POST', '/api/order', {
          token: b.token,
          form: { cart_ids: [lines[i]], address_id: b.addressId, invoice_type: 1, idempotency_key: key() },
          arrayFormat: 'brackets',
        }),
      ),
    );
    // 21 units: 10 orders of 2 get them, the other 20 are refused as sold out.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.code === 40003)).toBe(true);
    const left = await quantities(db, batchIds);
    expect(left.every((q) => q >= 0)).toBe(true);
    expect(left.reduce((a, b) => a + b, 0)).toBe(1);
    // First expiry first out: the 100-day and 300-day batches went first, the last unit is the 500-day batch's.
    expect(left).toEqual([0, 0, 1]);
    const [taken] = await db.query<{ ordered: number; allocated: number; stock: number }>(
      `SELECT (SELECT sum(number)::int FROM order_lines WHERE goods_id = $1) AS ordered,
              (SELECT sum(olb.number)::int FROM order_line_batches olb JOIN order_lines l ON l.id = olb.order_line_id
               WHERE l.goods_id = $1) AS allocated,
              (SELECT number FROM goods WHERE id = $1) AS stock`,
      [goodsId],
    );
    expect(taken).toEqual({ ordered: 20, allocated: 20, stock: 1 });
  });
});
