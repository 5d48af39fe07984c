/**
 * The order files' addresses and rules on the screen (ORDER-15..ORDER-18): the export takes the order list's own
 * filter (its tab, search and days), the statement a month; the gateway relays both with the buyer's session.
 */
import { chinaDay } from '@pharma/domain/china-day';
import type { OrderListState } from './order-tabs';

export type ExportFormat = 'xlsx' | 'csv';
export type CsvEncoding = 'utf8' | 'gbk';
export type ExportContent = 'lines' | 'orders';
export type StatementFormat = 'pdf' | 'xlsx';

/** ORDER-16: the longest range one export covers, both days included; the upstream says the same. */
export const EXPORT_MAX_DAYS = 366;

/** What the export form holds: all text, as the form layer's fields are. */
export interface ExportForm {
  format: ExportFormat;
  encoding: CsvEncoding;
  content: ExportContent;
  from: string;
  to: string;
}

/**
 * The export's days: the list's own when it has them; otherwise from the first of this month to today, a range a
 * buyer hands to finance most often. A list with only one end keeps it and fills the other.
 */
export function exportRange(state: Pick<OrderListState, 'startDate' | 'endDate'>, now: Date) {
  const to = state.endDate || chinaDay(now);
  return { from: state.startDate || `${to.slice(0, 8)}01`, to };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (value: string) => Date.parse(`${value}T00:00:00Z`);

/** ORDER-16: the words for a range the upstream would refuse, or undefined for one it takes. */
export function exportRangeProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | undefined {
  if (!DAY.test(from) || Number.isNaN(dayOf(from))) return { field: 'from', message: '请选择开始日期' };
  if (!DAY.test(to) || Number.isNaN(dayOf(to))) return { field: 'to', message: '请选择结束日期' };
  if (from > to) return { field: 'to', message: '结束日期不能早于开始日期' };
  if ((dayOf(to) - dayOf(from)) / 86_400_000 + 1 > EXPORT_MAX_DAYS) {
    return { field: 'to', message: `导出的日期范围最多${EXPORT_MAX_DAYS}天，请缩短后再导出` };
  }
  return undefined;
}

/**
 * ORDER-18: the gateway's address of the export: the list's tab (`status`) and search (`q`) as the list's address has
 * them, the form's days, and for a CSV its encoding and content.
 */
export function exportHref(state: Pick<OrderListState, 'tab' | 'keyword'>, form: ExportForm): string {
  const params = new URLSearchParams();
  if (state.tab.key !== 'all') params.set('status', state.tab.key);
  if (state.keyword) params.set('q', state.keyword);
  params.set('from', form.from);
  params.set('to', form.to);
  if (form.format === 'csv') {
    params.set('encoding', form.encoding);
    params.set('content', form.content);
  }
  return `/orders/export.${form.format}?${params.toString()}`;
}

/** ORDER-18: a month's statement, `/orders/statement-2026-11.pdf`. */
export const statementHref = (month: string, format: StatementFormat) => `/orders/statement-${month}.${format}`;

/** The month a statement is asked for by default: the one before this one (China time), the month finance closes. */
export function lastMonth(now: Date): string {
  const [y = 2000, m = 1] = chinaDay(now).split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** ORDER-17: a month the upstream takes (YYYY-MM, not after this one), or the words why not. */
export function statementMonthProblem(month: string, now: Date): string | undefined {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return '请选择月份';
  if (month < '2000-01') return '月份不能早于2000-01';
  return month > chinaDay(now).slice(0, 7) ? '不能选择未来的月份' : undefined;
}

export { attachmentName } from '../../shared/download-file';
