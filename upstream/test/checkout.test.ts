import type { FastifyInstance } from 'fastify';
import type { OrderAmounts } from '@pharma/domain/order-amounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { PHONE_MESSAGE } from '../src/areas/addresses/routes';
import { call, clearCart, findGoods, freshCoupon, login, testApp, userId } from './testkit';

let app: FastifyInstance;
let db: Db;
let demo: string;
let demo2: string;
let demo3: string;
beforeAll(async () => {
  ({ app, db } = await testApp());
  demo = await login(app, 'demo');
  demo2 = await login(app, 'demo2');
  demo3 = await login(app, 'demo3');
});
beforeEach(async () => {
  for (const u of ['demo', 'demo2', 'demo3']) await clearCart(db, u);
});

interface Line {
  id: number;
  number: number;
  price: number;
  is_selected: number;
  goods: { id: number; price: number };
}
interface Coupon {
  id: number;
  coupon_id: number;
  type: number;
  amount: number;
  min_amount: number;
  status: number;
  usable?: number;
  reason?: string | null;
}
interface Checkout {
  lines: Line[];
  amounts: OrderAmounts;
  need_receipt: number;
  addresses: { id: number; is_default: number }[];
  coupons: Coupon[];
}

const add = (token: string, goodsId: number, number: number) =>
  call<{ total: number }>(app, 'POST', '/api/cart', { token, form: { params: [{ goods_id: goodsId, number }] } });
const lines = async (token = demo) =>
  (await call<{ data: Line[] }>(app, 'GET', '/api/cart/list', { token })).body.data.data;
const checkout = (token: string, form: Record<string, unknown>) =>
  call<Checkout>(app, 'POST', '/api/cart/checkout', { token, form: { new: 1, ...form }, arrayFormat: 'brackets' });
// Ordinary goods without ephedrine-type ingredients, plenty of stock, no ladder, a price below 100 yuan.
const plain = (offset = 0) =>
  db
    .query<{ id: number; price: number; number: number; name: string }>(
      `SELECT id, price, number, name FROM goods g WHERE is_buy = 1 AND is_hm = 0 AND number >= 300 AND is_dpby = 0
       AND price BETWEEN 500 AND 10000 AND NOT EXISTS (SELECT 1 FROM ladder_prices lp WHERE lp.goods_id = g.id)
       AND NOT EXISTS (SELECT 1 FROM goods_activities ga WHERE ga.goods_id = g.id)
       ORDER BY id DESC LIMIT 1 OFFSET $1`,
      [offset],
    )
    .then((rows) => {
      if (rows[0] === undefined) throw new Error('no plain goods in the seed');
      return rows[0];
    });

describe('quick add', () => {
  it('adds one unit, and again adds to the same line', async () => {
    const g = await plain();
    const first = await call<{ total: number }>(app, 'POST', `/api/cart/quick_add/${g.id}`, { token: demo });
    expect(first.body).toEqual({ code: 10000, message: '加入购物车成功', data: { total: 1 } });
    await call(app, 'POST', `/api/cart/quick_add/${g.id}`, { token: demo });
    expect((await lines()).map((l) => [l.goods.id, l.number])).toEqual([[g.id, 2]]);
  });

  it('refuses visitors, unknown goods, unbuyable and sold-out goods', async () => {
    const g = await plain();
    expect((await call(app, 'POST', `/api/cart/quick_add/${g.id}`)).status).toBe(401);
    expect((await call(app, 'POST', '/api/cart/quick_add/99999999', { token: demo })).status).toBe(404);
    expect((await call(app, 'POST', '/api/cart/quick_add/abc', { token: demo })).status).toBe(404);
    const unbuyable = await findGoods(db, 'g.is_buy = 0');
    expect((await call(app, 'POST', `/api/cart/quick_add/${unbuyable.id}`, { token: demo })).body.code).toBe(40002);
    const soldOut = await findGoods(db, 'g.is_buy = 1 AND g.number = 0');
    expect((await call(app, 'POST', `/api/cart/quick_add/${soldOut.id}`, { token: demo })).body).toEqual({
      code: 40001,
      message: '库存不足，最多可购买0件',
      data: null,
    });
    expect(await lines()).toEqual([]);
  });
});

