import type { InvoiceKind, InvoiceState, Resolvers } from '../../generated/resolvers';
import { toOptionalDateTime } from '../../dates';
import { badUserInput, fromUpstreamCode, withFieldNames } from '../../errors';
import { checkPaging } from '../../paging';
import { invoicePdfPath } from './pdf-route';
import {
  fetchInvoiceOptions,
  fetchInvoices,
  fetchInvoiceTitle,
  postInvoiceTitle,
  type UpstreamInvoiceState,
} from './rest';

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
/** VAL-27..VAL-30: the upstream's form errors name its REST fields; the buyer's form names the input's. */
const TITLE_FIELDS: Record<string, string> = { tax_id: 'taxId', bank_account: 'bankAccount' };

export const invoiceResolvers: Resolvers = {
  Query: {
    invoiceOptions: (_parent, { cartLineIds }, { upstream }) => {
      const ids = cartLineIds.map(Number);
      // An id that is no record id names no cart line of anyone's (VAL-04).
      if (ids.length === 0 || !ids.every((id) => Number.isInteger(id) && id > 0 && id <= 2147483647)) {
        throw badUserInput({ cartLineIds: ['请选择要结算的商品'] });
      }
      return fetchInvoiceOptions(upstream, ids);
    },
  },
  Mutation: {
    saveInvoiceTitle: (_parent, { input }, { upstream }) =>
      withFieldNames(TITLE_FIELDS, () =>
        postInvoiceTitle(upstream, {
          name: input.name,
          tax_id: input.taxId,
          address: input.address ?? '',
          phone: input.phone ?? '',
          bank: input.bank ?? '',
          bank_account: input.bankAccount ?? '',
        }),
      ),
  },
  User: {
    invoiceTitle: (_user, _args, { upstream }) => fetchInvoiceTitle(upstream),
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
    addressPhone: (invoice) => invoice.address_phone,
    bankAccount: (invoice) => invoice.bank_account,
    redNumber: (invoice) => invoice.red_number,
    paidAt: (invoice) => toOptionalDateTime(invoice.paid_at),
    issuedAt: (invoice) => toOptionalDateTime(invoice.issued_at),
    reversedAt: (invoice) => toOptionalDateTime(invoice.reversed_at),
    // INVOICE-06: the browser never sees the upstream; the gateway relays the PDF with the buyer's own session.
    pdfUrl: (invoice) => (invoice.state === 'pending' ? null : invoicePdfPath(invoice.id)),
  },
  InvoiceTitle: {
    saved: (title) => title.saved === 1,
    taxId: (title) => title.tax_id,
    bankAccount: (title) => title.bank_account,
    updatedAt: (title) => toOptionalDateTime(title.updated_at),
    missingForVatSpecial: (title) => title.missing,
  },
  InvoiceOptions: {
    noneAllowed: (options) => options.none_allowed === 1,
    noneReason: (options) => options.none_reason,
    drugNames: (options) => options.drug_names,
    vatSpecialAllowed: (options) => options.vat_special_allowed === 1,
    missingForVatSpecial: (options) => options.missing,
    title: (options) => options.title,
  },
};
