// The wallet beyond the balance (WALLET-01..06): ledgers with filters and totals, points and their award, cash
// vouchers, points orders, ephedrine-type receipts and the coupon-received message.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { awardOrderPoints } from '../src/areas/wallet/points';
import { call, login, makeBuyers, PUBLIC_URL, testApp, userId } from './testkit';

interface Paged<T> {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  data: T[];
  total_in?: number;
  total_out?: number;
}
interface MoneyLog {
  id: number;
  amount: number;
  use_type: number;
  created_at: string;
}
interface PointsLog {
  id: number;
  type: number;
  change: number;
  balance_after: number;
  order_id: number | null;
}
interface Voucher {
  id: number;
  name: string;
  amount: number;
  status: number;
}
interface PointsOrder {
  id: number;
  order_sn: string;
  goods_name: string;
  goods_image: string | null;
  points: number;
  quantity: number;
  unit_points: number;
  status: number;
}
interface Receipt {
  order_id: number;
  order_sn: string;
  name: string;
  id_card: string;
  goods: { name: string; number: number }[];
}

let app: FastifyInstance;
let db: Db;
let demo: string;
let demo2: string;
let demo3: string;
const madeCoupons: number[] = [];
const madeCompanies: number[] = [];

beforeAll(async () => {
  ({ app, db } = await testApp());
  [demo, demo2, demo3] = await Promise.all([login(app), login(app, 'demo2'), login(app, 'demo3')]);
});
afterAll(async () => {
  await db.query('DELETE FROM user_coupons WHERE coupon_id = ANY($1::int[])', [madeCoupons]);
  await db.query('DELETE FROM coupons WHERE id = ANY($1::int[])', [madeCoupons]);
  await db.query('DELETE FROM points_log WHERE company_id = ANY($1::int[])', [madeCompanies]);
  await db.query('DELETE FROM companies WHERE id = ANY($1::int[]) AND id NOT IN (SELECT company_id FROM users)', [
    madeCompanies,
  ]);
});

const get = <T>(url: string, token: string, query: Record<string, unknown> = {}) =>
  call<T>(app, 'GET', url, { token, query });

describe('the money log (PAY-04, WALLET-03)', () => {
  it('filters by use type and days, with the totals in and out of the whole filter', async () => {
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    // Three movements on three China-time days: a recharge, a payment and a refund.
    await db.query(
      `INSERT INTO money_log (user_id, amount, balance_after, use_type, remark, created_at) VALUES
         ($1, 10000, 10000, 1, '充值', '2026-03-01T16:30:00Z'),
         ($1, -2500, 7500, 2, '支付', '2026-03-02T15:59:59Z'),
         ($1, 1000, 8500, 3, '退款', '2026-03-03T02:00:00Z')`,
      [buyer.id],
    );
    const all = await get<Paged<MoneyLog>>('/api/user/user_money_log', buyer.token, { page_size: 2 });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 3, last_page: 2, total_in: 11000, total_out: 2500 });
    expect(all.body.data.data.map((e) => e.amount)).toEqual([1000, -2500]);
    const second = await get<Paged<MoneyLog>>('/api/user/user_money_log', buyer.token, { page: 2, page_size: 2 });
    expect(second.body.data.data.map((e) => e.amount)).toEqual([10000]);

    const payments = await get<Paged<MoneyLog>>('/api/user/user_money_log', buyer.token, { use_type: 2 });
    expect(payments.body.data).toMatchObject({ total: 1, total_in: 0, total_out: 2500 });

    // 2026-03-01T16:30Z is 03-02 00:30 in China; 03-02T15:59:59Z is 03-02 23:59:59.
    const day = await get<Paged<MoneyLog>>('/api/user/user_money_log', buyer.token, {
      start_time: '2026-03-02',
      end_time: '2026-03-02',
    });
    expect(day.body.data.data.map((e) => e.amount)).toEqual([-2500, 10000]);
    expect(day.body.data).toMatchObject({ total_in: 10000, total_out: 2500 });
  });

  it('refuses an end before the start, and a bad use type, by field', async () => {
    const reversed = await get('/api/user/user_money_log', demo, { start_time: '2026-03-05', end_time: '2026-03-01' });
    expect(reversed.status).toBe(422);
    expect(reversed.body.data).toEqual({ end_time: ['结束日期不能早于开始日期'] });
    // 4 is a cashback (PROMO-02); 5 is no type.
    expect((await get('/api/user/user_money_log', demo, { use_type: 5 })).status).toBe(422);
  });
});

