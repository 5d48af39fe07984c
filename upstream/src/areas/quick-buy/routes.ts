import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { ok, parse, pathId } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import { orderNotFound } from '../orders/service';
import * as quickBuy from './service';

// QUICK-02: last bought first unless the buyer sorts by times bought or by name.
const fastBuyQuery = z.object({
  order: z.enum(['last', 'times', 'name'], { error: '排序只能是last、times或name' }).default('last'),
  keyword: z.string({ error: '搜索内容格式不正确' }).trim().max(50, '搜索内容最多50个字').optional(),
  page: pageField(),
  page_size: pageSizeField(50, 20),
});

/** Quick purchase and the buy-again preview; the rules are in ./service. */
export function quickBuyRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/user/fast_buy', async (request) => {
    const { userId } = await requireSession(db, request);
    const { page, page_size, ...filter } = parse(fastBuyQuery, request.query);
    return ok(await quickBuy.fastBuy(db, userId, filter, page, page_size));
  });

  app.get('/api/order/:id/rebuy_preview', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await quickBuy.rebuyPreview(db, userId, pathId(request.params, 'id', orderNotFound)));
  });
}
