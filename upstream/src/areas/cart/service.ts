/**
 * The cart (CART-01..CART-20): the list priced once, here, by the shared rules of @pharma/domain/cart-pricing
 * (docs/adr/0109-cart-priced-in-the-upstream.md), adding, changing, copying lines and the checkout preview.
 * Rules and transactions over ./store and lib/cart-lines; no HTTP here.
 */
import { cartListAnswer, eligibleTotal, ladderPosition, nextTierHint } from '@pharma/domain/cart-pricing';
import type { Db, Queryable } from '../../db/db';
import {
  addCombinationToCart,
  addExchangeToCart,
  addGroupBuyToCart,
  addSeckillToCart,
  addToCart,
  checkLineNumber,
  LINE_TYPES,
  lineCount,
  lineDto,
  loadLines,
} from '../../lib/cart-lines';
import {
  amountsWithCoupon,
  bestCoupon,
  couponWithUsability,
  findCoupon,
  needsReceipt,
  noOrderableLines,
  orderableLines,
  pricingSettings,
  unusedCoupons,
} from '../../lib/checkout';
import { formError, notFound } from '../../lib/http';
import { listAddresses } from '../addresses/store';
import * as store from './store';

export { lineCount };

export const lineNotFound = () => notFound('购物车商品不存在');
export const goodsNotFound = () => notFound('商品不存在');
const OTHER_COMPANY = '只能复制到本公司的其他门店账号';

/** A line to add: goods (type 0), a set of a combination (3) or a group-buy join (2) (CART-17). */
export type NewLine =
  | {
      type: '0';
      goods_id: number;
      number: number;
      ck_id?: number | undefined;
      goods_price_id: number;
      ladder_price_id: number;
      goods_manjian_id: number;
      is_yj: number;
    }
  | { type: '1'; goods_id: number; goods_price_id: number; number: number }
  | { type: '4'; goods_id: number; goods_price_id: number; number: number }
  | { type: '2'; group_buy_id: number; number: number }
  | { type: '3'; combination_id: number; number: number };

/**
 * The buyer's cart priced: lines with totals and hints, tiers with labels and shortfalls, the summary with the
 * amounts checkout will charge for the selection before a coupon (PRICE-09).
 */
export async function cartList(db: Db, userId: number, publicUrl: string) {
  const [priced, settings] = await Promise.all([loadLines(db, 'c.user_id = $1', [userId]), pricingSettings(db)]);
  return cartListAnswer(priced, {
    user_id: userId,
    data: priced.map((line) => lineDto(line, publicUrl)),
    shipping_data: settings.shipping,
    manjians: settings.manjians,
    discounts: settings.discounts,
    amounts: amountsWithCoupon(priced, settings, null),
  });
}

/** Adds one line inside the caller's transaction. */
async function addLine(tx: Queryable, userId: number, line: NewLine): Promise<void> {
  if (line.type === '3') await addCombinationToCart(tx, userId, line.combination_id, line.number);
  else if (line.type === '2') await addGroupBuyToCart(tx, userId, line.group_buy_id, line.number);
  else if (line.type === '1') await addSeckillToCart(tx, userId, line.goods_id, line.goods_price_id, line.number);
  else if (line.type === '4') await addExchangeToCart(tx, userId, line.goods_id, line.goods_price_id, line.number);
  else await addToCart(tx, userId, { ...line, type: LINE_TYPES.normal });
}

/** Adds lines, all or none (CART-03); answers the cart's line count. */
export async function addLines(db: Db, userId: number, lines: readonly NewLine[]): Promise<number> {
  return db.transaction(async (tx) => {
    for (const line of lines) await addLine(tx, userId, line);
    return lineCount(tx, userId);
  });
}

/** CART-20: one packing unit of a goods, or QUICK-03: the quantity asked for, at the goods' ordinary price. */
export function quickAdd(db: Db, userId: number, goodsId: number, number = 1): Promise<number> {
  return addLines(db, userId, [
    { type: '0', goods_id: goodsId, number, goods_price_id: 0, ladder_price_id: 0, goods_manjian_id: 0, is_yj: 0 },
  ]);
}

/** Sets a line's number (CART-04, CART-18) and answers the line priced. */
export async function editLine(db: Db, userId: number, id: number, n: number, publicUrl: string) {
  await db.transaction(async (tx) => {
    const line = await store.lockLine(tx, userId, id);
    if (line === undefined) throw lineNotFound();
    await checkLineNumber(tx, line, n);
    await store.setLineNumber(tx, userId, id, n);
  });
  const [line] = await loadLines(db, 'c.id = $1 AND c.user_id = $2', [id, userId]);
  if (line === undefined) throw lineNotFound();
  return lineDto(line, publicUrl);
}

