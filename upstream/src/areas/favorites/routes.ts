import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { findSession, requireSession } from '../../lib/auth';
import { idField, listOf, ok, parse } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import * as favorites from './service';

/** A page of goods is at most 100 (the list's page size), so one check or change covers a whole page. */
const MAX_IDS = 100;

const goodsIds = z.object({ goods_ids: listOf(idField('商品不存在'), '请选择商品', MAX_IDS) });
const listQuery = z.object({ page: pageField(), page_size: pageSizeField(100, 20) });

export function favoriteRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/favorite', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(listQuery, request.query);
    return ok(await favorites.favoritesPage(db, config.publicUrl, userId, q.page, q.page_size));
  });

  // SHELL-16: the messages the buyer reads after adding and removing.
  for (const [path, favorite, message] of [
    ['/api/favorite', true, '收藏成功'],
    ['/api/favorite/cancel', false, '取消收藏成功'],
  ] as const) {
    app.post(path, async (request) => {
      const { userId } = await requireSession(db, request);
      const { goods_ids } = parse(goodsIds, request.body);
      return ok(await favorites.changeFavorites(db, config.publicUrl, userId, goods_ids, favorite), message);
    });
  }

  // Lists show a favourite mark on every goods: one call answers a whole page, and never fails for a visitor.
  app.get('/api/favorite/check', async (request) => {
    const { goods_ids } = parse(goodsIds, request.query);
    const session = await findSession(db, request);
    return ok(await favorites.favoriteIds(db, session?.userId ?? null, goods_ids));
  });
}
