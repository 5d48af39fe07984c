import { describe, expect, it } from 'vitest';
import { canonicalSearchQuery, searchPath } from './search-modes';

describe('the search address', () => {
  it('carries the trimmed keyword and the field searched', () => {
    expect(searchPath('  感冒灵 ', 'NAME')).toBe(`/search?keyword=${encodeURIComponent('感冒灵')}&by=NAME`);
    expect(searchPath('华润', 'MANUFACTURER')).toBe(`/search?keyword=${encodeURIComponent('华润')}&by=MANUFACTURER`);
  });
  it('keeps characters such as & and % as text', () => {
    expect(new URLSearchParams(searchPath('A&B 100%', 'NAME').split('?')[1]).get('keyword')).toBe('A&B 100%');
  });

  it('SEARCH-14: leads an address written with keywords= to the keyword= search, keeping the rest', () => {
    const hot = new URLSearchParams(`keywords=${encodeURIComponent('连花清瘟')}&by=NAME`);
    expect(canonicalSearchQuery(hot)).toBe(`by=NAME&keyword=${encodeURIComponent('连花清瘟')}`);
    // Both given, the page's own name wins and the old one goes.
    expect(canonicalSearchQuery(new URLSearchParams('keyword=a&keywords=b'))).toBe('keyword=a');
    expect(canonicalSearchQuery(new URLSearchParams('keyword=a&page=2'))).toBeNull();
  });
});
