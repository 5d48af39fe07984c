import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { idField, ok, parse, pathId, wholeNumber } from '../../lib/http';
import { orderNotFound } from '../orders/service';
import * as returns from './service';
import { MAX_PHOTOS, RETURN_REASONS } from './service';

// AFTER-04: one line, a quantity, a reason from the list (其他 with a description) and up to six photos.
const returnBody = z.object(
  {
    order_line_id: idField('请选择要退货的商品'),
    // BATCH-07: the batch sent back; left out, the first by expiry with enough units left.
    batch_id: idField('请选择该商品发货的批号').optional(),
    number: wholeNumber('退货数量必须是大于0的整数', 1),
    reason: z.enum(RETURN_REASONS, { error: '请选择退货原因' }),
    description: z.string({ error: '问题描述格式不正确' }).trim().max(200, '问题描述最多200个字').default(''),
    file_ids: z
      .preprocess(
        (v) => (v === undefined || Array.isArray(v) ? v : [v]),
        z
          .array(idField('图片不存在或已失效，请重新上传'), { error: '图片格式不正确' })
          .max(MAX_PHOTOS, `最多上传${MAX_PHOTOS}张图片`),
      )
      .optional()
      .default([]),
  },
  { error: '请填写售后申请' },
);

/** Returns after the sale (the buyer's side); the operator's steps are in ../admin. */
export function returnRoutes(app: FastifyInstance, { db }: AppContext): void {
  const orderId = (params: unknown) => pathId(params, 'id', orderNotFound);

  app.get('/api/order/:id/after_sale', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await returns.afterSaleOf(db, userId, orderId(request.params)));
  });

  app.post('/api/order/:id/return', async (request) => {
    const { userId } = await requireSession(db, request);
    const id = orderId(request.params);
    const body = parse(returnBody, request.body);
    return ok(await returns.requestReturn(db, userId, id, body), '售后申请已提交');
  });

  app.get('/api/return/:id', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await returns.loadReturn(db, userId, pathId(request.params, 'id', returns.returnNotFound)));
  });
}
