import type { Queryable } from '../db/db';
import { iso } from './http';

export interface GroupBuyRow {
  id: number;
  goods_id: number;
  price: number;
  target_number: number;
  joined_number: number;
  start_at: Date | string;
  end_at: Date | string;
  /** 1 once the offer is not running (ended, or not started yet); time is the store's. */
  is_expired: number;
}

export const GROUP_BUY_SQL = `SELECT gb.id, gb.goods_id, gb.price, gb.target_number, gb.joined_number, gb.start_at,
    gb.end_at, (NOT (gb.start_at <= now() AND gb.end_at > now()))::int AS is_expired
  FROM group_buys gb`;

/** The group offer as the zone and cart lines carry it (docs/rest-api.md, Group-buy); price in fen. */
export function groupBuyDto(row: Omit<GroupBuyRow, 'goods_id' | 'is_expired'>) {
  return {
    id: row.id,
    price: row.price,
    target_number: row.target_number,
    joined_number: row.joined_number,
    start_at: iso(row.start_at),
    end_at: iso(row.end_at),
  };
}

export type GroupBuyDto = ReturnType<typeof groupBuyDto>;

export async function groupBuysById(q: Queryable, ids: readonly number[]): Promise<Map<number, GroupBuyRow>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<GroupBuyRow>(`${GROUP_BUY_SQL} WHERE gb.id = ANY($1::int[])`, [[...new Set(ids)]]);
  return new Map(rows.map((row) => [row.id, row]));
}
