import { describe, expect, it } from 'vitest';
import { orderListSearch, orderListState } from './order-tabs';

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
});
