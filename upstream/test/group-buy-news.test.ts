import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { NEWS_POSTS } from '../src/seed/group-buy-news';
import { MORE_POSTS } from '../src/seed/help';
import { call, testApp } from './testkit';

interface GroupBuyGoods {
  id: number;
  price: number;
  is_buy: number;
  group_buy: { id: number; price: number; target_number: number; joined_number: number; start_at: string };
}
interface Paged<T> {
  total: number;
  current_page: number;
  per_page: number;
  data: T[];
}
interface Post {
  id: number;
  title: string;
  summary: string;
  published_at: string;
}

let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  ({ app, db } = await testApp());
});

describe('group-buy zone (拼团)', () => {
  it('lists buyable goods with a group price below their own and a target, the closest to forming first', async () => {
    const res = await call<Paged<GroupBuyGoods>>(app, 'GET', '/api/activity/group_buy', { query: { page_size: 50 } });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(12);
    const offers = res.body.data.data;
    for (const g of offers) {
      expect(g.is_buy).toBe(1);
      expect(g.group_buy.price).toBeLessThan(g.price);
      expect(g.group_buy.price % 10).toBe(0);
      expect([50, 100, 200]).toContain(g.group_buy.target_number);
    }
    const progress = offers.map((g) => g.group_buy.joined_number / g.group_buy.target_number);
    expect(progress).toEqual([...progress].sort((a, b) => b - a));
  });

  it('leaves out ended offers and goods that cannot be bought now; pages', async () => {
    const [ended] = await db.query<{ id: number }>(
      `INSERT INTO group_buys (goods_id, price, target_number, start_at, end_at)
       SELECT id, 10, 10, now() - interval '3 days', now() - interval '1 day' FROM goods WHERE is_buy = 1
       ORDER BY id LIMIT 1 RETURNING id`,
    );
    try {
      const all = await call<Paged<GroupBuyGoods>>(app, 'GET', '/api/activity/group_buy', { query: { page_size: 50 } });
      expect(all.body.data.data.map((g) => g.group_buy.id)).not.toContain(ended?.id);
      const second = await call<Paged<GroupBuyGoods>>(app, 'GET', '/api/activity/group_buy', {
        query: { page: 2, page_size: 5 },
      });
      expect(second.body.data.data.map((g) => g.group_buy.id)).toEqual(
        all.body.data.data.slice(5, 10).map((g) => g.group_buy.id),
      );
      expect((await call(app, 'GET', '/api/activity/group_buy', { query: { page_size: 51 } })).status).toBe(422);
    } finally {
      await db.query('DELETE FROM group_buys WHERE id = $1', [ended?.id ?? 0]);
    }
  });
});

describe('news list (/api/focus/postList)', () => {
  it('answers the published posts, newest first, paged', async () => {
    const res = await call<Paged<Post>>(app, 'GET', '/api/focus/postList', { query: { page_size: 3 } });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(NEWS_POSTS.length + MORE_POSTS.length);
    expect(res.body.data.data.map((p) => p.title)).toEqual(NEWS_POSTS.slice(0, 3).map((p) => p.title));
    const dates = res.body.data.data.map((p) => Date.parse(p.published_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('leaves out posts scheduled for later', async () => {
    const [later] = await db.query<{ id: number }>(
      `INSERT INTO news_posts (title, summary, content, published_at)
       VALUES ('未发布', '', '', now() + interval '1 day') RETURNING id`,
    );
    try {
      const res = await call<Paged<Post>>(app, 'GET', '/api/focus/postList', { query: { page_size: 50 } });
      expect(res.body.data.data.map((p) => p.id)).not.toContain(later?.id);
    } finally {
      await db.query('DELETE FROM news_posts WHERE id = $1', [later?.id ?? 0]);
    }
  });
});
