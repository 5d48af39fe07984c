import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ok, pathId } from '../../lib/http';
import * as articles from './service';

/** Whole help articles and news posts; the lists are in the focus area (/api/article/category, /api/focus/postList). */
export function articleRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/article/:id', async (request) =>
    ok(await articles.article(db, pathId(request.params, 'id', articles.articleNotFound))),
  );

  app.get('/api/article/code/:code', async (request) =>
    ok(await articles.articleByCode(db, (request.params as { code: string }).code)),
  );

  app.get('/api/focus/post/:id', async (request) =>
    ok(await articles.post(db, pathId(request.params, 'id', articles.postNotFound))),
  );
}
