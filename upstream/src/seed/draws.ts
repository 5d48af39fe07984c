import type { Queryable } from '../db/db';
import { SEED_COUPONS } from './checkout';

interface PrizeSeed {
  name: string;
  remarks: string | null;
  /** 0 for the consolation entry (谢谢参与), which has no picture and no stock limit. */
  is_prize: 0 | 1;
  weight: number;
  stock: number | null;
  /** The name of a coupon of the checkout step (SEED_COUPONS) that winning puts in the buyer's coupons. */
  coupon?: string;
}

interface DrawSeed {
  name: string;
  remarks: string;
  /** The period relative to the seeding, as PostgreSQL intervals. */
  from: string;
  to: string;
  prizes: PrizeSeed[];
  /** Past wins: buyer's username, the prize's name, how long ago. Never demo, who has not drawn anywhere. */
  wins: [string, string, string][];
}

/** A coupon prize: winning puts that coupon of the checkout step in the buyer's coupons. */
const couponPrize = (name: string, coupon: string, odds: { weight: number; stock: number }): PrizeSeed => ({
  name,
  remarks: '自动发放至“我的优惠券”',
  is_prize: 1,
  ...odds,
  coupon,
});

/** A goods prize, sent with the buyer's next order unless `remarks` says otherwise. */
const goodsPrize = (name: string, odds: { weight: number; stock: number; remarks?: string }): PrizeSeed => ({
  name,
  remarks: '随下一笔订单配送',
  is_prize: 1,
  ...odds,
});

const THANKS: PrizeSeed = { name: '谢谢参与', remarks: null, is_prize: 0, weight: 70, stock: null };

/**
 * The seeded lucky draws: one running (the home pop-up's), one ended and one upcoming, so that every status shows on
 * a fresh store. demo has drawn in none of them, so the pop-up greets demo on a fresh store.
 */
export const SEED_DRAWS: DrawSeed[] = [
  {
    name: '双十二采购抽奖',
    remarks:
      '活动期间，每个采购账号可参与一次抽奖，抽奖结果即时揭晓。奖品包括优惠券、电子血压计和药品大礼包，数量有限，抽完即止。' +
      '优惠券奖品将自动发放至“我的优惠券”，实物奖品将随您的下一笔订单一同配送。如有疑问，请联系您的专属客户经理。',
    from: '-2 days',
    to: '20 days',
    prizes: [
      couponPrize('满300减30元优惠券', '满300减30元券', { weight: 20, stock: 100 }),
      goodsPrize('电子血压计', { weight: 2, stock: 5, remarks: '上臂式 家用款，随下一笔订单配送' }),
      goodsPrize('药品大礼包', { weight: 8, stock: 20, remarks: '常用感冒药、肠胃药等8件，随下一笔订单配送' }),
      THANKS,
    ],
    wins: [
      ['demo2', '电子血压计', '1 day 3 hours'],
      ['demo3', '药品大礼包', '5 hours'],
    ],
  },
  {
    name: '国庆采购抽奖',
    remarks:
      '活动期间，每个采购账号可参与一次抽奖。奖品数量有限，抽完即止。实物奖品随您的下一笔订单一同配送，请注意查收。',
    from: '-40 days',
    to: '-10 days',
    prizes: [
      goodsPrize('医用外科口罩（50只装）', { weight: 10, stock: 0 }),
      goodsPrize('维生素C片 2瓶', { weight: 20, stock: 12 }),
      THANKS,
    ],
    wins: [
      ['demo2', '医用外科口罩（50只装）', '30 days'],
      ['demo3', '维生素C片 2瓶', '25 days'],
    ],
  },
  {
    name: '新春开门红抽奖',
    remarks:
      '新春期间，每个采购账号可参与一次抽奖，开始前可先了解奖品。优惠券奖品将自动发放至“我的优惠券”，实物奖品随订单配送。',
    from: '25 days',
    to: '45 days',
    prizes: [
      couponPrize('满5000减500元优惠券', '满5000减500元券', { weight: 5, stock: 50 }),
      goodsPrize('红外额温枪', { weight: 5, stock: 10 }),
      THANKS,
    ],
    wins: [],
  },
];

/** The draw page's advertisements (slot draw): name, subtitle, address. */
export const DRAW_BANNERS: readonly (readonly [string, string, string])[] = [
  ['双十二采购抽奖', '每个账号一次机会 好礼抽不停', '/user/draw'],
  ['领券中心 天天有券', '满减券 折扣券 每日可领', '/lqzx'],
];

/**
 * The draws seed step: the draws above, their prizes (pictures served by /api/images/prize/{id}.svg), the past wins
 * and the banners of slot draw. Ids come from the sequences, after whatever the store already has; recorded apart from
 * the other steps, so an existing store picks it up at its next start.
 */
export async function seedDraws(tx: Queryable): Promise<void> {
  for (const d of SEED_DRAWS) {
    const [draw] = await tx.query<{ id: number }>(
      `INSERT INTO draws (name, remarks, start_at, end_at)
       VALUES ($1, $2, date_trunc('hour', now()) + $3::interval, date_trunc('hour', now()) + $4::interval)
       RETURNING id`,
      [d.name, d.remarks, d.from, d.to],
    );
    if (draw === undefined) throw new Error(`seed: draw ${d.name} was not inserted`);
    const prizeIds = new Map<string, number>();
    for (const [sort, p] of d.prizes.entries()) {
      const couponId = p.coupon === undefined ? null : SEED_COUPONS.find((c) => c.name === p.coupon)?.id;
      if (couponId === undefined) throw new Error(`seed: no coupon ${p.coupon ?? ''}`);
      const [prize] = await tx.query<{ id: number }>(
        `INSERT INTO draw_prizes (draw_id, name, remarks, is_prize, weight, stock, coupon_id, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [draw.id, p.name, p.remarks, p.is_prize, p.weight, p.stock, couponId, sort],
      );
      if (prize === undefined) throw new Error(`seed: prize ${p.name} was not inserted`);
      prizeIds.set(p.name, prize.id);
    }
    await tx.query(
      "UPDATE draw_prizes SET image = '/api/images/prize/' || id || '.svg' WHERE draw_id = $1 AND is_prize = 1",
      [draw.id],
    );
    for (const [username, prizeName, ago] of d.wins) {
      await tx.query(
        `INSERT INTO draw_records (draw_id, user_id, prize_id, created_at)
         SELECT $1, u.id, $2, date_trunc('minute', now()) - $4::interval FROM users u WHERE u.username = $3`,
        [draw.id, prizeIds.get(prizeName) ?? null, username, ago],
      );
    }
  }
  for (const [name, subtitle, url] of DRAW_BANNERS) {
    await tx.query(
      `INSERT INTO banners (slot, name, subtitle, url, sort)
       SELECT 'draw', $1::text, $2::text, $3::text, COALESCE(max(sort) + 1, 0) FROM banners WHERE slot = 'draw'`,
      [name, subtitle, url],
    );
  }
}
