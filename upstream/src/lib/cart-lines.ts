import { priceLine, setsInStock, type CartLine, type PricedLine } from '@pharma/domain/cart-pricing';
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
import { offerKey, welfareOffers, welfarePrice } from './campaign-prices';
import { groupBuyDto, groupBuysById, type GroupBuyRow } from './group-buys';
import { ApiError, notFound } from './http';

/** Line types (CART-17; 2, a group-buy join, is the marketplace's own: docs/adr/0106). */
export const LINE_TYPES = { normal: 0, seckill: 1, groupBuy: 2, combination: 3 } as const;

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
}

export const LINE_SQL = `SELECT c.id AS line_id, c.number AS line_number, c.type AS line_type, c.goods_price_id,
    c.ladder_price_id, c.goods_manjian_id, c.is_yj, c.is_selected, c.combination_id, c.group_buy_id, c.ck_id AS line_ck_id,
    ${GOODS_COLUMNS}
  FROM cart_lines c JOIN goods g ON g.id = c.goods_id`;

// Every goods takes part in the promotions (no with_coupon column yet).
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
  return rows.map((r) => {
    const base = { number: r.line_number, is_selected: r.is_selected, type: r.line_type, with_coupon: WITH_COUPON };
    if (r.line_type === LINE_TYPES.combination) {
      const found = combinations.get(r.combination_id);
      const dto = found === undefined ? null : combinationGroupDto(found.group);
      return priceLine({
        ...base,
        price: dto?.set_price ?? 0,
        raw_price: dto?.original_price ?? 0,
        is_expired: found === undefined || found.group.is_expired === 1 ? 1 : 0,
        goods: r,
        combination: found === undefined ? null : { group: found.group, goods: found.goods },
        group_buy: null,
      });
    }
    if (r.line_type === LINE_TYPES.groupBuy) {
      const offer = groupBuys.get(r.group_buy_id);
      return priceLine({
        ...base,
        price: offer?.price ?? r.price,
        raw_price: r.price,
        is_expired: offer === undefined || offer.is_expired === 1 ? 1 : 0,
        goods: r,
        combination: null,
        group_buy: offer ?? null,
      });
    }
    const offer = r.line_type === LINE_TYPES.normal ? welfare.get(offerKey(r.goods_price_id, r.id)) : undefined;
    if (offer !== undefined) {
      return priceLine({
        ...base,
        price: welfarePrice(r.price, offer.discount),
        raw_price: r.price,
        is_expired: offer.is_expired,
        // The campaign's price replaces the ladder: no tier applies on top of it.
        goods: { ...r, ladder_price: [] },
        combination: null,
        group_buy: null,
      });
    }
    return priceLine({
      ...base,
      price: r.price,
      raw_price: r.price,
      is_expired: 0,
      goods: r,
      combination: null,
      group_buy: null,
    });
  });
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
    goods_manjian_amount: 0,
    with_coupon: line.with_coupon,
    gift_data: { total: 0, type: 0 },
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
  const [goods] = await tx.query<{ is_buy: number; number: number; ck_id: number }>(
    'SELECT is_buy, number, ck_id FROM goods WHERE id = $1',
    [line.goods_id],
  );
  if (goods === undefined) throw notFound('商品不存在');
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

/** The goods of a set with their stock, in the set's order, and whether the set is on sale now. */
async function setForAdding(tx: Queryable, combinationId: number) {
  const [group] = await tx.query<{ kind: string; started: boolean; running: boolean }>(
    `SELECT kind, start_at <= now() AS started, (start_at <= now() AND end_at > now()) AS running
     FROM combination_groups WHERE id = $1`,
    [combinationId],
  );
  // Only a bundle (组合购) is sold as a set; a full-gift group's goods are bought one by one.
  if (group === undefined || group.kind !== 'bundle') throw notFound('组合不存在');
  if (!group.running) throw activityNotRunning('该组合购活动', group.started);
  const goods = await tx.query<{ id: number; name: string; is_buy: number; number: number; per_set: number }>(
    `SELECT g.id, g.name, g.is_buy, g.number, c.number AS per_set
     FROM combination_goods c JOIN goods g ON g.id = c.goods_id WHERE c.group_id = $1 ORDER BY c.sort, g.id`,
    [combinationId],
  );
  if (goods.length === 0) throw notFound('组合不存在');
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
  const goods = await setForAdding(tx, combinationId);
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
  }>(
    `SELECT gb.goods_id, gb.start_at <= now() AS started, (gb.start_at <= now() AND gb.end_at > now()) AS running,
       g.is_buy, g.number, g.ck_id
     FROM group_buys gb JOIN goods g ON g.id = gb.goods_id WHERE gb.id = $1`,
    [groupBuyId],
  );
  if (offer === undefined) throw notFound('拼团活动不存在');
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
}
