import { describe, expect, it } from 'vitest';
import { centerCouponAction, takenPercent } from './center-coupon';

describe('the coupon centre button', () => {
  it('offers a coupon in stock that the buyer has not taken', () => {
    expect(centerCouponAction({ taken: false, remaining: 3 })).toEqual({ kind: 'take', label: '立即领取' });
  });
  it('says taken before sold out, and sold out when none is left', () => {
    expect(centerCouponAction({ taken: true, remaining: 0 }).label).toBe('已领取');
    expect(centerCouponAction({ taken: false, remaining: 0 }).label).toBe('已领完');
  });
});

describe('the share of a coupon taken', () => {
  it('floors to whole per cent and stays within 0 to 100', () => {
    expect(takenPercent({ total: 3, remaining: 1 })).toBe(66);
    expect(takenPercent({ total: 100, remaining: 100 })).toBe(0);
    expect(takenPercent({ total: 10, remaining: -2 })).toBe(100);
    expect(takenPercent({ total: 0, remaining: 0 })).toBe(100);
  });
});
