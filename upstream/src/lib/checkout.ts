import {
  eligibleTotal,
  type DiscountTier,
  type ManjianTier,
  type PricedLine,
  type ShippingData,
} from '@pharma/domain/cart-pricing';
import { formatFen } from '@pharma/domain/money';
import { couponAmount, couponReached, orderAmounts, type OrderAmounts } from '@pharma/domain/order-amounts';
import { Refusal } from '@pharma/domain/codes';
import { stockExceededText, Wording } from '@pharma/domain/wording';
import type { Queryable } from '../db/db';
import { lineUnits, loadLines, type StoredLine } from './cart-lines';
import { ApiError, iso } from './http';

/** The site's promotion and freight settings, read once per checkout or order. */
export interface PricingSettings {
  manjians: (ManjianTier & { id: number })[];
  discounts: (DiscountTier & { id: number })[];
  shipping: ShippingData;
  freightFee: number;
}

export async function pricingSettings(q: Queryable): Promise<PricingSettings> {
  const [[site], manjians, discounts] = await Promise.all([
    q.query<{ shipping_amount: number; no_trans_order_amount: number; freight_fee: number }>(
      'SELECT shipping_amount, no_trans_order_amount, freight_fee FROM site_config WHERE id = 1',
    ),
    q.query<ManjianTier & { id: number }>('SELECT id, amount, reduce FROM manjian_tiers ORDER BY amount'),
    q.query<DiscountTier & { id: number }>('SELECT id, amount, discount FROM discount_tiers ORDER BY amount'),
  ]);
  return {
    manjians,
    discounts,
    shipping: { shipping_amount: site?.shipping_amount ?? 0, no_trans_order_amount: site?.no_trans_order_amount ?? 0 },
    freightFee: site?.freight_fee ?? 0,
  };
}

/** ORDER-04 */
export const noOrderableLines = () => new ApiError(400, Refusal.NOTHING_TO_ORDER, Wording.nothingToOrder);
/** ORDER-07 */
export const couponNotUsable = (reason: string) =>
  new ApiError(400, Refusal.COUPON_NOT_APPLICABLE, `优惠券不可用：${reason}`);

/**
 * The buyer's lines among `ids` that can be ordered now: selected, buyable and in stock, newest first. With `lock`
 * the lines are locked, so two orders made from the same lines at once cannot both take them.
 */
export async function orderableLines(
  q: Queryable,
  userId: number,
  ids: readonly number[],
  lock = false,
): Promise<PricedLine<StoredLine>[]> {
  return (await requestedLines(q, userId, ids, lock)).filter((line) => line.selected);
}

/** The buyer's cart lines of these ids, orderable or not (an order needs to say why nothing can be ordered). */
export function requestedLines(
  q: Queryable,
  userId: number,
  ids: readonly number[],
  lock = false,
): Promise<PricedLine<StoredLine>[]> {
  return loadLines(q, 'c.user_id = $1 AND c.id = ANY($2::int[])', [userId, ids], lock);
}

/** An order refused because a goods, or a set's scarcest goods, has fewer units left than it takes. */
export const soldOut = (name: string, stock: number) =>
  new ApiError(400, Refusal.SOLD_OUT, stock > 0 ? `${name}${stockExceededText(stock)}` : `${name}库存不足，已售罄`);

/**
 * The refusal when none of the lines asked for can be ordered. A chosen line that ran out of stock is named with
 * 40003, the answer the stock guard gives an order that loses the race for the last units after reading them, so
 * concurrent orders are answered alike whichever side of the winner's commit they read the stock on. Anything else
 * (lines not chosen, not buyable, an activity not running) is 40005.
 */
export function nothingToOrder(requested: readonly PricedLine<StoredLine>[]): ApiError {
  const ranOut = requested.find(
    (line) =>
      line.dto.is_selected === 1 &&
      line.dto.is_expired !== 1 &&
      !line.available &&
      lineUnits(line.dto).every(({ goods }) => goods.is_buy === 1),
  );
  if (ranOut === undefined) return noOrderableLines();
  return soldOut(ranOut.dto.combination?.group.name ?? ranOut.dto.goods.name, 0);
}

