import { parseRecordId } from '@pharma/domain/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { findSession } from '../../lib/auth';
import { idField, listOf, ok, parse } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import * as promotions from './service';

const activitiesQuery = z.object({
  ids: listOf(idField('活动不存在'), '请选择活动', promotions.MAX_ACTIVITIES).optional(),
});

const KINDS = { 1: 'gift', 2: 'bundle' } as const;
const groupsQuery = z.object({
  type: z
    .enum(['1', '2'], { error: '类型必须是1或2' })
    .default('1')
    .transform((t) => KINDS[t]),
});
const groupQuery = z.object({ id: idField('组合不存在') });
const tapForm = z.object({ id: idField('活动不存在') });
const pageQuery = z.object({ page: pageField(), page_size: pageSizeField(50, 20) });

export function promotionRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/activity/:id', async (request) =>
    ok(await promotions.activity(db, parseRecordId((request.params as { id: string }).id))),
  );

  app.get('/api/activity', async (request) =>
    ok(await promotions.activities(db, parse(activitiesQuery, request.query).ids)),
  );

  // CATALOG-11: an analytics count, for visitors too; the client sends one per tap and never cancels a repeat.
  app.post('/api/activity/tap', async (request) => {
    const { id } = parse(tapForm, request.body);
    const session = await findSession(db, request);
    return ok(await promotions.tapActivity(db, id, session !== null));
  });

  app.get('/api/combinationMzhgGroup', async (request) =>
    ok(await promotions.combinationGroups(db, parse(groupsQuery, request.query).type)),
  );

  app.get('/api/combinationMzhg', async (request) =>
    ok(await promotions.combination(db, config.publicUrl, parse(groupQuery, request.query).id)),
  );

  app.get('/api/activity/group_buy', async (request) => {
    const q = parse(pageQuery, request.query);
    return ok(await promotions.groupBuyPage(db, config.publicUrl, q.page, q.page_size));
  });
}
