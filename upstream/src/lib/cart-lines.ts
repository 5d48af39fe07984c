import { priceLines, setsInStock, type CartLine, type PricedLine } from '@pharma/domain/cart-pricing';
import { Refusal } from '@pharma/domain/codes';
import { stockExceededText, Wording } from '@pharma/domain/wording';
import type { Queryable, SqlValue } from '../db/db';
import {
  combinationGoodsDto,
  combinationGroupDto,
  combinationsById,
  type CombinationGoodsRow,
  type CombinationGroupRow,
} from './combinations';
import { GOODS_COLUMNS, goodsDto, type GoodsRow } from './goods';
import { offerKey, welfareOffers } from './campaign-prices';
import {
  exchangeOffers,
  goodsOffers,
  seckillKey,
  seckillLimitReached,
  seckillOffers,
  seckillSoldOut,
} from './goods-offers';
import { EXCHANGE_LIMIT, seckillRefusal, type SeckillOffer } from '@pharma/domain/price-engine';
import { groupBuyDto, groupBuysById, type GroupBuyRow } from './group-buys';
import { inScopeSql, outOfScope } from './business-scope';
import { ApiError, notFound } from './http';

/** Line types (CART-17; 2, a group-buy join, and 4, an add-on purchase, are the marketplace's own: ADR 0106, 0131). */
export const LINE_TYPES = { normal: 0, seckill: 1, groupBuy: 2, combination: 3, exchange: 4 } as const;

/** A cart line joined with its goods (a combination line's goods is the set's first goods). */
export interface LineRow extends GoodsRow {
  line_id: number;
  line_number: number;
  line_type: number;
  goods_price_id: number;
  ladder_price_id: number;
  goods_manjian_id: number;
  is_yj: number;
  is_selected: number;
  combination_id: number;
  group_buy_id: number;
  /** The warehouse the line was added from (the goods' own ck_id is `ck_id`). */
  line_ck_id: number;
  line_user_id: number;
}

export const LINE_SQL = `SELECT c.id AS line_id, c.number AS line_number, c.type AS line_type, c.goods_price_id,
    c.ladder_price_id, c.goods_manjian_id, c.is_yj, c.is_selected, c.combination_id, c.group_buy_id, c.ck_id AS line_ck_id,
    c.user_id AS line_user_id,
    ${GOODS_COLUMNS}
  FROM cart_lines c JOIN goods g ON g.id = c.goods_id`;

// Every goods takes part in order tiers and coupons at its ordinary price (no with_coupon column yet); a line priced
// by a promotion does not (PRICE-08, decided by the price engine).
export const WITH_COUPON = 1;

/** The set a combination line sells, with its goods as stored. */
export interface StoredCombination {
  group: CombinationGroupRow;
  goods: CombinationGoodsRow[];
}

export interface StoredLine extends CartLine {
  with_coupon: number;
  is_expired: number;
  /** The line's price before its activity: the goods' own price, or one set at the goods' own prices. */
  raw_price: number;
  goods: LineRow;
  combination: StoredCombination | null;
  group_buy: GroupBuyRow | null;
}

/**
 * Prices stored lines by the shared cart rules: ladder unit price, total, and whether each counts. Activity lines
 * read their activity first (one statement per kind for all lines): a combination line sells its set at the set
 * price, a group-buy line its goods at the group price; either is unavailable once its activity is not running,
 * and a line whose activity is gone altogether is unavailable too.
 */
