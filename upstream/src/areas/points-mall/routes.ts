import { parseRecordId } from '@pharma/domain/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { findSession, requireSession } from '../../lib/auth';
import { idField, ok, parse, pathId, wholeNumber } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import * as mall from './service';

const shelfQuery = z.object({ page: pageField(), page_size: pageSizeField(50, 12) });

const exchangeBody = z.object({
  goods_id: idField('积分商品不存在'),
  quantity: wholeNumber('兑换数量必须是1到999之间的整数', 1, 999),
  address_id: idField('请选择收货地址'),
});

/** The points mall: its shelf (open to visitors), one goods, the exchange and the goods' pictures; rules in ./service. */
export function pointsMallRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/points/goods', async (request) => {
    const session = await findSession(db, request);
    const q = parse(shelfQuery, request.query);
    return ok(await mall.shelf(db, config.publicUrl, session?.userId ?? null, q.page, q.page_size));
  });

  app.get('/api/points/goods/:id', async (request) => {
    const session = await findSession(db, request);
    const id = pathId(request.params, 'id', mall.goodsNotFound);
    return ok(await mall.goods(db, config.publicUrl, session?.userId ?? null, id));
  });

  app.post('/api/points/exchange', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(exchangeBody, request.body ?? {});
    const input = { goodsId: body.goods_id, quantity: body.quantity, addressId: body.address_id };
    return ok(await mall.exchange(db, config.publicUrl, userId, input), '兑换成功');
  });

  app.get('/api/images/points/:id.svg', async (request, reply) => {
    const svg = await mall.picture(db, parseRecordId((request.params as { id: string }).id));
    // A goods' picture is drawn from its name, which the mall does not rename once listed.
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(svg);
  });
}
