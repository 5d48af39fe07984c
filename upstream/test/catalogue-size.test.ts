import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import { facetCounts, liveFacetCounts } from '../src/areas/catalogue/facets';
import { NO_FACETS } from '../src/areas/catalogue/facet-filter';
import { keptScopes } from '../src/areas/catalogue/facet-index';
import { categorySubtree, WHOLE_CATALOGUE, type GoodsFilter } from '../src/areas/catalogue/store';
import type { GoodsDto } from '../src/lib/goods';
import { pinyinInitials } from '../src/lib/pinyin';
import { GOODS_COUNT } from '../src/seed/goods-count';
import { generatedGoods, growCatalogue } from '../src/seed/generated-goods';
import { seedIfEmpty } from '../src/seed/seed';
import { testConfig } from './config';
import { openSeededPglite } from './seeded-store';
import { call, testAppConfig } from './testkit';

// Past one chunk of the growth (10,000 goods), so a store grows over two transactions.
const GROWN = GOODS_COUNT + 10_600;

type Page = { total: number; data: GoodsDto[] };

/**
 * The store this run is about: PostgreSQL when TEST_DATABASE_URL is set, PGlite otherwise. `npm test` runs the
 * upstream's tests once on each (scripts/test.ts), so growing a PGlite store in the PostgreSQL run too, as this did,
 * paid twice for the same check.
 */
interface FreshStore {
  kind: string;
  db: Db;
  drop: () => Promise<void>;
}