export async function priceRows(q: Queryable, rows: readonly LineRow[]): Promise<PricedLine<StoredLine>[]> {
  // One after the other: inside a transaction both would share one connection anyway.
  const combinations = await combinationsById(
    q,
    rows.filter((r) => r.line_type === LINE_TYPES.combination).map((r) => r.combination_id),
  );
  const groupBuys = await groupBuysById(
    q,
    rows.filter((r) => r.line_type === LINE_TYPES.groupBuy).map((r) => r.group_buy_id),
  );
  // PROMO-03: an ordinary line naming a welfare campaign in goods_price_id sells at the campaign's price.
  const welfare = await welfareOffers(
    q,
    rows
      .filter((r) => r.line_type === LINE_TYPES.normal && r.goods_price_id > 0)
      .map((r) => ({ campaignId: r.goods_price_id, goodsId: r.id })),
  );
  // PRICE-03: a seckill line names its seckill in goods_price_id.
  const seckills = await seckillOffers(
    q,
    rows
      .filter((r) => r.line_type === LINE_TYPES.seckill)
      .map((r) => ({ activityId: r.goods_price_id, goodsId: r.id, userId: r.line_user_id })),
  );
  const offers = await goodsOffers(
    q,
    rows.filter((r) => r.line_type === LINE_TYPES.normal || r.line_type === LINE_TYPES.seckill).map((r) => r.id),
  );
  // PRICE-13: an exchange line names its add-on purchase in goods_price_id.
  const exchanges = await exchangeOffers(
    q,
    rows.filter((r) => r.line_type === LINE_TYPES.exchange).map((r) => r.goods_price_id),
  );
  // The lines are priced together: an exchange line is unlocked by another line of the same cart or order.
  return priceLines(
    rows.map((r): StoredLine => {
      const base = { number: r.line_number, is_selected: r.is_selected, type: r.line_type, with_coupon: WITH_COUPON };
      if (r.line_type === LINE_TYPES.combination) {
        const found = combinations.get(r.combination_id);
        const dto = found === undefined ? null : combinationGroupDto(found.group);
        return {
          ...base,
          price: dto?.set_price ?? 0,
          raw_price: dto?.original_price ?? 0,
          is_expired: found === undefined || found.group.is_expired === 1 ? 1 : 0,
          promotion_id: r.combination_id,
          goods: r,
          combination: found === undefined ? null : { group: found.group, goods: found.goods },
          group_buy: null,
        };
      }
      if (r.line_type === LINE_TYPES.groupBuy) {
        const offer = groupBuys.get(r.group_buy_id);
        return {
          ...base,
          price: offer?.price ?? r.price,
          raw_price: r.price,
          is_expired: offer === undefined || offer.is_expired === 1 ? 1 : 0,
          promotion_id: r.group_buy_id,
          goods: r,
          combination: null,
          group_buy: offer ?? null,
        };
      }
      if (r.line_type === LINE_TYPES.exchange) {
        const offer = exchanges.get(r.goods_price_id);
        return {
          ...base,
          price: offer?.price ?? r.price,
          raw_price: r.price,
          is_expired: offer?.running === true ? 0 : 1,
          goods: r,
          combination: null,
          group_buy: null,
          // An exchange line's goods must be the offer's own: a line naming another goods is never priced by it.
          offers: { exchange: offer !== undefined && offer.goodsId === r.id ? offer : null },
        };
      }
      const own = offers.get(r.id) ?? {};
      const campaign = r.line_type === LINE_TYPES.normal ? welfare.get(offerKey(r.goods_price_id, r.id)) : undefined;
      const gift = own.gift
        ? // The same goods given (同品) comes out of what the line leaves of its stock.
          { ...own.gift, giftStock: own.gift.giftStock - (own.gift.giftGoodsId === r.id ? r.line_number : 0) }
        : null;
      return {
        ...base,
        price: r.price,
        raw_price: r.price,
        // PROMO-03: once the campaign is not running the line cannot be ordered.
        is_expired: campaign?.is_expired ?? 0,
        goods: r,
        combination: null,
        group_buy: null,
        offers: {
          ...own,
          gift,
          welfare:
            campaign === undefined
              ? null
              : { campaignId: campaign.campaign_id, percent: campaign.discount, running: campaign.is_expired === 0 },
          seckill:
            r.line_type === LINE_TYPES.seckill
              ? (seckills.get(seckillKey(r.goods_price_id, r.id, r.line_user_id)) ?? null)
              : null,
        },
      };
    }),
  );
}

/** The buyer's lines matching `where` (over `cart_lines c`), newest first, priced. `lock` locks the lines. */
export async function loadLines(
  q: Queryable,
  where: string,
  params: readonly SqlValue[],
  lock = false,
): Promise<PricedLine<StoredLine>[]> {
  const rows = await q.query<LineRow>(
    `${LINE_SQL} WHERE ${where} ORDER BY c.id DESC${lock ? ' FOR UPDATE OF c' : ''}`,
    params,
  );
  return priceRows(q, rows);
}

