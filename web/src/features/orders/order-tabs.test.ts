import { describe, expect, it } from 'vitest';
import { orderListSearch, orderListState, pageCount } from './order-tabs';

describe('the order centre address', () => {
  it('reads the status tab and page from the query and writes them back the same', () => {
    const state = orderListState(new URLSearchParams('status=UNPAID&page=2'));
    expect(state).toEqual({ status: 'UNPAID', page: 2 });
    expect(orderListSearch(state.status, state.page)).toBe('?status=UNPAID&page=2');
  });

  it('falls back to 全部 and the first page for anything it does not know', () => {
    expect(orderListState(new URLSearchParams('status=LOST&page=-3'))).toEqual({ status: null, page: 1 });
    expect(orderListState(new URLSearchParams('page=abc'))).toEqual({ status: null, page: 1 });
    expect(orderListSearch(null, 1)).toBe('');
  });

  it('counts at least one page, and a partial last page as a page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
