// Each promotion kind in the cart, as a buyer meets it (PRICE-03..PRICE-08, PRICE-13), and bad input refused with the
// buyer's wording and the cart left as it was: a tampered seckill id, a seckill not started, a quantity past the
// limit, a gift or an add-on purchase asked for directly.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { call, makeBuyers, removeBuyers, testApp } from './testkit';

let app: FastifyInstance;
let db: Db;
const made: number[] = [];
beforeAll(async () => {
  ({ app, db } = await testApp());
});
afterAll(async () => {
  await removeBuyers(db, made);
});

async function buyer(): Promise<string> {
  const [b] = await makeBuyers(db, 1, 10_000_000);
  if (b === undefined) throw new Error('no buyer');
  made.push(b.id);
  return b.token;
}

/** A buyable goods with plenty of stock in the activity of this kind that runs now (or starts later). */
async function goodsOf(type: string, running = true): Promise<{ id: number; activity: number; price: number }> {
  const [row] = await db.query<{ id: number; activity: number; price: number }>(
    `SELECT g.id, a.id AS activity, g.price FROM goods g JOIN goods_activities ga ON ga.goods_id = g.id
     JOIN activities a ON a.id = ga.activity_id AND a.type = $1
       AND (a.start_at <= now()) = $2 AND a.end_at > now()
     WHERE g.is_buy = 1 AND g.number >= 500 AND g.is_hm = 0
       AND NOT EXISTS (SELECT 1 FROM ladder_prices lp WHERE lp.goods_id = g.id)
     ORDER BY g.id LIMIT 1`,
    [type, running],
  );
  if (row === undefined) throw new Error(`no ${type} goods`);
  return row;
}

interface Line {
  id: number;
  type: number;
  number: number;
  price: number;
  total: number;
  is_available: number;
  with_coupon: number;
  goods_manjian_amount: number;
  goods_manjian_hint: string | null;
  gift_data: { total: number; type: number };
  promotion: { kind: string; label: string } | null;
  promotion_note: string | null;
  exchange_offer: { activity_id: number; goods_id: number; price: number; unlocked: number } | null;
  goods: { id: number };
}

const add = (token: string, params: Record<string, unknown>[]) =>
  call(app, 'POST', '/api/cart', { token, form: { params } });
const cart = async (token: string) =>
  (await call<{ data: Line[] }>(app, 'GET', '/api/cart/list', { token })).body.data.data;

describe('seckill lines (PRICE-03, PRICE-05)', () => {
  it('are added at the seckill price within the limit, and refused past it with the cart unchanged', async () => {
    const token = await buyer();
    const g = await goodsOf('seckill');
    const [offer] = await db.query<{ price: number; per_buyer_limit: number }>(
      'SELECT price, per_buyer_limit FROM goods_activities WHERE activity_id = $1 AND goods_id = $2',
      [g.activity, g.id],
    );
    expect((await add(token, [{ type: 1, goods_id: g.id, goods_price_id: g.activity, number: 2 }])).status).toBe(200);
    const [line] = await cart(token);
    expect(line).toMatchObject({ type: 1, number: 2, price: offer?.price, with_coupon: 0 });
    expect(line?.promotion).toEqual({ kind: 'SECKILL', id: g.activity, label: '秒杀价' });

    const tooMany = await add(token, [
      { type: 1, goods_id: g.id, goods_price_id: g.activity, number: (offer?.per_buyer_limit ?? 5) - 1 },
    ]);
    expect(tooMany.body).toMatchObject({
      code: 40015,
      message: `每人限购${offer?.per_buyer_limit}件，最多还可购买3件`,
    });
    expect((await cart(token)).map((l) => l.number)).toEqual([2]);
    const raised = await call(app, 'POST', `/api/cart/${line?.id}/edit`, { token, form: { params: { number: 9 } } });
    expect(raised.body.code).toBe(40015);
  });

  it('refuses a seckill that has not started, and one that does not exist (a tampered id)', async () => {
    const token = await buyer();
    const upcoming = await goodsOf('seckill', false);
    const early = await add(token, [{ type: 1, goods_id: upcoming.id, goods_price_id: upcoming.activity, number: 1 }]);
    expect(early.body).toMatchObject({ code: 40013, message: '该秒杀活动尚未开始' });
    const discount = await goodsOf('discount');
    const tampered = await add(token, [
      { type: 1, goods_id: discount.id, goods_price_id: discount.activity, number: 1 },
    ]);
    expect(tampered.status).toBe(404);
    expect(await cart(token)).toEqual([]);
  });

  it('prices a line whose seckill ended at the ordinary price and says so before paying', async () => {
    const token = await buyer();
    const g = await goodsOf('seckill');
    await add(token, [{ type: 1, goods_id: g.id, goods_price_id: g.activity, number: 1 }]);
    const [ends] = await db.query<{ end_at: Date }>('SELECT end_at FROM activities WHERE id = $1', [g.activity]);
    if (ends === undefined) throw new Error('no seckill');
    await db.query(
      "UPDATE activities SET end_at = now() - interval '1 second', start_at = now() - interval '2 days' WHERE id = $1",
      [g.activity],
    );
    try {
      const [line] = await cart(token);
      expect(line).toMatchObject({ price: g.price, promotion: null, promotion_note: '秒杀已结束，按原价结算' });
    } finally {
      await db.query("UPDATE activities SET end_at = $2, start_at = now() - interval '1 day' WHERE id = $1", [
        g.activity,
        ends.end_at,
      ]);
    }
  });
});

