/** The buyer's coupons (ORDER-07) and wallet (PAY-04); no HTTP here. */
import { eligibleTotal } from '@pharma/domain/cart-pricing';
import type { Queryable } from '../../db/db';
import { couponDto, couponWithUsability, orderableLines, unusedCoupons } from '../../lib/checkout';
import { iso } from '../../lib/http';
import { page } from '../../lib/paging';
import { balanceOf } from '../orders/store';
import * as store from './store';

export async function couponsPage(q: Queryable, userId: number, status: number | undefined, at: number, size: number) {
  const { rows, total } = await store.couponPage(q, userId, status, size, (at - 1) * size);
  return page(rows.map(couponDto), total, at, size);
}

/** The unused coupons with whether each applies to the lines among `ids` (the whole cart without them). */
export async function availableCoupons(q: Queryable, userId: number, ids: readonly number[] | undefined) {
  const [lines, coupons] = await Promise.all([
    orderableLines(q, userId, ids ?? (await store.cartLineIds(q, userId))),
    unusedCoupons(q, userId),
  ]);
  const eligible = eligibleTotal(lines);
  return coupons.map((c) => couponWithUsability(c, eligible));
}

export const unusedCount = async (q: Queryable, userId: number) => ({
  unused: await store.unusedCouponCount(q, userId),
});

export const balance = async (q: Queryable, userId: number) => ({ balance: await balanceOf(q, userId) });

export async function moneyLog(q: Queryable, userId: number, filter: store.MoneyLogFilter, at: number, size: number) {
  const { rows, total } = await store.moneyLogPage(q, userId, filter, size, (at - 1) * size);
  return page(
    rows.map((r) => ({ ...r, created_at: iso(r.created_at) })),
    total,
    at,
    size,
  );
}
