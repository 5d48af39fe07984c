import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { audit } from '../../lib/audit';
import { requireSession } from '../../lib/auth';
import { idField, ok, parse, pathId } from '../../lib/http';
import type { ExternalMethod } from '../../lib/payments';
import { requireAdmin } from '../admin/guard';
import { assertContractSigned } from '../contracts/service';
import { loadOrder, orderNotFound } from '../orders/service';
import * as payments from './service';

const transferBody = z.object(
  {
    file_id: idField('请上传转账凭证'),
    payer_name: z.string({ error: '付款户名格式不正确' }).trim().max(50, '付款户名最多50个字').default(''),
    remark: z.string({ error: '备注格式不正确' }).trim().max(200, '备注最多200个字').default(''),
  },
  { error: '请上传转账凭证' },
);

const rejectBody = z.object(
  {
    reason: z.string({ error: '请填写驳回原因' }).trim().min(2, '请填写驳回原因').max(200, '驳回原因最多200个字'),
  },
  { error: '请填写驳回原因' },
);

const transferQuery = z.object({
  status: z
    .enum(['pending', 'confirmed', 'rejected'], { error: '状态只能是pending、confirmed或rejected' })
    .default('pending'),
});

/** SEC-24: money a notification recorded, applied to its order or held for a refund (PAY-10). */
function auditPayment(log: FastifyBaseLogger, method: ExternalMethod, recorded: payments.RecordedPayment | undefined) {
  if (recorded === undefined) return;
  audit(log, recorded.applied ? 'payment.applied' : 'payment.held', {
    method,
    orderSn: recorded.orderSn,
    tradeNo: recorded.tradeNo,
    amount: recorded.amount,
  });
}

/** Bank transfers, the platform's decisions on them, and the providers' notifications; rules in ./service. */
export function paymentRoutes(app: FastifyInstance, { db, config, payments: providers }: AppContext): void {
  const transferId = (params: unknown) => pathId(params, 'id', payments.transferNotFound);

  app.post('/api/order/:id/transfer', async (request) => {
    const { userId } = await requireSession(db, request);
    await assertContractSigned(db, userId);
    const id = pathId(request.params, 'id', orderNotFound);
    const body = parse(transferBody, request.body);
    await payments.submitTransfer(db, userId, id, body);
    return ok(await loadOrder(db, userId, id), '转账凭证已提交，等待平台确认');
  });

  // PAY-07: the operator's calls, behind ADMIN_TOKEN (X-Admin-Token) like every operator call.
  app.get('/api/admin/payment/transfers', async (request) => {
    requireAdmin(config, request);
    const { status } = parse(transferQuery, request.query);
    return ok(await payments.listTransfers(db, status));
  });

  app.post('/api/admin/payment/transfer/:id/confirm', async (request) => {
    requireAdmin(config, request);
    const confirmed = await payments.confirmTransfer(db, transferId(request.params));
    audit(request.log, 'payment.applied', { method: 'transfer', transferId: confirmed.id, amount: confirmed.amount });
    return ok(confirmed, '已确认收款，订单已支付');
  });

  app.post('/api/admin/payment/transfer/:id/reject', async (request) => {
    requireAdmin(config, request);
    const { reason } = parse(rejectBody, request.body);
    return ok(await payments.rejectTransfer(db, transferId(request.params), reason), '已驳回该转账');
  });

  // PAY-13: money kept unapplied (PAY-10), for the operator to refund.
  app.get('/api/admin/payment/unapplied', async (request) => {
    requireAdmin(config, request);
    return ok(await payments.listUnapplied(db));
  });

  // PAY-13: the count and sum alone, for the gateway's `unapplied_payments` gauge; behind UPSTREAM_SECRET like every
  // call, and naming no buyer, order or trade.
  app.get('/api/ops/payments/unapplied', async () => ok(await payments.unappliedSummary(db)));

  // Alipay's asynchronous notification: a signed form. The plain-text answer `success` stops its resending; anything
  // else makes it try again later (PAY-08).
  app.post('/api/payment/notify/alipay', async (request, reply) => {
    const outcome = await payments.receiveNotice(db, providers, 'alipay', {
      headers: request.headers,
      body: request.body,
    });
    if (!outcome.accepted) request.log.warn({ reason: outcome.reason }, 'alipay notification refused');
    else auditPayment(request.log, 'alipay', outcome.recorded);
    return reply
      .status(outcome.accepted ? 200 : 400)
      .type('text/plain; charset=utf-8')
      .send(outcome.accepted ? 'success' : 'failure');
  });

  // WeChat Pay signs the body's exact bytes, so in this scope JSON is kept as the text that arrived (PAY-09).
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post('/api/payment/notify/wechat', async (request, reply) => {
      const outcome = await payments.receiveNotice(db, providers, 'wechat', {
        headers: request.headers,
        body: request.body,
      });
      if (outcome.accepted) {
        auditPayment(request.log, 'wechat', outcome.recorded);
        return reply.status(200).send();
      }
      request.log.warn({ reason: outcome.reason }, 'wechat pay notification refused');
      return reply.status(400).send({ code: 'FAIL', message: '验签失败' });
    });
  });
}