describe('an order charges only what was confirmed (PRICE-14)', () => {
  it('refuses an order whose amount changed since the confirm page, saying the new amount, and takes nothing', async () => {
    const [b] = await makeBuyers(db, 1, 10_000_000);
    if (b === undefined) throw new Error('no buyer');
    made.push(b.id);
    const g = await goodsOf('seckill');
    await add(b.token, [{ type: 1, goods_id: g.id, goods_price_id: g.activity, number: 1 }]);
    const preview = await call<{ amounts: { pay_amount: number }; lines: { id: number }[] }>(
      app,
      'POST',
      '/api/cart/checkout',
      { token: b.token, form: { ids: (await cart(b.token)).map((l) => l.id) }, arrayFormat: 'brackets' },
    );
    const confirmed = preview.body.data.amounts.pay_amount;
    const stock = async () =>
      (await db.query<{ number: number }>('SELECT number FROM goods WHERE id = $1', [g.id]))[0]?.number;
    const before = await stock();
    const [ends] = await db.query<{ end_at: Date }>('SELECT end_at FROM activities WHERE id = $1', [g.activity]);
    if (ends === undefined) throw new Error('no seckill');
    await db.query("UPDATE activities SET end_at = now() - interval '1 second' WHERE id = $1", [g.activity]);
    try {
      const placed = await call(app, 'POST', '/api/order', {
        token: b.token,
        form: {
          cart_ids: preview.body.data.lines.map((l) => l.id),
          address_id: b.addressId,
          idempotency_key: `changed-${Date.now()}`,
          expected_pay_amount: confirmed,
        },
        arrayFormat: 'brackets',
      });
      expect(placed.body).toMatchObject({
        code: 40018,
        message: expect.stringMatching(/^订单金额已变为¥[\d.]+，请核对后重新提交$/),
      });
      expect(await stock()).toBe(before);
      expect(await cart(b.token)).toHaveLength(1);
    } finally {
      await db.query('UPDATE activities SET end_at = $2 WHERE id = $1', [g.activity, ends.end_at]);
    }
  });
});

