import { describe, expect, it } from 'vitest';
import { pageCount, pageParam } from './page-param';

describe('the page number in a list address', () => {
  it('reads a whole number of at least 1', () => {
    expect(pageParam('3')).toBe(3);
  });

  it('reads anything else as the first page', () => {
    for (const value of [null, '', '0', '-2', '1.5', 'abc', '2abc', '1e400']) expect(pageParam(value)).toBe(1);
  });

  it('counts at least one page, and a partial last page as a page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
