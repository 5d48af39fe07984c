import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok, parse } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import * as focus from './service';

const postListQuery = z.object({
  page: pageField(),
  page_size: pageSizeField(50, 20),
  // INFO-05: 1 industry news, 2 company news; without it every post.
  type: z.enum(['1', '2'], { error: '资讯类型只能是1（行业资讯）或2（公司动态）' }).transform(Number).optional(),
});

export function focusRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/focus/common', async () => ok(await focus.focusCommon(db, config.publicUrl)));

  app.get('/api/focus', async () => ok(await focus.banners(db, config.publicUrl, 'home')));

  app.get('/api/focus/:slot', async (request) =>
    ok(await focus.slotBanners(db, config.publicUrl, (request.params as { slot: string }).slot)),
  );

  app.get('/api/global/links', async () => ok(await focus.links(db)));

  app.get('/api/article/category', async (request) => {
    const raw = (request.query as { category_id?: unknown }).category_id;
    // SHELL-07: the footer asks for the help group; anything that is not a group number finds nothing.
    const group =
      raw === undefined
        ? focus.HELP_ARTICLE_GROUP
        : typeof raw === 'string' && /^\d{1,9}$/.test(raw)
          ? Number(raw)
          : -1;
    return ok(await focus.articleCategories(db, group));
  });

  app.get('/api/focus/postList', async (request) => {
    const q = parse(postListQuery, request.query);
    return ok(await focus.newsPage(db, q.page, q.page_size, q.type));
  });
}
