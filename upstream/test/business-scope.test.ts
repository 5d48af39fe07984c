import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { isScopeClass, outOfScopeText } from '@pharma/domain/business-scope';
import type { Db } from '../src/db/db';
import type { GoodsDto } from '../src/lib/goods';
import {
  call,
  clearCart,
  findGoods,
  insertBuyer,
  login,
  makeBuyers,
  orderCart,
  sessionFor,
  testApp,
  userId,
} from './testkit';

// Business scope (SCOPE-01..SCOPE-06): goods carry a scope class, companies are granted classes, and goods outside
// the buyer's classes are marked for it and never reach its cart or its orders.

let app: FastifyInstance;
let db: Db;
let demo: string;
let demo2: string;

beforeAll(async () => {
  ({ app, db } = await testApp());
  [demo, demo2] = await Promise.all([login(app), login(app, 'demo2')]);
});

const COLD = "g.scope_class = 'COLD_CHAIN' AND g.is_buy = 1 AND g.number >= 10";
const SLICES = "g.scope_class = 'SLICES' AND g.is_buy = 1 AND g.number >= 10";
const addLine = (token: string, line: Record<string, unknown>) =>
  call<{ total: number }>(app, 'POST', '/api/cart', { token, form: { params: [line] } });

/** A buyer of a company of its own, granted `classes`, signed in. */
async function buyerOfOwnCompany(classes: readonly string[]): Promise<{ id: number; token: string }> {
  const [company] = await db.query<{ id: number }>("INSERT INTO companies (name) VALUES ('范围测试药房') RETURNING id");
  if (company === undefined) throw new Error('no company');
  for (const [sort, scopeClass] of classes.entries()) {
    await db.query('INSERT INTO business_scopes (company_id, scope_class, sort) VALUES ($1, $2, $3)', [
      company.id,
      scopeClass,
      sort,
    ]);
  }
  const name = `scope_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
  const id = await insertBuyer(db, name, { companyId: company.id, payPassword: false });
  return { id, token: await sessionFor(db, id) };
}

describe('SCOPE-01, SCOPE-06: the seed', () => {
  it('classes every goods, and grants the pharmacy and the clinic different classes', async () => {
    const classes = await db.query<{ scope_class: string; n: number }>(
      'SELECT scope_class, count(*)::int AS n FROM goods GROUP BY scope_class ORDER BY scope_class',
    );
    expect(classes.every((c) => isScopeClass(c.scope_class))).toBe(true);
    expect(classes.map((c) => c.scope_class)).toEqual(
      expect.arrayContaining(['CHEMICAL', 'ANTIBIOTIC', 'PATENT', 'SLICES', 'COLD_CHAIN', 'DEVICE_1', 'DEVICE_2']),
    );
    expect((await findGoods(db, "g.name = '复方甘草片'")).id).toBeGreaterThan(0);
    const [special] = await db.query<{ scope_class: string }>(
      "SELECT DISTINCT scope_class FROM goods WHERE name = '复方甘草片'",
    );
    expect(special?.scope_class).toBe('SPECIAL_COMPOUND');

    const demoScope = await call<{ name: string; scope_class: string }[]>(app, 'GET', '/api/user/jyfw', {
      token: demo,
    });
    expect(demoScope.body.data.map((s) => s.name)).toEqual([
      '化学药制剂',
      '抗生素制剂',
      '生化药品',
      '生物制品（除疫苗）',
      '中成药',
      '中药饮片',
      '含特殊药品复方制剂',
      '第一类医疗器械',
      '第二类医疗器械',
    ]);
    const clinic = await call<{ scope_class: string }[]>(app, 'GET', '/api/user/jyfw', { token: demo2 });
    expect(clinic.body.data.map((s) => s.scope_class)).not.toContain('SLICES');
    expect(clinic.body.data.map((s) => s.scope_class)).toContain('COLD_CHAIN');
  });

  it("puts goods outside each demo company's scope on the catalogue's first page", async () => {
    const page = await call<{ data: GoodsDto[] }>(app, 'GET', '/api/goods/list', { query: { page_size: 20 } });
    const shown = page.body.data.data.map((g) => g.scope_class);
    // demo's pharmacy has no cold chain; demo2's clinic no herbal slices.
    expect(shown).toContain('COLD_CHAIN');
    expect(shown).toContain('SLICES');
  });
});

describe('SCOPE-05: the classes a buyer may buy', () => {
  it("answers the asker's own company's classes, and null for a visitor rather than 401", async () => {
    const visitor = await call<{ classes: string[] | null }>(app, 'GET', '/api/user/scope_classes');
    expect(visitor.status).toBe(200);
    expect(visitor.body.data).toEqual({ classes: null });
    const own = await call<{ classes: string[] }>(app, 'GET', '/api/user/scope_classes', { token: demo });
    expect(own.body.data.classes).toContain('SLICES');
    expect(own.body.data.classes).not.toContain('COLD_CHAIN');
    const clinic = await call<{ classes: string[] }>(app, 'GET', '/api/user/scope_classes', { token: demo2 });
    expect(clinic.body.data.classes).toContain('COLD_CHAIN');
    expect(clinic.body.data.classes).not.toContain('SLICES');
  });

  it('limits nothing for a company whose scope is not on record', async () => {
    const unreviewed = await buyerOfOwnCompany([]);
    const answer = await call<{ classes: string[] | null }>(app, 'GET', '/api/user/scope_classes', {
      token: unreviewed.token,
    });
    expect(answer.body.data).toEqual({ classes: null });
    const cold = await findGoods(db, COLD);
    expect((await addLine(unreviewed.token, { goods_id: cold.id, number: 1 })).status).toBe(200);
  });

  it('carries the class in the goods detail and lists alike', async () => {
    const cold = await findGoods(db, COLD);
    const detail = await call<GoodsDto>(app, 'GET', `/api/goods/detail/${cold.id}`);
    expect(detail.body.data.scope_class).toBe('COLD_CHAIN');
  });
});

describe('SCOPE-03: adding goods outside the scope', () => {
  it('refuses the goods with 40160 and the buyer’s wording, while another company may add them', async () => {
    await clearCart(db, 'demo');
    await clearCart(db, 'demo2');
    const cold = await findGoods(db, COLD);
    const refused = await addLine(demo, { goods_id: cold.id, number: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 40160, message: outOfScopeText() });
    expect(refused.body.message).toBe('该商品超出贵公司经营范围，无法购买');
    const quick = await call(app, 'POST', `/api/cart/quick_add/${cold.id}`, { token: demo });
    expect(quick.body.code).toBe(40160);
    // The same goods is within the clinic's scope, and the herbal slices the pharmacy may buy are not.
    expect((await addLine(demo2, { goods_id: cold.id, number: 1 })).status).toBe(200);
    const slices = await findGoods(db, SLICES);
    expect((await addLine(demo2, { goods_id: slices.id, number: 1 })).body.code).toBe(40160);
    expect((await addLine(demo, { goods_id: slices.id, number: 1 })).status).toBe(200);
    // Another store of demo's company shares its scope.
    const demo3 = await login(app, 'demo3');
    expect((await addLine(demo3, { goods_id: cold.id, number: 1 })).body.code).toBe(40160);
    const lines = await db.query<{ goods_id: number }>('SELECT goods_id FROM cart_lines WHERE user_id = $1', [
      await userId(db, 'demo'),
    ]);
    expect(lines.map((l) => l.goods_id)).toEqual([slices.id]);
    await clearCart(db, 'demo');
    await clearCart(db, 'demo2');
    await clearCart(db, 'demo3');
  });

  it('refuses every way of adding: a purchase list, a group-buy, a set, and buying an order again', async () => {
    // A company granted only class III devices, of which the seed sells none.
    const none = await buyerOfOwnCompany(['DEVICE_3']);
    const goods = await findGoods(db, 'g.is_buy = 1 AND g.number >= 10');
    const imported = await call<{ added: unknown[]; failed: { goods_id: number; reason: string }[] }>(
      app,
      'POST',
      '/api/cart/import',
      { token: none.token, form: { params: [{ goods_id: goods.id, number: 1 }] } },
    );
    expect(imported.body.data.added).toEqual([]);
    expect(imported.body.data.failed).toEqual([
      expect.objectContaining({ goods_id: goods.id, reason: '该商品超出贵公司经营范围，无法购买' }),
    ]);
    const [offer] = await db.query<{ id: number }>(
      'SELECT id FROM group_buys WHERE start_at <= now() AND end_at > now() ORDER BY id LIMIT 1',
    );
    if (offer !== undefined) {
      expect((await addLine(none.token, { type: 2, group_buy_id: offer.id, number: 1 })).body.code).toBe(40160);
    }
    const [set] = await db.query<{ id: number; name: string }>(
      `SELECT cg.id, (SELECT g.name FROM combination_goods c JOIN goods g ON g.id = c.goods_id
         WHERE c.group_id = cg.id ORDER BY c.sort, g.id LIMIT 1) AS name
       FROM combination_groups cg WHERE cg.kind = 'bundle' AND cg.start_at <= now() AND cg.end_at > now()
       ORDER BY cg.id LIMIT 1`,
    );
    if (set !== undefined) {
      const res = await addLine(none.token, { type: 3, combination_id: set.id, number: 1 });
      expect(res.body).toMatchObject({ code: 40160, message: `${set.name}超出贵公司经营范围，无法购买` });
    }
    expect(await db.query('SELECT 1 FROM cart_lines WHERE user_id = $1', [none.id])).toEqual([]);

    // An order of demo's company, bought again once its buyer belongs to a company without that scope.
    const [buyer] = await makeBuyers(db, 1, 1_000_000);
    if (buyer === undefined) throw new Error('no buyer');
    const inScope = await findGoods(db, "g.is_buy = 1 AND g.number >= 10 AND g.scope_class = 'CHEMICAL'");
    await addLine(buyer.token, { goods_id: inScope.id, number: 1 });
    const cart = await db.query<{ id: number }>('SELECT id FROM cart_lines WHERE user_id = $1', [buyer.id]);
    const order = await orderCart<{ id: number }>(
      app,
      buyer,
      cart.map((l) => l.id),
      { invoice_type: 1 },
    );
    expect(order.status).toBe(200);
    await db.query('UPDATE users SET company_id = (SELECT company_id FROM users WHERE id = $2) WHERE id = $1', [
      buyer.id,
      none.id,
    ]);
    const again = await call<{ added: number; failed: { goods_id: number; reason: string }[] }>(
      app,
      'POST',
      `/api/order/${order.body.data.id}/rebuy`,
      { token: buyer.token },
    );
    expect(again.body.data.added).toBe(0);
    expect(again.body.data.failed).toEqual([
      expect.objectContaining({ goods_id: inScope.id, reason: '该商品超出贵公司经营范围，无法购买' }),
    ]);
    // Quick purchase lists it without an add, saying why (QUICK-04).
    const fast = await call<{ data: { goods_id: number; reason: string | null }[] }>(app, 'GET', '/api/user/fast_buy', {
      token: buyer.token,
    });
    expect(fast.body.data.data).toEqual([
      expect.objectContaining({ goods_id: inScope.id, reason: '该商品超出贵公司经营范围，无法购买' }),
    ]);
  });
});

describe('SCOPE-04: placing an order', () => {
  it('refuses lines whose goods went out of scope since they were added, naming them, and takes nothing', async () => {
    const [buyer] = await makeBuyers(db, 1, 1_000_000);
    if (buyer === undefined) throw new Error('no buyer');
    const cold = await findGoods(db, COLD);
    const plain = await findGoods(db, "g.is_buy = 1 AND g.number >= 10 AND g.scope_class = 'CHEMICAL'");
    // Added while the scope still allowed it: the cart line is written as the cart wrote it then.
    await db.query('INSERT INTO cart_lines (user_id, goods_id, number) VALUES ($1, $2, 1), ($1, $3, 1)', [
      buyer.id,
      cold.id,
      plain.id,
    ]);
    const cart = await db.query<{ id: number }>('SELECT id FROM cart_lines WHERE user_id = $1', [buyer.id]);
    const [before] = await db.query<{ number: number }>('SELECT number FROM goods WHERE id = $1', [plain.id]);
    const res = await orderCart(
      app,
      buyer,
      cart.map((l) => l.id),
      { invoice_type: 1 },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 40161,
      message: `${cold.name}超出贵公司经营范围，请移出购物车后再提交订单`,
    });
    const [after] = await db.query<{ number: number }>('SELECT number FROM goods WHERE id = $1', [plain.id]);
    expect(after?.number).toBe(before?.number);
    expect(await db.query('SELECT 1 FROM cart_lines WHERE user_id = $1', [buyer.id])).toHaveLength(2);
  });
});