export function lineDto(priced: PricedLine<StoredLine>, publicUrl: string) {
  const { dto: line, unitPrice, selected } = priced;
  const r = line.goods;
  return {
    id: r.line_id,
    number: r.line_number,
    price: unitPrice,
    raw_price: line.raw_price,
    total: priced.total,
    // Goods that cannot be bought now never count towards the order, whatever was stored.
    is_selected: selected ? 1 : 0,
    is_available: priced.available ? 1 : 0,
    next_tier_hint: priced.nextTierHint,
    free_shipping_hint: priced.freeShippingHint,
    type: r.line_type,
    goods_type: r.line_type,
    // PRICE-06: what the goods' own 满减 takes off this line, and how far it is.
    goods_manjian_amount: priced.manjianAmount,
    goods_manjian_hint: priced.manjianHint,
    // PRICE-08: 1 only for a line at the ordinary price, which order tiers and coupons count.
    with_coupon: priced.withCoupon ? 1 : 0,
    // PRICE-07: gift type 1 = goods given with the line (赠品).
    gift_data: { total: priced.gift?.units ?? 0, type: priced.gift === null ? 0 : 1 },
    gift_goods:
      priced.gift === null
        ? null
        : {
            activity_id: priced.gift.activityId,
            goods_id: priced.gift.goodsId,
            name: priced.gift.goodsName,
            number: priced.gift.units,
            label: priced.gift.label,
          },
    // PRICE-01, PRICE-05: the promotion that set the unit price, and why the one the line was added under did not.
    promotion:
      priced.promotion === null
        ? null
        : { kind: priced.promotion.kind, id: priced.promotion.id, label: priced.promotion.label },
    promotion_note: priced.note,
    // PRICE-13: the add-on purchase this line's goods offers, and whether the line unlocks it now.
    exchange_offer:
      priced.exchange === null
        ? null
        : {
            activity_id: priced.exchange.offer.activityId,
            name: priced.exchange.offer.name,
            goods_id: priced.exchange.offer.goodsId,
            goods_name: priced.exchange.offer.goodsName,
            price: priced.exchange.offer.price,
            threshold: priced.exchange.offer.threshold,
            unlocked: priced.exchange.unlocked ? 1 : 0,
          },
    key: [
      r.id,
      r.line_type,
      r.goods_price_id,
      r.ladder_price_id,
      r.goods_manjian_id,
      r.is_yj,
      r.combination_id,
      r.group_buy_id,
    ].join('_'),
    goods_price_id: r.goods_price_id,
    ladder_price_id: r.ladder_price_id,
    goods_manjian_id: r.goods_manjian_id,
    is_yj: r.is_yj,
    combination_id: r.combination_id,
    group_buy_id: r.group_buy_id,
    is_expired: line.is_expired,
    // The set as GET /api/combinationMzhg answers it, so a client reads a line's set and the zone's alike.
    combination:
      line.combination === null
        ? null
        : {
            ...combinationGroupDto(line.combination.group),
            gift_goods: null,
            goods: line.combination.goods.map((g) => combinationGoodsDto(g, publicUrl)),
          },
    group_buy: line.group_buy === null ? null : groupBuyDto(line.group_buy),
    goods: goodsDto(r, publicUrl),
  };
}

/** The goods a line takes when ordered, with the units of each: a set's goods × sets, otherwise its own goods. */
export function lineUnits(line: StoredLine): { goods: GoodsRow; units: number }[] {
  if (line.combination !== null) {
    return line.combination.goods.map((g) => ({ goods: g, units: g.combination.number * line.number }));
  }
  return [{ goods: line.goods, units: line.number }];
}

export async function lineCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM cart_lines WHERE user_id = $1', [
    userId,
  ]);
  return row?.total ?? 0;
}

/** CART-04 */
export const stockExceeded = (stock: number) => new ApiError(400, Refusal.STOCK_EXCEEDED, stockExceededText(stock));
/** CART-16 */
export const notBuyable = () => new ApiError(400, Refusal.NOT_BUYABLE, Wording.notBuyable);
/** CART-04: a set beyond the stock of its scarcest goods, which the message names. */
export const setsExceeded = (name: string, sets: number) =>
  new ApiError(
    400,
    Refusal.STOCK_EXCEEDED,
    sets > 0 ? `${name}${stockExceededText(sets, '组')}` : `${name}库存不足，该组合已售罄`,
  );
/** CART-18 */
export const activityNotRunning = (what: string, started: boolean) =>
  new ApiError(400, Refusal.ACTIVITY_NOT_RUNNING, started ? `${what}已结束` : `${what}尚未开始`);