describe('points (WALLET-01, WALLET-02)', () => {
  it('answers the company points, shared by its stores, with a history that ends at them', async () => {
    // Other test files complete orders of demo's company in this shared store meanwhile (points earned): every reading
    // is taken between two equal readings of the points, so all of them describe the same moment.
    const companyPoints = async () =>
      (
        await db.query<{ points: number }>(
          "SELECT c.points FROM companies c JOIN users u ON u.company_id = c.id WHERE u.username = 'demo'",
        )
      )[0]?.points;
    const settled = async () => {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const before = await companyPoints();
        const [mine, store, log] = await Promise.all([
          get<{ points: number }>('/api/user/points', demo),
          get<{ points: number }>('/api/user/points', demo3),
          get<Paged<PointsLog>>('/api/user/points_log', demo, { page_size: 50 }),
        ]);
        if (before === (await companyPoints())) return { company: before, mine, store, log };
      }
      throw new Error("demo's points kept changing while they were read");
    };
    const { company, mine, store, log } = await settled();
    const other = await get<{ points: number }>('/api/user/points', demo2);
    expect(mine.body.data.points).toBe(company);
    expect(store.body.data.points).toBe(company);
    expect(log.status).toBe(200);
    expect(log.body.data.data[0]?.balance_after).toBe(company);
    expect(new Set(log.body.data.data.map((e) => e.type))).toEqual(new Set([1, 2, 3]));
    expect((log.body.data.total_in ?? 0) - (log.body.data.total_out ?? 0)).toBe(company);
    // demo2's company has its own history, none of demo's.
    const otherLog = await get<Paged<PointsLog>>('/api/user/points_log', demo2, { page_size: 50 });
    const mineIds = new Set(log.body.data.data.map((e) => e.id));
    expect(otherLog.body.data.data.some((e) => mineIds.has(e.id))).toBe(false);
    expect(otherLog.body.data.data[0]?.balance_after).toBe(other.body.data.points);
  });

  it('filters the history by type, and refuses an unknown type', async () => {
    const spent = await get<Paged<PointsLog>>('/api/user/points_log', demo, { type: 2 });
    expect(spent.body.data.total).toBeGreaterThan(0);
    expect(spent.body.data.data.every((e) => e.type === 2 && e.change < 0)).toBe(true);
    expect(spent.body.data.total_in).toBe(0);
    expect((await get('/api/user/points_log', demo, { type: 9 })).status).toBe(422);
  });

  it('awards one point per whole yuan, once per order even when awarded concurrently', async () => {
    const [company] = await db.query<{ id: number }>(
      "INSERT INTO companies (name, points) VALUES ('积分测试药房', 5) RETURNING id",
    );
    if (company === undefined) throw new Error('no company');
    madeCompanies.push(company.id);
    const [user] = await db.query<{ id: number }>(
      `INSERT INTO users (company_id, username, password_hash) VALUES ($1, $2, 'x') RETURNING id`,
      [company.id, `points_${company.id}_${Date.now()}`],
    );
    if (user === undefined) throw new Error('no user');
    const [order] = await db.query<{ id: number }>(
      `INSERT INTO orders (order_sn, user_id, status, idempotency_key, pay_amount)
       VALUES ($1, $2, 3, $1, 12399) RETURNING id`,
      [`pts-${user.id}`, user.id],
    );
    if (order === undefined) throw new Error('no order');
    await Promise.all(
      Array.from({ length: 6 }, () => db.transaction((tx) => awardOrderPoints(tx, user.id, order.id, 12399))),
    );
    await db.transaction((tx) => awardOrderPoints(tx, user.id, order.id, 12399));
    const rows = await db.query<{ change: number; balance_after: number }>(
      'SELECT change, balance_after FROM points_log WHERE order_id = $1',
      [order.id],
    );
    expect(rows).toEqual([{ change: 123, balance_after: 128 }]);
    const [after] = await db.query<{ points: number }>('SELECT points FROM companies WHERE id = $1', [company.id]);
    expect(after?.points).toBe(128);

    // Less than a yuan earns nothing; another buyer's order earns this buyer nothing.
    const [small] = await db.query<{ id: number }>(
      `INSERT INTO orders (order_sn, user_id, status, idempotency_key, pay_amount)
       VALUES ($1, $2, 3, $1, 99) RETURNING id`,
      [`pts-small-${user.id}`, user.id],
    );
    await db.transaction((tx) => awardOrderPoints(tx, user.id, small?.id ?? 0, 99));
    const foreign = await foreignOrder();
    await db.transaction((tx) => awardOrderPoints(tx, user.id, foreign, 50000));
    const [still] = await db.query<{ points: number }>('SELECT points FROM companies WHERE id = $1', [company.id]);
    expect(still?.points).toBe(128);
    await db.query('DELETE FROM points_log WHERE user_id = $1', [user.id]);
    await db.query('DELETE FROM orders WHERE user_id = $1', [user.id]);
    await db.query('DELETE FROM users WHERE id = $1', [user.id]);
  });
});

