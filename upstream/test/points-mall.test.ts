import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../src/app';
import type { Db } from '../src/db/db';
import type { goodsDto, orderDto } from '../src/areas/points-mall/service';
import {
  call,
  defaultAddress,
  insertBuyer,
  login,
  PUBLIC_URL,
  sessionFor,
  testApp,
  userId,
  type Answer,
  type TestBuyer,
} from './testkit';

// The answers' shapes are the service's DTOs; the last test holds them to openapi.yaml.
type GoodsDto = ReturnType<typeof goodsDto>;
interface Page<T> {
  total: number;
  data: T[];
}
interface Exchanged {
  order: ReturnType<typeof orderDto>;
  points: number;
  goods: GoodsDto;
}

let app: FastifyInstance;
let db: Db;
const companies: number[] = [];
const goodsIds: number[] = [];

beforeAll(async () => {
  ({ app, db } = await testApp());
});

// The store is shared by every file of a run (and kept between runs on PostgreSQL): everything made here goes again.
afterAll(async () => {
  await db.query('DELETE FROM users WHERE company_id = ANY($1::int[])', [companies]);
  await db.query('DELETE FROM companies WHERE id = ANY($1::int[])', [companies]);
  await db.query('DELETE FROM points_goods WHERE id = ANY($1::int[])', [goodsIds]);
});

let made = 0;

/** A company of its own holding `points`, with `users` buyers, each signed in and with a default address. */
async function company(points: number, users = 1): Promise<{ id: number; buyers: TestBuyer[] }> {
  const [row] = await db.query<{ id: number }>(
    "INSERT INTO companies (name, address, points) VALUES ('积分商城测试药房', '测试地址', $1) RETURNING id",
    [points],
  );
  if (row === undefined) throw new Error('could not create a company');
  companies.push(row.id);
  const buyers: TestBuyer[] = [];
  for (let i = 0; i < users; i += 1) {
    made += 1;
    const id = await insertBuyer(db, `jf${Date.now().toString(36)}${made}`, { companyId: row.id, payPassword: false });
    const addressId = await defaultAddress(db, id, { consignee: '王芳', phone: '13912345678', address: '文三路 1 号' });
    buyers.push({ id, token: await sessionFor(db, id), addressId });
  }
  return { id: row.id, buyers };
}

