import { describe, expect, it } from 'vitest';
import { helpArticlePath, newsInfoPath, newsListPath, newsTabOf } from './info-paths';

describe('help and news addresses', () => {
  it('INFO-01: a help article opens in the footer shape', () => {
    expect(helpArticlePath('12')).toBe('/help/xrzn/hyzc?id=12');
    expect(helpArticlePath('1&x=2')).toBe('/help/xrzn/hyzc?id=1%26x%3D2');
  });

  it('INFO-05: reads the tab from the type, industry news unless it says 2', () => {
    expect(newsTabOf('2')).toBe('COMPANY');
    expect(newsTabOf(' 2 ')).toBe('COMPANY');
    for (const type of ['1', null, undefined, '', '3', 'abc']) expect(newsTabOf(type), String(type)).toBe('INDUSTRY');
  });

  it('INFO-05: writes the list and post addresses, leaving defaults out', () => {
    expect(newsListPath('INDUSTRY')).toBe('/news');
    expect(newsListPath('INDUSTRY', 2)).toBe('/news?page=2');
    expect(newsListPath('COMPANY')).toBe('/news?type=2');
    expect(newsListPath('COMPANY', 3)).toBe('/news?type=2&page=3');
    expect(newsInfoPath('7', 'COMPANY')).toBe('/news/info/7/2');
    expect(newsInfoPath('7', 'INDUSTRY')).toBe('/news/info/7/1');
  });
});
