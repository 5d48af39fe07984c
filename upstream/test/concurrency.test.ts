import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db/db';
import type { OrderDto } from '../src/areas/orders/service';
import {
  PAY_PASSWORD,
  call,
  freshPhone,
  makeBuyers,
  recordingSms,
  removeGoods,
  testApp,
  type TestBuyer,
} from './testkit';

// PGlite runs one transaction at a time, so races cannot happen there: this file runs on PostgreSQL only
// (TEST_DATABASE_URL; upstream/vitest.config.ts leaves it out of PGlite runs), where a broken guard shows as an
// oversold stock, a coupon used twice or a double order.
if (inject('databaseUrl') === null) throw new Error('the concurrency tests need PostgreSQL: set TEST_DATABASE_URL');

let app: FastifyInstance;
let db: Db;
const created: number[] = [];
beforeAll(async () => {
  ({ app, db } = await testApp());
});
// The copied goods go again, so that the shared store's catalogue stays the seed's for the files after this one.
afterAll(() => removeGoods(db, created));

let keys = 0;
const key = () => `conc-${Date.now()}-${(keys += 1)}`;

/** A fresh goods row copied from a seeded one, so stock changes here never touch goods other tests read. */
async function goodsWithStock(stock: number): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO goods (name, name_py, sccj, sccj_py, ypgg, bzdw, category_id, is_buy, number, base_price, price)
     SELECT name || '（并发测试）', name_py, sccj, sccj_py, ypgg, bzdw, category_id, 1, $1, base_price, price
     FROM goods WHERE is_buy = 1 AND is_hm = 0 ORDER BY id LIMIT 1 RETURNING id`,
    [stock],
  );
  if (row === undefined) throw new Error('could not copy a goods');
  created.push(row.id);
  return row.id;
}

async function addOne(token: string, goodsId: number): Promise<number> {
  await call(app, 'POST', '/api/cart', { token, form: { params: [{ goods_id: goodsId, number: 1 }] } });
  const [line] = (
    await call<{ data: { id: number; goods: { id: number } }[] }>(app, 'GET', '/api/cart/list', { token })
  ).body.data.data.filter((l) => l.goods.id === goodsId);
  if (line === undefined) throw new Error('the add did not make a line');
  return line.id;
}

const order = (token: string, form: Record<string, unknown>) =>
  call<OrderDto>(app, 'POST', '/api/order', { token, form: { invoice_type: 1, ...form }, arrayFormat: 'brackets' });

/** Every buyer orders its own cart line, all at once. */
const orderAtOnce = (buyers: readonly TestBuyer[], lines: readonly number[]) =>
  Promise.all(
    buyers.map((b, i) => order(b.token, { cart_ids: [lines[i]], address_id: b.addressId, idempotency_key: key() })),
  );

/** Puts the promotion's line into each buyer's empty cart, one buyer after another; answers the lines' ids. */
async function promotionLines(buyers: readonly TestBuyer[], line: Record<string, number>): Promise<number[]> {
  const lines: number[] = [];
  for (const b of buyers) {
    await call(app, 'POST', '/api/cart', { token: b.token, form: { params: [line] } });
    const list = await call<{ data: { id: number }[] }>(app, 'GET', '/api/cart/list', { token: b.token });
    lines.push(list.body.data.data[0]?.id ?? 0);
  }
  return lines;
}

const stockOf = async (id: number) =>
  (await db.query<{ number: number }>('SELECT number FROM goods WHERE id = $1', [id]))[0]?.number;

describe('under concurrency on PostgreSQL', () => {
  it('20 concurrent orders for goods with stock 5 make at most 5 orders and leave the stock at 0', async () => {
    const goodsId = await goodsWithStock(5);
    const buyers = await makeBuyers(db, 20);
    const lines = await Promise.all(buyers.map((b) => addOne(b.token, goodsId)));
    const answers = await orderAtOnce(buyers, lines);
    const placed = answers.filter((a) => a.status === 200);
    expect(placed).toHaveLength(5);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.code === 40003)).toBe(true);
    expect(await stockOf(goodsId)).toBe(0);
    const [{ n } = { n: -1 }] = await db.query<{ n: number }>(
      'SELECT coalesce(sum(number), 0)::int AS n FROM order_lines WHERE goods_id = $1',
      [goodsId],
    );
    expect(n).toBe(5);
  });

  it('two concurrent orders of the last set of a bundle: one succeeds, the other 40003, no goods oversold', async () => {
    const goods = [await goodsWithStock(3), await goodsWithStock(1)];
    const [group] = await db.query<{ id: number }>(
      `INSERT INTO combination_groups (kind, name, describe, start_at, end_at)
       VALUES ('bundle', '并发组合', '', now() - interval '1 day', now() + interval '1 day') RETURNING id`,
    );
    const groupId = group?.id ?? 0;
    try {
      // A set is 3 of the first goods and 1 of the second: the stock holds exactly one set.
      await db.query(
        `INSERT INTO combination_goods (group_id, goods_id, number, price, sort)
         VALUES ($1, $2, 3, 100, 0), ($1, $3, 1, 100, 1)`,
        [groupId, goods[0] ?? 0, goods[1] ?? 0],
      );
      const buyers = await makeBuyers(db, 2);
      const answers = await orderAtOnce(
        buyers,
        await promotionLines(buyers, { type: 3, combination_id: groupId, number: 1 }),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 200).map((a) => a.body.code)).toEqual([40003]);
      expect(await stockOf(goods[0] ?? 0)).toBe(0);
      expect(await stockOf(goods[1] ?? 0)).toBe(0);
    } finally {
      await db.query('DELETE FROM combination_groups WHERE id = $1', [groupId]);
    }
  });

  it('concurrent group-buy joins by many buyers all count towards the group', async () => {
    const goodsId = await goodsWithStock(100);
    const [offer] = await db.query<{ id: number }>(
      `INSERT INTO group_buys (goods_id, price, target_number, start_at, end_at)
       VALUES ($1, 100, 50, now() - interval '1 day', now() + interval '1 day') RETURNING id`,
      [goodsId],
    );
    const offerId = offer?.id ?? 0;
    try {
      const buyers = await makeBuyers(db, 10);
      const answers = await orderAtOnce(
        buyers,
        await promotionLines(buyers, { type: 2, group_buy_id: offerId, number: 2 }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      const [row] = await db.query<{ n: number }>('SELECT joined_number AS n FROM group_buys WHERE id = $1', [offerId]);
      expect(row?.n).toBe(20);
    } finally {
      await db.query('DELETE FROM group_buys WHERE id = $1', [offerId]);
    }
  });

  it('one coupon used by concurrent orders is used once', async () => {
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    const [coupon] = await db.query<{ id: number }>(
      'INSERT INTO user_coupons (user_id, coupon_id) VALUES ($1, 3) RETURNING id',
      [buyer.id],
    );
    // Ten orders of ten different goods, each alone above the coupon's 100-yuan threshold.
    const goods = await Promise.all(Array.from({ length: 10 }, () => goodsWithStock(1000)));
    await db.query('UPDATE goods SET price = 20000 WHERE id = ANY($1::int[])', [goods]);
    const lines: number[] = [];
    for (const g of goods) lines.push(await addOne(buyer.token, g));
    const answers = await Promise.all(
      lines.map((line) =>
        order(buyer.token, {
          cart_ids: [line],
          address_id: buyer.addressId,
          user_coupon_id: coupon?.id,
          idempotency_key: key(),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.code)).toEqual(Array(9).fill(40004));
    const [{ n } = { n: -1 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE user_coupon_id = $1',
      [coupon?.id ?? 0],
    );
    expect(n).toBe(1);
  });

  it('a double-submitted order (same key, at once) makes one order', async () => {
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    const goodsId = await goodsWithStock(100);
    const line = await addOne(buyer.token, goodsId);
    const same = key();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        order(buyer.token, { cart_ids: [line], address_id: buyer.addressId, idempotency_key: same }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await stockOf(goodsId)).toBe(99);
  });

  it('concurrent payments never take the balance below zero', async () => {
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    const goodsId = await goodsWithStock(100);
    // Free shipping keeps every order at exactly 1 000 yuan.
    await db.query('UPDATE goods SET price = 100000 WHERE id = $1', [goodsId]);
    const orders: OrderDto[] = [];
    for (let i = 0; i < 5; i += 1) {
      const line = await addOne(buyer.token, goodsId);
      orders.push(
        (await order(buyer.token, { cart_ids: [line], address_id: buyer.addressId, idempotency_key: key() })).body.data,
      );
    }
    const amount = orders[0]?.amounts.pay_amount ?? 0;
    expect(orders.every((o) => o.amounts.pay_amount === amount)).toBe(true);
    await db.query('UPDATE users SET balance = $1 WHERE id = $2', [amount * 2 + amount - 1, buyer.id]);
    const answers = await Promise.all(
      orders.map((o) =>
        call(app, 'POST', `/api/order/${o.id}/pay`, {
          token: buyer.token,
          form: { method: 'balance', pay_password: PAY_PASSWORD },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.code)).toEqual([40006, 40006, 40006]);
    const [wallet] = await db.query<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [buyer.id]);
    expect(wallet?.balance).toBe(amount - 1);
    const [{ n } = { n: -1 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM money_log WHERE user_id = $1 AND use_type = 2',
      [buyer.id],
    );
    expect(n).toBe(2);
  });
});

describe('the coupon centre under concurrency on PostgreSQL', () => {
  const coupons: number[] = [];
  afterAll(async () => {
    await db.query('DELETE FROM user_coupons WHERE coupon_id = ANY($1::int[])', [coupons]);
    await db.query('DELETE FROM coupons WHERE id = ANY($1::int[])', [coupons]);
  });
  async function centerCoupon(remaining: number): Promise<number> {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO coupons (name, type, amount, discount, min_amount, start_at, end_at, center_total, center_remaining)
       VALUES ('并发领券', 1, 500, 100, 10000, now() - interval '1 day', now() + interval '1 day', 10, $1)
       RETURNING id`,
      [remaining],
    );
    if (row === undefined) throw new Error('could not make a coupon');
    coupons.push(row.id);
    return row.id;
  }
  const take = (id: number, token: string) => call(app, 'POST', `/api/coupon/${id}/take`, { token });
  const remainingOf = async (id: number) =>
    (await db.query<{ n: number }>('SELECT center_remaining AS n FROM coupons WHERE id = $1', [id]))[0]?.n;

  it('20 buyers taking the last coupon at once: one gets it, the others 40012', async () => {
    const id = await centerCoupon(1);
    const buyers = await makeBuyers(db, 20);
    const answers = await Promise.all(buyers.map((b) => take(id, b.token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.code)).toEqual(Array(19).fill(40012));
    expect(await remainingOf(id)).toBe(0);
    const [{ n } = { n: -1 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM user_coupons WHERE coupon_id = $1',
      [id],
    );
    expect(n).toBe(1);
  });

  it('one buyer taking a coupon ten times at once gets one, and the stock drops by one', async () => {
    const id = await centerCoupon(5);
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    const answers = await Promise.all(Array.from({ length: 10 }, () => take(id, buyer.token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.code)).toEqual(Array(9).fill(40011));
    expect(await remainingOf(id)).toBe(4);
  });
});

describe('the lucky draw under concurrency on PostgreSQL', () => {
  let drawApp: FastifyInstance;
  const draws: number[] = [];
  beforeAll(async () => {
    // Every pick lands on the first prize, so the only thing left to chance is the order the transactions run in.
    ({ app: drawApp } = await testApp({ drawRandom: () => 0 }));
  });
  afterAll(async () => {
    await db.query('DELETE FROM draws WHERE id = ANY($1::int[])', [draws]);
  });
  /** A running draw of a prize of this stock, then the unlimited consolation entry; answers the prizes' ids. */
  async function drawWithPrize(stock: number): Promise<{ id: number; prize: number; thanks: number }> {
    const [draw] = await db.query<{ id: number }>(
      `INSERT INTO draws (name, start_at, end_at) VALUES ('并发抽奖', now() - interval '1 day', now() + interval '30 days')
       RETURNING id`,
    );
    if (draw === undefined) throw new Error('could not make a draw');
    draws.push(draw.id);
    const [prize, thanks] = await db.query<{ id: number }>(
      `INSERT INTO draw_prizes (draw_id, name, is_prize, weight, stock, sort)
       VALUES ($1, '限量奖品', 1, 1, $2, 0), ($1, '谢谢参与', 0, 9, NULL, 1) RETURNING id`,
      [draw.id, stock],
    );
    if (prize === undefined || thanks === undefined) throw new Error('could not make the prizes');
    return { id: draw.id, prize: prize.id, thanks: thanks.id };
  }
  const drawOnce = (id: number, token: string) =>
    call<{ id: number; prize: { id: number } }>(drawApp, 'GET', '/api/draw', { token, query: { id } });
  const stockOfPrize = async (id: number) =>
    (await db.query<{ stock: number }>('SELECT stock FROM draw_prizes WHERE id = $1', [id]))[0]?.stock;

  it('one buyer drawing ten times at once makes one record, answered to every call, and takes one unit', async () => {
    const d = await drawWithPrize(5);
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    const answers = await Promise.all(Array.from({ length: 10 }, () => drawOnce(d.id, buyer.token)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(answers.every((a) => a.body.data.prize.id === d.prize)).toBe(true);
    const [{ n } = { n: -1 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM draw_records WHERE draw_id = $1',
      [d.id],
    );
    expect(n).toBe(1);
    expect(await stockOfPrize(d.prize)).toBe(4);
  });

  it('ten buyers after the last unit of a prize at once: one wins it, the others get the consolation', async () => {
    const d = await drawWithPrize(1);
    const buyers = await makeBuyers(db, 10);
    const answers = await Promise.all(buyers.map((b) => drawOnce(d.id, b.token)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const prizes = answers.map((a) => a.body.data.prize.id);
    expect(prizes.filter((p) => p === d.prize)).toHaveLength(1);
    expect(prizes.filter((p) => p === d.thanks)).toHaveLength(9);
    expect(await stockOfPrize(d.prize)).toBe(0);
    const [{ n } = { n: -1 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM draw_records WHERE draw_id = $1 AND prize_id = $2',
      [d.id, d.prize],
    );
    expect(n).toBe(1);
  });
});

describe('registration under concurrency on PostgreSQL', () => {
  const sms = recordingSms();
  let regApp: FastifyInstance;
  beforeAll(async () => {
    ({ app: regApp } = await testApp({ smsSender: sms }));
  });
  let names = 0;
  const username = () => `conc_${Date.now().toString(36)}${(names += 1)}`;
  // A prefix of its own, so that these numbers never meet registration.test.ts's in the shared store.
  const phone = () => freshPhone('1390001');
  const sendCode = (p: string) => call(regApp, 'POST', '/api/user/create_code', { form: { phone: p, type: 1 } });
  const register = (p: string, name: string) =>
    call(regApp, 'POST', '/api/user/register', {
      form: { phone: p, code: sms.codeFor(p), username: name, password: 'abc12345', company: '并发药房', name: '并发' },
    });
  const count = async (sql: string, params: string[]) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]?.n;

  it('two registrations of one number at once: one account, the other 40033', async () => {
    const p = phone();
    expect((await sendCode(p)).status).toBe(200);
    const answers = await Promise.all([register(p, username()), register(p, username())]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([10000, 40033]);
    expect(await count('users WHERE phone = $1', [p])).toBe(1);
  });

  it('two registrations of one username at once: one account, the other 该用户名已被使用', async () => {
    const [p1, p2] = [phone(), phone()];
    await Promise.all([sendCode(p1), sendCode(p2)]);
    const name = username();
    const answers = await Promise.all([register(p1, name), register(p2, name)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)?.body.data).toEqual({ username: ['该用户名已被使用'] });
    expect(await count('users WHERE username = $1', [name])).toBe(1);
    // The loser's code was given back with its transaction: it registers under another name.
    const loser = answers[0]?.status === 422 ? p1 : p2;
    expect((await register(loser, username())).body.code).toBe(10000);
  });

  it('ten code requests for one number at once send one code; the others are throttled', async () => {
    const p = phone();
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendCode(p)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.code)).toEqual(Array(9).fill(40030));
    expect(sms.sent.filter((s) => s.phone === p)).toHaveLength(1);
    expect(await count('verification_codes WHERE phone = $1', [p])).toBe(1);
  });
});
