import { describe, expect, it } from 'vitest';
import { changeFilter, pageSearch, pageVariables, readPage, tabParams } from './list-search';

describe('a list page in the address (SHELL-25)', () => {
  it('goes back to page 1 on any change but paging', () => {
    const at4 = { tab: 'used', page: 4 };
    expect(changeFilter(at4, { tab: 'expired' })).toEqual({ tab: 'expired', page: 1 });
    expect(changeFilter(at4, { page: 5 })).toEqual({ tab: 'used', page: 5 });
  });

  it('reads a page forgivingly and leaves page 1 out', () => {
    expect(readPage(new URLSearchParams('page=3'))).toEqual({ page: 3 });
    expect(readPage(new URLSearchParams('page=-2'))).toEqual({ page: 1 });
    expect(pageSearch({ page: 1 })).toBe('');
    expect(pageSearch({ page: 2 })).toBe('page=2');
    expect(pageVariables(new URLSearchParams('page=2'), 10)).toEqual({ page: 2, pageSize: 10 });
  });

  const tabs = tabParams('status', ['usable', 'used', 'expired']);
  it('reads the tab and page, the first tab by default', () => {
    expect(tabs.read(new URLSearchParams('status=used&page=2'))).toEqual({ tab: 'used', page: 2 });
    expect(tabs.read(new URLSearchParams('status=lost'))).toEqual({ tab: 'usable', page: 1 });
  });

  it('leaves the first tab and page 1 out', () => {
    expect(tabs.write({ tab: 'usable', page: 1 })).toBe('');
    expect(tabs.write({ tab: 'expired', page: 3 })).toBe('status=expired&page=3');
  });
});
