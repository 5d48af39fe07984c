import type { FastifyInstance } from 'fastify';
import { sellerOf } from '../../config';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { pathId } from '../../lib/http';
import { orderNotFound } from '../orders/service';
import { sendFile } from '../order-export/routes';
import { deliveryNote } from './delivery-note';

/** BATCH-08: the delivery note (随货同行单) of the buyer's shipped order, as a PDF. */
export function batchRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/order/:id/delivery-note', async (request, reply) => {
    const { userId } = await requireSession(db, request);
    const id = pathId(request.params, 'id', orderNotFound);
    const file = await deliveryNote(db, sellerOf(config), userId, id);
    return sendFile(reply, file, `delivery-note-${id}.pdf`);
  });
}
