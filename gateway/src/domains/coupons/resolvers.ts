import type { CouponStatus, CouponType, Resolvers } from '../../generated/resolvers';
import { fromUpstreamCode } from '../../errors';
import { toDateTime } from '../../dates';
import { toFen } from '../../money';
import { checkPaging } from '../../paging';
import { fetchCoupons } from './rest';

const STATUS_CODES: Record<CouponStatus, 0 | 1 | 2> = { UNUSED: 0, USED: 1, EXPIRED: 2 };
const STATUSES: Record<number, CouponStatus> = { 0: 'UNUSED', 1: 'USED', 2: 'EXPIRED' };
const TYPES: Record<number, CouponType> = { 1: 'CASH', 2: 'DISCOUNT' };

export const couponResolvers: Resolvers = {
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
    id: (coupon) => String(coupon.id),
    type: (coupon) => fromUpstreamCode(TYPES, coupon.type),
    amount: (coupon) => (coupon.type === 1 ? toFen(coupon.amount) : null),
    discountPercent: (coupon) => (coupon.type === 2 && typeof coupon.discount === 'number' ? coupon.discount : null),
    threshold: (coupon) => toFen(coupon.min_amount),
    startsAt: (coupon) => toDateTime(coupon.start_at),
    endsAt: (coupon) => toDateTime(coupon.end_at),
    status: (coupon) => fromUpstreamCode(STATUSES, coupon.status),
  },
  CouponOption: {
    coupon: (option) => option,
    usable: (option) => option.usable === 1 || option.usable === true,
    reason: (option) => (option.usable === 1 || option.usable === true ? null : option.reason || null),
  },
  CouponPage: {
    items: (page) => page.data,
    page: (page) => page.current_page,
    pageSize: (page) => page.per_page,
  },
};
