import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { CENTER_COUPONS } from '../src/seed/coupon-center';
import { call, makeBuyers, testApp } from './testkit';

interface CenterCoupon {
  id: number;
  name: string;
  type: number;
  amount: number;
  discount: number;
  min_amount: number;
  total: number;
  remaining: number;
  taken: number;
}
interface CenterPage {
  total: number;
  current_page: number;
  data: CenterCoupon[];
}
interface UserCoupon {
  id: number;
  coupon_id: number;
  name: string;
  status: number;
}

let app: FastifyInstance;
let db: Db;
const made: number[] = [];
beforeAll(async () => {
  ({ app, db } = await testApp());
});
// The store is shared by every file (and kept between runs on PostgreSQL): the coupons made here go again.
afterAll(async () => {
  await db.query('DELETE FROM user_coupons WHERE coupon_id = ANY($1::int[])', [made]);
  await db.query('DELETE FROM coupons WHERE id = ANY($1::int[])', [made]);
});

/** A centre coupon of this test only, so takes never use up the seed's stock. */
async function centerCoupon(remaining: number, endIn = '10 days'): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO coupons (name, type, amount, discount, min_amount, start_at, end_at, center_total, center_remaining)
     VALUES ('测试领券 满100减5', 1, 500, 100, 10000, now() - interval '1 day', now() + $1::interval, 10, $2)
     RETURNING id`,
    [endIn, remaining],
  );
  if (row === undefined) throw new Error('could not make a coupon');
  made.push(row.id);
  return row.id;
}

const center = (token?: string, query: Record<string, unknown> = { page_size: 50 }) =>
  call<CenterPage>(app, 'GET', '/api/coupon/center', { query, ...(token === undefined ? {} : { token }) });
const take = (id: number | string, token?: string) =>
  call<UserCoupon>(app, 'POST', `/api/coupon/${id}/take`, token === undefined ? {} : { token });

describe('coupon centre', () => {
  it('lists the seeded centre coupons, in stock first, with remaining and total', async () => {
    const res = await center();
    expect(res.status).toBe(200);
    const seeded = res.body.data.data.filter((c) => CENTER_COUPONS.some((s) => s.name === c.name));
    expect(seeded.map((c) => c.name).sort()).toEqual(CENTER_COUPONS.map((c) => c.name).sort());
    const allGone = seeded.find((c) => c.name.includes('新客'));
    expect(allGone).toMatchObject({ total: 50, remaining: 0, taken: 0 });
    // Sold-out coupons come after every coupon still in stock.
    const firstGone = res.body.data.data.findIndex((c) => c.remaining === 0);
    expect(res.body.data.data.slice(firstGone).every((c) => c.remaining === 0)).toBe(true);
    const discount = seeded.find((c) => c.type === 2);
    expect(discount).toMatchObject({ amount: 0, discount: 98, min_amount: 80000 });
  });

  it('leaves out coupons that are only granted, and expired centre coupons', async () => {
    const expired = await centerCoupon(5, '-1 hour');
    const ids = (await center()).body.data.data.map((c) => c.id);
    expect(ids).not.toContain(expired);
    expect(ids).not.toContain(1);
  });

  it('pages, and refuses a page size over 50', async () => {
    const first = await center(undefined, { page: 1, page_size: 2 });
    expect(first.body.data.data).toHaveLength(2);
    expect(first.body.data.total).toBeGreaterThanOrEqual(CENTER_COUPONS.length);
    const second = await center(undefined, { page: 2, page_size: 2 });
    expect(second.body.data.data.map((c) => c.id)).not.toContain(first.body.data.data[0]?.id);
    expect((await center(undefined, { page_size: 51 })).status).toBe(422);
  });

  it('a take gives the buyer the coupon once, decrements the stock and marks it taken', async () => {
    const id = await centerCoupon(3);
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    const res = await take(id, buyer.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('领取成功');
    expect(res.body.data).toMatchObject({ coupon_id: id, name: '测试领券 满100减5', status: 0 });
    const listed = (await center(buyer.token)).body.data.data.find((c) => c.id === id);
    expect(listed).toMatchObject({ remaining: 2, taken: 1 });
    // The coupon is the buyer's like any other: it shows among their coupons.
    const mine = await call<{ data: UserCoupon[] }>(app, 'GET', '/api/user/coupon', { token: buyer.token });
    expect(mine.body.data.data.map((c) => c.id)).toEqual([res.body.data.id]);

    const again = await take(id, buyer.token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 40011, message: '已领取' });
    expect((await center(buyer.token)).body.data.data.find((c) => c.id === id)?.remaining).toBe(2);
    // Another buyer still sees it as not taken.
    expect((await center()).body.data.data.find((c) => c.id === id)?.taken).toBe(0);
  });

  it('refuses a take when none is left (40012), changing nothing', async () => {
    const id = await centerCoupon(1);
    const [a, b] = await makeBuyers(db, 2);
    if (a === undefined || b === undefined) throw new Error('no buyers');
    expect((await take(id, a.token)).status).toBe(200);
    const late = await take(id, b.token);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ code: 40012, message: '已领完' });
    const held = await db.query('SELECT 1 FROM user_coupons WHERE user_id = $1', [b.id]);
    expect(held).toHaveLength(0);
    expect((await center(b.token)).body.data.data.find((c) => c.id === id)).toMatchObject({ remaining: 0, taken: 0 });
  });

  it('needs a session, and answers 404 for a coupon outside the centre or expired', async () => {
    const id = await centerCoupon(5);
    expect((await take(id)).status).toBe(401);
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    expect((await take(1, buyer.token)).status).toBe(404);
    expect((await take(99999999, buyer.token)).status).toBe(404);
    expect((await take('abc', buyer.token)).status).toBe(404);
    expect((await take(await centerCoupon(5, '-1 hour'), buyer.token)).status).toBe(404);
  });
});
