import { describe, expect, it } from 'vitest';
import { couponValueText } from './coupon-text';

describe('what a coupon gives', () => {
  const threshold = { fen: 30000, amount: '300.00' };
  it('reads a cash coupon as the amount off and its threshold', () => {
    expect(couponValueText({ type: 'CASH', amount: { amount: '30.00' }, threshold })).toBe('减¥30.00，满¥300.00可用');
  });

  it('reads a discount coupon the Chinese way: 95 is 95折, 90 is 9折', () => {
    expect(couponValueText({ type: 'DISCOUNT', discountPercent: 95, threshold })).toBe('95折，满¥300.00可用');
    expect(couponValueText({ type: 'DISCOUNT', discountPercent: 90, threshold: { fen: 0, amount: '0.00' } })).toBe(
      '9折',
    );
  });
});
