import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareUnitPrices, packUnits, unitPrice } from '@pharma/domain/unit-price';
import type { Db } from '../src/db/db';
import type { GoodsDto } from '../src/lib/goods';
import type { SameGenericDto } from '../src/areas/compare/service';
import { generatedGoods } from '../src/seed/generated-goods';
import { GOODS_COUNT } from '../src/seed/goods-count';
import { unitPriceColumns } from '../src/seed/unit-prices';
import { call, login, testApp } from './testkit';

// 同品种比价 (COMPARE-01..COMPARE-05) through HTTP: goods of a name of its own, so the order is known, and the seeded
// 阿莫西林胶囊 from every maker; the list's unit-price, maker and expiry orders.

let app: FastifyInstance;
let db: Db;
const run = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const name = `比价测试胶囊${run}`;
const ids: Record<string, number> = {};

async function goods(label: string, maker: string, spec: string, price: number, expiry: string): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO goods (name, name_py, sccj, sccj_py, ypgg, bzdw, category_id, is_buy, number, base_price, price,
       scope_class, expire_date)
     SELECT $1, 'bjcs', $2, 'cj', $3, '盒', category_id, 1, 500, $4, $4, scope_class, $5::date
     FROM goods WHERE is_buy = 1 AND is_hm = 0 ORDER BY id LIMIT 1
     RETURNING id`,
    [name, maker, spec, price, expiry],
  );
  if (row === undefined) throw new Error('could not add a goods');
  const columns = unitPriceColumns(row.id, spec, '盒');
  await db.query('UPDATE goods SET units_per_pack = $2, unit_word = $3, carton_qty = $4 WHERE id = $1', [
    row.id,
    columns.units_per_pack,
    columns.unit_word,
    columns.carton_qty,
  ]);
  ids[label] = row.id;
  return row.id;
}

const compare = (id: number | string, query: Record<string, unknown> = {}, token?: string) =>
  call<SameGenericDto>(app, 'GET', `/api/goods/same_generic/${id}`, { query, ...(token ? { token } : {}) });

const unitOf = (g: GoodsDto) => unitPrice(g.price, g.ypgg);

beforeAll(async () => {
  ({ app, db } = await testApp());
  // Unit prices: 30 fen/粒, 25 fen/粒, 25 fen/粒 (a larger id), 40 fen/粒, none.
  await goods('dear', '甲制药', '0.25g*24粒', 720, '2030-01-01');
  await goods('cheap', '乙制药', '0.25g*36粒', 900, '2029-06-01');
  await goods('cheapTwin', '丙制药', '0.5g*12粒*2板', 600, '2031-01-01');
  await goods('dearest', '丁制药', '12粒', 480, '2028-01-01');
  await goods('unreadable', '戊制药', '见说明书', 100, '2027-01-01');
});

afterAll(async () => {
  await db.query('DELETE FROM goods WHERE name = $1', [name]);
  await app.close();
});

describe('COMPARE-03: the same medicine from every maker, by the price of one unit', () => {
  it('lists every goods of the name, the cheapest unit first and a spec without units last', async () => {
    const res = await compare(ids.dear ?? 0);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.name).toBe(name);
    expect(data.total).toBe(5);
    expect(data.goods.map((g) => g.id)).toEqual([ids.cheap, ids.cheapTwin, ids.dear, ids.dearest, ids.unreadable]);
    expect(data.goods[0]).toMatchObject({ units_per_pack: 36, unit_word: '粒', sccj: '乙制药' });
    expect(data.goods[1]).toMatchObject({ units_per_pack: 24, unit_word: '粒' });
    expect(data.goods[4]).toMatchObject({ units_per_pack: null, unit_word: null });
    expect(data.goods[0]?.carton_qty).toBeGreaterThan(0);
  });

  it('stops at the limit and still counts them all', async () => {
    const res = await compare(ids.unreadable ?? 0, { limit: 2 });
    expect(res.body.data.goods.map((g) => g.id)).toEqual([ids.cheap, ids.cheapTwin]);
    expect(res.body.data.total).toBe(5);
  });

  it('orders the seeded 阿莫西林胶囊 of every maker exactly by unit price', async () => {
    const [first] = await db.query<{ id: number }>(
      "SELECT id FROM goods WHERE name = '阿莫西林胶囊' ORDER BY id LIMIT 1",
    );
    const res = await compare(first?.id ?? 0, { limit: 50 });
    const listed = res.body.data.goods;
    expect(listed.length).toBeGreaterThan(1);
    expect(new Set(listed.map((g) => g.name))).toEqual(new Set(['阿莫西林胶囊']));
    expect(new Set(listed.map((g) => g.sccj)).size).toBeGreaterThan(1);
    for (let i = 1; i < listed.length; i++) {
      const [a, b] = [listed[i - 1], listed[i]];
      if (a === undefined || b === undefined) continue;
      expect(compareUnitPrices(unitOf(a), unitOf(b))).toBeLessThanOrEqual(0);
    }
    const [count] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM goods WHERE name = '阿莫西林胶囊'");
    expect(res.body.data.total).toBe(count?.n);
  });

  it('answers every buyer and a visitor alike: public catalogue data', async () => {
    const visitor = await compare(ids.dear ?? 0);
    const other = await compare(ids.dear ?? 0, {}, await login(app, 'demo2'));
    expect(other.status).toBe(200);
    expect(other.body.data).toEqual(visitor.body.data);
  });

  it.each([['0'], ['abc'], ['-1'], ['99999999999'], ['2147483647'], ['1.5']])(
    'answers 404 for goods %s',
    async (id) => {
      const res = await compare(id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('商品不存在');
    },
  );

  it.each([['0'], ['51'], ['abc'], ['1e3']])('refuses a limit of %s with 422', async (limit) => {
    const res = await compare(ids.dear ?? 0, { limit });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('数量必须在1到50之间');
  });
});

describe('COMPARE-04: the table orders by unit price, maker and expiry', () => {
  const list = (sort: string) =>
    call<{ data: GoodsDto[] }>(app, 'GET', '/api/goods/list', { query: { keywords: name, sort, page_size: 10 } });

  it('sorts by the price of one unit, none last', async () => {
    const res = await list('unit_price_asc');
    expect(res.status).toBe(200);
    expect(res.body.data.data.map((g) => g.id)).toEqual([
      ids.cheap,
      ids.cheapTwin,
      ids.dear,
      ids.dearest,
      ids.unreadable,
    ]);
  });

  it('sorts by maker and by expiry, soonest first', async () => {
    const byMaker = (await list('maker')).body.data.data.map((g) => g.sccj);
    expect(byMaker).toEqual([...byMaker].sort());
    const byExpiry = (await list('expiry')).body.data.data.map((g) => g.id);
    expect(byExpiry).toEqual([ids.unreadable, ids.dearest, ids.cheap, ids.dear, ids.cheapTwin]);
  });

  it('refuses an unknown order with 422', async () => {
    expect((await list('unit_price')).status).toBe(422);
  });
});

describe('COMPARE-01, COMPARE-05: the seed writes units and pack quantities', () => {
  it('reads the demo catalogue specs into units and every goods has a pack quantity', async () => {
    const rows = await db.query<{ ypgg: string; units_per_pack: number | null; unit_word: string | null }>(
      "SELECT DISTINCT ypgg, units_per_pack, unit_word FROM goods WHERE id <= 2400 AND ypgg IN ('0.25g*24粒', '10g*9袋', '100ml', '上臂式 YE660D')",
    );
    const bySpec = Object.fromEntries(rows.map((r) => [r.ypgg, [r.units_per_pack, r.unit_word]]));
    expect(bySpec['0.25g*24粒']).toEqual([24, '粒']);
    expect(bySpec['10g*9袋']).toEqual([9, '袋']);
    expect(bySpec['100ml']).toEqual([100, 'ml']);
    expect(bySpec['上臂式 YE660D']).toEqual([null, null]);
    const [missing] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM goods WHERE id <= 2400 AND carton_qty IS NULL',
    );
    expect(missing?.n).toBe(0);
  });
});

describe('COMPARE-01, COMPARE-05: the generated catalogue writes them with each goods', () => {
  it('reads each generated spec by the domain and gives every goods a pack quantity', () => {
    const sample = Array.from({ length: 1_000 }, (_, i) => generatedGoods(20261122, GOODS_COUNT + 1 + i).goods);
    for (const g of sample) {
      const pack = packUnits(g.ypgg);
      expect([g.units_per_pack, g.unit_word]).toEqual([pack?.units ?? null, pack?.word ?? null]);
      expect(g.carton_qty).toBeGreaterThan(0);
    }
    // Most of a wholesaler's goods have a unit price; devices by model or size do not.
    expect(sample.filter((g) => g.units_per_pack !== null).length).toBeGreaterThan(800);
  });
});
