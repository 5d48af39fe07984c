import { describe, expect, it } from 'vitest';
import { couponFace, couponThreshold, daysLeft } from './coupon-face';

describe('a coupon card', () => {
  it('shows cash floored to two decimals and a discount as 折', () => {
    expect(couponFace({ type: 'CASH', amount: { amount: '30.00' } })).toBe('¥30.00');
    expect(couponFace({ type: 'CASH', amount: { amount: '12.999' } })).toBe('¥12.99');
    expect(couponFace({ type: 'DISCOUNT', discountPercent: 95 })).toBe('95折');
    expect(couponFace({ type: 'DISCOUNT', discountPercent: 90 })).toBe('9折');
    expect(couponFace({ type: 'DISCOUNT', discountPercent: null })).toBe('折扣券');
  });

  it('reads the threshold, none as 无门槛', () => {
    expect(couponThreshold({ fen: 30000, amount: '300.00' })).toBe('满¥300.00可用');
    expect(couponThreshold({ fen: 0, amount: '0.00' })).toBe('无门槛');
  });

  it('counts started days left, never below zero', () => {
    const now = Date.parse('2026-11-25T00:00:00Z');
    expect(daysLeft('2026-11-27T00:00:00Z', now)).toBe(2);
    expect(daysLeft('2026-11-25T05:00:00Z', now)).toBe(1);
    expect(daysLeft('2026-11-20T00:00:00Z', now)).toBe(0);
    expect(daysLeft('not a date', now)).toBe(0);
  });
});
