import type { CouponStatus, CouponType, Resolvers } from '../../generated/resolvers';
import { badUserInput, fromUpstreamCode, upstreamCodeOf, upstreamStatusOf } from '../../errors';
import { toDateTime } from '../../dates';
import { checkPaging } from '../../paging';
import { Code, Refusal } from '@pharma/domain/codes';
import { fetchCouponCenter, fetchCoupons, takeCoupon } from './rest';
import type { CenterCouponMapper, CouponMapper, TakeCouponPayloadMapper } from './mappers';
import { isRecordId } from '@pharma/domain/validation';

const STATUS_CODES: Record<CouponStatus, 0 | 1 | 2> = { UNUSED: 0, USED: 1, EXPIRED: 2 };
const STATUSES: Record<number, CouponStatus> = { 0: 'UNUSED', 1: 'USED', 2: 'EXPIRED' };
const TYPES: Record<number, CouponType> = { 1: 'CASH', 2: 'DISCOUNT' };

/** The refusals of a take the buyer expects, by the upstream's business code; anything else stays an error. */
const TAKE_REFUSALS: Partial<Record<number, NonNullable<TakeCouponPayloadMapper['refusal']>['code']>> = {
  [Refusal.COUPON_ALREADY_TAKEN]: 'ALREADY_TAKEN',
  [Refusal.COUPONS_ALL_TAKEN]: 'ALL_TAKEN',
  [Code.NOT_FOUND]: 'NOT_FOUND',
};

/** A take of coupon `id`, with the refusals a buyer expects as data rather than errors. */
async function take(upstream: Parameters<typeof takeCoupon>[0], id: string): Promise<TakeCouponPayloadMapper> {
  try {
    return await takeCoupon(upstream, id);
  } catch (error) {
    // A 404 travels as a business error whose code is the status; only the upstream's own 404 answer counts.
    const code = upstreamCodeOf(error);
    const refusal = code === undefined ? undefined : TAKE_REFUSALS[code];
    if (
      refusal === undefined ||
      (code === Code.NOT_FOUND && upstreamStatusOf(error) !== 404) ||
      !(error instanceof Error)
    ) {
      throw error;
    }
    return { message: error.message, coupon: null, refusal: { code: refusal, message: error.message } };
  }
}

/** The terms a held coupon and a centre coupon share: kind, money off or percent paid, threshold, validity. */
const couponTerms = {
  id: (coupon: CouponMapper | CenterCouponMapper) => String(coupon.id),
  type: (coupon: CouponMapper | CenterCouponMapper) => fromUpstreamCode(TYPES, coupon.type),
  amount: (coupon: CouponMapper | CenterCouponMapper) => (coupon.type === 1 ? coupon.amount : null),
  discountPercent: (coupon: CouponMapper | CenterCouponMapper) => (coupon.type === 2 ? coupon.discount : null),
  threshold: (coupon: CouponMapper | CenterCouponMapper) => coupon.min_amount,
  startsAt: (coupon: CouponMapper | CenterCouponMapper) => toDateTime(coupon.start_at),
  endsAt: (coupon: CouponMapper | CenterCouponMapper) => toDateTime(coupon.end_at),
};

export const couponResolvers: Resolvers = {
  Query: {
    couponCenter: (_parent, { page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, 50);
      return fetchCouponCenter(upstream, { page, page_size: pageSize });
    },
  },
  Mutation: {
    takeCoupon: (_parent, { id }, { upstream }) => {
      const couponId = id.trim();
      // Checked here so that an id never becomes a different upstream path.
      if (!isRecordId(couponId)) throw badUserInput({ id: ['优惠券不存在'] });
      return take(upstream, couponId);
    },
  },
  CenterCoupon: {
    ...couponTerms,
    taken: (coupon) => coupon.taken === 1,
  },
  CenterCouponPage: {
    items: (page) => page.data,
    page: (page) => page.current_page,
    pageSize: (page) => page.per_page,
  },
  TakeCouponPayload: {
    userErrors: (payload) => (payload.refusal === null ? [] : [payload.refusal]),
  },
  User: {
    coupons: (_user, { status, page, pageSize }, { upstream }) => {
      checkPaging(page, pageSize, 100);
      return fetchCoupons(upstream, {
        status: status ? STATUS_CODES[status] : undefined,
        page,
        page_size: pageSize,
      });
    },
    unusedCouponCount: (_user, _args, { loaders }) => loaders.unusedCouponCount.get(),
  },
  Coupon: {
    ...couponTerms,
    status: (coupon) => fromUpstreamCode(STATUSES, coupon.status),
  },
  CouponOption: {
    coupon: (option) => option,
    usable: (option) => option.usable === 1,
    reason: (option) => (option.usable === 1 ? null : option.reason || null),
  },
  CouponPage: {
    items: (page) => page.data,
    page: (page) => page.current_page,
    pageSize: (page) => page.per_page,
  },
};
