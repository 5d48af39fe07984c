/**
 * 同品种比价 (COMPARE rules in docs/product.md): the same medicine from every maker, by the price of one unit. Public
 * catalogue data, the same for every buyer; the buyer's own price (a discount, a ladder tier) is the goods' as
 * everywhere else (PRICE-10). Rules over the store; no HTTP here.
 */
import type { Queryable } from '../../db/db';
import { goodsDto, type GoodsDto } from '../../lib/goods';
import { notFound } from '../../lib/http';
import * as store from './store';

/** COMPARE-03: at most this many goods in one comparison; the first 20 unless asked. */
export const SAME_GENERIC_MAX = 50;

export interface SameGenericDto {
  /** The goods compared with. */
  goods_id: number;
  /** Its name, which every goods listed carries. */
  name: string;
  /** Goods carrying the name, the compared one included. */
  total: number;
  /** The cheapest unit first, goods without units last (COMPARE-03). */
  goods: GoodsDto[];
}

/** COMPARE-03: goods `id`'s generic from every maker and pack, itself included, cheapest unit first. */
export async function sameGeneric(
  q: Queryable,
  publicUrl: string,
  id: number | undefined,
  limit: number,
): Promise<SameGenericDto> {
  const found = id === undefined ? undefined : await store.sameGeneric(q, id, limit);
  if (id === undefined || found === undefined) throw notFound('商品不存在');
  return { goods_id: id, name: found.name, total: found.total, goods: found.goods.map((r) => goodsDto(r, publicUrl)) };
}
