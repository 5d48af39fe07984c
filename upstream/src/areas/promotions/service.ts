/**
 * Promotions by themselves (CATALOG-08 in docs/product.md): activities (/yjh zone, /Hdzx centre), combination
 * groups (组合满赠 /zhmz, 组合购 /zhzq) and the group-buy zone (拼团 /ptzq). Their goods come from the catalogue.
 */
import type { Queryable } from '../../db/db';
import { activityTerms } from '../../lib/activities';
import type { COMBINATION_TYPES } from '../../lib/combinations';
import { combinationGoods, combinationGoodsDto, combinationGroupDto } from '../../lib/combinations';
import { goodsDto } from '../../lib/goods';
import { groupBuyDto } from '../../lib/group-buys';
import { notFound } from '../../lib/http';
import { page } from '../../lib/paging';
import * as store from './store';
import type { ActivityRow } from './store';

/** CATALOG-08: at most this many activities in one answer (an activity centre's tabs, the activity zone's index). */
export const MAX_ACTIVITIES = 50;

/** The REST activity (docs/rest-api.md): the goods' activity object without a per-goods price, with its goods count. */
function activityDto(a: ActivityRow) {
  return {
    ...activityTerms(a),
    // Seckill and exchange prices belong to each goods (GET /api/goods/activities), not to the activity.
    price: null,
    status: a.status,
    goods_count: a.goods_count,
  };
}

/** One activity, ended ones too, so that its page can say so. */
export async function activity(q: Queryable, id: number | undefined) {
  const [row] = id === undefined ? [] : await store.activitiesByIds(q, [id]);
  if (row === undefined) throw notFound('活动不存在');
  return activityDto(row);
}

/**
 * With ids: those activities, each once, in the order asked, unknown ones left out. Without: the activity zone's
 * index, what a buyer can take part in now (the offers about to end first), then what is coming.
 */
export async function activities(q: Queryable, ids: readonly number[] | undefined) {
  if (ids === undefined) return (await store.currentActivities(q, MAX_ACTIVITIES)).map(activityDto);
  const wanted = [...new Set(ids)];
  const byId = new Map((await store.activitiesByIds(q, wanted)).map((r) => [r.id, r]));
  return wanted.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [activityDto(row)];
  });
}

/**
 * CATALOG-11: a buyer (or visitor) tapped an activity's link or card: counted for today, ended activities too (their
 * page still opens); an unknown activity is 404 and counts nothing.
 */
export async function tapActivity(q: Queryable, id: number, member: boolean) {
  const counted = await store.recordTap(q, id, member);
  if (counted === undefined) throw notFound('活动不存在');
  return { activity_id: id, taps: counted.taps };
}

export type CombinationKind = keyof typeof COMBINATION_TYPES;

export async function combinationGroups(q: Queryable, kind: CombinationKind) {
  return (await store.runningCombinationGroups(q, kind)).map(combinationGroupDto);
}

/** One running combination group with its goods (units per set, combination price) and its gift. */
export async function combination(q: Queryable, publicUrl: string, id: number) {
  const group = await store.runningCombinationGroup(q, id);
  if (group === undefined) throw notFound('组合不存在');
  const [goods, gift] = await Promise.all([
    combinationGoods(q, [id]),
    group.gift_goods_id === null ? Promise.resolve(undefined) : store.goodsById(q, group.gift_goods_id),
  ]);
  return {
    ...combinationGroupDto(group),
    gift_goods: gift === undefined ? null : goodsDto(gift, publicUrl),
    goods: (goods.get(id) ?? []).map((row) => combinationGoodsDto(row, publicUrl)),
  };
}

/** A page of the group-buy zone: goods with their running group offer. */
export async function groupBuyPage(q: Queryable, publicUrl: string, current: number, perPage: number) {
  const [total, rows] = await Promise.all([
    store.countGroupBuyGoods(q),
    store.groupBuyGoods(q, perPage, (current - 1) * perPage),
  ]);
  const goods = rows.map(
    ({ group_buy_id, group_price, target_number, joined_number, group_start_at, group_end_at, ...row }) => ({
      ...goodsDto(row, publicUrl),
      group_buy: groupBuyDto({
        id: group_buy_id,
        price: group_price,
        target_number,
        joined_number,
        start_at: group_start_at,
        end_at: group_end_at,
      }),
    }),
  );
  return page(goods, total, current, perPage);
}
