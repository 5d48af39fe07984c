/** What the coupon centre's button offers for one coupon: taking it, or why it cannot be taken. */
export type CenterCouponAction = { kind: 'take'; label: '立即领取' } | { kind: 'none'; label: '已领取' | '已领完' };

/** Taken wins over sold out: a buyer who holds one is told so, not that none are left. */
export function centerCouponAction(coupon: { taken: boolean; remaining: number }): CenterCouponAction {
  if (coupon.taken) return { kind: 'none', label: '已领取' };
  if (coupon.remaining <= 0) return { kind: 'none', label: '已领完' };
  return { kind: 'take', label: '立即领取' };
}

/** How much of the centre's stock is taken, 0 to 100, in whole per cent (integers only; floored). */
export function takenPercent(coupon: { total: number; remaining: number }): number {
  if (coupon.total <= 0) return 100;
  const taken = Math.min(coupon.total, Math.max(0, coupon.total - coupon.remaining));
  return Math.floor((taken * 100) / coupon.total);
}
