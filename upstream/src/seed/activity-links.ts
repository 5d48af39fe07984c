import type { Queryable } from '../db/db';

/**
 * The activities the home's activity-centre banner gathers (/Hdzx/{ids}): one of each running kind with many
 * goods, the seckill first as the most urgent (ids of SEED_ACTIVITIES).
 */
export const CENTRE_ACTIVITY_IDS = [4, 1, 3, 7] as const;
/** The seckill the home's seckill banner leads to (/yjh/{id}). */
export const SECKILL_ACTIVITY_ID = 4;

/** Home carousel banners after the catalogue's own five: slot, name, subtitle, address. */
export const ACTIVITY_BANNERS: readonly (readonly [string, string, string, string])[] = [
  ['home', '活动中心 好礼不停', '秒杀 满减 折扣 买赠 一站看全', `/Hdzx/${CENTRE_ACTIVITY_IDS.join(',')}`],
  ['home', '整点秒杀 限时抢购', '秒杀价低至8折 售完即止', `/yjh/${SECKILL_ACTIVITY_ID}`],
  ['home', '活动专区', '限时促销 好价不等人', '/yjh'],
  // The header shows nine links (SHELL-05): these zones are found from the carousel instead.
  ['home', '拼团专区 一起拼更划算', '凑够件数即成团 拼团价下单', '/ptzq'],
  ['home', '组合购 套餐更优惠', '常用药组合采购 组合价直降', '/zhzq'],
];

/**
 * The activity-links seed step (issue 4): where a buyer finds the activity zone and centre, the group-buy zone and the
 * combination purchases, none of which fits in the nine header links. The promotions themselves are earlier steps';
 * this adds the home banners that lead to them, after the banners already there (ids from the sequence, so no seeded
 * id moves). Recorded apart from the other steps, so an existing store picks it up.
 */
export async function seedActivityLinks(tx: Queryable): Promise<void> {
  for (const [slot, name, subtitle, url] of ACTIVITY_BANNERS) {
    await tx.query(
      `INSERT INTO banners (slot, name, subtitle, url, sort)
       SELECT $1::text, $2::text, $3::text, $4::text, COALESCE(max(sort) + 1, 0) FROM banners WHERE slot = $1::text`,
      [slot, name, subtitle, url],
    );
  }
}
