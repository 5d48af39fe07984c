import { describe, expect, it } from 'vitest';
import { quickBuySearch, quickBuyState } from './quick-buy-params';

describe('quick purchase address (QUICK-02)', () => {
  it('QUICK-02: reads the sort, search and page from the address, with last bought as the default', () => {
    expect(quickBuyState(new URLSearchParams('order=times&keyword=%20gml%20&page=3'))).toEqual({
      sort: 'times',
      order: 'TIMES_BOUGHT',
      keyword: 'gml',
      page: 3,
    });
    expect(quickBuyState(new URLSearchParams('order=price&page=x'))).toEqual({
      sort: 'last',
      order: 'LAST_BOUGHT',
      keyword: '',
      page: 1,
    });
  });

  it('QUICK-02: writes only what differs from the defaults', () => {
    expect(quickBuySearch({ sort: 'last', keyword: '', page: 1 })).toBe('');
    expect(quickBuySearch({ sort: 'name', keyword: '感冒', page: 2 })).toBe(
      `order=name&keyword=${encodeURIComponent('感冒')}&page=2`,
    );
  });
});
