import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../lib/http';
import * as focus from './service';

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
}
