/** The coupon centre (/lqzx, CATALOG-09): coupons a buyer takes, one each, while the stock lasts. */
import { Refusal } from '@pharma/domain/codes';
import type { Db } from '../../db/db';
import { couponDto, couponTerms } from '../../lib/checkout';
import { ApiError, notFound } from '../../lib/http';
import { page } from '../../lib/paging';
import { postMessage } from '../messages/store';
import * as store from './store';
import type { CenterRow } from './store';

export const alreadyTaken = () => new ApiError(400, Refusal.COUPON_ALREADY_TAKEN, '已领取');
export const allTaken = () => new ApiError(400, Refusal.COUPONS_ALL_TAKEN, '已领完');
export const couponNotFound = () => notFound('优惠券不存在');

function centerDto(row: CenterRow) {
  return {
    id: row.id,
    ...couponTerms(row),
    total: row.center_total,
    remaining: row.center_remaining,
    taken: row.taken ? 1 : 0,
  };
}

/** A page of the centre; a visitor (no buyer) sees it too, with nothing taken. */
export async function centerCoupons(db: Db, userId: number | null, at: number, size: number) {
  const { rows, total } = await store.centerPage(db, userId, size, (at - 1) * size);
  return page(rows.map(centerDto), total, at, size);
}

/** Takes one of a centre coupon for the buyer and answers the buyer's new coupon. */
export async function takeCoupon(db: Db, userId: number, couponId: number) {
  const userCouponId = await db.transaction(async (tx) => {
    if (!(await store.isInCenter(tx, couponId))) throw couponNotFound();
    const held = await store.holdCoupon(tx, userId, couponId);
    if (held === undefined) throw alreadyTaken();
    // The guarded decrement is the stock check; throwing rolls the buyer's coupon back.
    if (!(await store.decrementStock(tx, couponId))) throw allTaken();
    // WALLET-06 (MSG-01): the "coupon received" message is written with the take, so a refused or rolled-back take
    // leaves none; the key (the buyer's coupon) keeps it to one per claim.
    const name = await store.couponName(tx, couponId);
    await postMessage(tx, userId, {
      kind: 'promotion',
      title: '优惠券到账',
      body: `您在领券中心领取的「${name}」已放入“我的钱包 - 优惠券”，请在有效期内使用。`,
      link: '/wdqb/yhq',
      dedupeKey: `coupon-received:${held}`,
    });
    return held;
  });
  const row = await store.userCoupon(db, userCouponId);
  if (row === undefined) throw new Error(`user coupon ${userCouponId} vanished after its take`);
  return couponDto(row);
}