async function freshStores(): Promise<FreshStore[]> {
  const admin = testConfig.TEST_DATABASE_URL;
  if (admin === undefined) {
    return [{ kind: 'PGlite', db: await openSeededPglite(inject('pgliteSnapshot')), drop: async () => undefined }];
  }
  const name = `upstream_size_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return [
    { kind: 'PostgreSQL', db: openPostgres(url.toString()), drop: () => run(`DROP DATABASE ${name} WITH (FORCE)`) },
  ];
}

describe('SEED_GOODS', () => {
  it('is the demo catalogue unless set, and refuses fewer goods than it or a malformed count', () => {
    expect(loadConfig({}).seedGoods).toBe(GOODS_COUNT);
    expect(loadConfig({ SEED_GOODS: '500000' }).seedGoods).toBe(500_000);
    expect(() => loadConfig({ SEED_GOODS: '100' })).toThrow(/SEED_GOODS 至少为2400/);
    expect(() => loadConfig({ SEED_GOODS: '5e4x' })).toThrow(/SEED_GOODS 应为整数/);
    expect(() => loadConfig({ SEED_GOODS: '2500.5' })).toThrow(/SEED_GOODS 应为整数/);
  });
});

describe('generated goods', () => {
  it('are drawn from the seed and the id alone', () => {
    const now = new Date('2026-11-26T04:00:00Z');
    expect(generatedGoods(1, 9_999, now)).toEqual(generatedGoods(1, 9_999, now));
    expect(generatedGoods(1, 9_999, now)).not.toEqual(generatedGoods(2, 9_999, now));
    expect(generatedGoods(1, 9_999, now).goods.id).toBe(9_999);
  });

  it('look like a wholesaler’s goods: approval numbers, initials, whole fen, tiers that hold, expiry ahead', () => {
    const now = new Date('2026-11-26T04:00:00Z');
    const sample = Array.from({ length: 2_000 }, (_, i) => generatedGoods(20261122, GOODS_COUNT + 1 + i, now));
    for (const { goods, ladders, categories } of sample) {
      expect(goods.name_py).toBe(pinyinInitials(goods.name));
      expect(goods.sccj_py).toBe(pinyinInitials(goods.sccj));
      // Chemical drugs and patent medicines 国药准字H/Z, devices 械注准, herbal slices none.
      expect(goods.pzwh ?? '').toMatch(/^(国药准字[HZ]\d{8}|.械注准20\d{2}2\d{6})?$/);
      expect(Number.isInteger(goods.price) && goods.price >= 10).toBe(true);
      expect(goods.base_price).toBeGreaterThanOrEqual(goods.price);
      expect(ladders.map((l) => l.number)).toEqual([...ladders.map((l) => l.number)].sort((a, b) => a - b));
      expect(ladders.every((l) => l.price <= goods.price && l.price > 0)).toBe(true);
      expect(categories[0]?.category_id).toBe(goods.category_id);
      expect(goods.expire_date > '2027-01-01').toBe(true);
    }
    // Thousands of makers and several forms of one medicine, as a real catalogue has.
    expect(new Set(sample.map((s) => s.goods.sccj)).size).toBeGreaterThan(1_000);
    expect(new Set(sample.map((s) => s.goods.name)).size).toBeGreaterThan(200);
    const amoxicillin = new Set(sample.map((s) => s.goods.name).filter((name) => name.startsWith('阿莫西林')));
    expect(amoxicillin.size).toBeGreaterThan(2);
  });
});

describe.each(await freshStores())('a catalogue grown to 13,000 goods on $kind', ({ db, drop }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    await migrate(db);
    await seedIfEmpty(db);
    app = createApp({ db, config: testAppConfig });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await db.close();
    await drop();
  });
  const list = async (query: Record<string, unknown>) =>
    (await call<Page>(app, 'GET', '/api/goods/list', { query })).body.data;

  it('grows in chunks, carries on where it stopped and gives the same goods as growing at once', async () => {
    const progress: number[] = [];
    expect(await growCatalogue(db, { target: GOODS_COUNT + 600, onProgress: (p) => progress.push(p.done) })).toBe(600);
    expect(await growCatalogue(db, { target: GROWN, onProgress: (p) => progress.push(p.done) })).toBe(10_000);
    expect(progress).toEqual([GOODS_COUNT + 600, GOODS_COUNT + 10_600]);
    // Started again with the same or a smaller size, it adds nothing.
    expect(await growCatalogue(db, { target: GROWN })).toBe(0);
    expect(await growCatalogue(db, { target: GOODS_COUNT })).toBe(0);

    const [count] = await db.query<{ n: number; last: number }>(
      'SELECT count(*)::int AS n, max(id) AS last FROM goods',
    );
    expect(count).toEqual({ n: GROWN, last: GROWN });
    const stored = await db.query<{ name: string; sccj: string; ypgg: string; price: number; ladders: number }>(
      `SELECT g.name, g.sccj, g.ypgg, g.price, (SELECT count(*)::int FROM ladder_prices lp WHERE lp.goods_id = g.id) AS ladders
       FROM goods g WHERE g.id = ANY($1::int[]) ORDER BY g.id`,
      [[GOODS_COUNT + 1, GOODS_COUNT + 601, GROWN]],
    );
    expect(stored).toEqual(
      [GOODS_COUNT + 1, GOODS_COUNT + 601, GROWN].map((id) => {
        const { goods, ladders } = generatedGoods(20261122, id);
        return { name: goods.name, sccj: goods.sccj, ypgg: goods.ypgg, price: goods.price, ladders: ladders.length };
      }),
    );
    // A new goods after the growth takes the next id.
    const [next] = await db.query<{ id: number }>("SELECT nextval(pg_get_serial_sequence('goods', 'id'))::int AS id");
    expect(next?.id).toBe(GROWN + 1);
  });

  it('the search vocabulary counts exactly the goods of each name and maker', async () => {
    const mismatched = await db.query(
      `SELECT * FROM (
         SELECT 'name' AS field, name AS term, count(*)::int AS n, sum(sales)::bigint AS sales FROM goods GROUP BY name
         UNION ALL SELECT 'maker', sccj, count(*)::int, sum(sales)::bigint FROM goods GROUP BY sccj
       ) actual FULL JOIN search_terms t USING (field, term)
       WHERE t.goods_count IS DISTINCT FROM actual.n OR t.sales IS DISTINCT FROM actual.sales`,
    );
    expect(mismatched).toEqual([]);
  });

  it('a keyword finds generated goods by name, by initials and by maker, with exact totals', async () => {
    const [expected] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM goods WHERE name LIKE '%阿莫西林%'",
    );
    const byName = await list({ keywords: '阿莫西林', page_size: 100 });
    expect(byName.total).toBe(expected?.n);
    expect(byName.total).toBeGreaterThan(100);
    expect(byName.data.every((g) => g.name.includes('阿莫西林'))).toBe(true);
    expect((await list({ keywords: 'amxl', page_size: 5 })).total).toBe(expected?.n);

    const [maker] = await db.query<{ sccj: string; n: number }>(
      'SELECT sccj, count(*)::int AS n FROM goods WHERE id > $1 GROUP BY sccj ORDER BY count(*) DESC, sccj LIMIT 1',
      [GOODS_COUNT],
    );
    const byMaker = await list({ keywords: maker?.sccj, type: 2, page_size: 100 });
    expect(byMaker.total).toBe(maker?.n);
    expect(new Set(byMaker.data.map((g) => g.sccj))).toEqual(new Set([maker?.sccj]));
  });

  it('the whole catalogue and a category page through every goods once, in order', async () => {
    const first = await list({ page_size: 100 });
    expect(first.total).toBe(GROWN);
    const last = await list({ page_size: 100, page: Math.ceil(GROWN / 100) });
    expect(last.data).toHaveLength(GROWN % 100 || 100);
    const [herbal] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM goods WHERE type = 1');
    expect((await list({ zy: 1, page_size: 5 })).total).toBe(herbal?.n);
  });

  it('a goods renamed, added, sold or removed is searched as it is now', async () => {
    const suggest = async (keywords: string) =>
      (await call<{ id: number; name: string }[]>(app, 'GET', '/api/goods/search', { query: { keywords } })).body.data;
    await db.query(
      `INSERT INTO goods (name, name_py, sccj, sccj_py, ypgg, bzdw, category_id, number, base_price, price, sales)
       VALUES ('蒲公英颗粒', 'pgykl', '测试制药有限公司', 'csyyxgs', '10g*10袋', '盒', 1, 10, 2000, 1800, 5)`,
    );
    const added = await suggest('蒲公英颗');
    expect(added.map((s) => s.name)).toEqual(['蒲公英颗粒']);
    const id = added[0]?.id ?? 0;
    expect((await list({ keywords: 'pgykl' })).total).toBe(1);

    // Best sellers lead the suggestions: selling it lifts it above every other 蒲公英 goods.
    await db.query('UPDATE goods SET sales = 10000000 WHERE id = $1', [id]);
    expect((await suggest('蒲公英'))[0]?.name).toBe('蒲公英颗粒');

    await db.query('DELETE FROM goods WHERE id = $1', [id]);
    expect(await suggest('蒲公英颗')).toEqual([]);
    expect((await list({ keywords: 'pgykl' })).total).toBe(0);
  });

  it('keeps the facet counts of the catalogue, a category and a keyword exact as goods change (FACET-10)', async () => {
    const plain = WHOLE_CATALOGUE;
    const [top] = await db.query<{ id: number }>(
      "SELECT c.id FROM categories c WHERE c.parent_id IS NULL AND c.kind = 'normal' AND EXISTS (SELECT 1 FROM categories s WHERE s.parent_id = c.id) ORDER BY c.id LIMIT 1",
    );
    const names = (
      await db.query<{ name: string }>('SELECT name FROM goods GROUP BY name ORDER BY count(*) DESC LIMIT 2')
    ).map((r) => r.name);
    const scopes = async (): Promise<GoodsFilter[]> => [
      plain,
      { ...plain, categoryId: top?.id ?? 0, categoryIds: await categorySubtree(db, top?.id ?? 0) },
      { ...plain, terms: names },
    ];
    const expectKeptAsCounted = async (when: string) => {
      for (const filter of await scopes()) {
        expect(keptScopes(filter, NO_FACETS)).toBeDefined();
        const kept = await facetCounts(db, filter, NO_FACETS);
        expect({ when, filter, kept }).toEqual({ when, filter, kept: await liveFacetCounts(db, filter, NO_FACETS) });
      }
    };
    await expectKeptAsCounted('grown');

    const some = (
      await db.query<{ id: number }>('SELECT id FROM goods WHERE name = $1 ORDER BY id LIMIT 6', [names[0] ?? ''])
    ).map((r) => r.id);
    // Sold out (有货), repriced (a price range), moved to another category and maker, a new goods and one removed.
    await db.query('UPDATE goods SET number = 0 WHERE id = ANY($1::int[])', [some.slice(0, 2)]);
    await db.query('UPDATE goods SET price = price * 40 + 1 WHERE id = $1', [some[2] ?? 0]);
    await db.query("UPDATE goods SET sccj = '测试制药有限公司', is_yb = 1 - is_yb WHERE id = $1", [some[3] ?? 0]);
    await db.query('DELETE FROM goods_categories WHERE goods_id = $1', [some[4] ?? 0]);
    await db.query('INSERT INTO goods_categories (goods_id, category_id) VALUES ($1, $2)', [
      some[4] ?? 0,
      top?.id ?? 0,
    ]);
    const [added] = await db.query<{ id: number }>(
      `INSERT INTO goods (name, name_py, sccj, sccj_py, ypgg, bzdw, category_id, number, base_price, price, sales)
       VALUES ($1, 'x', '测试制药有限公司', 'csyyxgs', '10g*10袋', '盒', $2, 10, 2000, 1800, 5) RETURNING id`,
      [names[1] ?? '', top?.id ?? 0],
    );
    await db.query('INSERT INTO goods_categories (goods_id, category_id) VALUES ($1, $2)', [
      added?.id ?? 0,
      top?.id ?? 0,
    ]);
    await db.query('DELETE FROM goods WHERE id = $1', [some[5] ?? 0]);
    await expectKeptAsCounted('changed');

    // A subcategory moved under another top category moves its goods between the two scopes.
    await db.query(
      `UPDATE categories SET parent_id = (SELECT id FROM categories WHERE parent_id IS NULL AND kind = 'normal' AND id <> $1 ORDER BY id LIMIT 1)
       WHERE id = (SELECT id FROM categories WHERE parent_id = $1 ORDER BY id LIMIT 1)`,
      [top?.id ?? 0],
    );
    await expectKeptAsCounted('category moved');

    // A new day: a goods expiring 179 days on enters the near-expiry window without any write to it. Its expiry is
    // set unseen by the marks (as if it had always been so) and the last fold dated yesterday.
    await db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.query(
        "UPDATE goods SET expire_date = (now() AT TIME ZONE 'Asia/Shanghai')::date + 179 WHERE id = ANY($1::int[])",
        [some.slice(0, 2)],
      );
    });
    await db.query('UPDATE facet_state SET folded_on = folded_on - 1');
    await expectKeptAsCounted('a new day');
  });
});
