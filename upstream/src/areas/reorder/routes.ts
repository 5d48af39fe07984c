import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { ok, parse, wholeNumber } from '../../lib/http';
import { reorderList } from './service';

// REORDER-05: the member centre asks for the first few, the quick-purchase page for all (at most 100).
const reorderQuery = z.object({
  limit: wholeNumber('数量必须在1到100之间', 1, 100).default(100),
});

/** Due to reorder (补货提醒); the rules are in ./service. */
export function reorderRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/user/reorder', async (request) => {
    const { userId } = await requireSession(db, request);
    const { limit } = parse(reorderQuery, request.query);
    return ok(await reorderList(db, userId, limit));
  });
}
