import {
  deepestDiscount,
  type DiscountOffer,
  type ExchangeOffer,
  type GiftOffer,
  type GoodsManjianOffer,
  type GoodsOffers,
  type SeckillOffer,
} from '@pharma/domain/price-engine';
import { Refusal } from '@pharma/domain/codes';
import type { Queryable } from '../db/db';
import { ApiError } from './http';

/**
 * The promotions covering goods now, read for the price engine (PRICE-01..PRICE-08) by the store's clock: one
 * statement for the goods' own offers (discount, 满减, gift) and one for the seckills lines name.
 */

/**
 * PRICE-03: a seckill's units not yet sold and its per-buyer limit, over `goods_activities ga` (its stock is null on
 * other activity types, which have neither).
 */
export const SECKILL_REMAINING_SQL = 'GREATEST(COALESCE(ga.stock, 0) - ga.sold, 0)';
export const SECKILL_LIMIT_SQL = 'COALESCE(ga.per_buyer_limit, 1)';

interface GoodsOfferRow {
  goods_id: number;
  id: number;
  type: 'discount' | 'manjian' | 'gift' | 'exchange';
  name: string;
  offer_price: number | null;
  exchange_goods_id: number | null;
  threshold: number | null;
  reduce: number | null;
  discount: number | null;
  gift_number: number | null;
  gift_goods_id: number;
  gift_goods_name: string;
  gift_stock: number;
}

/** Running discounts, 满减, gifts and add-on purchases of the goods, by goods. Of several discounts the deepest applies. */
export async function goodsOffers(
  q: Queryable,
  goodsIds: readonly number[],
): Promise<Map<number, Omit<GoodsOffers, 'seckill' | 'welfare'>>> {
  const offers = new Map<number, Omit<GoodsOffers, 'seckill' | 'welfare'>>();
  if (goodsIds.length === 0) return offers;
  const rows = await q.query<GoodsOfferRow>(
    `SELECT ga.goods_id, a.id, a.type, a.name, a.threshold, a.reduce, a.discount, a.gift_number,
       COALESCE(a.gift_goods_id, g.id) AS gift_goods_id, COALESCE(gg.name, g.name) AS gift_goods_name,
       COALESCE(gg.number, g.number) AS gift_stock, ga.price AS offer_price, a.gift_goods_id AS exchange_goods_id
     FROM goods_activities ga
     JOIN activities a ON a.id = ga.activity_id AND a.type IN ('discount', 'manjian', 'gift', 'exchange')
       AND a.start_at <= now() AND a.end_at > now()
     JOIN goods g ON g.id = ga.goods_id
     LEFT JOIN goods gg ON gg.id = a.gift_goods_id
     WHERE ga.goods_id = ANY($1::int[])
     ORDER BY ga.goods_id, a.id`,
    [[...new Set(goodsIds)]],
  );
  for (const row of rows) {
    const entry = offers.get(row.goods_id) ?? {};
    if (row.type === 'discount' && row.discount !== null) {
      const discount: DiscountOffer = { activityId: row.id, name: row.name, percent: row.discount };
      entry.discount = entry.discount ? deepestDiscount([entry.discount, discount]) : discount;
    } else if (row.type === 'manjian' && row.threshold !== null && row.reduce !== null) {
      const manjian: GoodsManjianOffer = {
        activityId: row.id,
        name: row.name,
        threshold: row.threshold,
        reduce: row.reduce,
      };
      entry.manjian ??= manjian;
    } else if (row.type === 'gift' && row.threshold !== null && row.gift_number !== null) {
      const gift: GiftOffer = {
        activityId: row.id,
        name: row.name,
        threshold: row.threshold,
        giftNumber: row.gift_number,
        giftGoodsId: row.gift_goods_id,
        giftGoodsName: row.gift_goods_name,
        giftStock: row.gift_stock,
      };
      entry.gift ??= gift;
    } else if (
      row.type === 'exchange' &&
      row.threshold !== null &&
      row.offer_price !== null &&
      row.exchange_goods_id !== null
    ) {
      const exchange: ExchangeOffer = {
        activityId: row.id,
        name: row.name,
        threshold: row.threshold,
        price: row.offer_price,
        goodsId: row.exchange_goods_id,
        goodsName: row.gift_goods_name,
        running: true,
      };
      entry.exchange ??= exchange;
    }
    offers.set(row.goods_id, entry);
  }
  return offers;
}

/**
 * PRICE-13: the add-on purchases exchange lines name, running or not: its price is the offer's (one price for all
 * its covered goods in this store); absent when the activity is unknown or not an add-on purchase.
 */
export async function exchangeOffers(
  q: Queryable,
  activityIds: readonly number[],
): Promise<Map<number, ExchangeOffer>> {
  if (activityIds.length === 0) return new Map();
  const rows = await q.query<{
    id: number;
    name: string;
    threshold: number;
    price: number;
    goods_id: number;
    goods_name: string;
    running: boolean;
  }>(
    `SELECT a.id, a.name, a.threshold, min(ga.price)::int AS price, a.gift_goods_id AS goods_id, gg.name AS goods_name,
       (a.start_at <= now() AND a.end_at > now()) AS running
     FROM activities a JOIN goods gg ON gg.id = a.gift_goods_id
     JOIN goods_activities ga ON ga.activity_id = a.id
     WHERE a.type = 'exchange' AND a.id = ANY($1::int[]) AND a.threshold IS NOT NULL AND ga.price IS NOT NULL
     GROUP BY a.id, gg.name`,
    [[...new Set(activityIds)]],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        activityId: r.id,
        name: r.name,
        threshold: r.threshold,
        price: r.price,
        goodsId: r.goods_id,
        goodsName: r.goods_name,
        running: r.running,
      },
    ]),
  );
}