/** 1 when a goods of the lines (a set's goods too) has ephedrine-type ingredients: the order needs the receipt step. */
export function needsReceipt(lines: readonly PricedLine<StoredLine>[]): number {
  return lines.some((line) => lineUnits(line.dto).some(({ goods }) => goods.is_hm === 1)) ? 1 : 0;
}

export interface CouponRow {
  id: number;
  coupon_id: number;
  name: string;
  type: number;
  amount: number;
  discount: number;
  min_amount: number;
  start_at: Date | string;
  end_at: Date | string;
  /** 0 unused, 1 used, 2 expired (unused past end_at). */
  status: number;
}

export const COUPON_SQL = `SELECT uc.id, uc.coupon_id, c.name, c.type, c.amount, c.discount, c.min_amount, c.start_at,
    c.end_at, CASE WHEN uc.status = 1 THEN 1 WHEN c.end_at < now() THEN 2 ELSE 0 END AS status
  FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id`;

/** What a coupon gives and when, as every coupon answer (held, offered, in the centre) carries it. */
export function couponTerms(row: Omit<CouponRow, 'id' | 'coupon_id' | 'status'>) {
  return {
    name: row.name,
    type: row.type,
    amount: row.type === 1 ? row.amount : 0,
    discount: row.type === 2 ? row.discount : 100,
    min_amount: row.min_amount,
    start_at: iso(row.start_at),
    end_at: iso(row.end_at),
  };
}

export function couponDto(row: CouponRow) {
  return { id: row.id, coupon_id: row.coupon_id, ...couponTerms(row), status: row.status };
}

/** Why a coupon cannot be used on an eligible amount now, or null when it can. */
export function couponRefusal(row: CouponRow, eligible: number, now = new Date()): string | null {
  if (row.status === 1) return '优惠券已使用';
  if (row.status === 2) return '优惠券已过期';
  if (new Date(iso(row.start_at)) > now) return '优惠券未到使用时间';
  if (!couponReached(row, eligible)) return `还差¥${formatFen(row.min_amount - eligible)}可用`;
  return null;
}

export function couponWithUsability(row: CouponRow, eligible: number) {
  const reason = couponRefusal(row, eligible);
  return {
    ...couponDto(row),
    usable: reason === null ? 1 : 0,
    reason,
    /** What the coupon would take off this selection. */
    deduct: reason === null ? couponAmount(row, eligible) : 0,
  };
}

/**
 * PRICE-11: of coupons judged against a selection, the usable one that takes most off; of equal ones the first
 * listed (the newest). Null when none is usable.
 */
export function bestCoupon<C extends { usable: number; deduct: number }>(judged: readonly C[]): C | null {
  let best: C | null = null;
  for (const coupon of judged) {
    if (coupon.usable === 1 && coupon.deduct > 0 && (best === null || coupon.deduct > best.deduct)) best = coupon;
  }
  return best;
}

/** The buyer's unused, unexpired coupons, newest first. */
export async function unusedCoupons(q: Queryable, userId: number): Promise<CouponRow[]> {
  return q.query<CouponRow>(
    `${COUPON_SQL} WHERE uc.user_id = $1 AND uc.status = 0 AND c.end_at >= now() ORDER BY uc.id DESC`,
    [userId],
  );
}

export async function findCoupon(q: Queryable, userId: number, userCouponId: number): Promise<CouponRow | undefined> {
  const [row] = await q.query<CouponRow>(`${COUPON_SQL} WHERE uc.user_id = $1 AND uc.id = $2`, [userId, userCouponId]);
  return row;
}

/** The order amounts of these lines with an optional coupon, refusing (40004) a coupon that does not apply. */
export function amountsWithCoupon(
  lines: readonly PricedLine<StoredLine>[],
  settings: PricingSettings,
  coupon: CouponRow | undefined | null,
): OrderAmounts {
  if (coupon !== undefined && coupon !== null) {
    const refusal = couponRefusal(coupon, eligibleTotal(lines));
    if (refusal !== null) throw couponNotUsable(refusal);
  }
  return orderAmounts({ lines, ...settings, coupon: coupon ?? null });
}
