import type { Schemas, UpstreamSession } from '../../rest/client';
import type { InvoicePageMapper } from './mappers';

export type UpstreamInvoiceState = Schemas['InvoiceState'];

/** INVOICE-03: a page of the buyer's own invoices (GET /api/user/invoice). */
export async function fetchInvoices(
  upstream: UpstreamSession,
  query: { page: number; page_size: number; state?: UpstreamInvoiceState; order_sn?: string },
): Promise<InvoicePageMapper> {
  return (await upstream.get('/api/user/invoice', { query })).data;
}
