/**
 * Due to reorder (补货提醒, REORDER-01..REORDER-06): the goods the buyer's company buys on a cadence and that are due
 * now or soon, with the usual quantity and today's price for it. Rules over ./store and @pharma/domain/reorder.
 */
import { ladderPosition } from '@pharma/domain/cart-pricing';
import { chinaDay } from '@pharma/domain/china-day';
import { ordinaryPrice } from '@pharma/domain/price-engine';
import { cadence, MIN_PURCHASES, type ReorderState } from '@pharma/domain/reorder';
import type { Queryable } from '../../db/db';
import { goodsOffers } from '../../lib/goods-offers';
import { lineGoodsSnapshot, type LineGoodsSnapshot } from '../orders/store';
import { unavailableReason } from '../quick-buy/service';
import * as store from './store';

export interface ReorderItem extends LineGoodsSnapshot {
  times: number;
  last_day: string;
  interval_days: number;
  usual_number: number;
  due_day: string;
  days_left: number;
  state: Exclude<ReorderState, 'later'>;
  /** REORDER-05: today's unit price of the usual quantity; null when the goods is gone. */
  price: number | null;
  /** The promotion behind that price (限时9.5折); null for the list or ladder price. */
  price_label: string | null;
  stock: number;
  /** QUICK-04's reason when it cannot be bought today; null when it can (REORDER-06). */
  reason: string | null;
}

export interface ReorderList {
  today: string;
  /** Goods due or due soon, before `limit`. */
  total: number;
  /** Of them, the ones due today or earlier. */
  due: number;
  items: ReorderItem[];
}

/** REORDER-01..REORDER-05: the company's goods due (most overdue first), then those due soon; at most `limit`. */
export async function reorderList(q: Queryable, userId: number, limit: number, now = new Date()): Promise<ReorderList> {
  const today = chinaDay(now);
  const rows = await store.boughtOnDays(q, userId, MIN_PURCHASES);
  const found = rows.flatMap((row) => {
    const c = cadence(row.purchases, today);
    return c === null || c.state === 'later' ? [] : [{ row, c, state: c.state }];
  });
  found.sort((a, b) => a.c.daysLeft - b.c.daysLeft || a.row.goods_id - b.row.goods_id);
  const shown = found.slice(0, limit);
  const offers = await goodsOffers(
    q,
    shown.map(({ row }) => row.goods_id),
  );
  const items = shown.map(({ row, c, state }): ReorderItem => {
    const priced =
      row.price === null
        ? null
        : ordinaryPrice(
            ladderPosition(c.usualNumber, row.price, row.ladder_price, row.ladder_price_type).unitPrice,
            row.price,
            { discount: offers.get(row.goods_id)?.discount ?? null },
          );
    return {
      ...lineGoodsSnapshot(row),
      times: c.times,
      last_day: c.lastDay,
      interval_days: c.intervalDays,
      usual_number: c.usualNumber,
      due_day: c.dueDay,
      days_left: c.daysLeft,
      state,
      price: priced?.unitPrice ?? null,
      price_label: priced?.promotion?.label ?? null,
      stock: row.stock ?? 0,
      reason: unavailableReason(row),
    };
  });
  return { today, total: found.length, due: found.filter((f) => f.state === 'due').length, items };
}
