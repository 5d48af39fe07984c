/**
 * Stock by batch (BATCH-01..BATCH-06): the seed's stock held by batch, first-expiry-first-out when an order takes its
 * stock, the batches on the order's lines, a cancel giving them back, and the delivery note (BATCH-08).
 */
import { addDays, chinaDay } from '@pharma/domain/china-day';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { shipOrder, type OrderDetailDto } from '../src/areas/orders/service';
import type { Db } from '../src/db/db';
import { goodsWithBatches, quantities } from './batch-fixtures';
import { openSeededPglite } from './seeded-store';
import { call, login, makeBuyers, removeGoods, testApp } from './testkit';

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
const key = () => `batch-${Date.now()}-${(keys += 1)}`;

/** Goods of this file's own with the batches, removed after it, and a fresh buyer to order them. */
async function batchesAndBuyer(batches: readonly { quantity: number; expiresInDays: number }[]) {
  const goods = await goodsWithBatches(db, batches);
  made.push(goods.goodsId);
  const [buyer] = await makeBuyers(db, 1);
  if (buyer === undefined) throw new Error('no buyer');
  return { ...goods, buyer };
}

async function orderOf(buyer: { token: string; addressId: number }, goodsId: number, number: number) {
  await call(app, 'POST', '/api/cart', { token: buyer.token, form: { params: [{ goods_id: goodsId, number }] } });
  const list = await call<{ data: { id: number; goods: { id: number } }[] }>(app, 'GET', '/api/cart/list', {
    token: buyer.token,
  });
  const line = list.body.data.data.find((l) => l.goods.id === goodsId);
  return call<OrderDetailDto>(app, 'POST', '/api/order', {
    token: buyer.token,
    form: { cart_ids: [line?.id], address_id: buyer.addressId, invoice_type: 1, idempotency_key: key() },
    arrayFormat: 'brackets',
  });
}

const goodsRow = async (id: number) =>
  (
    await db.query<{ number: number; expire_date: string }>(
      "SELECT number, to_char(expire_date, 'YYYY-MM-DD') AS expire_date FROM goods WHERE id = $1",
      [id],
    )
  )[0];
const day = (offset: number) => addDays(chinaDay(), offset);

