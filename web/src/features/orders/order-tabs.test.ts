import { describe, expect, it } from 'vitest';
import { orderListSearch, orderListState } from './order-tabs';

describe('the order centre address', () => {
  it('reads the tab, search, date range and page from the query and writes them back the same', () => {
    const state = orderListState(new URLSearchParams('status=UNPAID&q=感冒&from=2026-11-01&to=2026-11-30&page=2'));
    expect(state).toMatchObject({
      tab: { key: 'UNPAID', status: 'UNPAID' },
      keyword: '感冒',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      page: 2,
    });
    expect(orderListSearch(state)).toBe(
      `?status=UNPAID&q=${encodeURIComponent('感冒')}&from=2026-11-01&to=2026-11-30&page=2`,
    );
  });

  it('knows the 售后 tab, which has no status', () => {
    expect(orderListState(new URLSearchParams('status=AFTER_SALE')).tab).toMatchObject({
      status: null,
      afterSale: true,
    });
  });

  it('ORDER-14: knows the 待确认 tab, which has no status and is not the 待付款 tab', () => {
    expect(orderListState(new URLSearchParams('status=CONFIRMING')).tab).toMatchObject({
      label: '待确认',
      status: null,
      confirming: true,
      count: 'confirming',
    });
    expect(orderListState(new URLSearchParams('status=UNPAID')).tab.confirming).toBeUndefined();
  });

  it('falls back to 全部, no search and the first page for anything it does not know', () => {
    const state = orderListState(new URLSearchParams('status=LOST&page=-3&from=yesterday'));
    expect(state).toMatchObject({ tab: { key: 'all' }, keyword: '', startDate: '', page: 1 });
    expect(orderListSearch(state)).toBe('');
  });
});
