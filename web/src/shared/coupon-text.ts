import { graphql } from '../gql';
import { formatPrice } from './money';

/** What `couponValueText` and a coupon card's face read of a coupon, wherever the coupon is listed. */
export const CouponValueFragment = graphql(`
  fragment CouponValue_coupon on Coupon {
    type
    amount {
      ...Price_money
    }
    discountPercent
    threshold {
      ...Price_money
    }
  }
`);

/** What a coupon gives, as buyers read it: "减¥30.00，满¥300.00可用" or "95折，满¥500.00可用" (90 reads 9折). */
export function couponValueText(coupon: {
  type: 'CASH' | 'DISCOUNT';
  amount?: { amount: string } | null;
  discountPercent?: number | null;
  threshold: { amount: string; fen: number };
}): string {
  const value =
    coupon.type === 'CASH'
      ? coupon.amount
        ? `减${formatPrice(coupon.amount)}`
        : '现金券'
      : coupon.discountPercent
        ? `${coupon.discountPercent % 10 === 0 ? coupon.discountPercent / 10 : coupon.discountPercent}折`
        : '折扣券';
  return coupon.threshold.fen > 0 ? `${value}，满${formatPrice(coupon.threshold)}可用` : value;
}
