import { describe, expect, it } from 'vitest';
import {
  attachmentName,
  exportHref,
  exportRange,
  exportRangeProblem,
  lastMonth,
  statementHref,
  statementMonthProblem,
} from './order-files';
import { orderListState } from './order-tabs';

// 2026-12-01 01:30 in China is still 2026-11-30 in UTC.
const NOW = new Date('2026-11-30T17:30:00Z');

describe('the order files on the screen (ORDER-15..ORDER-18)', () => {
  it('ORDER-18: the export address carries the list’s tab and search, the days, and for a CSV its encoding and content', () => {
    const state = orderListState(new URLSearchParams('status=CONFIRMING&q=感冒&page=3'));
    const form = { format: 'xlsx', encoding: 'gbk', content: 'orders', from: '2026-11-01', to: '2026-11-30' } as const;
    expect(exportHref(state, form)).toBe(
      `/orders/export.xlsx?status=CONFIRMING&q=${encodeURIComponent('感冒')}&from=2026-11-01&to=2026-11-30`,
    );
    expect(exportHref(orderListState(new URLSearchParams()), { ...form, format: 'csv' })).toBe(
      '/orders/export.csv?from=2026-11-01&to=2026-11-30&encoding=gbk&content=orders',
    );
    expect(statementHref('2026-11', 'pdf')).toBe('/orders/statement-2026-11.pdf');
  });

  it('ORDER-16: takes the list’s days, or this month in China up to today', () => {
    expect(exportRange({ startDate: '2026-10-03', endDate: '2026-10-20' }, NOW)).toEqual({
      from: '2026-10-03',
      to: '2026-10-20',
    });
    expect(exportRange({ startDate: '', endDate: '' }, NOW)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(exportRange({ startDate: '', endDate: '2026-08-15' }, NOW)).toEqual({
      from: '2026-08-01',
      to: '2026-08-15',
    });
  });

  it('ORDER-16: refuses what the upstream refuses, in its words, on the field it is about', () => {
    expect(exportRangeProblem('2025-12-01', '2026-11-30')).toBeUndefined();
    expect(exportRangeProblem('2024-04-01', '2025-03-31')).toBeUndefined();
    expect(exportRangeProblem('2024-01-01', '2025-01-01')).toEqual({
      field: 'to',
      message: '导出的日期范围最多366天，请缩短后再导出',
    });
    expect(exportRangeProblem('2026-11-30', '2026-11-01')).toEqual({
      field: 'to',
      message: '结束日期不能早于开始日期',
    });
    expect(exportRangeProblem('', '2026-11-01')).toEqual({ field: 'from', message: '请选择开始日期' });
    expect(exportRangeProblem('2026-11-01', '2026-13-01')).toEqual({ field: 'to', message: '请选择结束日期' });
  });

  it('ORDER-17: offers last month by default and refuses a future or malformed month', () => {
    expect(lastMonth(NOW)).toBe('2026-11');
    expect(lastMonth(new Date('2027-01-15T04:00:00Z'))).toBe('2026-12');
    expect(statementMonthProblem('2026-12', NOW)).toBeUndefined();
    expect(statementMonthProblem('2027-01', NOW)).toBe('不能选择未来的月份');
    expect(statementMonthProblem('2026-13', NOW)).toBe('请选择月份');
    expect(statementMonthProblem('', NOW)).toBe('请选择月份');
  });

  it('ORDER-18: saves under the UTF-8 name of RFC 5987, else the plain one, else the fallback', () => {
    const name = '对账单-2026年11月.pdf';
    expect(
      attachmentName(`attachment; filename="statement.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`, 'x'),
    ).toBe(name);
    expect(attachmentName('attachment; filename="statement.pdf"', 'x')).toBe('statement.pdf');
    expect(attachmentName("attachment; filename*=UTF-8''%E0%A4%A", 'x')).toBe('x');
    expect(attachmentName(null, 'orders.xlsx')).toBe('orders.xlsx');
  });
});