describe('next tier hint', () => {
  it('names how many more reach the next cheaper minimum-quantity tier, and nothing past the last', async () => {
    const tiers = await db.query<{ goods_id: number; number: number; price: number; bzdw: string }>(
      `SELECT lp.goods_id, lp.number, lp.price, g.bzdw FROM ladder_prices lp JOIN goods g ON g.id = lp.goods_id
       WHERE g.ladder_price_type = 0 AND lp.number > 1 AND lp.price < g.price ORDER BY lp.goods_id, lp.number`,
    );
    const tier = tiers[0];
    if (tier === undefined) throw new Error('no minimum-quantity ladder');
    const hint = await call<{ hint: string | null; next: { number: number; price: number } | null }>(
      app,
      'GET',
      '/api/cart/next_hint',
      { token: demo, query: { goods_id: tier.goods_id, number: 1 } },
    );
    expect(hint.status).toBe(200);
    expect(hint.body.data.next).toEqual({ number: tier.number, price: tier.price });
    expect(hint.body.data.hint).toMatch(
      new RegExp(`^再买 ${tier.number - 1} ${tier.bzdw} ¥\\d+\\.\\d{2}/${tier.bzdw}$`),
    );
    const last = tiers.filter((t) => t.goods_id === tier.goods_id).at(-1);
    const beyond = await call<{ hint: null; next: null }>(app, 'GET', '/api/cart/next_hint', {
      token: demo,
      query: { goods_id: tier.goods_id, number: (last?.number ?? 0) + 1 },
    });
    expect(beyond.body.data).toEqual({ hint: null, next: null });
  });

  it('refuses a quantity below 1 (422) and unknown goods (404)', async () => {
    const g = await plain();
    const bad = await call(app, 'GET', '/api/cart/next_hint', { token: demo, query: { goods_id: g.id, number: 0 } });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({ number: ['数量必须是大于0的整数'] });
    const unknown = await call(app, 'GET', '/api/cart/next_hint', {
      token: demo,
      query: { goods_id: 99999999, number: 1 },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('copying lines to another store account', () => {
  it("adds demo's lines to demo3's cart (same company), adding to lines already there", async () => {
    const [a, b] = [await plain(0), await plain(1)];
    await add(demo, a.id, 2);
    await add(demo, b.id, 3);
    await add(demo3, a.id, 1);
    const ids = (await lines()).map((l) => l.id);
    const copy = () =>
      call<{ copied: number }>(app, 'POST', '/api/cart/copy', {
        token: demo,
        form: { ids, other_user_ids: [demo3Id] },
        arrayFormat: 'brackets',
      });
    const demo3Id = await userId(db, 'demo3');
    const res = await copy();
    expect(res.body).toMatchObject({ code: 10000, data: { copied: 2 } });
    const theirs = Object.fromEntries((await lines(demo3)).map((l) => [l.goods.id, l.number]));
    expect(theirs).toEqual({ [a.id]: 3, [b.id]: 3 });
    // demo's own cart is unchanged.
    expect((await lines()).map((l) => l.number).sort()).toEqual([2, 3]);
  });

  it('lists the other store accounts of the company, and only those', async () => {
    const res = await call<{ id: number; username: string }[]>(app, 'GET', '/api/user/stores', { token: demo });
    expect(res.body.data.map((s) => s.username)).toContain('demo3');
    expect(res.body.data.map((s) => s.username)).not.toContain('demo');
    expect(res.body.data.map((s) => s.username)).not.toContain('demo2');
    const theirs = await call<{ username: string }[]>(app, 'GET', '/api/user/stores', { token: demo2 });
    expect(theirs.body.data).toEqual([]);
    expect((await call(app, 'GET', '/api/user/stores')).status).toBe(401);
  });

  it("refuses another company's buyer, or oneself, with 422 and copies nothing", async () => {
    const g = await plain();
    await add(demo, g.id, 1);
    const ids = (await lines()).map((l) => l.id);
    for (const other of [await userId(db, 'demo2'), await userId(db, 'demo')]) {
      const res = await call(app, 'POST', '/api/cart/copy', {
        token: demo,
        form: { ids, other_user_ids: [await userId(db, 'demo3'), other] },
        arrayFormat: 'brackets',
      });
      expect(res.status).toBe(422);
      expect(res.body.data).toEqual({ other_user_ids: ['只能复制到本公司的其他门店账号'] });
    }
    expect(await lines(demo3)).toEqual([]);
    expect(await lines(demo2)).toEqual([]);
  });
});

describe('checkout preview', () => {
  it('prices the chosen lines with freight, lists addresses and coupons with whether they apply', async () => {
    const g = await plain();
    // Enough for the 300-yuan coupon threshold and the first full-reduction tier, below free shipping (800).
    const n = Math.ceil(30000 / g.price);
    await add(demo, g.id, n);
    const ids = (await lines()).map((l) => l.id);
    await freshCoupon(db, 'demo', 1);
    const res = await checkout(demo, { ids });
    expect(res.status).toBe(200);
    const goodsAmount = g.price * n;
    expect(goodsAmount).toBeLessThan(80000);
    expect(res.body.data.amounts).toEqual({
      goods_amount: goodsAmount,
      goods_manjian_amount: 0,
      manjian_amount: 1000,
      discount_amount: 0,
      coupon_amount: 0,
      freight_amount: 1000,
      pay_amount: goodsAmount - 1000 + 1000,
    });
    expect(res.body.data.need_receipt).toBe(0);
    expect(res.body.data.addresses[0]?.is_default).toBe(1);
    const byCoupon = Object.fromEntries(res.body.data.coupons.map((c) => [c.coupon_id, c]));
    expect(byCoupon[1]).toMatchObject({ usable: 1, reason: null });
    expect(byCoupon[4]).toMatchObject({ usable: 0 });
    expect(byCoupon[4]?.reason).toMatch(/^还差¥\d+\.\d{2}可用$/);
    // Expired and used coupons are not offered.
    expect(byCoupon[5]).toBeUndefined();

    const withCoupon = await checkout(demo, { ids, user_coupon_id: byCoupon[1]?.id });
    expect(withCoupon.body.data.amounts).toMatchObject({ coupon_amount: 3000, pay_amount: goodsAmount - 3000 });
    const notReached = await checkout(demo, { ids, user_coupon_id: byCoupon[4]?.id });
    expect(notReached.status).toBe(400);
    expect(notReached.body.code).toBe(40004);
  });

  it('needs the receipt step for goods with ephedrine-type ingredients', async () => {
    const hm = await findGoods(db, 'g.is_hm = 1 AND g.is_buy = 1 AND g.number > 10');
    await add(demo, hm.id, 1);
    const res = await checkout(demo, { ids: (await lines()).map((l) => l.id) });
    expect(res.body.data.need_receipt).toBe(1);
  });

  it('answers 40005 when no chosen line can be ordered: unselected, sold out or not the buyer’s', async () => {
    const g = await plain();
    await add(demo, g.id, 1);
    const ids = (await lines()).map((l) => l.id);
    await call(app, 'POST', '/api/cart/batch_select', {
      token: demo,
      form: { ids, is_selected: 0 },
      arrayFormat: 'brackets',
    });
    expect((await checkout(demo, { ids })).body.code).toBe(40005);
    await call(app, 'POST', '/api/cart/batch_select', {
      token: demo,
      form: { ids, is_selected: 1 },
      arrayFormat: 'brackets',
    });
    const theirs = await checkout(demo2, { ids });
    expect(theirs.status).toBe(400);
    expect(theirs.body).toEqual({ code: 40005, message: '没有可下单的商品', data: null });
    expect((await checkout(demo, {})).status).toBe(422);
  });
});

describe('delivery addresses', () => {
  const created: number[] = [];
  afterAll(async () => {
    await db.query('DELETE FROM addresses WHERE id = ANY($1::int[])', [created]);
    // The seed's default comes back as the default.
    await db.query(
      `UPDATE addresses SET is_default = CASE WHEN id = (SELECT min(id) FROM addresses WHERE user_id = $1) THEN 1 ELSE 0 END
       WHERE user_id = $1`,
      [await userId(db, 'demo')],
    );
  });
  const form = {
    consignee: '王芳',
    phone: '13712345678',
    province: '浙江省',
    city: '宁波市',
    district: '海曙区',
    address: '中山西路 2 号',
  };
  type Address = typeof form & { id: number; is_default: number };
  const list = async () => (await call<Address[]>(app, 'GET', '/api/user/address', { token: demo })).body.data;

  it('lists the buyer’s addresses, the default first; a visitor is asked to sign in', async () => {
    const addresses = await list();
    expect(addresses.length).toBeGreaterThanOrEqual(2);
    expect(addresses[0]?.is_default).toBe(1);
    expect(addresses.filter((a) => a.is_default === 1)).toHaveLength(1);
    expect((await call(app, 'GET', '/api/user/address')).status).toBe(401);
  });

  it('accepts mobile numbers and landlines and refuses other phones with 422', async () => {
    for (const phone of ['12345678901', '1381234567', '571-8888888', '0571-888888', 'abc', '']) {
      const res = await call(app, 'POST', '/api/user/address', { token: demo, form: { ...form, phone } });
      expect(res.status, phone).toBe(422);
      expect(res.body.data).toEqual({ phone: [PHONE_MESSAGE] });
    }
    for (const phone of ['13712345678', '0571-88776655', '010-1234567']) {
      const res = await call<Address>(app, 'POST', '/api/user/address', { token: demo, form: { ...form, phone } });
      expect(res.status, phone).toBe(200);
      expect(res.body.data).toMatchObject({ ...form, phone, is_default: 0 });
      created.push(res.body.data.id);
    }
  });

  it('a new default replaces the old one; editing and deleting are the owner’s only', async () => {
    const res = await call<Address>(app, 'POST', '/api/user/address', {
      token: demo,
      form: { ...form, is_default: 1 },
    });
    const id = res.body.data.id;
    created.push(id);
    const after = await list();
    expect(after[0]).toMatchObject({ id, is_default: 1 });
    expect(after.filter((a) => a.is_default === 1)).toHaveLength(1);

    const edit = await call<Address>(app, 'POST', `/api/user/address/${id}`, {
      token: demo,
      form: { ...form, address: '中山西路 8 号' },
    });
    expect(edit.body.data).toMatchObject({ id, address: '中山西路 8 号', is_default: 1 });
    expect(
      (await call(app, 'POST', `/api/user/address/${id}`, { token: demo2, form })).status,
      "another buyer's address",
    ).toBe(404);
    expect((await call(app, 'DELETE', `/api/user/address/${id}`, { token: demo2 })).status).toBe(404);
    expect(
      (await call(app, 'POST', `/api/user/address/${id}`, { token: demo, form: { ...form, phone: '1' } })).status,
    ).toBe(422);

    const del = await call(app, 'DELETE', `/api/user/address/${id}`, { token: demo });
    expect(del.body).toEqual({ code: 10000, message: '删除成功', data: null });
    const left = await list();
    expect(left.some((a) => a.id === id)).toBe(false);
    expect(left.filter((a) => a.is_default === 1)).toHaveLength(1);
    expect((await call(app, 'DELETE', `/api/user/address/${id}`, { token: demo })).status).toBe(404);
  });
});

describe('coupons', () => {
  it('pages the buyer’s coupons with their status, expired ones as 2', async () => {
    await freshCoupon(db, 'demo', 1);
    const all = await call<{ total: number; data: Coupon[] }>(app, 'GET', '/api/user/coupon', { token: demo });
    // Five coupons from the checkout seed and one the wallet seed shows as used on an earlier order.
    expect(all.body.data.total).toBe(6);
    const expired = await call<{ total: number; data: Coupon[] }>(app, 'GET', '/api/user/coupon', {
      token: demo,
      query: { status: 2 },
    });
    expect(expired.body.data.data.map((c) => c.coupon_id)).toEqual([5]);
    expect(expired.body.data.data[0]?.status).toBe(2);
    // The fresh one: the wallet seed also holds a used coupon of the same kind.
    const cash = all.body.data.data.find((c) => c.coupon_id === 1 && c.status === 0);
    expect(cash).toMatchObject({ type: 1, amount: 3000, min_amount: 30000, status: 0 });
    expect((await call(app, 'GET', '/api/user/coupon', { token: demo, query: { status: 9 } })).status).toBe(422);
    expect((await call(app, 'GET', '/api/user/coupon')).status).toBe(401);
  });

  it('counts the unused coupons that have not expired, the used and the expired', async () => {
    for (const c of [1, 2, 3, 4]) await freshCoupon(db, 'demo', c);
    const res = await call<{ unused: number }>(app, 'GET', '/api/user/couponNum', { token: demo });
    expect(res.body.data).toEqual({ unused: 4, used: 1, expired: 1 });
  });

  it('says which coupons apply to the chosen lines', async () => {
    const g = await plain();
    await add(demo, g.id, 1);
    const ids = (await lines()).map((l) => l.id);
    const res = await call<Coupon[]>(app, 'GET', '/api/user/availableCoupon', { token: demo, query: { ids } });
    const first = res.body.data.find((c) => c.coupon_id === 1);
    expect(first?.usable).toBe(g.price >= 30000 ? 1 : 0);
    expect(first?.reason).toBe(`还差¥${((30000 - g.price) / 100).toFixed(2)}可用`);
  });
});

describe('the wallet', () => {
  it('answers the balance in fen and pages the money log, filtered by use and date', async () => {
    const balance = await call<{ balance: number }>(app, 'GET', '/api/user/user_money', { token: demo2 });
    expect(Number.isInteger(balance.body.data.balance)).toBe(true);
    const log = await call<{ total: number; data: { amount: number; use_type: number; balance_after: number }[] }>(
      app,
      'GET',
      '/api/user/user_money_log',
      { token: demo2, query: { use_type: 1 } },
    );
    expect(log.body.data.data[0]).toMatchObject({ amount: 500000, use_type: 1, balance_after: 500000 });
    const past = await call<{ total: number }>(app, 'GET', '/api/user/user_money_log', {
      token: demo2,
      query: { start_time: '2000-01-01', end_time: '2000-01-31' },
    });
    expect(past.body.data.total).toBe(0);
    const bad = await call(app, 'GET', '/api/user/user_money_log', { token: demo2, query: { start_time: '2026/1/1' } });
    expect(bad.status).toBe(422);
    expect((await call(app, 'GET', '/api/user/user_money')).status).toBe(401);
  });
});
