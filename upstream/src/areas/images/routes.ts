import { parseRecordId } from '@pharma/domain/validation';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { picture, type PictureKind } from './service';

const KINDS: readonly PictureKind[] = ['goods', 'banner', 'brand', 'prize', 'report'];

export function imageRoutes(app: FastifyInstance, { db }: AppContext): void {
  for (const kind of KINDS) {
    app.get(`/api/images/${kind}/:id.svg`, async (request, reply) => {
      const svg = await picture(db, kind, parseRecordId((request.params as { id: string }).id));
      // Pictures are drawn from rows that do not change once seeded; addresses carry the id, so caching for a year
      // is safe and spares the upstream the repeat requests of every list page.
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(svg);
    });
  }
}
