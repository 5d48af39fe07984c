import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { audit } from '../../lib/audit';
import { ok, parse, pathId } from '../../lib/http';
import * as orders from '../orders/service';
import * as returns from '../returns/service';
import { requireAdmin } from './guard';

const text = (empty: string, max: number) => z.string({ error: empty }).trim().min(1, empty).max(max, `最多${max}个字`);

const shipBody = z.object(
  {
    carrier: text('请填写承运商', 30),
    // Waybill numbers are letters and digits (顺丰 SF1234567890123, 中通 78xxxxxxxxxx).
    waybill: z
      .string({ error: '请填写运单号' })
      .trim()
      .regex(/^[A-Za-z0-9-]{6,40}$/, '运单号应为6到40位字母或数字'),
  },
  { error: '请填写承运商和运单号' },
);
const traceBody = z.object({ text: text('请填写物流信息', 200) }, { error: '请填写物流信息' });
const refuseBody = z.object({ reason: text('请填写拒绝原因', 200) }, { error: '请填写拒绝原因' });

/** The operator's calls (AFTER-09): shipping orders and the steps of returns. Each answers the record as it now is. */
export function adminRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  const orderId = (params: unknown) => pathId(params, 'id', orders.orderNotFound);
  const returnId = (params: unknown) => pathId(params, 'id', returns.returnNotFound);
  const order = async (id: number) => orders.loadOrder(db, await orders.buyerOf(db, id), id);

  // SEC-24: every operator call, here or in another area (payments' transfers), done or refused, leaves one line:
  // which call, which record, and how it ended. The token itself never appears (SEC-23).
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/admin/')) return;
    const id = Reflect.get(Object(request.params), 'id');
    audit(request.log, 'operator.action', {
      method: request.method,
      route: request.routeOptions.url ?? request.url.split('?', 1)[0],
      id: typeof id === 'string' ? id : undefined,
      status: reply.statusCode,
    });
  });

  app.post('/api/admin/order/:id/ship', async (request) => {
    requireAdmin(config, request);
    const id = orderId(request.params);
    const body = parse(shipBody, request.body);
    await orders.shipOrder(db, id, body.carrier, body.waybill);
    return ok(await order(id), '已发货');
  });

  app.post('/api/admin/order/:id/trace', async (request) => {
    requireAdmin(config, request);
    const id = orderId(request.params);
    const body = parse(traceBody, request.body);
    await orders.addTrace(db, id, body.text);
    return ok(await order(id), '物流信息已添加');
  });

  app.get('/api/admin/return/:id', async (request) => {
    requireAdmin(config, request);
    return ok(await returns.returnForOperator(db, returnId(request.params)));
  });

  app.post('/api/admin/return/:id/approve', async (request) => {
    requireAdmin(config, request);
    const id = returnId(request.params);
    await returns.approveReturn(db, id);
    return ok(await returns.returnForOperator(db, id), '已同意退货');
  });

  app.post('/api/admin/return/:id/refuse', async (request) => {
    requireAdmin(config, request);
    const id = returnId(request.params);
    const body = parse(refuseBody, request.body);
    await returns.refuseReturn(db, id, body.reason);
    return ok(await returns.returnForOperator(db, id), '已拒绝退货');
  });

  app.post('/api/admin/return/:id/receive', async (request) => {
    requireAdmin(config, request);
    const id = returnId(request.params);
    await returns.receiveReturn(db, id);
    return ok(await returns.returnForOperator(db, id), '已确认收到退货');
  });

  app.post('/api/admin/return/:id/refund', async (request) => {
    requireAdmin(config, request);
    const id = returnId(request.params);
    await returns.refundReturn(db, id);
    return ok(await returns.returnForOperator(db, id), '退款已完成');
  });
}
