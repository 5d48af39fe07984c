import type { FormOf, Schemas, UpstreamSession } from '../../rest/client';
import type { InvoiceOptionsMapper, InvoicePageMapper, InvoiceTitleMapper } from './mappers';

export type UpstreamInvoiceState = Schemas['InvoiceState'];

/** INVOICE-03: a page of the buyer's own invoices (GET /api/user/invoice). */
export async function fetchInvoices(
  upstream: UpstreamSession,
  query: { page: number; page_size: number; state?: UpstreamInvoiceState; order_sn?: string },
): Promise<InvoicePageMapper> {
  return (await upstream.get('/api/user/invoice', { query })).data;
}

export type InvoiceTitleForm = FormOf<'/api/user/invoice_title', 'post'>;

/** INVOICE-10: the company's invoice title (GET /api/user/invoice_title). */
export async function fetchInvoiceTitle(upstream: UpstreamSession): Promise<InvoiceTitleMapper> {
  return (await upstream.get('/api/user/invoice_title')).data;
}

/** INVOICE-10: saves the company's invoice title; 422 names the REST fields. */
export async function postInvoiceTitle(upstream: UpstreamSession, form: InvoiceTitleForm): Promise<InvoiceTitleMapper> {
  return (await upstream.post('/api/user/invoice_title', { form })).data;
}

/** INVOICE-10, INVOICE-11: the invoice choices for the buyer's chosen cart lines. */
export async function fetchInvoiceOptions(
  upstream: UpstreamSession,
  cartIds: readonly number[],
): Promise<InvoiceOptionsMapper> {
  return (await upstream.get('/api/order/invoice_options', { query: { cart_ids: [...cartIds] } })).data;
}
