import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { findSession, requireSession } from '../lib/auth';
import { GOODS_COLUMNS, goodsDto, type GoodsRow } from '../lib/goods';
import { idField, listOf, notFound, ok, parse } from '../lib/http';
import { page, pageField, pageSizeField } from '../lib/paging';

/** A page of goods is at most 100 (the list's page size), so one check or change covers a whole page. */
const MAX_IDS = 100;

const goodsIds = z.object({ goods_ids: listOf(idField('商品不存在'), '请选择商品', MAX_IDS) });
const listQuery = z.object({ page: pageField(), page_size: pageSizeField(100, 20) });

export function favoriteRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  /** The goods of `ids` in the order asked; 404 when any is unknown, so a typo never half-succeeds. */
  async function goodsOf(ids: readonly number[]) {
    const rows = await db.query<GoodsRow>(`SELECT ${GOODS_COLUMNS} FROM goods g WHERE g.id = ANY($1::int[])`, [ids]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return [...new Set(ids)].map((id) => {
      const row = byId.get(id);
      if (row === undefined) throw notFound('商品不存在');
      return goodsDto(row, config.publicUrl);
    });
  }

  app.get('/api/favorite', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(listQuery, request.query);
    const [countRows, rows] = await Promise.all([
      db.query<{ total: number }>('SELECT count(*)::int AS total FROM favorites WHERE user_id = $1', [userId]),
      db.query<GoodsRow>(
        `SELECT ${GOODS_COLUMNS} FROM favorites f JOIN goods g ON g.id = f.goods_id
         WHERE f.user_id = $1 ORDER BY f.created_at DESC, f.goods_id DESC LIMIT $2 OFFSET $3`,
        [userId, q.page_size, (q.page - 1) * q.page_size],
      ),
    ]);
    return ok(
      page(
        rows.map((r) => goodsDto(r, config.publicUrl)),
        countRows[0]?.total ?? 0,
        q.page,
        q.page_size,
      ),
    );
  });

  app.post('/api/favorite', async (request) => {
    const { userId } = await requireSession(db, request);
    const { goods_ids } = parse(goodsIds, request.body);
    const goods = await goodsOf(goods_ids);
    // Already a favourite stays one, keeping its original date: the page's order is when the buyer first chose it.
    await db.query(
      `INSERT INTO favorites (user_id, goods_id) SELECT $1, unnest($2::int[]) ON CONFLICT (user_id, goods_id) DO NOTHING`,
      [userId, goods.map((g) => g.id)],
    );
    return ok(goods, '收藏成功');
  });

  app.post('/api/favorite/cancel', async (request) => {
    const { userId } = await requireSession(db, request);
    const { goods_ids } = parse(goodsIds, request.body);
    const goods = await goodsOf(goods_ids);
    await db.query('DELETE FROM favorites WHERE user_id = $1 AND goods_id = ANY($2::int[])', [
      userId,
      goods.map((g) => g.id),
    ]);
    return ok(goods, '取消收藏成功');
  });

  // Lists show a favourite mark on every goods: one call answers a whole page. A visitor has no favourites, which
  // is an answer rather than an error, so a page never fails for someone who is not signed in.
  app.get('/api/favorite/check', async (request) => {
    const { goods_ids } = parse(goodsIds, request.query);
    const session = await findSession(db, request);
    if (session === null) return ok({ ids: [] });
    const rows = await db.query<{ goods_id: number }>(
      'SELECT goods_id FROM favorites WHERE user_id = $1 AND goods_id = ANY($2::int[]) ORDER BY goods_id',
      [session.userId, goods_ids],
    );
    return ok({ ids: rows.map((r) => r.goods_id) });
  });
}