describe('the seed holds its stock by batch (BATCH-01, BATCH-02, BATCH-05)', () => {
  // On a store of its own, as `npm start` seeds it: the worker's shared store holds other files' goods whose stock
  // their tests set by hand.
  it('every goods with batches has its stock as the sum of them, and its expiry as the nearest stocked one', async () => {
    const seeded = await openSeededPglite(inject('pgliteSnapshot'));
    const off = await seeded.query<{ id: number }>(
      `SELECT g.id FROM goods g JOIN goods_batches b ON b.goods_id = g.id
       GROUP BY g.id HAVING g.number <> sum(b.quantity) OR g.expire_date <> (
         SELECT min(r.expires_on) FROM goods_batches s JOIN inspection_reports r
           ON r.goods_id = s.goods_id AND r.batch_no = s.batch_no WHERE s.goods_id = g.id AND s.quantity > 0)`,
    );
    expect(off).toEqual([]);
    const [counts] = await seeded.query<{ stocked: number; demo: number }>(
      `SELECT (SELECT count(DISTINCT goods_id)::int FROM goods_batches WHERE quantity > 0) AS stocked,
              (SELECT count(*)::int FROM goods WHERE id <= 2400 AND number > 0) AS demo`,
    );
    expect(counts?.stocked).toBe(counts?.demo);
    await seeded.close();
  });

  it('the seeded shipped and finished orders carry their batches, as new ones do', async () => {
    const [row] = await db.query<{ lines: number; without: number }>(
      `SELECT count(*)::int AS lines,
         (count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM order_line_batches x WHERE x.order_line_id = l.id)))::int
           AS without
       FROM order_lines l JOIN orders o ON o.id = l.order_id
       WHERE o.status IN (2, 3) AND o.idempotency_key NOT LIKE 'export-test-%' AND l.goods_id <= 2400`,
    );
    expect(row?.lines).toBeGreaterThan(0);
    expect(row?.without).toBe(0);
    const demo = await login(app, 'demo');
    const [shipped] = await db.query<{ id: number }>(
      "SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.username = 'demo' AND o.status = 2 LIMIT 1",
    );
    const detail = await call<OrderDetailDto>(app, 'GET', `/api/order/${shipped?.id}`, { token: demo });
    const batch = detail.body.data.lines[0]?.batches[0];
    expect(batch?.batch_no).toMatch(/^\d{8}$/);
    expect(batch?.produced_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(batch?.expires_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('an order takes its stock first expiry first out (BATCH-04)', () => {
  it('takes the nearest-expiry batch first, moves the expiry on, and shows the batches on the line', async () => {
    const { goodsId, batchIds, buyer } = await batchesAndBuyer([
      { quantity: 10, expiresInDays: 400 },
      { quantity: 3, expiresInDays: 90 },
      { quantity: 5, expiresInDays: 600 },
    ]);
    const placed = await orderOf(buyer, goodsId, 5);
    expect(placed.status).toBe(200);
    expect(await quantities(db, batchIds)).toEqual([8, 0, 5]);
    expect(await goodsRow(goodsId)).toEqual({ number: 13, expire_date: day(400) });
    const detail = await call<OrderDetailDto>(app, 'GET', `/api/order/${placed.body.data.id}`, {
      token: buyer.token,
    });
    const line = detail.body.data.lines[0];
    expect(line?.batches.map((b) => [b.batch_no, b.number, b.expires_on])).toEqual([
      [`T${goodsId}-2`, 3, day(90)],
      [`T${goodsId}-1`, 2, day(400)],
    ]);
    // SEC-01: another company's buyer does not see the order (nor its batches).
    const other = await login(app, 'demo2');
    expect((await call(app, 'GET', `/api/order/${placed.body.data.id}`, { token: other })).status).toBe(404);
  });

  it('refuses more than the batches hold (40003) and changes no batch', async () => {
    const { goodsId, batchIds, buyer } = await batchesAndBuyer([
      { quantity: 2, expiresInDays: 100 },
      { quantity: 2, expiresInDays: 200 },
    ]);
    // The cart lets a buyer ask for more than is left only up to the stock; take it away after the line is in.
    await call(app, 'POST', '/api/cart', { token: buyer.token, form: { params: [{ goods_id: goodsId, number: 4 }] } });
    await db.query('UPDATE goods_batches SET quantity = 1 WHERE id = $1', [batchIds[1] ?? 0]);
    await db.query('UPDATE goods SET number = 3 WHERE id = $1', [goodsId]);
    const list = await call<{ data: { id: number }[] }>(app, 'GET', '/api/cart/list', { token: buyer.token });
    const answer = await call(app, 'POST', '/api/order', {
      token: buyer.token,
      form: {
        cart_ids: list.body.data.data.map((l) => l.id),
        address_id: buyer.addressId,
        invoice_type: 1,
        idempotency_key: key(),
      },
      arrayFormat: 'brackets',
    });
    expect(answer.body.code).toBe(40003);
    expect(await quantities(db, batchIds)).toEqual([2, 1]);
  });

  it('a cancelled order gives its units back to the batches they came from, and the expiry with them (BATCH-06)', async () => {
    const { goodsId, batchIds, buyer } = await batchesAndBuyer([
      { quantity: 4, expiresInDays: 120 },
      { quantity: 6, expiresInDays: 500 },
    ]);
    const placed = await orderOf(buyer, goodsId, 6);
    expect(await quantities(db, batchIds)).toEqual([0, 4]);
    expect(await goodsRow(goodsId)).toEqual({ number: 4, expire_date: day(500) });
    const cancelled = await call(app, 'POST', `/api/order/${placed.body.data.id}/cancel`, { token: buyer.token });
    expect(cancelled.status).toBe(200);
    expect(await quantities(db, batchIds)).toEqual([4, 6]);
    expect(await goodsRow(goodsId)).toEqual({ number: 10, expire_date: day(120) });
    const detail = await call<OrderDetailDto>(app, 'GET', `/api/order/${placed.body.data.id}`, {
      token: buyer.token,
    });
    expect(detail.body.data.lines[0]?.batches).toEqual([]);
  });
});

describe('the delivery note (随货同行单, BATCH-08)', () => {
  it('is there once the order is shipped, with the GSP fields of each batch, and only for the buyer', async () => {
    const { goodsId, buyer } = await batchesAndBuyer([
      { quantity: 2, expiresInDays: 150 },
      { quantity: 8, expiresInDays: 450 },
    ]);
    const placed = await orderOf(buyer, goodsId, 3);
    const id = placed.body.data.id;
    const note = (token: string) =>
      app.inject({
        method: 'GET',
        url: `/api/order/${id}/delivery-note`,
        headers: { authorization: `Bearer ${token}` },
      });
    const early = await note(buyer.token);
    expect(early.statusCode).toBe(400);
    expect(early.json<{ code: number }>().code).toBe(40170);

    await db.query("UPDATE orders SET status = 1, paid_at = now(), pay_method = 'balance' WHERE id = $1", [id]);
    await shipOrder(db, id, '顺丰速运', 'SF1234567890');
    const res = await note(buyer.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const doc = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const text = (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, '');
    const [goods] = await db.query<{ name: string; ypgg: string; sccj: string; pzwh: string }>(
      'SELECT name, ypgg, sccj, pzwh FROM goods WHERE id = $1',
      [goodsId],
    );
    const [company] = await db.query<{ name: string }>(
      'SELECT c.name FROM companies c JOIN users u ON u.company_id = c.id WHERE u.id = $1',
      [buyer.id],
    );
    for (const part of [
      '随货同行单',
      '药采通医药科技有限公司（演示）',
      company?.name ?? '?',
      placed.body.data.order_sn,
      goods?.name ?? '?',
      goods?.ypgg ?? '?',
      goods?.sccj ?? '?',
      goods?.pzwh ?? '?',
      `T${goodsId}-1`,
      `T${goodsId}-2`,
      day(150),
      day(450),
      `发货日期：${day(0)}`,
      'SF1234567890',
      '20.00',
      '30.00',
      '合计',
    ]) {
      expect(text).toContain(part.replace(/\s+/g, ''));
    }

    // ORDER-13: anyone else's order is unknown to them.
    const other = await login(app, 'demo2');
    expect((await note(other)).statusCode).toBe(404);
  });
});

describe('a return names the batch it sends back (BATCH-07)', () => {
  it('takes the batch chosen, or the first by expiry with enough left; another line’s batch is refused', async () => {
    const { goodsId, batchIds } = await goodsWithBatches(db, [
      { quantity: 2, expiresInDays: 150 },
      { quantity: 8, expiresInDays: 450 },
    ]);
    const other = await goodsWithBatches(db, [{ quantity: 5, expiresInDays: 300 }], '批次测试乙');
    made.push(goodsId, other.goodsId);
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    await db.query('UPDATE users SET is_after_sale = 1 WHERE id = $1', [buyer.id]);
    const placed = await orderOf(buyer, goodsId, 5);
    const id = placed.body.data.id;
    await db.query('UPDATE orders SET status = 3, paid_at = now(), received_at = now() WHERE id = $1', [id]);
    const lineId = placed.body.data.lines[0]?.id;
    const ask = (form: Record<string, unknown>) =>
      call<{ id: number; batch: { batch_id: number; batch_no: string; expires_on: string } | null }>(
        app,
        'POST',
        `/api/order/${id}/return`,
        { token: buyer.token, form: { order_line_id: lineId, reason: '商品破损', ...form } },
      );
    const first = await ask({ number: 1 });
    expect(first.status).toBe(200);
    expect(first.body.data.batch).toMatchObject({
      batch_id: batchIds[0],
      batch_no: `T${goodsId}-1`,
      expires_on: day(150),
    });
    // One unit of the first batch is left: two more come from the next batch with enough.
    const second = await ask({ number: 2 });
    expect(second.body.data.batch?.batch_id).toBe(batchIds[1]);
    const chosen = await ask({ number: 1, batch_id: batchIds[0] });
    expect(chosen.body.data.batch?.batch_id).toBe(batchIds[0]);
    const tooMany = await ask({ number: 1, batch_id: batchIds[0] });
    expect(tooMany.status).toBe(422);
    expect(JSON.stringify(tooMany.body)).toContain('batch_id');
    // SEC-01: a batch of another goods (or another company's order) is not one of this line's.
    const foreign = await ask({ number: 1, batch_id: other.batchIds[0] });
    expect(foreign.status).toBe(422);
    expect(JSON.stringify(foreign.body)).toContain('请选择该商品发货的批号');
    const detail = await call<{ batch: { batch_no: string } | null }>(
      app,
      'GET',
      `/api/return/${chosen.body.data.id ?? 0}`,
      {
        token: buyer.token,
      },
    );
    expect(detail.body.data.batch?.batch_no).toBe(`T${goodsId}-1`);
  });
});
