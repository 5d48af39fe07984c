import type { Queryable } from '../../db/db';
import type { GoodsRow } from '../../lib/goods';

/** The comparison as the store answers it: the goods rows as goods_detail writes them. */
export interface SameGenericRow {
  name: string;
  total: number;
  goods: GoodsRow[];
}

/**
 * COMPARE-03: up to `limit` goods carrying goods `id`'s name, every maker and pack, the cheapest unit first (exact:
 * numeric) then by id, a goods whose spec has no units last; with how many carry the name. One call of the SQL
 * function same_generic (migration 0047), whose plans are kept per connection; it reads the name's goods by
 * goods_name_unit_price_idx in that order and stops at the limit. Undefined for an unknown goods.
 */
export async function sameGeneric(q: Queryable, id: number, limit: number): Promise<SameGenericRow | undefined> {
  const [row] = await q.query<{ c: SameGenericRow | null }>('SELECT same_generic($1, $2) AS c', [id, limit]);
  return row?.c ?? undefined;
}