export async function deleteLines(db: Db, userId: number, ids: readonly number[]) {
  const deleted = await store.deleteLines(db, userId, ids);
  return { deleted, total: await lineCount(db, userId) };
}

/** CART-07: the next, cheaper ladder tier from a quantity. */
export async function nextHint(db: Db, goodsId: number, number: number) {
  const goods = await store.goodsLadder(db, goodsId);
  if (goods === undefined) throw goodsNotFound();
  const { next } = ladderPosition(number, goods.price, goods.ladder_price, goods.ladder_price_type);
  return {
    hint: nextTierHint(next, goods.bzdw),
    // number: the quantity at which the cheaper price starts.
    next: next === null ? null : { number: number + next.more, price: next.price },
  };
}

/**
 * CART-19: copies lines to other store accounts of the buyer's company, all targets or none; answers how many line
 * copies were made. Lines that cannot be ordered now are skipped.
 */
export async function copyLines(db: Db, userId: number, ids: readonly number[], targetIds: readonly number[]) {
  const targets = [...new Set(targetIds)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    if ((await store.companyStoresAmong(tx, userId, targets)) !== targets.length) {
      throw formError({ other_user_ids: [OTHER_COMPANY] });
    }
    // An add-on purchase belongs to the order that unlocks it: the other store unlocks its own (PRICE-13).
    const lines = (await loadLines(tx, 'c.user_id = $1 AND c.id = ANY($2::int[])', [userId, ids]))
      .filter((line) => line.available && line.type !== 'EXCHANGE')
      .map(({ dto }) => dto.goods)
      .sort((a, b) => a.id - b.id || a.line_id - b.line_id);
    // Targets in id order and lines in goods order, so concurrent copies lock rows in one order.
    for (const target of targets) {
      for (const line of lines) {
        if (line.line_type === LINE_TYPES.combination) {
          await addCombinationToCart(tx, target, line.combination_id, line.line_number);
        } else if (line.line_type === LINE_TYPES.groupBuy) {
          await addGroupBuyToCart(tx, target, line.group_buy_id, line.line_number);
        } else if (line.line_type === LINE_TYPES.seckill) {
          // The other store buys within its own seckill limit.
          await addSeckillToCart(tx, target, line.id, line.goods_price_id, line.line_number);
        } else {
          await addToCart(tx, target, {
            goods_id: line.id,
            number: line.line_number,
            type: line.line_type,
            goods_price_id: line.goods_price_id,
            ladder_price_id: line.ladder_price_id,
            goods_manjian_id: line.goods_manjian_id,
            is_yj: line.is_yj,
            ck_id: line.line_ck_id,
          });
        }
      }
    }
    return lines.length * targets.length;
  });
}

/** ORDER-01, ORDER-06: the order preview of chosen lines, priced exactly as placing the order will charge. */
export async function checkout(
  db: Db,
  userId: number,
  ids: readonly number[],
  userCouponId: number | undefined,
  publicUrl: string,
  preferBest = false,
) {
  const [lines, settings, addresses, coupons, chosen] = await Promise.all([
    orderableLines(db, userId, ids),
    pricingSettings(db),
    listAddresses(db, userId),
    unusedCoupons(db, userId),
    userCouponId === undefined ? undefined : findCoupon(db, userId, userCouponId),
  ]);
  if (lines.length === 0) throw noOrderableLines();
  if (userCouponId !== undefined && chosen === undefined) throw notFound('优惠券不存在');
  const eligible = eligibleTotal(lines);
  const judged = coupons.map((c) => couponWithUsability(c, eligible));
  const best = bestCoupon(judged);
  const priced = chosen ?? (preferBest && best !== null ? coupons.find((c) => c.id === best.id) : undefined);
  return {
    lines: lines.map((line) => lineDto(line, publicUrl)),
    amounts: amountsWithCoupon(lines, settings, priced),
    // The coupon the amounts include, so a client shows it chosen.
    user_coupon_id: priced?.id ?? null,
    need_receipt: needsReceipt(lines),
    addresses,
    coupons: judged,
    // PRICE-11: the usable coupon that saves most, which the confirm page preselects.
    best_coupon_id: best?.id ?? null,
  };
}
