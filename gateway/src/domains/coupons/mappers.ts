import type { AnswerData, Schemas } from '../../rest/client';

export type CouponMapper = Schemas['Coupon'];
export type CouponOptionMapper = Schemas['UsableCoupon'];
export type CouponPageMapper = AnswerData<'/api/user/coupon', 'get'>;
export type CenterCouponMapper = Schemas['CenterCoupon'];
export type CenterCouponPageMapper = AnswerData<'/api/coupon/center', 'get'>;

/** What taking a coupon answers: the coupon taken, or the refusal the centre shows. */
export interface TakeCouponPayloadMapper {
  message: string;
  coupon: CouponMapper | null;
  refusal: { code: 'ALREADY_TAKEN' | 'ALL_TAKEN' | 'NOT_FOUND'; message: string } | null;
}
