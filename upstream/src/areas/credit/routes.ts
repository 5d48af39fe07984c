import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { audit } from '../../lib/audit';
import { requireSession } from '../../lib/auth';
import { idField, ok, parse, pathId, wholeNumber } from '../../lib/http';
import { requireAdmin } from '../admin/guard';
import { sendFile, statementQuery } from '../order-export/routes';
import * as credit from './service';

// CREDIT-06: fen, as every amount of the API; at most ¥10,000,000.00 at once.
const repaymentBody = z.object(
  {
    amount: wholeNumber('请输入正确的还款金额', 1, 1_000_000_000),
    payer_name: z.string({ error: '付款户名格式不正确' }).trim().max(50, '付款户名最多50个字').default(''),
    remark: z.string({ error: '备注格式不正确' }).trim().max(200, '备注最多200个字').default(''),
  },
  { error: '请输入正确的还款金额' },
);

// CREDIT-01: a line of up to ¥20,000,000.00 and a term of 1 to 365 days.
const lineBody = z.object(
  {
    company_id: idField('公司不存在'),
    limit: wholeNumber('授信额度应为0到2000000000分', 0, 2_000_000_000),
    term_days: wholeNumber('账期天数应为1到365天', 1, 365),
  },
  { error: '请填写授信额度和账期天数' },
);

const rejectBody = z.object(
  {
    reason: z.string({ error: '请填写驳回原因' }).trim().min(2, '请填写驳回原因').max(200, '驳回原因最多200个字'),
  },
  { error: '请填写驳回原因' },
);

const repaymentQuery = z.object({
  status: z
    .enum(['pending', 'confirmed', 'rejected'], { error: '状态只能是pending、confirmed或rejected' })
    .default('pending'),
});

/** Credit terms (账期): the buyer's account and repayments, the statement, and the operator's calls; rules in ./service. */
export function creditRoutes(app: FastifyInstance, { db, config, payments }: AppContext): void {
  const repaymentId = (params: unknown) => pathId(params, 'id', credit.repaymentNotFound);

  app.get('/api/user/credit', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await credit.account(db, payments.bankAccount, userId));
  });

  app.post('/api/user/credit/repayment', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(repaymentBody, request.body);
    return ok(await credit.reportRepayment(db, userId, body), '还款信息已提交，等待平台确认到账');
  });

  app.get('/api/user/credit/statement', async (request, reply) => {
    const { userId } = await requireSession(db, request);
    const { month, format } = parse(statementQuery, request.query);
    const file = await credit.creditStatement(db, userId, month, format);
    return sendFile(reply, file, `credit-statement-${month}.${format}`);
  });

  // CREDIT-01, CREDIT-06: the operator's calls, behind ADMIN_TOKEN (X-Admin-Token) like every operator call.
  app.post('/api/admin/credit/line', async (request) => {
    requireAdmin(config, request);
    const { company_id: companyId, limit, term_days: termDays } = parse(lineBody, request.body);
    return ok(await credit.grantLine(db, companyId, limit, termDays), '账期额度已保存');
  });

  app.get('/api/admin/credit/repayments', async (request) => {
    requireAdmin(config, request);
    const { status } = parse(repaymentQuery, request.query);
    return ok(await credit.listRepayments(db, status));
  });

  app.post('/api/admin/credit/repayment/:id/confirm', async (request) => {
    requireAdmin(config, request);
    const confirmed = await credit.confirmRepayment(db, repaymentId(request.params));
    audit(request.log, 'payment.applied', {
      method: 'credit-repayment',
      repaymentId: confirmed.id,
      amount: confirmed.amount,
    });
    return ok(confirmed, '已确认还款到账');
  });

  app.post('/api/admin/credit/repayment/:id/reject', async (request) => {
    requireAdmin(config, request);
    const { reason } = parse(rejectBody, request.body);
    return ok(await credit.rejectRepayment(db, repaymentId(request.params), reason), '已驳回该还款');
  });
}