describe('the goods own promotions (PRICE-04, PRICE-06, PRICE-07)', () => {
  it('a discount prices every ordinary line of its goods, and keeps it out of coupons', async () => {
    const token = await buyer();
    const g = await goodsOf('discount');
    await add(token, [{ goods_id: g.id, number: 3 }]);
    const [line] = await cart(token);
    expect(line).toMatchObject({ price: Math.floor((g.price * 95) / 100), with_coupon: 0 });
    expect(line?.promotion).toMatchObject({ kind: 'DISCOUNT', label: '限时9.5折' });
  });

  it('a goods own 满减 comes off its line once the line reaches it, and says how far it is before', async () => {
    const token = await buyer();
    const g = await goodsOf('manjian');
    const [terms] = await db.query<{ threshold: number; reduce: number }>(
      'SELECT threshold, reduce FROM activities WHERE id = $1',
      [g.activity],
    );
    const threshold = terms?.threshold ?? 0;
    await add(token, [{ goods_id: g.id, number: 1 }]);
    const [short] = await cart(token);
    expect(short?.goods_manjian_amount).toBe(0);
    expect(short?.goods_manjian_hint).toMatch(/^还差¥[\d.]+享满\d+减\d+$/);
    await call(app, 'POST', `/api/cart/${short?.id}/edit`, {
      token,
      form: { params: { number: Math.ceil(threshold / g.price) } },
    });
    const [reached] = await cart(token);
    expect(reached?.goods_manjian_amount).toBe(terms?.reduce);
    expect(reached?.goods_manjian_hint).toMatch(/^已享满\d+减\d+$/);
  });

  it('a gift is granted with every ten units and withdrawn when the line falls below', async () => {
    const token = await buyer();
    const g = await goodsOf('gift');
    await add(token, [{ goods_id: g.id, number: 25 }]);
    const [line] = await cart(token);
    expect(line?.gift_data).toEqual({ total: 2, type: 1 });
    await call(app, 'POST', `/api/cart/${line?.id}/edit`, { token, form: { params: { number: 9 } } });
    expect((await cart(token))[0]?.gift_data).toEqual({ total: 0, type: 0 });
  });

  it('refuses a line type that does not exist (a gift asked for directly)', async () => {
    const token = await buyer();
    const g = await goodsOf('gift');
    const asked = await add(token, [{ type: 5, goods_id: g.id, number: 1, price: 0 }]);
    expect(asked.status).toBe(422);
    expect(await cart(token)).toEqual([]);
  });
});

describe('add-on purchases (换购, PRICE-13)', () => {
  it('are offered once a covered line reaches the threshold, sold at the offer price, one per order', async () => {
    const token = await buyer();
    const g = await goodsOf('exchange');
    const [offer] = await db.query<{ threshold: number; gift_goods_id: number }>(
      'SELECT threshold, gift_goods_id FROM activities WHERE id = $1',
      [g.activity],
    );
    await add(token, [{ goods_id: g.id, number: 1 }]);
    const exchange = { type: 4, goods_id: offer?.gift_goods_id, goods_price_id: g.activity, number: 1 };
    // Not reached yet: the line says so, and asking for the offer is refused.
    const [short] = await cart(token);
    expect(short?.exchange_offer).toMatchObject({ activity_id: g.activity, unlocked: 0, price: 100 });
    expect((await add(token, [exchange])).body).toMatchObject({ code: 40016 });

    await call(app, 'POST', `/api/cart/${short?.id}/edit`, {
      token,
      form: { params: { number: Math.ceil((offer?.threshold ?? 0) / g.price) } },
    });
    expect((await cart(token))[0]?.exchange_offer?.unlocked).toBe(1);
    expect((await add(token, [exchange])).status).toBe(200);
    const added = (await cart(token)).find((l) => l.type === 4);
    expect(added).toMatchObject({ price: 100, number: 1, is_available: 1, with_coupon: 0 });
    expect(added?.promotion).toMatchObject({ kind: 'EXCHANGE', label: '换购价' });
    expect((await add(token, [exchange])).body).toMatchObject({ code: 40017, message: '每单限换购1件' });

    // Unselecting the line that unlocked it leaves the add-on unavailable, with the reason.
    await call(app, 'POST', '/api/cart/batch_select', {
      token,
      form: { ids: [short?.id], is_selected: 0 },
      arrayFormat: 'brackets',
    });
    const alone = (await cart(token)).find((l) => l.type === 4);
    expect(alone).toMatchObject({ is_available: 0, promotion_note: expect.stringMatching(/^未满足换购条件/) });
  });
});
