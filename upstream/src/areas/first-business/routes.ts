import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sellerOf } from '../../config';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { idField, listOf, ok, parse } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import * as documents from './service';

// FIRST-02: an order's goods or chosen goods (1 to FIRST_MAX_GOODS ids), one of the two.
const documentsQuery = z
  .object({
    order_id: idField('订单不存在').optional(),
    goods_ids: listOf(idField('商品不存在'), '请选择商品', documents.FIRST_MAX_GOODS).optional(),
  })
  .refine((q) => (q.order_id === undefined) !== (q.goods_ids === undefined), {
    message: '请选择一个订单或若干商品',
    path: ['goods_ids'],
  });

const takenQuery = z.object({ page: pageField(), page_size: pageSizeField(50, 10) });

/** RFC 6266 with the Chinese name in RFC 5987 form beside an ASCII fallback (as the order files, ORDER-18). */
const attachment = (name: string, fallback: string) =>
  `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** First-business documents (首营资料, FIRST-01..FIRST-05); the rules are in ./service. */
export function firstBusinessRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/first_business/documents', async (request, reply) => {
    const { userId } = await requireSession(db, request);
    const q = parse(documentsQuery, request.query);
    const file = await documents.documentsZip(
      db,
      sellerOf(config),
      userId,
      q.order_id === undefined ? { goodsIds: q.goods_ids ?? [] } : { orderId: q.order_id },
    );
    return reply
      .header('content-type', file.type)
      .header('content-disposition', attachment(file.name, 'first-business-documents.zip'))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });

  app.get('/api/first_business/taken', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(takenQuery, request.query);
    return ok(await documents.takenGoods(db, userId, q.page, q.page_size));
  });
}
