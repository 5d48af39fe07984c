/**
 * WALLET-07: the wallet pages keep what the buyer chose — a ledger's type and days, a tab, the page — in the address
 * (`?type=recharge&from=2026-11-01&to=2026-11-30&page=2`), as every list page does (SHELL-25).
 */
import { tabParams } from '../../shared/list-page/list-search';
import { pageParam } from '../../shared/page-param';

/** A ledger's filter: one type of movement (by its address slug) and China-time days, both ends included. */
export interface LedgerFilter<S extends string> {
  type: S | null;
  /** YYYY-MM-DD. */
  from: string | null;
  /** YYYY-MM-DD, not before `from`. */
  to: string | null;
  page: number;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a calendar day written YYYY-MM-DD that exists (2026-02-30 does not). */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  if (y === undefined || m === undefined || d === undefined) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A slug of `slugs`, or null for a missing or unknown value. */
export function slugParam<S extends string>(value: string | null, slugs: readonly S[]): S | null {
  return slugs.find((s) => s === value) ?? null;
}

/** The filter an address holds; days that are not days are dropped, and a reversed range is read in order. */
export function readLedgerFilter<S extends string>(params: URLSearchParams, slugs: readonly S[]): LedgerFilter<S> {
  const day = (key: string) => {
    const value = params.get(key);
    return value !== null && isDay(value) ? value : null;
  };
  let from = day('from');
  let to = day('to');
  if (from !== null && to !== null && from > to) [from, to] = [to, from];
  return { type: slugParam(params.get('type'), slugs), from, to, page: pageParam(params.get('page')) };
}

/** The address query of a filter; what is not chosen (and page 1) is left out, so the plain address is the default. */
export function ledgerSearch<S extends string>(filter: LedgerFilter<S>): string {
  const search = new URLSearchParams();
  if (filter.type !== null) search.set('type', filter.type);
  if (filter.from !== null) search.set('from', filter.from);
  if (filter.to !== null) search.set('to', filter.to);
  if (filter.page > 1) search.set('page', String(filter.page));
  return search.toString();
}

/** Why a typed range cannot be applied, or null when it can (an empty end means "until today"). */
export function rangeError(from: string, to: string): string | null {
  if (from !== '' && !isDay(from)) return '开始日期格式应为YYYY-MM-DD';
  if (to !== '' && !isDay(to)) return '结束日期格式应为YYYY-MM-DD';
  if (from !== '' && to !== '' && from > to) return '结束日期不能早于开始日期';
  return null;
}

const TICKET_TAB_VALUES = ['usable', 'used', 'expired'] as const;
export type TicketTab = (typeof TICKET_TAB_VALUES)[number];

/** The coupons' and cash vouchers' tab in the address (`?status=used&page=2`), usable by default. */
export const TICKET_TABS = tabParams('status', TICKET_TAB_VALUES);
