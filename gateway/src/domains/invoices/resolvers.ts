import type { InvoiceKind, InvoiceState, Resolvers } from '../../generated/resolvers';
import { toOptionalDateTime } from '../../dates';
import { badUserInput, fromUpstreamCode } from '../../errors';
import { checkPaging } from '../../paging';
import { invoicePdfPath } from './pdf-route';
import { fetchInvoices, type UpstreamInvoiceState } from './rest';

const STATES: Record<UpstreamInvoiceState, InvoiceState> = {
  pending: 'PENDING',
  issued: 'ISSUED',
  reversed: 'REVERSED',
};
const UPSTREAM_STATES: Record<InvoiceState, UpstreamInvoiceState> = {
  PENDING: 'pending',
  ISSUED: 'issued',
  REVERSED: 'reversed',
};
const KINDS: Record<1 | 2, InvoiceKind> = { 1: 'ORDINARY', 2: 'VAT_SPECIAL' };

export const invoiceResolvers: Resolvers = {
  User: {
    invoices: (_user, { state, orderSn, page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, 50);
      const sn = orderSn?.trim() ?? '';
      if (sn.length > 32) throw badUserInput({ orderSn: ['订单号最多32位'] });
      return fetchInvoices(upstream, {
        page,
        page_size: pageSize,
        ...(state == null ? {} : { state: UPSTREAM_STATES[state] }),
        ...(sn === '' ? {} : { order_sn: sn }),
      });
    },
  },
  InvoicePage: {
    items: (page) => page.data,
    page: (page) => page.current_page,
    pageSize: (page) => page.per_page,
  },
  Invoice: {
    id: (invoice) => String(invoice.id),
    orderId: (invoice) => String(invoice.order_id),
    orderSn: (invoice) => invoice.order_sn,
    state: (invoice) => fromUpstreamCode(STATES, invoice.state),
    stateText: (invoice) => invoice.state_text,
    kind: (invoice) => fromUpstreamCode(KINDS, invoice.kind),
    kindText: (invoice) => invoice.kind_text,
    taxId: (invoice) => invoice.tax_id,
    redNumber: (invoice) => invoice.red_number,
    paidAt: (invoice) => toOptionalDateTime(invoice.paid_at),
    issuedAt: (invoice) => toOptionalDateTime(invoice.issued_at),
    reversedAt: (invoice) => toOptionalDateTime(invoice.reversed_at),
    // INVOICE-06: the browser never sees the upstream; the gateway relays the PDF with the buyer's own session.
    pdfUrl: (invoice) => (invoice.state === 'pending' ? null : invoicePdfPath(invoice.id)),
  },
};