/** A goods of its own, so stock changes here never touch the seeded shelf. */
async function goods(points: number, stock: number, limit: number | null, onShelf = 1): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO points_goods (name, image, points, stock, per_buyer_limit, description, on_shelf, sort)
     VALUES ('测试礼品（积分商城）', '/api/images/points/1.svg', $1, $2, $3, '测试用', $4, 100000) RETURNING id`,
    [points, stock, limit, onShelf],
  );
  if (row === undefined) throw new Error('could not create a goods');
  goodsIds.push(row.id);
  return row.id;
}

const exchange = (token: string | undefined, form: Record<string, unknown>) =>
  call<Exchanged>(app, 'POST', '/api/points/exchange', { ...(token === undefined ? {} : { token }), form });

async function state(companyId: number, goodsId: number) {
  const [row] = await db.query<{ points: number; stock: number; orders: number; spent: number; taken: number }>(
    `SELECT (SELECT points FROM companies WHERE id = $1) AS points,
       (SELECT stock FROM points_goods WHERE id = $2) AS stock,
       (SELECT count(*)::int FROM points_orders WHERE goods_id = $2) AS orders,
       (SELECT COALESCE(-sum(change), 0)::int FROM points_log WHERE company_id = $1 AND type = 2) AS spent,
       (SELECT COALESCE(sum(quantity), 0)::int FROM points_goods_taken WHERE goods_id = $2) AS taken`,
    [companyId, goodsId],
  );
  if (row === undefined) throw new Error('no state');
  return row;
}

describe('the points mall', () => {
  it('MALL-01: a visitor sees the goods on the shelf in the mall order, with pictures, and nothing of a buyer', async () => {
    const res = await call<Page<GoodsDto>>(app, 'GET', '/api/points/goods', { query: { page_size: 50 } });
    expect(res.status).toBe(200);
    const shelf = res.body.data.data;
    expect(shelf.length).toBeGreaterThanOrEqual(12);
    expect(shelf.every((g) => g.on_shelf === 1 && g.taken === null)).toBe(true);
    expect(shelf.map((g) => g.name)).not.toContain('电动牙刷（声波款）');
    const sorts = shelf.map((g) => g.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    const first = shelf[0];
    expect(first?.image).toBe(`${PUBLIC_URL}/api/images/points/${first?.id}.svg`);
    const picture = await app.inject({ method: 'GET', url: `/api/images/points/${first?.id}.svg` });
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    expect(picture.body).toContain(first?.name.slice(0, 4));
  });

  it('MALL-01: a signed-in buyer sees how many pieces they took; an off-shelf goods reads as such, an unknown one 404', async () => {
    const token = await login(app, 'demo');
    const masks = await call<Page<GoodsDto>>(app, 'GET', '/api/points/goods', { token, query: { page_size: 50 } });
    const mask = masks.body.data.data.find((g) => g.name === '医用外科口罩（50只/盒）');
    expect(mask?.taken).toBeGreaterThanOrEqual(2);
    const off = await goods(100, 5, null, 0);
    const detail = await call<GoodsDto>(app, 'GET', `/api/points/goods/${off}`);
    expect(detail.body.data).toMatchObject({ id: off, on_shelf: 0, taken: null });
    expect((await call(app, 'GET', '/api/points/goods/99999999')).status).toBe(404);
    expect((await call(app, 'GET', '/api/points/goods/abc')).status).toBe(404);
  });

  it('MALL-02: an exchange takes exactly its points and stock and writes the order, its address and the log entry', async () => {
    const { id: companyId, buyers } = await company(1000);
    const [buyer] = buyers;
    if (buyer === undefined) throw new Error('no buyer');
    const goodsId = await goods(120, 10, 5);
    const res = await exchange(buyer.token, { goods_id: goodsId, quantity: 3, address_id: buyer.addressId });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('兑换成功');
    const { order, points, goods: after } = res.body.data;
    expect(points).toBe(640);
    expect(order).toMatchObject({
      goods_id: goodsId,
      goods_name: '测试礼品（积分商城）',
      goods_image: `${PUBLIC_URL}/api/images/points/1.svg`,
      unit_points: 120,
      quantity: 3,
      points: 360,
      status: 0,
      consignee: '王芳',
      phone: '13912345678',
      address: '浙江省杭州市西湖区文三路 1 号',
    });
    expect(order.order_sn).toMatch(/^JF\d{8}\d{6,}$/);
    expect(after).toMatchObject({ stock: 7, taken: 3 });
    expect(await state(companyId, goodsId)).toEqual({ points: 640, stock: 7, orders: 1, spent: 360, taken: 3 });
    const [log] = await db.query<{ type: number; change: number; balance_after: number; points_order_id: number }>(
      'SELECT type, change, balance_after, points_order_id FROM points_log WHERE company_id = $1',
      [companyId],
    );
    expect(log).toEqual({ type: 2, change: -360, balance_after: 640, points_order_id: order.id });
    const listed = await call<Page<{ id: number }>>(app, 'GET', '/api/user/points_order', { token: buyer.token });
    expect(listed.body.data.data.map((o) => o.id)).toEqual([order.id]);
    expect(
      (await call<{ points: number }>(app, 'GET', '/api/user/points', { token: buyer.token })).body.data.points,
    ).toBe(640);
  });

  it('MALL-02..MALL-05: each refusal says why in Chinese and changes nothing', async () => {
    const { id: companyId, buyers } = await company(500);
    const [buyer] = buyers;
    if (buyer === undefined) throw new Error('no buyer');
    const goodsId = await goods(100, 4, 3);
    const offShelf = await goods(10, 10, null, 0);
    const [other] = await db.query<{ id: number }>('SELECT id FROM addresses WHERE user_id = $1 LIMIT 1', [
      await userId(db, 'demo2'),
    ]);
    const form = (extra: Record<string, unknown>) => ({
      goods_id: goodsId,
      quantity: 1,
      address_id: buyer.addressId,
      ...extra,
    });
    const before = await state(companyId, goodsId);
    const cases: [Record<string, unknown>, number, number, RegExp][] = [
      [form({ quantity: 5 }), 422, 422, /^每人限兑3件$/],
      [form({ quantity: 0 }), 422, 422, /兑换数量/],
      [form({ quantity: '2.5' }), 422, 422, /兑换数量/],
      [form({ goods_id: offShelf }), 400, 40002, /已下架/],
      [form({ goods_id: 99999999 }), 404, 404, /积分商品不存在/],
      [form({ address_id: other?.id ?? 0 }), 404, 404, /收货地址不存在/],
      [form({ address_id: 99999999 }), 404, 404, /收货地址不存在/],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await exchange(buyer.token, body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([status, code]);
      expect(res.body.message).toMatch(message);
    }
    expect((await exchange(undefined, form({}))).status).toBe(401);
    expect(await state(companyId, goodsId)).toEqual(before);

    // Three pieces (300 points) leave 200 points: the next two pieces cost 200 but the limit is three.
    expect((await exchange(buyer.token, form({ quantity: 3 }))).status).toBe(200);
    const limited = await exchange(buyer.token, form({ quantity: 1 }));
    expect([limited.status, limited.body.message]).toEqual([422, '每人限兑3件，您已兑换3件，最多还可兑换0件']);

    const dear = await goods(300, 1, null);
    const poor = await exchange(buyer.token, form({ goods_id: dear }));
    expect([poor.status, poor.body.code, poor.body.message]).toEqual([
      400,
      40006,
      '积分不足：需要300积分，当前可用200积分',
    ]);
    expect(await state(companyId, dear)).toMatchObject({ points: 200, stock: 1, orders: 0, taken: 0 });

    const scarce = await goods(50, 1, null);
    const tooMany = await exchange(buyer.token, form({ goods_id: scarce, quantity: 2 }));
    expect([tooMany.status, tooMany.body.code, tooMany.body.message]).toEqual([400, 40001, '库存不足，仅剩1件']);
    expect((await exchange(buyer.token, form({ goods_id: scarce }))).status).toBe(200);
    const gone = await exchange(buyer.token, form({ goods_id: scarce }));
    expect([gone.status, gone.body.code, gone.body.message]).toEqual([400, 40001, '该商品已兑完']);
    expect(await state(companyId, scarce)).toMatchObject({ points: 150, stock: 0, orders: 1, taken: 1 });
  });

  it('MALL-02, MALL-03: many exchanges at once never spend more points, stock or limit than there is', async () => {
    // On PostgreSQL (TEST_DATABASE_URL, as CI runs it) these race for real; PGlite runs them one after another.
    const points = await company(500, 4);
    const cheap = await goods(100, 100, null);
    const byPoints = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const b = points.buyers[i % 4];
        return exchange(b?.token, { goods_id: cheap, quantity: 1, address_id: b?.addressId });
      }),
    );
    expect(byPoints.filter((r) => r.status === 200)).toHaveLength(5);
    expect(byPoints.filter((r) => r.status !== 200).every((r) => r.body.code === 40006)).toBe(true);
    expect(await state(points.id, cheap)).toEqual({ points: 0, stock: 95, orders: 5, spent: 500, taken: 5 });

    const rich = await company(100000, 5);
    const scarce = await goods(10, 3, null);
    const byStock = await Promise.all(
      Array.from({ length: 15 }, (_, i) => {
        const b = rich.buyers[i % 5];
        return exchange(b?.token, { goods_id: scarce, quantity: 1, address_id: b?.addressId });
      }),
    );
    expect(byStock.filter((r) => r.status === 200)).toHaveLength(3);
    expect(byStock.filter((r) => r.status !== 200).every((r) => r.body.code === 40001)).toBe(true);
    expect(await state(rich.id, scarce)).toMatchObject({ stock: 0, orders: 3, taken: 3, points: 100000 - 30 });

    const [one] = rich.buyers;
    const limited = await goods(10, 100, 2);
    const byLimit = await Promise.all(
      Array.from({ length: 10 }, () =>
        exchange(one?.token, { goods_id: limited, quantity: 1, address_id: one?.addressId }),
      ),
    );
    expect(byLimit.filter((r) => r.status === 200)).toHaveLength(2);
    expect(byLimit.filter((r) => r.status !== 200).every((r) => r.status === 422)).toBe(true);
    expect(await state(rich.id, limited)).toMatchObject({ stock: 98, orders: 2, taken: 2 });
    // The log still ends at the company's points.
    const [last] = await db.query<{ balance_after: number }>(
      'SELECT balance_after FROM points_log WHERE company_id = $1 ORDER BY balance_after LIMIT 1',
      [rich.id],
    );
    expect(last?.balance_after).toBe(100000 - 50);
  });

  it('answers fit their description in openapi.yaml', async () => {
    const description: unknown = parse(readFileSync(OPENAPI_PATH, 'utf8'));
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema({ ...(description as object), $id: 'https://upstream.test/openapi' });
    const fits = (schema: string, res: Answer) => {
      const validate = ajv.compile({
        allOf: [
          { $ref: 'https://upstream.test/openapi#/components/schemas/Envelope' },
          { properties: { data: { $ref: `https://upstream.test/openapi#/components/schemas/${schema}` } } },
        ],
      });
      expect(validate(res.body), `${schema}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    };
    const { buyers } = await company(1000);
    const [buyer] = buyers;
    const goodsId = await goods(100, 10, null);
    fits('PointsGoodsPage', await call(app, 'GET', '/api/points/goods'));
    fits('PointsGoodsPage', await call(app, 'GET', '/api/points/goods', { token: buyer?.token }));
    fits('PointsGoods', await call(app, 'GET', `/api/points/goods/${goodsId}`, { token: buyer?.token }));
    fits(
      'PointsExchanged',
      await exchange(buyer?.token, { goods_id: goodsId, quantity: 2, address_id: buyer?.addressId }),
    );
  });
});
