/**
 * The amounts of an order (docs/rest-api.md, "Amounts object"), in integer fen. The upstream is authoritative: its
 * checkout preview and its order creation both call orderAmounts, so what the buyer confirms is what is charged.
 */
import {
  eligibleTotal,
  isFreeShipping,
  tierReached,
  type DiscountTier,
  type ManjianTier,
  type PricedLine,
  type ShippingData,
} from './cart-pricing';
import { toFen } from './money';
import { percentPrice } from './price-engine';

/** A coupon as far as the amounts read it: type 1 takes `amount` off, type 2 charges `discount` percent. */
export interface OrderCoupon {
  type: number;
  amount: number;
  /** The percentage paid for type 2, e.g. 95. */
  discount: number;
  /** The eligible amount the coupon needs. */
  min_amount: number;
}

export interface OrderAmountsInput {
  /** The lines being ordered; only selected lines (buyable, in stock) count. */
  lines: readonly PricedLine[];
  manjians?: readonly ManjianTier[] | null;
  discounts?: readonly DiscountTier[] | null;
  shipping?: ShippingData | null;
  /** The freight charged unless shipping is free. */
  freightFee: number;
  coupon?: OrderCoupon | null;
}

export interface OrderAmounts {
  goods_amount: number;
  /** PRICE-06: what the goods' own 满减 take off their lines. */
  goods_manjian_amount: number;
  manjian_amount: number;
  discount_amount: number;
  coupon_amount: number;
  freight_amount: number;
  pay_amount: number;
}

/**
 * What a percentage-paid discount takes off `base`: the paid part is floored to the fen (MONEY-04: prices round
 * down), so the reduction is the rest.
 */
export function percentOff(base: number, percentPaid: number): number {
  if (base <= 0) return 0;
  return base - percentPrice(base, percentPaid);
}

/** The reached tier with the highest amount, or null when none is reached. */
function highestReached<T extends { amount: number }>(tiers: readonly T[] | null | undefined, eligible: number) {
  let best: T | null = null;
  for (const tier of tiers ?? []) {
    if (tierReached(eligible, toFen(tier.amount)) && (best === null || toFen(tier.amount) > toFen(best.amount))) {
      best = tier;
    }
  }
  return best;
}

/** Whether a coupon applies to an eligible amount: only once the amount reaches the coupon's threshold. */
export function couponReached(coupon: OrderCoupon, eligible: number): boolean {
  return eligible > 0 && eligible >= toFen(coupon.min_amount);
}

/** What a coupon takes off the eligible amount (0 when its threshold is not reached). */
export function couponAmount(coupon: OrderCoupon, eligible: number): number {
  if (!couponReached(coupon, eligible)) return 0;
  if (coupon.type === 2) return percentOff(eligible, coupon.discount);
  return Math.min(Math.max(toFen(coupon.amount), 0), eligible);
}

export function orderAmounts(input: OrderAmountsInput): OrderAmounts {
  const counted = input.lines.filter((line) => line.selected);
  const goods = counted.reduce((sum, line) => sum + line.total, 0);
  const goodsManjian = counted.reduce((sum, line) => sum + line.manjianAmount, 0);
  const eligible = eligibleTotal(counted);
  const manjian = toFen(highestReached(input.manjians, eligible)?.reduce);
  const discountTier = highestReached(input.discounts, eligible);
  const discount = discountTier === null ? 0 : percentOff(eligible, discountTier.discount);
  const coupon = input.coupon ? couponAmount(input.coupon, eligible) : 0;
  const freight = counted.length === 0 || isFreeShipping(counted, input.shipping) ? 0 : Math.max(input.freightFee, 0);
  const pay = Math.max(goods - goodsManjian - manjian - discount - coupon + freight, 0);
  return {
    goods_amount: goods,
    goods_manjian_amount: goodsManjian,
    manjian_amount: manjian,
    discount_amount: discount,
    coupon_amount: coupon,
    freight_amount: freight,
    pay_amount: pay,
  };
}
