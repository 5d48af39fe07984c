import { describe, expect, it } from 'vitest';
import { categoryIdFrom, categoryListPath } from './zones';

describe('the category query of the goods list', () => {
  it('SHELL-06: the menu writes select=, with yx=1 from the free-shipping variant', () => {
    expect(categoryListPath('12')).toBe('/list?select=12');
    expect(categoryListPath('12', { yx: '1' })).toBe('/list?select=12&yx=1');
  });

  it('SHELL-06: reads select=, and the old category= links still narrow the list', () => {
    expect(categoryIdFrom(new URLSearchParams('select=12&yx=1'))).toBe('12');
    expect(categoryIdFrom(new URLSearchParams('category=7'))).toBe('7');
    expect(categoryIdFrom(new URLSearchParams('select=12&category=7'))).toBe('12');
    expect(categoryIdFrom(new URLSearchParams('select=%20'))).toBeUndefined();
    expect(categoryIdFrom(new URLSearchParams('page=2'))).toBeUndefined();
  });
});
