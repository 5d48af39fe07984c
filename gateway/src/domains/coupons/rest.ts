import type { UpstreamSession } from '../../rest/client';
import type { TakeCouponPayloadMapper } from './mappers';

export async function fetchCoupons(
  upstream: UpstreamSession,
  query: { status?: 0 | 1 | 2; page: number; page_size: number },
) {
  return (await upstream.get('/api/user/coupon', { query })).data;
}

export async function fetchUnusedCouponCount(upstream: UpstreamSession): Promise<number> {
  return (await upstream.get('/api/user/couponNum')).data.unused;
}

export async function fetchCouponCenter(upstream: UpstreamSession, query: { page: number; page_size: number }) {
  return (await upstream.get('/api/coupon/center', { query })).data;
}

/** POST /api/coupon/{id}/take. Never retried: a repeat would only answer 已领取. */
export async function takeCoupon(upstream: UpstreamSession, couponId: string): Promise<TakeCouponPayloadMapper> {
  const { data, message } = await upstream.post('/api/coupon/{id}/take', { path: { id: couponId } });
  return { message, coupon: data, refusal: null };
}
