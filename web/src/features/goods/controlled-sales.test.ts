import { describe, expect, it } from 'vitest';
import { adIdsOf, isSeriesId, seriesPath } from './controlled-sales';

describe('controlled-sales series addresses', () => {
  it('a series with advertisements carries their ids joined by commas; without, the address ends at the series', () => {
    expect(seriesPath('1', ['28', '29'])).toBe('/kxzq/goods/1/28,29');
    expect(seriesPath('21')).toBe('/kxzq/goods/21');
    expect(seriesPath('21', ['x'])).toBe('/kxzq/goods/21');
  });

  it('reads the advertisement ids of an address in order, each once, dropping what is no id', () => {
    expect(adIdsOf('30,20,30, 21,abc,0,-1,,1.5')).toEqual(['30', '20', '21']);
    expect(adIdsOf(undefined)).toEqual([]);
    expect(adIdsOf('')).toEqual([]);
  });

  it('asks for at most 20 advertisements', () => {
    const many = Array.from({ length: 25 }, (_, i) => String(i + 1)).join(',');
    expect(adIdsOf(many)).toHaveLength(20);
    expect(adIdsOf(many)[19]).toBe('20');
  });

  it('only a positive whole number can be a series id', () => {
    expect(isSeriesId('13')).toBe(true);
    for (const value of [undefined, '', '0', '01', 'abc', '1e3', '-1', '12345678901']) {
      expect(isSeriesId(value), String(value)).toBe(false);
    }
  });
});
