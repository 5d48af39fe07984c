import type { UpstreamSession } from '../../rest/client';
import { unavailable } from '../../errors';
import { asPage, hasKeys, type PageDto } from '../../paging';

/** A coupon the buyer holds (docs/rest-api.md, Coupons). Money in fen. */
export interface CouponDto {
  /** The buyer's coupon (user coupon) id: what an order names. */
  id: number | string;
  coupon_id?: number | string;
  name: string;
  /** 1 cash (满减), 2 discount (折扣). */
  type: number;
  /** Fen off, for type 1. */
  amount?: number | null;
  /** Percent paid, for type 2. */
  discount?: number | null;
  min_amount: number;
  start_at: string | number;
  end_at: string | number;
  /** 0 unused, 1 used, 2 expired. */
  status: number;
}

/** A coupon judged against a selection of cart lines, as the checkout answers it. */
export interface CouponOptionDto extends CouponDto {
  usable: number | boolean;
  reason?: string | null;
}

export type CouponPageDto = PageDto<CouponDto>;

export function isCoupon(value: unknown): value is CouponDto {
  return hasKeys(value, 'id', 'name', 'type');
}

export function isCouponOption(value: unknown): value is CouponOptionDto {
  return isCoupon(value) && 'usable' in value;
}

export async function fetchCoupons(
  upstream: UpstreamSession,
  query: { status?: 0 | 1 | 2; page: number; page_size: number },
): Promise<CouponPageDto> {
  const { data } = await upstream.get<unknown>('/api/user/coupon', { ...query });
  return asPage(data, isCoupon);
}

export async function fetchUnusedCouponCount(upstream: UpstreamSession): Promise<number> {
  const { data } = await upstream.get<unknown>('/api/user/couponNum');
  if (!hasKeys(data, 'unused') || typeof data.unused !== 'number') throw unavailable();
  return data.unused;
}

/** A coupon of the coupon centre (docs/rest-api.md, Coupon centre). Money in fen. */
export interface CenterCouponDto {
  /** The coupon id (what a take names). */
  id: number | string;
  name: string;
  /** 1 cash (满减), 2 discount (折扣). */
  type: number;
  amount?: number | null;
  discount?: number | null;
  min_amount: number;
  start_at: string | number;
  end_at: string | number;
  total: number;
  remaining: number;
  /** 1 when this buyer took it. */
  taken: number | boolean;
}

export type CenterCouponPageDto = PageDto<CenterCouponDto>;

/** What taking a coupon answers: the buyer's new coupon, or the refusal the buyer reads. */
export interface TakeCouponDto {
  message: string;
  coupon: CouponDto | null;
  refusal: { code: 'ALREADY_TAKEN' | 'ALL_TAKEN' | 'NOT_FOUND'; message: string } | null;
}

function isCenterCoupon(value: unknown): value is CenterCouponDto {
  return hasKeys(value, 'id', 'name', 'type', 'remaining', 'total', 'taken');
}

export async function fetchCouponCenter(
  upstream: UpstreamSession,
  query: { page: number; page_size: number },
): Promise<CenterCouponPageDto> {
  const { data } = await upstream.get<unknown>('/api/coupon/center', { ...query });
  return asPage(data, isCenterCoupon);
}

/** POST /api/coupon/{id}/take. Never retried: a repeat would only answer 已领取. */
export async function takeCoupon(upstream: UpstreamSession, couponId: string): Promise<TakeCouponDto> {
  const { data, message } = await upstream.post<unknown>(`/api/coupon/${encodeURIComponent(couponId)}/take`);
  if (!isCoupon(data)) throw unavailable();
  return { message, coupon: data, refusal: null };
}
