import { CHINA_TODAY } from '../../db/china-day';
import type { Queryable } from '../../db/db';
import type { ActivityTermsRow } from '../../lib/activities';
import {
  COMBINATION_GROUP_SQL,
  RUNNING_GROUP,
  type CombinationGroupRow,
  type COMBINATION_TYPES,
} from '../../lib/combinations';
import { GOODS_COLUMNS, type GoodsRow } from '../../lib/goods';

export interface ActivityRow extends ActivityTermsRow {
  /** 1 running, 0 upcoming, 2 ended. */
  status: 0 | 1 | 2;
  goods_count: number;
}

// The status as the goods' activities answer it (1 running, 0 upcoming), plus 2 for an activity that has ended:
// an activity asked for by id may be over, and its page says so.
const ACTIVITY_SQL = `SELECT a.id, a.type, a.name, a.describe, a.threshold, a.reduce, a.discount, a.gift_goods_id,
    gg.name AS gift_goods_name, a.gift_number, a.start_at, a.end_at,
    CASE WHEN a.end_at <= now() THEN 2 WHEN a.start_at <= now() THEN 1 ELSE 0 END AS status,
    (SELECT count(*)::int FROM goods_activities ga WHERE ga.activity_id = a.id) AS goods_count
  FROM activities a LEFT JOIN goods gg ON gg.id = a.gift_goods_id`;

export function activitiesByIds(q: Queryable, ids: readonly number[]): Promise<ActivityRow[]> {
  return q.query<ActivityRow>(`${ACTIVITY_SQL} WHERE a.id = ANY($1::int[])`, [ids]);
}

/** Running activities, the soonest to end first, then the upcoming ones. */
export function currentActivities(q: Queryable, limit: number): Promise<ActivityRow[]> {
  return q.query<ActivityRow>(
    `${ACTIVITY_SQL} WHERE a.end_at > now() ORDER BY (a.start_at > now()), a.end_at, a.id LIMIT $1`,
    [limit],
  );
}

/**
 * CATALOG-11: counts one tap on an activity for today (China time), in one statement so concurrent taps each count;
 * answers today's count so far, or undefined for an unknown activity (nothing is written).
 */
export async function recordTap(
  q: Queryable,
  activityId: number,
  member: boolean,
): Promise<{ taps: number } | undefined> {
  const [row] = await q.query<{ taps: number }>(
    `INSERT INTO activity_taps (activity_id, day, taps, member_taps)
     SELECT a.id, ${CHINA_TODAY}, 1, $2 FROM activities a WHERE a.id = $1
     ON CONFLICT (activity_id, day) DO UPDATE SET taps = activity_taps.taps + 1,
       member_taps = activity_taps.member_taps + excluded.member_taps, last_tapped_at = now()
     RETURNING taps`,
    [activityId, member ? 1 : 0],
  );
  return row;
}

export function runningCombinationGroups(
  q: Queryable,
  kind: keyof typeof COMBINATION_TYPES,
): Promise<CombinationGroupRow[]> {
  return q.query<CombinationGroupRow>(
    `${COMBINATION_GROUP_SQL} WHERE ${RUNNING_GROUP} AND cg.kind = $1 ORDER BY cg.sort, cg.id`,
    [kind],
  );
}

export async function runningCombinationGroup(q: Queryable, id: number): Promise<CombinationGroupRow | undefined> {
  const [row] = await q.query<CombinationGroupRow>(`${COMBINATION_GROUP_SQL} WHERE ${RUNNING_GROUP} AND cg.id = $1`, [
    id,
  ]);
  return row;
}

export async function goodsById(q: Queryable, id: number): Promise<GoodsRow | undefined> {
  const [row] = await q.query<GoodsRow>(`SELECT ${GOODS_COLUMNS} FROM goods g WHERE g.id = $1`, [id]);
  return row;
}

export interface GroupBuyGoodsRow extends GoodsRow {
  group_buy_id: number;
  group_price: number;
  target_number: number;
  joined_number: number;
  group_start_at: Date;
  group_end_at: Date;
}

// Running offers of goods a buyer can order now.
const GROUP_BUY_FROM = `FROM group_buys gb JOIN goods g ON g.id = gb.goods_id
  WHERE gb.start_at <= now() AND gb.end_at > now() AND g.is_buy = 1`;

export async function countGroupBuyGoods(q: Queryable): Promise<number> {
  const [row] = await q.query<{ total: number }>(`SELECT count(*)::int AS total ${GROUP_BUY_FROM}`);
  return row?.total ?? 0;
}

/** The groups closest to forming first, as the zone shows them. */
export function groupBuyGoods(q: Queryable, limit: number, offset: number): Promise<GroupBuyGoodsRow[]> {
  return q.query<GroupBuyGoodsRow>(
    `SELECT ${GOODS_COLUMNS}, gb.id AS group_buy_id, gb.price AS group_price, gb.target_number,
       gb.joined_number, gb.start_at AS group_start_at, gb.end_at AS group_end_at
     ${GROUP_BUY_FROM}
     ORDER BY gb.joined_number::float8 / gb.target_number DESC, gb.id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
}