export interface AddLine {
  goods_id: number;
  number: number;
  type: number;
  goods_price_id: number;
  ladder_price_id: number;
  goods_manjian_id: number;
  is_yj: number;
  ck_id?: number | undefined;
}

/**
 * Adds goods to a buyer's cart inside the caller's transaction. Goods already in the cart add to that line
 * atomically: a concurrent add of the same goods waits on the row and then adds to it, so nothing is lost; the
 * WHERE refuses an update that would take the line beyond the stock.
 */
export async function addToCart(tx: Queryable, userId: number, line: AddLine): Promise<void> {
  const [goods] = await tx.query<{ is_buy: number; number: number; ck_id: number; in_scope: boolean }>(
    `SELECT g.is_buy, g.number, g.ck_id, ${inScopeSql('g', '$2')} AS in_scope FROM goods g WHERE g.id = $1`,
    [line.goods_id, userId],
  );
  if (goods === undefined) throw notFound('商品不存在');
  // SCOPE-03: goods outside the buyer's business scope never go in (40160), whichever way they are added.
  if (!goods.in_scope) throw outOfScope();
  if (goods.is_buy !== 1) throw notBuyable();
  if (line.number > goods.number) throw stockExceeded(goods.number);
  const upserted = await tx.query<{ id: number }>(
    `INSERT INTO cart_lines AS c (user_id, goods_id, type, goods_price_id, ladder_price_id, goods_manjian_id,
       is_yj, ck_id, number)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (user_id, goods_id, type, goods_price_id, ladder_price_id, goods_manjian_id, is_yj, combination_id,
       group_buy_id)
     DO UPDATE SET number = c.number + excluded.number, is_selected = 1, updated_at = now()
       WHERE c.number + excluded.number <= (SELECT g.number FROM goods g WHERE g.id = excluded.goods_id)
     RETURNING c.id`,
    [
      userId,
      line.goods_id,
      line.type,
      line.goods_price_id,
      line.ladder_price_id,
      line.goods_manjian_id,
      line.is_yj,
      line.ck_id ?? goods.ck_id,
      line.number,
    ],
  );
  if (upserted.length === 0) throw stockExceeded(goods.number);
}

/** Why `number` seckill units cannot be on a buyer's line now: the seckill's words (PRICE-03). */
function seckillRefusalError(offer: SeckillOffer, number: number): ApiError | null {
  const refusal = seckillRefusal(offer, number);
  if (refusal === null) return null;
  if (refusal.kind === 'NOT_RUNNING') return activityNotRunning('该秒杀活动', offer.started);
  if (refusal.kind === 'SOLD_OUT') return seckillSoldOut(offer.remaining);
  return seckillLimitReached(offer.limit, offer.limit - offer.bought);
}

/**
 * PRICE-03: adds seckill units as a line of type 1 naming its seckill (goods_price_id), inside the caller's
 * transaction: only while the seckill runs, and never more on the line than the buyer's limit leaves and the
 * seckill has left. The order claims the units for good (claimSeckill); the cart only holds the intention.
 */
export async function addSeckillToCart(
  tx: Queryable,
  userId: number,
  goodsId: number,
  activityId: number,
  number: number,
): Promise<void> {
  const offer = (await seckillOffers(tx, [{ activityId, goodsId, userId }])).get(
    seckillKey(activityId, goodsId, userId),
  );
  if (offer === undefined) throw notFound('秒杀活动不存在');
  const [held] = await tx.query<{ number: number }>(
    'SELECT number FROM cart_lines WHERE user_id = $1 AND goods_id = $2 AND type = $3 AND goods_price_id = $4',
    [userId, goodsId, LINE_TYPES.seckill, activityId],
  );
  // What the line holds already counts against the limit as if bought: the refusal says what more may go in.
  const refusal = seckillRefusalError({ ...offer, bought: offer.bought + (held?.number ?? 0) }, number);
  if (refusal !== null) throw refusal;
  await addToCart(tx, userId, {
    goods_id: goodsId,
    number,
    type: LINE_TYPES.seckill,
    goods_price_id: activityId,
    ladder_price_id: 0,
    goods_manjian_id: 0,
    is_yj: 0,
  });
}

/**
 * PRICE-13: adds an add-on purchase (换购) as a line of type 4 naming its offer (goods_price_id), inside the caller's
 * transaction: the goods must be the offer's, the offer running, a selected line of the cart unlocking it, and the
 * line at most EXCHANGE_LIMIT units.
 */
