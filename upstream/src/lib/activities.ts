import { iso } from './http';

/** The buyer-facing name of each activity type (CATALOG-08). */
export const ACTIVITY_TYPE_NAMES = {
  manjian: '满减',
  discount: '折扣',
  seckill: '秒杀',
  exchange: '换购',
  gift: '赠品',
} as const;

/** The columns of an activity every activity answer carries, whether read for a goods or by itself. */
export interface ActivityTermsRow {
  id: number;
  type: keyof typeof ACTIVITY_TYPE_NAMES;
  name: string;
  describe: string;
  threshold: number | null;
  reduce: number | null;
  discount: number | null;
  gift_goods_id: number | null;
  gift_goods_name: string | null;
  gift_number: number | null;
  start_at: Date | string;
  end_at: Date | string;
}

/**
 * What an activity gives and when (docs/rest-api.md), in one shape for GET /api/goods/activities and
 * GET /api/activity; each adds its own price and status.
 */
export function activityTerms(a: ActivityTermsRow) {
  return {
    id: a.id,
    type: a.type,
    type_name: ACTIVITY_TYPE_NAMES[a.type],
    name: a.name,
    describe: a.describe,
    threshold: a.threshold,
    reduce: a.reduce,
    discount: a.discount,
    gift_goods_id: a.gift_goods_id,
    gift_goods_name: a.gift_goods_name,
    gift_number: a.gift_number,
    start_at: iso(a.start_at),
    end_at: iso(a.end_at),
  };
}
