import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { NEWS_POSTS } from '../src/seed/group-buy-news';
import { COMPANY_POST_TITLES, MORE_POSTS } from '../src/seed/help';
import { call, testApp } from './testkit';

interface ArticleDetail {
  id: number;
  title: string;
  content: string;
  code: string | null;
  category: { id: number; name: string };
  updated_at: string;
}
interface Post {
  id: number;
  type: number;
  title: string;
  summary: string;
  published_at: string;
}
interface PostDetail extends Post {
  content: string;
  previous: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
}
interface Paged<T> {
  total: number;
  current_page: number;
  per_page: number;
  last_page: number;
  data: T[];
}

let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  ({ app, db } = await testApp());
});

const footer = async () =>
  (
    await call<{ id: number; name: string; children: { id: number; title: string }[] }[]>(
      app,
      'GET',
      '/api/article/category',
    )
  ).body.data;

describe('help articles (INFO-01, INFO-04)', () => {
  it('opens every footer article by id with its rich text and category', async () => {
    for (const category of await footer()) {
      for (const entry of category.children) {
        const res = await call<ArticleDetail>(app, 'GET', `/api/article/${entry.id}`);
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ id: entry.id, title: entry.title, category: { name: category.name } });
        // Full text, not the one-liner of the catalogue step.
        expect(res.body.data.content).toMatch(/^<(p|h2|ul|ol)>/);
        expect(res.body.data.content.length).toBeGreaterThan(100);
      }
    }
  });

  it('answers 404 for an unknown, malformed or out-of-range id', async () => {
    for (const id of ['999999', '0', 'abc', '1.5', '99999999999']) {
      const res = await call(app, 'GET', `/api/article/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('文章不存在或已下线');
    }
  });

  it('finds the payment-help pages and the privacy policy by code', async () => {
    const titles: Record<string, string> = {
      zfps_ddzf: '订单支付',
      zfps_hwps: '货物配送',
      zfps_ypth: '药品退换货',
      privacy: '隐私政策',
    };
    for (const [code, title] of Object.entries(titles)) {
      const res = await call<ArticleDetail>(app, 'GET', `/api/article/code/${code}`);
      expect(res.status, code).toBe(200);
      expect(res.body.data).toMatchObject({ code, title });
    }
    const privacy = (await call<ArticleDetail>(app, 'GET', '/api/article/code/privacy')).body.data;
    for (const stored of ['账号信息', '企业信息', '资质文件', '订单信息', '收货地址', 'Cookie']) {
      expect(privacy.content).toContain(stored);
    }
    // The policy is not one of the footer's help articles.
    expect((await footer()).flatMap((c) => c.children.map((a) => a.id))).not.toContain(privacy.id);
  });

  it('answers 404 for an unknown or malformed code', async () => {
    for (const code of ['nothing_here', 'PRIVACY', 'a', '%27%20or%201%3D1']) {
      expect((await call(app, 'GET', `/api/article/code/${code}`)).status, code).toBe(404);
    }
  });
});

describe('news by type and one post (INFO-05)', () => {
  const industryTotal =
    NEWS_POSTS.filter((p) => !COMPANY_POST_TITLES.includes(p.title)).length +
    MORE_POSTS.filter((p) => p.type === 1).length;

  it('pages each type on its own, newest first', async () => {
    const first = await call<Paged<Post>>(app, 'GET', '/api/focus/postList', { query: { type: 1, page_size: 10 } });
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBe(industryTotal);
    expect(first.body.data.last_page).toBe(Math.ceil(industryTotal / 10));
    const second = await call<Paged<Post>>(app, 'GET', '/api/focus/postList', {
      query: { type: 1, page_size: 10, page: 2 },
    });
    const all = [...first.body.data.data, ...second.body.data.data];
    expect(all).toHaveLength(industryTotal);
    expect(all.every((p) => p.type === 1)).toBe(true);
    expect(new Set(all.map((p) => p.id)).size).toBe(industryTotal);
    const dates = all.map((p) => Date.parse(p.published_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const company = await call<Paged<Post>>(app, 'GET', '/api/focus/postList', { query: { type: 2, page_size: 50 } });
    expect(company.body.data.data.every((p) => p.type === 2)).toBe(true);
    expect(company.body.data.data.map((p) => p.title)).toEqual(expect.arrayContaining(COMPANY_POST_TITLES));
    // A page past the end is empty, not an error.
    const past = await call<Paged<Post>>(app, 'GET', '/api/focus/postList', { query: { type: 2, page: 99 } });
    expect(past.body.data.data).toEqual([]);
  });

  it('refuses an unknown type with a field message and changes nothing', async () => {
    const res = await call(app, 'GET', '/api/focus/postList', { query: { type: 3 } });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.data)).toContain('资讯类型只能是1（行业资讯）或2（公司动态）');
  });

  it('opens a post with the neighbours of its own type in list order', async () => {
    const list = (await call<Paged<Post>>(app, 'GET', '/api/focus/postList', { query: { type: 2, page_size: 50 } }))
      .body.data.data;
    expect(list.length).toBeGreaterThan(2);
    const [newest, middle, older] = list;
    const res = await call<PostDetail>(app, 'GET', `/api/focus/post/${middle?.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: middle?.id,
      type: 2,
      title: middle?.title,
      previous: { id: newest?.id, title: newest?.title },
      next: { id: older?.id, title: older?.title },
    });
    expect((await call<PostDetail>(app, 'GET', `/api/focus/post/${newest?.id}`)).body.data.previous).toBeNull();
    const oldest = list[list.length - 1];
    expect((await call<PostDetail>(app, 'GET', `/api/focus/post/${oldest?.id}`)).body.data.next).toBeNull();
  });

  it('answers 404 for an unknown id and for a post scheduled for later', async () => {
    expect((await call(app, 'GET', '/api/focus/post/999999')).status).toBe(404);
    expect((await call(app, 'GET', '/api/focus/post/x')).status).toBe(404);
    const [later] = await db.query<{ id: number }>(
      `INSERT INTO news_posts (type, title, summary, content, published_at)
       VALUES (2, '未发布', '', '', now() + interval '1 day') RETURNING id`,
    );
    try {
      const res = await call(app, 'GET', `/api/focus/post/${later?.id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('资讯不存在或已下线');
    } finally {
      await db.query('DELETE FROM news_posts WHERE id = $1', [later?.id ?? 0]);
    }
  });
});