export async function addExchangeToCart(
  tx: Queryable,
  userId: number,
  goodsId: number,
  activityId: number,
  number: number,
): Promise<void> {
  const offer = (await exchangeOffers(tx, [activityId])).get(activityId);
  if (offer === undefined || offer.goodsId !== goodsId) throw notFound('换购活动不存在');
  if (!offer.running) throw activityNotRunning('该换购活动', true);
  const lines = await loadLines(tx, 'c.user_id = $1', [userId]);
  const held = lines.find(
    (l) => l.type === 'EXCHANGE' && l.dto.goods.id === goodsId && l.dto.goods.goods_price_id === activityId,
  );
  if ((held?.dto.number ?? 0) + number > EXCHANGE_LIMIT) throw exchangeLimit();
  if (!lines.some((l) => l.selected && l.exchange?.unlocked && l.exchange.offer.activityId === activityId)) {
    throw new ApiError(400, Refusal.EXCHANGE_NOT_REACHED, `未满足换购条件：${offer.name}`);
  }
  await addToCart(tx, userId, {
    goods_id: goodsId,
    number,
    type: LINE_TYPES.exchange,
    goods_price_id: activityId,
    ladder_price_id: 0,
    goods_manjian_id: 0,
    is_yj: 0,
  });
}

/** PRICE-13 */
const exchangeLimit = () => new ApiError(400, Refusal.EXCHANGE_LIMIT, `每单限换购${EXCHANGE_LIMIT}件`);

/** The goods of a set with their stock, in the set's order, and whether the set is on sale now. */
async function setForAdding(tx: Queryable, userId: number, combinationId: number) {
  const [group] = await tx.query<{ kind: string; started: boolean; running: boolean }>(
    `SELECT kind, start_at <= now() AS started, (start_at <= now() AND end_at > now()) AS running
     FROM combination_groups WHERE id = $1`,
    [combinationId],
  );
  // Only a bundle (组合购) is sold as a set; a full-gift group's goods are bought one by one.
  if (group === undefined || group.kind !== 'bundle') throw notFound('组合不存在');
  if (!group.running) throw activityNotRunning('该组合购活动', group.started);
  const goods = await tx.query<{
    id: number;
    name: string;
    is_buy: number;
    number: number;
    per_set: number;
    in_scope: boolean;
  }>(
    `SELECT g.id, g.name, g.is_buy, g.number, c.number AS per_set, ${inScopeSql('g', '$2')} AS in_scope
     FROM combination_goods c JOIN goods g ON g.id = c.goods_id WHERE c.group_id = $1 ORDER BY c.sort, g.id`,
    [combinationId, userId],
  );
  if (goods.length === 0) throw notFound('组合不存在');
  // SCOPE-03: a set is refused when any of its goods lies outside the buyer's scope, naming that goods.
  const outside = goods.find((g) => !g.in_scope);
  if (outside !== undefined) throw outOfScope(outside.name);
  return goods;
}

/** How many sets the stock allows, and the goods that limits it (the first unbuyable or scarcest one). */
function setLimit(goods: { name: string; is_buy: number; number: number; per_set: number }[]) {
  const items = goods.map((g) => ({ ...g, combination: { number: g.per_set } }));
  const sets = setsInStock(items);
  const scarcest = items.reduce((min, g) => {
    const of = (x: typeof g) => (x.is_buy === 1 ? Math.floor(x.number / x.per_set) : -1);
    return of(g) < of(min) ? g : min;
  });
  return { sets, scarcest };
}

/**
 * Adds sets of a combination purchase (组合购) as ONE line of type 3, inside the caller's transaction. Adding the
 * same set again adds to that line atomically, like goods lines; the guard is the stock of the set's scarcest goods
 * read in the same statement, so a line never holds more sets than the goods' stock allows.
 */
