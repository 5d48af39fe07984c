import type { InvoiceState } from '../../gql/graphql';
import { pageParam } from '../../shared/page-param';

/** INVOICE-08: the list's state, order-number search and page, kept in the address (?state=issued&sn=2026&page=2). */
export interface InvoiceFilter {
  state: InvoiceState | null;
  orderSn: string;
  page: number;
}

const SLUGS: Record<InvoiceState, string> = { PENDING: 'pending', ISSUED: 'issued', REVERSED: 'reversed' };
const STATES = Object.fromEntries(Object.entries(SLUGS).map(([state, slug]) => [slug, state])) as Record<
  string,
  InvoiceState
>;

/** The longest order number a search may hold; the gateway refuses longer ones. */
export const ORDER_SN_MAX = 32;

export function readInvoiceFilter(params: URLSearchParams): InvoiceFilter {
  const slug = params.get('state') ?? '';
  return {
    state: Object.hasOwn(STATES, slug) ? (STATES[slug] ?? null) : null,
    orderSn: (params.get('sn') ?? '').trim().slice(0, ORDER_SN_MAX),
    page: pageParam(params.get('page')),
  };
}

/** The address of a filter; a changed state or search goes back to page 1, as the caller passes it. */
export function invoiceSearch(filter: InvoiceFilter): string {
  const search = new URLSearchParams();
  if (filter.state !== null) search.set('state', SLUGS[filter.state]);
  const sn = filter.orderSn.trim();
  if (sn !== '') search.set('sn', sn);
  if (filter.page > 1) search.set('page', String(filter.page));
  return search.toString();
}
