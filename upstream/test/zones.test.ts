import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import type { GoodsDto } from '../src/lib/goods';
import { call, testApp } from './testkit';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => ({ app, db } = await testApp()));

type Page<T = GoodsDto> = { current_page: number; per_page: number; total: number; last_page: number; data: T[] };
type Seckill = { activity_id: number; name: string; price: number; start_at: string; end_at: string; status: number };

describe('GET /api/index/spike', () => {
  it('answers buyable seckill goods with their seckill price and period, running ones first', async () => {
    const res = await call<{ timestamp: number; goods: (GoodsDto & { seckill: Seckill })[] }>(
      app,
      'GET',
      '/api/index/spike',
    );
    expect(res.status).toBe(200);
    const { goods, timestamp } = res.body.data;
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(goods.length).toBeGreaterThan(0);
    expect(goods.length).toBeLessThanOrEqual(20);
    const statuses = goods.map((g) => g.seckill.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => b - a));
    for (const g of goods) {
      expect(g.is_buy).toBe(1);
      expect(g.number).toBeGreaterThan(0);
      expect(g.seckill.price).toBeLessThan(g.price);
      expect(Date.parse(g.seckill.end_at)).toBeGreaterThan(Date.now());
      expect(g.tags.map((t) => t.name)).toContain('秒');
    }
  });
});

describe('GET /api/activity/everyday_price', () => {
  it('pages the goods of running discount activities with their special price in whole fen', async () => {
    const res = await call<Page<GoodsDto & { special_price: number }>>(app, 'GET', '/api/activity/everyday_price', {
      query: { page_size: 5 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeGreaterThan(5);
    expect(res.body.data.data).toHaveLength(5);
    for (const g of res.body.data.data) {
      expect(g.special_price).toBe(Math.floor((g.price * 95) / 100));
      expect(g.tags.map((t) => t.name)).toContain('特');
    }
    const sales = res.body.data.data.map((g) => g.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
  });

  it('leaves out goods once the discount has ended', async () => {
    await db.query("UPDATE activities SET end_at = start_at + interval '1 second' WHERE type = 'discount'");
    try {
      const res = await call<Page>(app, 'GET', '/api/activity/everyday_price');
      expect(res.body.data.total).toBe(0);
    } finally {
      await db.query("UPDATE activities SET end_at = now() + interval '14 days' WHERE type = 'discount'");
    }
  });
});

describe('GET /api/index_wntj/{page}', () => {
  it('pages buyable branded or preferred goods, best sellers first', async () => {
    const first = await call<Page>(app, 'GET', '/api/index_wntj/1');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ current_page: 1, per_page: 10 });
    const second = await call<Page>(app, 'GET', '/api/index_wntj/2');
    const goods = [...first.body.data.data, ...second.body.data.data];
    expect(new Set(goods.map((g) => g.id)).size).toBe(20);
    for (const g of goods) {
      expect(g.is_buy === 1 && g.number > 0).toBe(true);
      expect(g.brand_id !== null || g.is_youx === 1).toBe(true);
    }
    expect((await call(app, 'GET', '/api/index_wntj/0')).status).toBe(422);
    expect((await call(app, 'GET', '/api/index_wntj/x')).status).toBe(422);
  });
});

describe('brands', () => {
  it('GET /api/focus/brand/{id} answers the brand with its makers and goods count; the list filters by brand', async () => {
    const res = await call<{ id: number; name: string; logo: string; makers: string[]; goods_total: number }>(
      app,
      'GET',
      '/api/focus/brand/1',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 1, name: '999', makers: ['华润三九医药股份有限公司'] });
    expect(res.body.data.logo).toMatch(/\/api\/images\/brand\/1\.svg$/);
    const list = await call<Page>(app, 'GET', '/api/goods/list', { query: { brand_id: 1, page_size: 100 } });
    expect(list.body.data.total).toBe(res.body.data.goods_total);
    expect(list.body.data.data.every((g) => g.brand_id === 1 && g.sccj === '华润三九医药股份有限公司')).toBe(true);
  });

  it('an unknown brand is 404; a bad brand filter is 422', async () => {
    expect((await call(app, 'GET', '/api/focus/brand/99999')).status).toBe(404);
    expect((await call(app, 'GET', '/api/focus/brand/abc')).status).toBe(404);
    expect((await call(app, 'GET', '/api/goods/list', { query: { brand_id: 'x' } })).status).toBe(422);
  });
});

describe('zone filters of GET /api/goods/list', () => {
  const all = async (query: Record<string, unknown>) =>
    (await call<Page>(app, 'GET', '/api/goods/list', { query: { page_size: 100, ...query } })).body.data;
  const today = async () =>
    (await db.query<{ d: string }>("SELECT to_char((now() AT TIME ZONE 'Asia/Shanghai')::date, 'YYYY-MM-DD') AS d"))[0]
      ?.d ?? '';
  const daysFrom = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

  it('is_jxq=1 keeps goods expiring within 180 days, and the detail carries the date', async () => {
    const page = await all({ is_jxq: 1 });
    const now = await today();
    expect(page.total).toBeGreaterThan(100);
    for (const g of page.data) {
      expect(g.expire_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const days = daysFrom(now, g.expire_date ?? '');
      expect(days).toBeGreaterThanOrEqual(0);
      expect(days).toBeLessThan(180);
    }
    const whole = await all({});
    expect(whole.data.some((g) => daysFrom(now, g.expire_date ?? '') >= 180)).toBe(true);
    const first = page.data[0];
    const detail = await call<GoodsDto>(app, 'GET', `/api/goods/detail/${first?.id ?? 0}`);
    expect(detail.body.data.expire_date).toBe(first?.expire_date);
  });

  it('is_kx=1 keeps controlled-sales goods, which are unbranded', async () => {
    const page = await all({ is_kx: 1 });
    expect(page.total).toBeGreaterThan(50);
    expect(page.data.every((g) => g.is_kx === 1 && g.brand_id === null)).toBe(true);
    expect((await all({})).data.some((g) => g.is_kx === 0)).toBe(true);
  });

  it('zy=1 keeps traditional medicine, qx=1 goods of the devices tree', async () => {
    const zy = await all({ zy: 1 });
    expect(zy.total).toBeGreaterThan(0);
    expect(zy.data.every((g) => g.type === 1)).toBe(true);
    const qx = await all({ qx: 1 });
    expect(qx.total).toBeGreaterThan(0);
    const [{ n } = { n: -1 }] = await db.query<{ n: number }>(
      `SELECT count(DISTINCT gc.goods_id)::int AS n FROM goods_categories gc JOIN categories c ON c.id = gc.category_id
       WHERE c.kind = 'qx'`,
    );
    expect(qx.total).toBe(n);
    expect(qx.data.every((g) => g.type === 0)).toBe(true);
  });

  it('filters combine with keywords, and refuse values other than 0 or 1', async () => {
    const both = await all({ is_kx: 1, zy: 1 });
    expect(both.data.every((g) => g.is_kx === 1 && g.type === 1)).toBe(true);
    for (const key of ['is_jxq', 'is_kx', 'zy', 'qx']) {
      expect((await call(app, 'GET', '/api/goods/list', { query: { [key]: 2 } })).status).toBe(422);
    }
  });
});
