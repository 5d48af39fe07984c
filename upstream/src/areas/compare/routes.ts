import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok, parse, parseId, wholeNumber } from '../../lib/http';
import { SAME_GENERIC_MAX, sameGeneric } from './service';

const sameGenericQuery = z.object({
  limit: wholeNumber(`数量必须在1到${SAME_GENERIC_MAX}之间`, 1, SAME_GENERIC_MAX).default(20),
});

/** 同品种比价 (COMPARE-03); the rules are in ./service. */
export function compareRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/goods/same_generic/:id', async (request) => {
    const { limit } = parse(sameGenericQuery, request.query);
    const id = parseId((request.params as Record<string, string>).id);
    return ok(await sameGeneric(db, config.publicUrl, id, limit));
  });
}
