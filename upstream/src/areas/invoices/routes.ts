import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { ok, parse, pathId } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import { requireAdmin } from '../admin/guard';
import * as invoices from './service';

const listQuery = z.object({
  page: pageField(),
  page_size: pageSizeField(50, 10),
  state: z.enum(['pending', 'issued', 'reversed'], { error: 'state只能是pending、issued或reversed' }).optional(),
  order_sn: z
    .string({ error: '订单号格式不正确' })
    .trim()
    .max(32, '订单号最多32位')
    .optional()
    .transform((s) => (s === '' ? undefined : s)),
});

/**
 * ASCII name for clients that cannot read RFC 5987, and the real (Chinese) name beside it, so no character of the
 * name reaches the header as syntax.
 */
function attachment(name: string): string {
  const fallback = name.replace(/[^A-Za-z0-9._-]/g, '').replace(/^-+/, '') || 'invoice.pdf';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The buyer's e-invoices and the operator's calls that issue and reverse them; the rules are in ./service. */
export function invoiceRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  const invoiceId = (params: unknown) => pathId(params, 'id', invoices.invoiceNotFound);

  app.get('/api/user/invoice', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(listQuery, request.query);
    return ok(await invoices.invoicesPage(db, userId, { state: q.state, orderSn: q.order_sn }, q.page, q.page_size));
  });

  app.get('/api/user/invoice/:id/pdf', async (request, reply) => {
    const { userId } = await requireSession(db, request);
    const pdf = await invoices.invoicePdf(db, userId, invoiceId(request.params));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(pdf.name))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(pdf.bytes);
  });

  app.post('/api/admin/invoice/:id/issue', async (request) => {
    requireAdmin(config, request);
    return ok(await invoices.issueInvoice(db, config, invoiceId(request.params)), '发票已开具');
  });

  app.post('/api/admin/invoice/:id/reverse', async (request) => {
    requireAdmin(config, request);
    return ok(await invoices.reverseInvoice(db, invoiceId(request.params)), '发票已红冲');
  });
}
