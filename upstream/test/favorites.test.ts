import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import type { GoodsDto } from '../src/lib/goods';
import { call, login, testApp, userId } from './testkit';

let app: FastifyInstance;
let db: Db;
let token: string;
let token2: string;
beforeAll(async () => {
  ({ app, db } = await testApp());
  token = await login(app);
  token2 = await login(app, 'demo2');
});
beforeEach(async () => {
  await db.query('DELETE FROM favorites WHERE user_id = ANY($1::int[])', [
    [await userId(db, 'demo'), await userId(db, 'demo2')],
  ]);
});

type Page = { current_page: number; per_page: number; total: number; last_page: number; data: GoodsDto[] };

/** `t` null sends no token (a visitor). */
const add = (ids: unknown[], t: string | null = token) =>
  call<GoodsDto[]>(app, 'POST', '/api/favorite', {
    ...(t === null ? {} : { token: t }),
    form: { goods_ids: ids },
    arrayFormat: 'brackets',
  });
const cancel = (ids: unknown[], t = token) =>
  call<GoodsDto[]>(app, 'POST', '/api/favorite/cancel', {
    token: t,
    form: { goods_ids: ids },
    arrayFormat: 'brackets',
  });
const check = (ids: unknown[], t?: string) =>
  call<{ ids: number[] }>(app, 'GET', `/api/favorite/check?${ids.map((i) => `goods_ids[]=${String(i)}`).join('&')}`, {
    ...(t === undefined ? {} : { token: t }),
  });
const list = (query: Record<string, unknown> = {}, t = token) =>
  call<Page>(app, 'GET', '/api/favorite', { token: t, query });

describe('favourites', () => {
  it('adds goods with the spec message and answers them, then lists them newest first', async () => {
    const first = await add([3, 5]);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('收藏成功');
    expect(first.body.data.map((g) => g.id)).toEqual([3, 5]);
    // A later favourite leads the page even though its id is lower.
    await db.query("UPDATE favorites SET created_at = now() - interval '1 hour' WHERE goods_id IN (3, 5)");
    await add([1]);
    const page = await list();
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.data[0]?.id).toBe(1);
    expect(page.body.data.data.map((g) => g.id).sort()).toEqual([1, 3, 5]);
  });

  it('adding a favourite twice keeps one row', async () => {
    await add([7]);
    await add([7, 7]);
    expect((await list()).body.data.total).toBe(1);
  });

  it('cancels with the spec message', async () => {
    await add([3, 5, 8]);
    const res = await cancel([3, 8]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('取消收藏成功');
    expect((await list()).body.data.data.map((g) => g.id)).toEqual([5]);
  });

  it('pages the favourites', async () => {
    await add(Array.from({ length: 25 }, (_, i) => i + 1));
    const second = await list({ page: 2, page_size: 10 });
    expect(second.body.data).toMatchObject({ current_page: 2, per_page: 10, total: 25, last_page: 3 });
    expect(second.body.data.data).toHaveLength(10);
    expect((await list({ page_size: 101 })).status).toBe(422);
  });

  it('each buyer has their own favourites', async () => {
    await add([3]);
    expect((await list({}, token2)).body.data.total).toBe(0);
    expect((await check([3], token2)).body.data.ids).toEqual([]);
    await cancel([3], token2);
    expect((await check([3], token)).body.data.ids).toEqual([3]);
  });

  it('checks a whole page in one call', async () => {
    await add([2, 40]);
    const ids = Array.from({ length: 50 }, (_, i) => i + 1);
    const res = await check(ids, token);
    expect(res.status).toBe(200);
    expect(res.body.data.ids).toEqual([2, 40]);
  });

  it('a visitor may check (nothing is a favourite) but not list, add or cancel', async () => {
    expect((await check([1, 2])).body).toMatchObject({ code: 10000, data: { ids: [] } });
    expect((await add([1], null)).status).toBe(401);
    const res = await call(app, 'GET', '/api/favorite');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10001);
  });

  it('refuses unknown goods, bad ids, no ids and more than 100 ids, changing nothing', async () => {
    const unknown = await add([3, 99999999]);
    expect(unknown.status).toBe(404);
    expect((await list()).body.data.total).toBe(0);
    expect((await add(['abc'])).status).toBe(422);
    expect((await add([])).status).toBe(422);
    expect((await cancel([99999999])).status).toBe(404);
    const many = await check(
      Array.from({ length: 101 }, (_, i) => i + 1),
      token,
    );
    expect(many.status).toBe(422);
    expect((await call(app, 'GET', '/api/favorite/check')).status).toBe(422);
  });
});
