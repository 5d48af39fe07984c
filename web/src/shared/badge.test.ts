import { describe, expect, it } from 'vitest';
import { badgeText, cartEntryLabel } from './badge';

describe('the cart badge', () => {
  it('shows the line count up to 99', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
  });
  it('caps at "99+"', () => {
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(2500)).toBe('99+');
  });
  it('is empty for an empty cart', () => {
    expect(badgeText(0)).toBe('');
  });
  it('names the entry with the true count for screen readers', () => {
    expect(cartEntryLabel(3)).toBe('购物车 3 种商品');
    expect(cartEntryLabel(120)).toBe('购物车 120 种商品');
    expect(cartEntryLabel(0)).toBe('购物车 0 种商品');
    expect(cartEntryLabel(null)).toBe('购物车');
  });
});