async function foreignOrder(): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    "SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.username = 'demo2' ORDER BY o.id LIMIT 1",
  );
  if (row === undefined) throw new Error('demo2 has no order');
  return row.id;
}

describe('cash vouchers (WALLET-04)', () => {
  async function voucher(buyerId: number, from: string, to: string, amount = 2000): Promise<number> {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO cash_vouchers (user_id, name, amount, source, start_at, end_at)
       VALUES ($1, '测试现金券', $2, '测试', now() + $3::interval, now() + $4::interval) RETURNING id`,
      [buyerId, amount, from, to],
    );
    if (row === undefined) throw new Error('no voucher');
    return row.id;
  }
  const redeem = (id: number | string, token: string) =>
    call<{ voucher: Voucher; balance: number }>(app, 'POST', `/api/user/cash_voucher/${id}/redeem`, { token });

  it('lists the seeded vouchers by state, with counts', async () => {
    const counts = await get<{ unused: number; used: number; expired: number; unused_amount: number }>(
      '/api/user/cashVoucherNum',
      demo2,
    );
    expect(counts.body.data.unused).toBeGreaterThanOrEqual(2);
    expect(counts.body.data.expired).toBeGreaterThanOrEqual(1);
    const usable = await get<Paged<Voucher>>('/api/user/cash_voucher', demo, { status: 0 });
    expect(usable.body.data.data.length).toBeGreaterThan(0);
    expect(usable.body.data.data.every((v) => v.status === 0 || v.status === 3)).toBe(true);
    const expired = await get<Paged<Voucher>>('/api/user/cash_voucher', demo, { status: 2 });
    expect(expired.body.data.data.every((v) => v.status === 2)).toBe(true);
    expect(expired.body.data.total).toBeGreaterThan(0);
    expect((await get('/api/user/cash_voucher', demo, { status: 5 })).status).toBe(422);
  });

  it('turns a usable voucher into balance once, even when redeemed concurrently', async () => {
    const [buyer] = await makeBuyers(db, 1, 100);
    if (buyer === undefined) throw new Error('no buyer');
    const id = await voucher(buyer.id, '-1 day', '10 days', 2500);
    const answers = await Promise.all([redeem(id, buyer.token), redeem(id, buyer.token), redeem(id, buyer.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
    const done = answers.find((a) => a.status === 200);
    expect(done?.body.data).toMatchObject({ balance: 2600, voucher: { id, status: 1 } });
    expect(answers.find((a) => a.status === 422)?.body.message).toBe('该现金券已使用');
    const log = await get<Paged<MoneyLog>>('/api/user/user_money_log', buyer.token);
    expect(log.body.data.data.filter((e) => e.amount === 2500 && e.use_type === 1)).toHaveLength(1);
  });

  it('refuses an expired or not yet valid voucher, changing nothing', async () => {
    const [buyer] = await makeBuyers(db, 1, 100);
    if (buyer === undefined) throw new Error('no buyer');
    const expired = await voucher(buyer.id, '-10 days', '-1 day');
    const early = await voucher(buyer.id, '1 day', '10 days');
    expect((await redeem(expired, buyer.token)).body).toMatchObject({ code: 422, message: '该现金券已过期' });
    expect((await redeem(early, buyer.token)).body.message).toBe('该现金券尚未到使用时间');
    const [row] = await db.query<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [buyer.id]);
    expect(row?.balance).toBe(100);
  });

  it("answers another company's voucher as an unknown one", async () => {
    const demo2Id = await userId(db, 'demo2');
    const theirs = await voucher(demo2Id, '-1 day', '10 days');
    const foreign = await redeem(theirs, demo);
    const unknown = await redeem(2_000_000_000, demo);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    const [row] = await db.query<{ status: number }>('SELECT status FROM cash_vouchers WHERE id = $1', [theirs]);
    expect(row?.status).toBe(0);
    await db.query('DELETE FROM cash_vouchers WHERE id = $1', [theirs]);
  });
});

describe('points orders', () => {
  it('pages the buyer’s points orders, filters by status, and shows none of another company’s', async () => {
    const mine = await get<Paged<PointsOrder>>('/api/user/points_order', demo, { page_size: 2 });
    expect(mine.status).toBe(200);
    expect(mine.body.data.total).toBeGreaterThanOrEqual(3);
    expect(mine.body.data.data).toHaveLength(2);
    expect(mine.body.data.data.every((o) => o.points === o.unit_points * o.quantity)).toBe(true);
    const done = await get<Paged<PointsOrder>>('/api/user/points_order', demo, { status: 2 });
    expect(done.body.data.data.every((o) => o.status === 2)).toBe(true);
    const theirs = await get<Paged<PointsOrder>>('/api/user/points_order', demo2, { page_size: 50 });
    const mineAll = await get<Paged<PointsOrder>>('/api/user/points_order', demo, { page_size: 50 });
    const ids = new Set(mineAll.body.data.data.map((o) => o.id));
    expect(theirs.body.data.data.some((o) => ids.has(o.id))).toBe(false);
    expect((await get('/api/user/points_order', demo, { status: 7 })).status).toBe(422);
  });

  it('shows each points order with its mall goods’ picture under the public address', async () => {
    const mine = await get<Paged<PointsOrder>>('/api/user/points_order', demo, { page_size: 50 });
    expect(mine.body.data.data.length).toBeGreaterThan(0);
    for (const order of mine.body.data.data) {
      expect(order.goods_image).toMatch(new RegExp(`^${PUBLIC_URL}/api/images/points/\\d+\\.svg$`));
    }
  });
});

describe('ephedrine-type receipts (WALLET-05)', () => {
  it('lists the receipts of the buyer’s orders with the ID card masked', async () => {
    const res = await get<Paged<Receipt>>('/api/order/receipts', demo, { page_size: 50 });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeGreaterThanOrEqual(2);
    const full = await db.query<{ order_id: number; id_card: string }>(
      'SELECT order_id, id_card FROM order_receipts WHERE order_id = ANY($1::int[])',
      [res.body.data.data.map((r) => r.order_id)],
    );
    for (const r of res.body.data.data) {
      const whole = full.find((f) => f.order_id === r.order_id)?.id_card ?? '';
      expect(r.id_card).toBe(`${whole.slice(0, 6)}${'*'.repeat(whole.length - 10)}${whole.slice(-4)}`);
      expect(JSON.stringify(res.body)).not.toContain(whole);
      expect(r.goods.length).toBeGreaterThan(0);
    }
    const theirs = await get<Paged<Receipt>>('/api/order/receipts', demo2, { page_size: 50 });
    const mine = new Set(res.body.data.data.map((r) => r.order_id));
    expect(theirs.body.data.data.length).toBeGreaterThan(0);
    expect(theirs.body.data.data.some((r) => mine.has(r.order_id))).toBe(false);
  });

  it('masks a short number whole', async () => {
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    const [order] = await db.query<{ id: number }>(
      `INSERT INTO orders (order_sn, user_id, idempotency_key, need_receipt) VALUES ($1, $2, $1, 1) RETURNING id`,
      [`rcpt-${buyer.id}`, buyer.id],
    );
    await db.query("INSERT INTO order_receipts (order_id, name, id_card) VALUES ($1, '王五', '12345678')", [
      order?.id ?? 0,
    ]);
    const res = await get<Paged<Receipt>>('/api/order/receipts', buyer.token);
    expect(res.body.data.data.map((r) => r.id_card)).toEqual(['********']);
  });

  it('asks a visitor to sign in', async () => {
    expect((await call(app, 'GET', '/api/order/receipts')).status).toBe(401);
  });
});

describe('coupons by status and the coupon-received message (WALLET-06)', () => {
  it('counts unused, used and expired coupons', async () => {
    const res = await get<{ unused: number; used: number; expired: number }>('/api/user/couponNum', demo);
    expect(res.status).toBe(200);
    expect(res.body.data.used).toBeGreaterThanOrEqual(1);
    expect(res.body.data.expired).toBeGreaterThanOrEqual(1);
    const used = await get<Paged<{ status: number }>>('/api/user/coupon', demo, { status: 1, page_size: 50 });
    expect(used.body.data.total).toBe(res.body.data.used);
  });

  it('writes one message per claim, and none for a refused claim', async () => {
    const [coupon] = await db.query<{ id: number }>(
      `INSERT INTO coupons (name, type, amount, discount, min_amount, start_at, end_at, center_total, center_remaining)
       VALUES ('消息测试券 满50减5', 1, 500, 100, 5000, now() - interval '1 day', now() + interval '5 days', 2, 1)
       RETURNING id`,
    );
    if (coupon === undefined) throw new Error('no coupon');
    madeCoupons.push(coupon.id);
    const [first, second] = await makeBuyers(db, 2);
    if (first === undefined || second === undefined) throw new Error('no buyers');
    const take = (token: string) => call(app, 'POST', `/api/coupon/${coupon.id}/take`, { token });
    expect((await take(first.token)).status).toBe(200);
    expect((await take(first.token)).status).toBe(400);
    expect((await take(second.token)).status).toBe(400);
    const messages = await db.query<{ user_id: number; kind: string; title: string; body: string; link: string }>(
      'SELECT user_id, kind, title, body, link FROM messages WHERE user_id = ANY($1::int[])',
      [[first.id, second.id]],
    );
    expect(messages).toEqual([
      {
        user_id: first.id,
        kind: 'promotion',
        title: '优惠券到账',
        body: expect.stringContaining('消息测试券 满50减5') as string,
        link: '/wdqb/yhq',
      },
    ]);
  });
});
