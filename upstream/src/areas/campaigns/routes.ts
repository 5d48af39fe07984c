import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { idField, ok, parse, pathId } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import * as campaigns from './service';

// The kinds a page shows "the current one" of; templates are asked for by id.
const currentKind = z.object({
  kind: z.enum(['cashback', 'welfare', 'hub'], { error: '活动类型只能是cashback、welfare或hub' }),
});

const goodsQuery = z.object({
  page: pageField(),
  page_size: pageSizeField(50, 20),
  section_id: idField('分区不存在').optional(),
});

/** Campaign pages (/hb, /welfare, /yyh, /zqmb, /hdmb); the rules are in ./service. Public, like the zones. */
export function campaignRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/campaign/current/:kind', async (request) =>
    ok(await campaigns.current(db, config.publicUrl, parse(currentKind, request.params).kind)),
  );

  app.get('/api/campaign/:id', async (request) =>
    ok(await campaigns.byId(db, config.publicUrl, pathId(request.params, 'id', campaigns.campaignNotFound))),
  );

  app.get('/api/campaign/:id/goods', async (request) => {
    const id = pathId(request.params, 'id', campaigns.campaignNotFound);
    const q = parse(goodsQuery, request.query);
    return ok(await campaigns.goodsPage(db, config.publicUrl, id, q.section_id ?? null, q.page, q.page_size));
  });
}