interface SeckillRow {
  activity_id: number;
  goods_id: number;
  user_id: number;
  name: string;
  price: number;
  started: boolean;
  running: boolean;
  remaining: number;
  per_buyer_limit: number;
  bought: number;
}

export const seckillKey = (activityId: number, goodsId: number, userId: number) => `${activityId}:${goodsId}:${userId}`;

/** The seckills named by (activity, goods, buyer), with what each buyer bought in them; absent when unknown. */
export async function seckillOffers(
  q: Queryable,
  wanted: readonly { activityId: number; goodsId: number; userId: number }[],
): Promise<Map<string, SeckillOffer>> {
  if (wanted.length === 0) return new Map();
  const rows = await q.query<SeckillRow>(
    `SELECT ga.activity_id, ga.goods_id, w.user_id, a.name, ga.price,
       a.start_at <= now() AS started, (a.start_at <= now() AND a.end_at > now()) AS running,
       ${SECKILL_REMAINING_SQL} AS remaining, ${SECKILL_LIMIT_SQL} AS per_buyer_limit,
       COALESCE(sb.number, 0) AS bought
     FROM unnest($1::int[], $2::int[], $3::int[]) AS w (activity_id, goods_id, user_id)
     JOIN goods_activities ga ON ga.activity_id = w.activity_id AND ga.goods_id = w.goods_id
     JOIN activities a ON a.id = ga.activity_id AND a.type = 'seckill'
     LEFT JOIN seckill_buys sb ON sb.activity_id = w.activity_id AND sb.goods_id = w.goods_id
       AND sb.user_id = w.user_id`,
    [wanted.map((w) => w.activityId), wanted.map((w) => w.goodsId), wanted.map((w) => w.userId)],
  );
  return new Map(
    rows.map((r) => [
      seckillKey(r.activity_id, r.goods_id, r.user_id),
      {
        activityId: r.activity_id,
        name: r.name,
        price: r.price ?? 0,
        started: r.started,
        running: r.running,
        remaining: r.remaining,
        limit: r.per_buyer_limit,
        bought: r.bought,
      },
    ]),
  );
}

/** PRICE-03 */
export const seckillSoldOut = (remaining: number) =>
  new ApiError(
    400,
    Refusal.SECKILL_SOLD_OUT,
    remaining > 0 ? `秒杀仅剩${remaining}件，请减少数量` : '秒杀商品已抢光，可按原价购买',
  );
/** PRICE-03 */
export const seckillLimitReached = (limit: number, left: number) =>
  new ApiError(
    400,
    Refusal.SECKILL_LIMIT,
    left > 0 ? `每人限购${limit}件，最多还可购买${left}件` : `每人限购${limit}件，您已达到限购数量`,
  );

/**
 * PRICE-03: sells `units` seckill units to a buyer inside the order's transaction, or refuses: the seckill's own
 * stock by one conditional update (never oversold, whatever runs at once) and the buyer's count by one conditional
 * upsert on (activity, goods, buyer) (never past the limit). The window is checked in the same statement.
 */
export async function claimSeckill(
  tx: Queryable,
  userId: number,
  activityId: number,
  goodsId: number,
  units: number,
): Promise<void> {
  const sold = await tx.query<{ per_buyer_limit: number }>(
    `UPDATE goods_activities ga SET sold = ga.sold + $3
     FROM activities a
     WHERE ga.activity_id = $1 AND ga.goods_id = $2 AND a.id = ga.activity_id AND a.type = 'seckill'
       AND a.start_at <= now() AND a.end_at > now() AND ga.sold + $3 <= ga.stock
     RETURNING ga.per_buyer_limit`,
    [activityId, goodsId, units],
  );
  const [row] = sold;
  if (row === undefined) {
    const [state] = await tx.query<{ remaining: number; running: boolean }>(
      `SELECT ${SECKILL_REMAINING_SQL} AS remaining,
         (a.start_at <= now() AND a.end_at > now()) AS running
       FROM goods_activities ga JOIN activities a ON a.id = ga.activity_id
       WHERE ga.activity_id = $1 AND ga.goods_id = $2`,
      [activityId, goodsId],
    );
    if (state === undefined || !state.running) {
      throw new ApiError(400, Refusal.ACTIVITY_NOT_RUNNING, '秒杀已结束，请返回购物车按原价购买');
    }
    throw seckillSoldOut(state.remaining);
  }
  const counted = await tx.query<{ number: number }>(
    `INSERT INTO seckill_buys AS sb (activity_id, goods_id, user_id, number) VALUES ($1, $2, $3, $4)
     ON CONFLICT (activity_id, goods_id, user_id) DO UPDATE SET number = sb.number + excluded.number
       WHERE sb.number + excluded.number <= $5
     RETURNING sb.number`,
    [activityId, goodsId, userId, units, row.per_buyer_limit],
  );
  if (counted.length === 0 || units > row.per_buyer_limit) {
    const [bought] = await tx.query<{ number: number }>(
      'SELECT number FROM seckill_buys WHERE activity_id = $1 AND goods_id = $2 AND user_id = $3',
      [activityId, goodsId, userId],
    );
    throw seckillLimitReached(row.per_buyer_limit, row.per_buyer_limit - (bought?.number ?? 0));
  }
}
