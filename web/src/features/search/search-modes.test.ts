import { describe, expect, it } from 'vitest';
import { searchPath } from './search-modes';

describe('the search address', () => {
  it('carries the trimmed keyword and the field searched', () => {
    expect(searchPath('  感冒灵 ', 'NAME')).toBe(`/search?keyword=${encodeURIComponent('感冒灵')}&by=NAME`);
    expect(searchPath('华润', 'MANUFACTURER')).toBe(`/search?keyword=${encodeURIComponent('华润')}&by=MANUFACTURER`);
  });
  it('keeps characters such as & and % as text', () => {
    expect(new URLSearchParams(searchPath('A&B 100%', 'NAME').split('?')[1]).get('keyword')).toBe('A&B 100%');
  });
});
