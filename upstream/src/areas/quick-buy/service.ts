/**
 * Quick purchase (QUICK-01..QUICK-04) and the preview of buying an order again (QUICK-05..QUICK-08): what the
 * buyer bought before, as it is today. Rules over ./store; no HTTP here.
 */
import { outOfScopeText } from '@pharma/domain/business-scope';
import { ladderPosition, type LadderTier } from '@pharma/domain/cart-pricing';
import { stockExceededText, Wording } from '@pharma/domain/wording';
import type { Queryable } from '../../db/db';
import { iso } from '../../lib/http';
import { page } from '../../lib/paging';
import { orderNotFound } from '../orders/service';
import { lineGoodsLabel } from '../orders/store';
import * as store from './store';
import type { FastBuyOrder } from './store';

export type { FastBuyOrder };

/** QUICK-04: why a goods cannot be bought today, in the buyer's words; null when it can. */
export function unavailableReason(goods: {
  is_buy: number | null;
  stock: number | null;
  in_scope?: boolean;
}): string | null {
  if (goods.is_buy === null) return '该商品已下架';
  // SCOPE-03: outside the buyer's business scope, whatever its stock.
  if (goods.in_scope === false) return outOfScopeText();
  if (goods.is_buy !== 1) return Wording.notBuyable;
  if (goods.stock === null || goods.stock <= 0) return '该商品已售罄';
  return null;
}

/** QUICK-01, QUICK-02: a page of the goods the buyer bought before, each with today's state. */
export async function fastBuy(
  q: Queryable,
  userId: number,
  filter: { order: FastBuyOrder; keyword?: string | undefined },
  at: number,
  size: number,
) {
  const rows = await store.fastBuyPage(q, userId, filter, size, (at - 1) * size);
  // The count rides on the page's rows; a page past the end has none, so it asks the first page for it.
  const total = rows[0]?.total ?? (at > 1 ? ((await store.fastBuyPage(q, userId, filter, 1, 0))[0]?.total ?? 0) : 0);
  return page(
    rows.map(({ total: _total, in_scope: inScope, last_at, ...row }) => ({
      ...row,
      last_at: iso(last_at),
      reason: unavailableReason({ ...row, in_scope: inScope }),
    })),
    total,
    at,
    size,
  );
}

export type PriceChange = 'up' | 'down' | 'same';
export type LineState = 'ok' | 'short' | 'out' | 'gone';
export type LadderChange = 'reached' | 'lost' | 'none';

function priceChange(then: number, now: number | null): PriceChange {
  if (now === null || now === then) return 'same';
  return now > then ? 'up' : 'down';
}

/** The ladder tier that prices `quantity` today, or null when the list price does (CART-07's tiers). */
export function tierAt(
  quantity: number,
  price: number,
  ladder: readonly LadderTier[],
  ladderType: number,
): LadderTier | null {
  const { unitPrice } = ladderPosition(quantity, price, ladder, ladderType);
  if (unitPrice >= price) return null;
  const tiers = [...ladder].sort((a, b) => a.number - b.number);
  // Minimum-quantity tiers: the highest one reached; upper-bound tiers (type 1): the first whose bound holds it.
  const tier =
    ladderType === 1
      ? (tiers.find((t) => t.number >= quantity) ?? tiers.at(-1))
      : tiers.filter((t) => t.number <= quantity).at(-1);
  return tier === undefined ? null : { number: tier.number, price: unitPrice };
}

/**
 * QUICK-05..QUICK-07: what changed for each goods of the order since it was placed: the price then (what was paid
 * per unit, floored to the fen) against the unit price today at the same quantity, stock against that quantity,
 * whether it is still sold, and a ladder tier reached or lost. 404 for an order that is not the buyer's (ORDER-13).
 */
export async function rebuyPreview(q: Queryable, userId: number, orderId: number) {
  const rows = await store.previewRows(q, userId, orderId);
  if (rows === undefined) throw orderNotFound();
  const lines = rows.map((row) => {
    const priceThen = Math.floor(row.total / row.number);
    const sold = row.price !== null && row.is_buy === 1;
    const tierNow = row.price === null ? null : tierAt(row.number, row.price, row.ladder_price, row.ladder_price_type);
    const priceNow =
      row.price === null
        ? null
        : ladderPosition(row.number, row.price, row.ladder_price, row.ladder_price_type).unitPrice;
    const state: LineState = !sold
      ? 'gone'
      : (row.stock ?? 0) <= 0
        ? 'out'
        : (row.stock ?? 0) < row.number
          ? 'short'
          : 'ok';
    const ladderChange: LadderChange =
      row.ladder_then === 0 && tierNow !== null
        ? 'reached'
        : row.ladder_then === 1 && tierNow === null
          ? 'lost'
          : 'none';
    return {
      ...lineGoodsLabel(row),
      number: row.number,
      price_then: priceThen,
      price_now: priceNow,
      price_change: priceChange(priceThen, priceNow),
      stock: row.stock ?? 0,
      state,
      ladder_then: row.ladder_then,
      ladder_now: tierNow,
      ladder_change: ladderChange,
      // QUICK-08: the words the dialog shows for a line that will not go to the cart as it is.
      reason:
        state === 'gone'
          ? unavailableReason(row)
          : state === 'out'
            ? '该商品已售罄'
            : state === 'short'
              ? stockExceededText(row.stock ?? 0)
              : null,
    };
  });
  return { order_id: orderId, lines, addable: lines.filter((l) => l.state === 'ok').length };
}
