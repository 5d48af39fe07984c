import { setPrice } from '@pharma/domain/cart-pricing';
import type { Queryable } from '../db/db';
import { GOODS_COLUMNS, goodsDto, type GoodsDto, type GoodsRow } from './goods';
import { iso } from './http';

/** 1 combination full-gift (组合满赠), 2 combination purchase (组合购): the old client's numbering of kinds. */
export const COMBINATION_TYPES = { gift: 1, bundle: 2 } as const;

export interface CombinationGroupRow {
  id: number;
  kind: 'gift' | 'bundle';
  name: string;
  describe: string;
  threshold: number | null;
  gift_goods_id: number | null;
  gift_goods_name: string | null;
  gift_number: number | null;
  goods_count: number;
  /** Each goods' units per set, combination unit price and own price: what the set prices are summed from. */
  items: { number: number; price: number | null; goods_price: number }[];
  start_at: Date | string;
  end_at: Date | string;
  /** 1 once the group is not running (ended, or not started yet); time is the store's, never a client's. */
  is_expired: number;
}

/** Every group with what its DTO needs; callers add the WHERE (`cg.` is the group). */
export const COMBINATION_GROUP_SQL = `SELECT cg.id, cg.kind, cg.name, cg.describe, cg.threshold, cg.gift_goods_id,
    gg.name AS gift_goods_name, cg.gift_number, cg.start_at, cg.end_at,
    (NOT (cg.start_at <= now() AND cg.end_at > now()))::int AS is_expired,
    (SELECT count(*)::int FROM combination_goods c WHERE c.group_id = cg.id) AS goods_count,
    COALESCE((SELECT json_agg(json_build_object('number', c.number, 'price', c.price, 'goods_price', g.price))
      FROM combination_goods c JOIN goods g ON g.id = c.goods_id WHERE c.group_id = cg.id), '[]'::json) AS items
  FROM combination_groups cg LEFT JOIN goods gg ON gg.id = cg.gift_goods_id`;

export const RUNNING_GROUP = 'cg.start_at <= now() AND cg.end_at > now()';

/**
 * The REST group (docs/rest-api.md, Combinations). Both sums are of one set with the shared pricing rule: the set
 * price at combination prices (bundles only; a gift group sells at the goods' own prices), the original price at
 * the goods' own.
 */
export function combinationGroupDto(row: CombinationGroupRow) {
  return {
    id: row.id,
    type: COMBINATION_TYPES[row.kind],
    name: row.name,
    describe: row.describe,
    threshold: row.threshold,
    gift_goods_id: row.gift_goods_id,
    gift_goods_name: row.gift_goods_name,
    gift_number: row.gift_number,
    goods_count: row.goods_count,
    set_price: row.kind === 'bundle' ? setPrice(row.items) : null,
    original_price: setPrice(row.items.map((item) => ({ number: item.number, price: item.goods_price }))),
    start_at: iso(row.start_at),
    end_at: iso(row.end_at),
  };
}

/** A goods of a combination as stored: the goods with its units per set and combination unit price (null in a gift
 * group). */
export type CombinationGoodsRow = GoodsRow & { combination: { number: number; price: number | null } };

/** A goods of a combination as the REST answers carry it. */
export type CombinationGoodsDto = GoodsDto & { combination: { number: number; price: number | null } };

export function combinationGoodsDto(row: CombinationGoodsRow, publicUrl: string): CombinationGoodsDto {
  return { ...goodsDto(row, publicUrl), combination: row.combination };
}

/** The goods of each group asked for, in the group's order, in one statement. */
export async function combinationGoods(
  q: Queryable,
  groupIds: readonly number[],
): Promise<Map<number, CombinationGoodsRow[]>> {
  const byGroup = new Map<number, CombinationGoodsRow[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = await q.query<
    GoodsRow & { group_id: number; combination_number: number; combination_price: number | null }
  >(
    `SELECT ${GOODS_COLUMNS}, c.group_id, c.number AS combination_number, c.price AS combination_price
     FROM combination_goods c JOIN goods g ON g.id = c.goods_id WHERE c.group_id = ANY($1::int[])
     ORDER BY c.group_id, c.sort, g.id`,
    [[...new Set(groupIds)]],
  );
  for (const { group_id, combination_number, combination_price, ...row } of rows) {
    const list = byGroup.get(group_id) ?? [];
    list.push({ ...row, combination: { number: combination_number, price: combination_price } });
    byGroup.set(group_id, list);
  }
  return byGroup;
}

/** Groups by id, running or not, with their goods: what the cart's combination lines sell. */
export async function combinationsById(
  q: Queryable,
  ids: readonly number[],
): Promise<Map<number, { group: CombinationGroupRow; goods: CombinationGoodsRow[] }>> {
  if (ids.length === 0) return new Map();
  // One after the other: inside a transaction both would share one connection anyway.
  const groups = await q.query<CombinationGroupRow>(`${COMBINATION_GROUP_SQL} WHERE cg.id = ANY($1::int[])`, [
    [...new Set(ids)],
  ]);
  const goods = await combinationGoods(q, ids);
  return new Map(groups.map((group) => [group.id, { group, goods: goods.get(group.id) ?? [] }]));
}
