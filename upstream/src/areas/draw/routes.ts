import { parseRecordId } from '@pharma/domain/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { findSession, requireSession } from '../../lib/auth';
import { idField, ok, parse } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import * as draws from './service';

const drawQuery = z.object({ id: idField('抽奖活动编号必须是正整数') });
const adsQuery = z.object({ id: idField('抽奖活动编号必须是正整数').optional() });
const recordQuery = z.object({ page: pageField(), page_size: pageSizeField(50, 10) });

/** The lucky draw's REST calls (DRAW-01, DRAW-06, DRAW-07); the rules are in ./service. */
export function drawRoutes(app: FastifyInstance, { db, config, drawRandom }: AppContext): void {
  // Read per request, as every image address is: the public address may be set after the routes are (a test's port).
  const deps = (): draws.DrawDeps => ({ db, publicUrl: config.publicUrl, random: drawRandom });

  app.get('/api/draw/simple', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await draws.currentDraw(db, userId));
  });

  app.get('/api/draw/:id/activity', async (request) => {
    const id = parseRecordId((request.params as { id: string }).id);
    if (id === undefined) throw draws.drawNotFound();
    const session = await findSession(db, request);
    return ok(await draws.drawActivity(deps(), id, session?.userId ?? null));
  });

  // The old client drew with a GET. The gateway retries GETs, which is safe because a buyer draws once per draw:
  // every later call answers the first record unchanged.
  app.get('/api/draw', async (request) => {
    const { userId } = await requireSession(db, request);
    const { id } = parse(drawQuery, request.query);
    const { record, message } = await draws.draw(deps(), id, userId);
    return ok(record, message);
  });

  app.get('/api/draw/new_record', async (request) => {
    const { id } = parse(drawQuery, request.query);
    return ok(await draws.latestWins(db, id));
  });

  app.get('/api/draw/record', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(recordQuery, request.query);
    return ok(await draws.recordsPage(deps(), userId, q.page, q.page_size));
  });

  // The id the old client sent is checked for form only.
  app.get('/api/draw/ads', async (request) => {
    parse(adsQuery, request.query);
    return ok(await draws.drawAds(db, config.publicUrl));
  });
}
