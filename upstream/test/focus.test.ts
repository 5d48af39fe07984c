import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { BANNER_SLOTS } from '../src/areas/focus/service';
import { call, PUBLIC_URL, testApp } from './testkit';

let app: FastifyInstance;
beforeAll(async () => ({ app } = await testApp()));

interface Category {
  id: number;
  name: string;
  logo: string | null;
  logo1: string | null;
  children: Category[];
}
interface Common {
  rnss: { name: string; url: string | null }[];
  nav: { id: number; name: string; url: string | null; image: string | null; is_open: number; children: unknown[] }[];
  category: Category[];
  category_yx: Category[];
  category_zy: Category[];
  category_qx: Category[];
  brand: { id: number; name: string; logo: string }[];
  timestamp: number;
}

describe('GET /api/focus/common', () => {
  let common: Common;
  beforeAll(async () => {
    common = (await call<Common>(app, 'GET', '/api/focus/common')).body.data;
  });

  it('has more than 9 nav links, each leading to a page of the site now that every page exists', () => {
    expect(common.nav.length).toBeGreaterThan(9);
    // The points mall and the cashback were "not started" entries until their pages existed (SHELL-11 still shows
    // such an entry's message when a deployment has one).
    expect(common.nav.filter((n) => n.url === null || !n.url.startsWith('/'))).toEqual([]);
  });

  it('has at least 7 top-level categories, each with subcategories', () => {
    expect(common.category.length).toBeGreaterThanOrEqual(7);
    for (const c of common.category) expect(c.children.length).toBeGreaterThan(0);
  });

  it('has the preferred, traditional-medicine and device trees', () => {
    for (const tree of [common.category_yx, common.category_zy, common.category_qx]) {
      expect(tree.length).toBeGreaterThan(0);
      expect(tree.every((c) => c.children.length > 0)).toBe(true);
    }
    expect(common.category_zy.map((c) => c.name)).toContain('中药饮片');
  });

  it('has hot words, brands with served logos and the server clock', () => {
    expect(common.rnss.length).toBeGreaterThan(5);
    expect(common.brand[0]?.logo).toBe(`${PUBLIC_URL}/api/images/brand/${common.brand[0]?.id}.svg`);
    expect(Math.abs(common.timestamp - Date.now() / 1000)).toBeLessThan(60);
  });

  it('a category of the zy tree lists traditional medicine goods', async () => {
    const sub = common.category_zy[0]?.children[0];
    const res = await call<{ total: number; data: { type: number }[] }>(app, 'GET', '/api/goods/list', {
      query: { category_id: sub?.id },
    });
    expect(res.body.data.total).toBeGreaterThan(0);
    expect(res.body.data.data.every((g) => g.type === 1)).toBe(true);
  });
});

describe('banners', () => {
  it('every slot and the home carousel has banners whose pictures the upstream serves as SVG', async () => {
    for (const url of ['/api/focus', ...BANNER_SLOTS.map((s) => `/api/focus/${s}`)]) {
      const res = await call<{ id: number; image: string; url: string | null; name: string }[]>(app, 'GET', url);
      expect(res.status, url).toBe(200);
      expect(res.body.data.length, url).toBeGreaterThan(0);
      const banner = res.body.data[0];
      expect(banner?.image).toBe(`${PUBLIC_URL}/api/images/banner/${banner?.id}.svg`);
      const picture = await app.inject({ method: 'GET', url: new URL(banner?.image ?? '').pathname });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(picture.body).toContain('<svg');
      expect(picture.body).toContain(banner?.name.replaceAll('&', '&amp;'));
    }
  });

  it('an unknown slot is 404', async () => {
    expect((await call(app, 'GET', '/api/focus/nope')).status).toBe(404);
  });

  it('goods pictures show the name and escape it as XML', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/images/goods/1.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('感冒灵颗粒');
    expect((await app.inject({ method: 'GET', url: '/api/images/goods/999999.svg' })).statusCode).toBe(404);
  });
});

describe('site', () => {
  it('links are name and url pairs', async () => {
    const res = await call<{ name: string; url: string }[]>(app, 'GET', '/api/global/links');
    expect(res.body.data.length).toBeGreaterThan(2);
    expect(res.body.data[0]).toEqual({ name: '国家药品监督管理局', url: 'https://www.nmpa.gov.cn/' });
  });

  it('help categories of group 3 list their articles', async () => {
    const res = await call<{ id: number; name: string; children: { id: number; title: string }[] }[]>(
      app,
      'GET',
      '/api/article/category',
      { query: { category_id: 3 } },
    );
    expect(res.body.data.map((c) => c.name)).toEqual(['新手指南', '服务保障', '关于我们', '支付配送']);
    expect(res.body.data[0]?.children.map((a) => a.title)).toEqual([
      '会员注册',
      '购物指南',
      '安全用药',
      '首营资质要求',
    ]);
    expect(
      (await call<unknown[]>(app, 'GET', '/api/article/category', { query: { category_id: 99 } })).body.data,
    ).toEqual([]);
  });
});