export async function addCombinationToCart(
  tx: Queryable,
  userId: number,
  combinationId: number,
  sets: number,
): Promise<void> {
  const goods = await setForAdding(tx, userId, combinationId);
  const { sets: inStock, scarcest } = setLimit(goods);
  const unbuyable = goods.find((g) => g.is_buy !== 1);
  if (unbuyable !== undefined) throw new ApiError(400, Refusal.NOT_BUYABLE, `${unbuyable.name}暂不可购买`);
  if (sets > inStock) throw setsExceeded(scarcest.name, inStock);
  const first = goods[0];
  const upserted = await tx.query<{ id: number }>(
    `INSERT INTO cart_lines AS c (user_id, goods_id, type, combination_id, number)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, goods_id, type, goods_price_id, ladder_price_id, goods_manjian_id, is_yj, combination_id,
       group_buy_id)
     DO UPDATE SET number = c.number + excluded.number, is_selected = 1, updated_at = now()
       WHERE c.number + excluded.number <= (
         SELECT min(g.number / cg.number) FROM combination_goods cg JOIN goods g ON g.id = cg.goods_id
         WHERE cg.group_id = excluded.combination_id)
     RETURNING c.id`,
    [userId, first?.id ?? 0, LINE_TYPES.combination, combinationId, sets],
  );
  if (upserted.length === 0) throw setsExceeded(scarcest.name, inStock);
}

/**
 * Joins a group-buy (拼团): one line of type 2 for the offer's goods at the group price, inside the caller's
 * transaction; joining the same offer again adds to that line. Units count towards the group when ordered.
 */
export async function addGroupBuyToCart(
  tx: Queryable,
  userId: number,
  groupBuyId: number,
  number: number,
): Promise<void> {
  const [offer] = await tx.query<{
    goods_id: number;
    started: boolean;
    running: boolean;
    is_buy: number;
    number: number;
    ck_id: number;
    in_scope: boolean;
  }>(
    `SELECT gb.goods_id, gb.start_at <= now() AS started, (gb.start_at <= now() AND gb.end_at > now()) AS running,
       g.is_buy, g.number, g.ck_id, ${inScopeSql('g', '$2')} AS in_scope
     FROM group_buys gb JOIN goods g ON g.id = gb.goods_id WHERE gb.id = $1`,
    [groupBuyId, userId],
  );
  if (offer === undefined) throw notFound('拼团活动不存在');
  if (!offer.in_scope) throw outOfScope();
  if (!offer.running) throw activityNotRunning('该拼团活动', offer.started);
  if (offer.is_buy !== 1) throw notBuyable();
  if (number > offer.number) throw stockExceeded(offer.number);
  const upserted = await tx.query<{ id: number }>(
    `INSERT INTO cart_lines AS c (user_id, goods_id, type, group_buy_id, ck_id, number)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, goods_id, type, goods_price_id, ladder_price_id, goods_manjian_id, is_yj, combination_id,
       group_buy_id)
     DO UPDATE SET number = c.number + excluded.number, is_selected = 1, updated_at = now()
       WHERE c.number + excluded.number <= (SELECT g.number FROM goods g WHERE g.id = excluded.goods_id)
     RETURNING c.id`,
    [userId, offer.goods_id, LINE_TYPES.groupBuy, groupBuyId, offer.ck_id, number],
  );
  if (upserted.length === 0) throw stockExceeded(offer.number);
}

/** The most a line may hold now (sets for a combination line, units otherwise), or the refusal to hold `n`. */
export async function checkLineNumber(tx: Queryable, line: LineRow, n: number): Promise<void> {
  if (line.line_type === LINE_TYPES.combination) {
    const goods = await tx.query<{ name: string; is_buy: number; number: number; per_set: number }>(
      `SELECT g.name, g.is_buy, g.number, c.number AS per_set
       FROM combination_goods c JOIN goods g ON g.id = c.goods_id WHERE c.group_id = $1 ORDER BY c.sort, g.id`,
      [line.combination_id],
    );
    if (goods.length === 0) throw notFound('组合不存在');
    const { sets, scarcest } = setLimit(goods);
    if (n > sets) throw setsExceeded(scarcest.name, sets);
    return;
  }
  if (n > line.number) throw stockExceeded(line.number);
  if (line.line_type === LINE_TYPES.exchange && n > EXCHANGE_LIMIT) throw exchangeLimit();
  if (line.line_type === LINE_TYPES.seckill) {
    const key = seckillKey(line.goods_price_id, line.id, line.line_user_id);
    const offer = (
      await seckillOffers(tx, [{ activityId: line.goods_price_id, goodsId: line.id, userId: line.line_user_id }])
    ).get(key);
    // A seckill that ended or sold out leaves the line at the ordinary price (PRICE-05): any quantity the stock
    // allows. While it runs, the line holds no more than the buyer may have of it.
    if (offer !== undefined && offer.running && offer.remaining > 0) {
      const refusal = seckillRefusalError(offer, n);
      if (refusal !== null) throw refusal;
    }
  }
}
