import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { dateMessage, dateProblem } from '@pharma/domain/text';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { parse } from '../../lib/http';
import * as orderFiles from './service';

// VAL-24, VAL-25: a real calendar day; ORDER-16: both ends are needed, so one file never covers years by accident.
const day = (label: string) =>
  z.string({ error: `请选择${label}` }).superRefine((s, ctx) => {
    const problem = dateProblem(s);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: dateMessage(problem, label) });
  });

const flag = (name: string) =>
  z
    .enum(['0', '1'], { error: `${name}只能是0或1` })
    .optional()
    .transform((s) => s === '1');

// ORDER-15: the order list's own filter (AFTER-02), then what the file is.
const exportQuery = z
  .object({
    format: z.enum(['xlsx', 'csv'], { error: '导出格式只能是xlsx或csv' }),
    encoding: z.enum(['utf8', 'gbk'], { error: '编码只能是utf8或gbk' }).default('utf8'),
    kind: z.enum(['lines', 'orders'], { error: '导出内容只能是lines或orders' }).default('lines'),
    status: z
      .enum(['0', '1', '2', '3', '4'], { error: '订单状态只能是0到4' })
      .optional()
      .transform((s) => (s === undefined ? undefined : Number(s))),
    confirming: flag('confirming'),
    after_sale: flag('after_sale'),
    keyword: z.string({ error: '搜索内容格式不正确' }).trim().max(50, '搜索内容最多50个字').optional(),
    start_date: day('开始日期'),
    end_date: day('结束日期'),
  })
  .refine((q) => q.start_date <= q.end_date, { message: '结束日期不能早于开始日期', path: ['end_date'] })
  .refine((q) => orderFiles.rangeDays(q.start_date, q.end_date) <= orderFiles.EXPORT_MAX_DAYS, {
    message: `导出的日期范围最多${orderFiles.EXPORT_MAX_DAYS}天，请缩短后再导出`,
    path: ['end_date'],
  });

/** ORDER-17, CREDIT-08: a month up to the current one in China, and the file's format. */
export const statementQuery = z.object({
  month: z.string({ error: '请选择月份' }).superRefine((month, ctx) => {
    const problem = orderFiles.statementMonthProblem(month, new Date());
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
  }),
  format: z.enum(['pdf', 'xlsx'], { error: '对账单格式只能是pdf或xlsx' }),
});

/**
 * An attachment's name per RFC 6266: an ASCII fallback for clients that cannot read RFC 5987, and the Chinese name
 * beside it, so no character of the name reaches the header as syntax.
 */
function attachment(name: string, fallback: string): string {
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Sends a file as an attachment, never cached or sniffed (also the credit statement's, CREDIT-08). */
export function sendFile(reply: FastifyReply, file: orderFiles.ExportFile, fallback: string) {
  return reply
    .header('content-type', file.type)
    .header('content-disposition', attachment(file.name, fallback))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}

/** The buyer's orders as files for the ERP and finance (ORDER-15..ORDER-17); the rules are in ./service. */
export function orderExportRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/order/export', async (request, reply) => {
    const { userId } = await requireSession(db, request);
    const { format, encoding, kind, ...filter } = parse(exportQuery, request.query);
    const file = await orderFiles.exportOrders(db, userId, { format, encoding, kind, filter });
    return sendFile(reply, file, `orders-${filter.start_date}-${filter.end_date}.${format}`);
  });

  app.get('/api/order/statement', async (request, reply) => {
    const { userId } = await requireSession(db, request);
    const { month, format } = parse(statementQuery, request.query);
    const file = await orderFiles.orderStatement(db, userId, month, format);
    return sendFile(reply, file, `statement-${month}.${format}`);
  });
}
