import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import type { GoodsDto } from '../src/lib/goods';
import { SERIES_ADS } from '../src/seed/controlled-sales';
import { call, PUBLIC_URL, testApp } from './testkit';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => ({ app, db } = await testApp()));

interface Series {
  id: number;
  name: string;
  logo: string | null;
  goods_count: number;
  ad_ids: number[];
}
interface Banner {
  id: number;
  image: string;
  url: string | null;
  name: string;
}
type Page = { total: number; data: GoodsDto[] };

const series = async () => (await call<Series[]>(app, 'GET', '/api/goods/kx_categories')).body.data;
const adIds = async (where: string, params: (string | number)[] = []) =>
  (
    await db.query<{ id: number }>(
      `SELECT id FROM banners WHERE slot = 'kxzq_ad' AND ${where} ORDER BY sort, id`,
      params,
    )
  ).map((r) => r.id);

describe('GET /api/goods/kx_categories', () => {
  it('lists the top-level categories holding controlled-sales goods, in menu order', async () => {
    const res = await call<Series[]>(app, 'GET', '/api/goods/kx_categories');
    expect(res.status).toBe(200);
    const found = res.body.data;
    const tops = await db.query<{ id: number; name: string }>(
      "SELECT id, name FROM categories WHERE kind = 'normal' AND parent_id IS NULL ORDER BY sort, id",
    );
    expect(found.length).toBeGreaterThanOrEqual(5);
    // Menu order is the top-level categories' order, with the ones without controlled-sales goods left out.
    expect(found.map((s) => s.id)).toEqual(tops.filter((t) => found.some((s) => s.id === t.id)).map((t) => t.id));
    expect(found[0]).toMatchObject({ name: '感冒发热', logo: null });
    // The seed makes every goods belong to one normal category, so the counts add up to the whole zone.
    const [{ n } = { n: -1 }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM goods WHERE is_kx = 1');
    expect(found.reduce((sum, s) => sum + s.goods_count, 0)).toBe(n);
  });

  it("each count is the total of the zone's list narrowed to that category", async () => {
    for (const s of await series()) {
      const list = await call<Page>(app, 'GET', '/api/goods/list', {
        query: { is_kx: 1, category_id: s.id, page_size: 100 },
      });
      expect(list.body.data.total, s.name).toBe(s.goods_count);
      expect(list.body.data.data.every((g) => g.is_kx === 1)).toBe(true);
    }
  });

  it("carries the series' own advertisements, or the zone's when it has none", async () => {
    const found = await series();
    const zone = await adIds('category_id IS NULL');
    expect(zone.length).toBeGreaterThan(0);
    const withOwn = found.filter((s) => SERIES_ADS.some((ad) => ad.category === s.name));
    expect(withOwn.map((s) => s.name)).toEqual(['感冒发热', '消化系统', '慢病用药']);
    for (const s of found) {
      const own = await adIds('category_id = $1', [s.id]);
      expect(s.ad_ids, s.name).toEqual(own.length > 0 ? own : zone);
    }
    expect(withOwn[0]?.ad_ids).toHaveLength(2);
  });

  it('leaves out a category once it holds no controlled-sales goods', async () => {
    const target = (await series()).find((s) => s.name === '妇儿用药');
    expect(target?.goods_count).toBeGreaterThan(0);
    const ids = (
      await db.query<{ id: number }>(
        `SELECT g.id FROM goods g JOIN goods_categories gc ON gc.goods_id = g.id JOIN categories c ON c.id = gc.category_id
         WHERE g.is_kx = 1 AND (c.id = $1 OR c.parent_id = $1)`,
        [target?.id ?? 0],
      )
    ).map((r) => r.id);
    await db.query('UPDATE goods SET is_kx = 0 WHERE id = ANY($1::int[])', [ids]);
    try {
      expect((await series()).map((s) => s.name)).not.toContain('妇儿用药');
    } finally {
      await db.query('UPDATE goods SET is_kx = 1 WHERE id = ANY($1::int[])', [ids]);
    }
    expect((await series()).find((s) => s.name === '妇儿用药')?.goods_count).toBe(target?.goods_count);
  });
});

describe('GET /api/focus/kxzq_ad', () => {
  it('without ids answers every controlled-sales advertisement, the zone and its series', async () => {
    const res = await call<Banner[]>(app, 'GET', '/api/focus/kxzq_ad');
    expect(res.status).toBe(200);
    expect(res.body.data.map((b) => b.id)).toEqual(await adIds('true'));
    expect(res.body.data.length).toBe(2 + SERIES_ADS.length);
  });

  it('with ids answers those advertisements in the order asked, each once, leaving out unknown ones', async () => {
    const all = await adIds('true');
    const [a = 0, b = 0, c = 0] = all;
    const [home] = await db.query<{ id: number }>("SELECT id FROM banners WHERE slot = 'home' LIMIT 1");
    const res = await call<Banner[]>(app, 'GET', '/api/focus/kxzq_ad', {
      query: { ids: [c, a, 99999, home?.id ?? 1, c, b] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((banner) => banner.id)).toEqual([c, a, b]);
    const first = res.body.data[0];
    expect(first?.image).toBe(`${PUBLIC_URL}/api/images/banner/${c}.svg`);
    const picture = await app.inject({ method: 'GET', url: `/api/images/banner/${c}.svg` });
    expect(picture.statusCode).toBe(200);
    expect(picture.body).toContain(first?.name);
    // A single id is a list of one, as the old client's forms send it.
    const one = await call<Banner[]>(app, 'GET', `/api/focus/kxzq_ad?ids=${b}`);
    expect(one.body.data.map((banner) => banner.id)).toEqual([b]);
  });

  it('refuses ids that are not positive integers, and more than 20, with a Chinese message', async () => {
    for (const query of [
      'ids[]=x',
      'ids[]=0',
      'ids[]=1.5',
      'ids=',
      Array.from({ length: 21 }, (_, i) => `ids[]=${i + 1}`).join('&'),
    ]) {
      const res = await call(app, 'GET', `/api/focus/kxzq_ad?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.message, query).toMatch(/广告编号必须是正整数|一次最多操作20条/);
    }
  });

  it('each seeded series advertisement leads to a controlled-sales goods of its series', async () => {
    const ads = await db.query<{ category_id: number; url: string | null }>(
      "SELECT category_id, url FROM banners WHERE slot = 'kxzq_ad' AND category_id IS NOT NULL ORDER BY sort, id",
    );
    expect(ads).toHaveLength(SERIES_ADS.length);
    // Two advertisements of one series lead to two different goods.
    expect(new Set(ads.map((ad) => ad.url)).size).toBe(ads.length);
    for (const ad of ads) {
      expect(ad.url).toMatch(/^\/list\/info\/\d+$/);
      const id = Number(ad.url?.split('/').pop());
      const [row] = await db.query<{ ok: boolean }>(
        `SELECT bool_or(g.is_kx = 1 AND (c.id = $2 OR c.parent_id = $2)) AS ok FROM goods g
         JOIN goods_categories gc ON gc.goods_id = g.id JOIN categories c ON c.id = gc.category_id WHERE g.id = $1`,
        [id, ad.category_id],
      );
      expect(row?.ok, ad.url ?? '').toBe(true);
    }
  });
});
