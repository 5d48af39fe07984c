import { formatPrice } from '../../shared/money';

/** The big figure of a coupon card: ¥30.00 for a cash coupon, 95折 or 9折 for a discount (MONEY-05). */
export function couponFace(coupon: {
  type: 'CASH' | 'DISCOUNT';
  amount?: { amount: string } | null;
  discountPercent?: number | null;
}): string {
  if (coupon.type === 'CASH') return coupon.amount ? formatPrice(coupon.amount) : '现金券';
  const p = coupon.discountPercent;
  if (!p) return '折扣券';
  return `${p % 10 === 0 ? p / 10 : p}折`;
}

/** The threshold as buyers read it: 满¥300.00可用, or 无门槛 when any order can use it. */
export function couponThreshold(threshold: { fen: number; amount: string }): string {
  return threshold.fen > 0 ? `满${formatPrice(threshold)}可用` : '无门槛';
}

/** Days left until `endsAt`, counted as started days (0.2 of a day left is 1), never below 0. */
export function daysLeft(endsAt: string, now: number): number {
  const end = Date.parse(endsAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 86_400_000));
}
