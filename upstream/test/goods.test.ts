import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import type { GoodsDto } from '../src/lib/goods';
import { pinyinInitials } from '../src/lib/pinyin';
import { call, PUBLIC_URL, testApp } from './testkit';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => ({ app, db } = await testApp()));

type Suggestion = { id: number; name: string; sccj: string };
type Page = { current_page: number; per_page: number; total: number; last_page: number; data: GoodsDto[] };

const suggest = async (keywords: string, type = '1') =>
  (await call<Suggestion[]>(app, 'GET', '/api/goods/search', { query: { keywords, type } })).body.data;
const list = async (query: Record<string, unknown>) => call<Page>(app, 'GET', '/api/goods/list', { query });

describe('search suggestions', () => {
  it('finds a medicine by part of its name', async () => {
    const names = (await suggest('感冒灵')).map((s) => s.name);
    expect(names).toContain('感冒灵颗粒');
    expect(names.every((n) => n.includes('感冒灵'))).toBe(true);
  });

  it('finds 感冒灵颗粒 by its pinyin initials in lower and upper case', async () => {
    for (const keywords of ['gmlkl', 'GMLKL', 'GmLkL']) {
      expect((await suggest(keywords)).map((s) => s.name)).toEqual(['感冒灵颗粒']);
    }
  });

  it('finds manufacturers by name and by initials, one entry each', async () => {
    const byName = await suggest('华润三九', '2');
    expect(byName.map((s) => s.sccj)).toEqual(['华润三九医药股份有限公司']);
    const byInitials = await suggest('YNBY', '2');
    expect(byInitials.map((s) => s.sccj)).toContain('云南白药集团股份有限公司');
  });

  it('answers at most 10 distinct names, prefix matches first', async () => {
    const res = await suggest('片');
    expect(res.length).toBe(10);
    expect(new Set(res.map((s) => s.name)).size).toBe(10);
    const prefixed = await suggest('b');
    expect(pinyinInitials(prefixed[0]?.name ?? '')).toMatch(/^b/);
  });

  it('an empty keyword answers nothing', async () => {
    expect(await suggest('   ')).toEqual([]);
  });

  it('treats %, _, backslash, quotes and a 500-character keyword as plain text', async () => {
    for (const keywords of ['%', '_', '%%', '\\', "'", '"', "' OR 1=1 --", '感冒%', 'x'.repeat(500)]) {
      const res = await call<Suggestion[]>(app, 'GET', '/api/goods/search', { query: { keywords } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      const page = await list({ keywords });
      expect(page.status).toBe(200);
      expect(page.body.data.total).toBe(0);
    }
  });

  it('a % that is really in a name is found literally', async () => {
    await db.query("UPDATE goods SET name = '0.9%氯化钠注射液' WHERE id = (SELECT max(id) FROM goods)");
    try {
      expect((await suggest('9%氯')).map((s) => s.name)).toEqual(['0.9%氯化钠注射液']);
    } finally {
      await db.query("UPDATE goods SET name = '手动轮椅车' WHERE id = (SELECT max(id) FROM goods)");
    }
  });
});

describe('GET /api/goods/list', () => {
  it('a page past the end is empty but still tells the total', async () => {
    const first = await list({ keywords: '片', page_size: 5 });
    const past = await list({ keywords: '片', page_size: 5, page: 999 });
    expect(past.status).toBe(200);
    expect(past.body.data.data).toEqual([]);
    expect(past.body.data.total).toBe(first.body.data.total);
    expect(first.body.data.total).toBeGreaterThan(5);
    expect(first.body.data.data[0]).not.toHaveProperty('total_count');
  });

  it('pages through the whole catalogue', async () => {
    const res = await list({ page: 2, page_size: 25 });
    expect(res.body.data).toMatchObject({ current_page: 2, per_page: 25 });
    expect(res.body.data.total).toBeGreaterThanOrEqual(2000);
    expect(res.body.data.last_page).toBe(Math.ceil(res.body.data.total / 25));
    expect(res.body.data.data).toHaveLength(25);
    const first = await list({ page: 1, page_size: 25 });
    const ids = new Set(first.body.data.data.map((g) => g.id));
    expect(res.body.data.data.some((g) => ids.has(g.id))).toBe(false);
  });

  it('filters by name keyword and by manufacturer', async () => {
    const byName = await list({ keywords: '阿莫西林', page_size: 100 });
    expect(byName.body.data.total).toBeGreaterThan(3);
    expect(byName.body.data.data.every((g) => g.name.includes('阿莫西林'))).toBe(true);
    const byMaker = await list({ keywords: '以岭', type: 2, page_size: 100 });
    expect(byMaker.body.data.data.map((g) => g.sccj)).toEqual(
      Array(byMaker.body.data.total).fill('石家庄以岭药业股份有限公司'),
    );
  });

  it('a top-level category includes its subcategories, and the yx filter keeps preferred goods only', async () => {
    const [top] = await db.query<{ id: number }>(
      "SELECT id FROM categories WHERE kind = 'normal' AND parent_id IS NULL AND name = '感冒发热'",
    );
    const res = await list({ category_id: top?.id, page_size: 100 });
    const subs = await db.query<{ id: number }>('SELECT id FROM categories WHERE parent_id = $1', [top?.id ?? 0]);
    expect(res.body.data.total).toBeGreaterThan(50);
    expect(res.body.data.data.every((g) => subs.some((s) => s.id === g.category_id))).toBe(true);
    const yx = await list({ category_id: top?.id, yx: 1, page_size: 100 });
    expect(yx.body.data.total).toBeGreaterThan(0);
    expect(yx.body.data.total).toBeLessThan(res.body.data.total);
    expect(yx.body.data.data.every((g) => g.is_youx === 1)).toBe(true);
  });

  it('sorts by price both ways and by sales', async () => {
    const asc = (await list({ sort: 'price_asc', page_size: 50 })).body.data.data.map((g) => g.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await list({ sort: 'price_desc', page_size: 50 })).body.data.data.map((g) => g.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(desc[0]).toBeGreaterThan(asc[0] ?? 0);
    const sales = (await list({ sort: 'sales', page_size: 50 })).body.data.data.map((g) => g.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
  });

  it('refuses a page size above 100 and an unknown sort with 422', async () => {
    const big = await list({ page_size: 101 });
    expect(big.status).toBe(422);
    expect(big.body.data).toEqual({ page_size: ['每页数量必须在1到100之间'] });
    expect((await list({ sort: 'random' })).status).toBe(422);
    expect((await list({ page: 0 })).status).toBe(422);
  });
});

describe('GET /api/goods/detail/{id}', () => {
  it('answers the goods with money in integer fen, ladder tiers, tags and an absolute image address', async () => {
    const [ladder] = await db.query<{ goods_id: number }>(
      'SELECT goods_id FROM ladder_prices lp JOIN goods g ON g.id = lp.goods_id WHERE g.ladder_price_type = 1 LIMIT 1',
    );
    const res = await call<GoodsDto>(app, 'GET', `/api/goods/detail/${ladder?.goods_id}`);
    expect(res.status).toBe(200);
    const g = res.body.data;
    expect(g.goods_image).toEqual([`${PUBLIC_URL}/api/images/goods/${g.id}.svg`]);
    for (const fen of [g.price, g.base_price, ...g.ladder_price.map((t) => t.price)]) {
      expect(Number.isInteger(fen)).toBe(true);
    }
    expect(g.ladder_price_type).toBe(1);
    expect(g.ladder_price.length).toBe(3);
    expect(g.ladder_price[0]?.price).toBe(g.price);
    expect(g.pzwh).toMatch(/^(国药准字[HZ]\d{8}|.械注准\d{11})$/);
  });

  it('tags carry their colours from the tags table', async () => {
    const [row] = await db.query<{ goods_id: number }>(
      "SELECT gt.goods_id FROM goods_tags gt JOIN tags t ON t.id = gt.tag_id WHERE t.name = '新' LIMIT 1",
    );
    const res = await call<GoodsDto>(app, 'GET', `/api/goods/detail/${row?.goods_id}`);
    expect(res.body.data.tags).toContainEqual({ name: '新', describe: '新品上架', is_show: 1, color: '#1fa463' });
  });

  it('unknown or malformed ids are 404 in the envelope', async () => {
    for (const id of ['999999', '0', 'abc', '1.5', '99999999999']) {
      const res = await call(app, 'GET', `/api/goods/detail/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: '商品不存在', data: null });
    }
  });
});

describe('GET /api/goods/hot', () => {
  it('answers 12 buyable best sellers', async () => {
    const hot = (await call<GoodsDto[]>(app, 'GET', '/api/goods/hot')).body.data;
    expect(hot).toHaveLength(12);
    expect(hot.every((g) => g.is_buy === 1 && g.number > 0)).toBe(true);
    const sales = hot.map((g) => g.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
  });
});

describe('detail and list agree', () => {
  it('the detail function answers the same goods object as the list for every goods of a page', async () => {
    const page = (await list({ page: 3, page_size: 100 })).body.data.data;
    for (const g of page) expect((await call<GoodsDto>(app, 'GET', `/api/goods/detail/${g.id}`)).body.data).toEqual(g);
  });
});
