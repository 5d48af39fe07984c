import type { Queryable } from '../db/db';

/**
 * The third seed step (issue 4): goods promotions. Each activity covers the goods whose tag announces it (满, 特,
 * 秒, 换购, 赠), so the labels on a list and the activities behind them agree. Periods are relative to the seeding,
 * like the coupons, so a fresh store always has running promotions; one seckill starts tomorrow so the upcoming
 * state exists too.
 */
interface ActivitySeed {
  id: number;
  type: 'manjian' | 'discount' | 'seckill' | 'exchange' | 'gift';
  name: string;
  describe: string;
  threshold: number | null;
  reduce: number | null;
  discount: number | null;
  gift_number: number | null;
  /** The tag whose goods take part, and which of them (by id parity) when two activities share a tag. */
  tag: string;
  parity: 0 | 1 | null;
  from: string;
  to: string;
}

export const SEED_ACTIVITIES: ActivitySeed[] = [
  {
    id: 1,
    type: 'manjian',
    name: '满300减20',
    describe: '本品满300元立减20元',
    threshold: 30000,
    reduce: 2000,
    discount: null,
    gift_number: null,
    tag: '满',
    parity: 0,
    from: '-7 days',
    to: '30 days',
  },
  {
    id: 2,
    type: 'manjian',
    name: '满1000减80',
    describe: '本品满1000元立减80元',
    threshold: 100000,
    reduce: 8000,
    discount: null,
    gift_number: null,
    tag: '满',
    parity: 1,
    from: '-7 days',
    to: '30 days',
  },
  {
    id: 3,
    type: 'discount',
    name: '限时9.5折',
    describe: '活动期间按9.5折结算',
    threshold: null,
    reduce: null,
    discount: 95,
    gift_number: null,
    tag: '特',
    parity: null,
    from: '-3 days',
    to: '14 days',
  },
  {
    id: 4,
    type: 'seckill',
    name: '整点秒杀',
    describe: '秒杀价限时抢购，售完即止',
    threshold: null,
    reduce: null,
    discount: null,
    gift_number: null,
    tag: '秒',
    parity: null,
    from: '-1 day',
    to: '7 days',
  },
  {
    id: 5,
    type: 'seckill',
    name: '明日秒杀',
    describe: '明日开抢，提前加入收藏',
    threshold: null,
    reduce: null,
    discount: null,
    gift_number: null,
    tag: '秒',
    parity: 0,
    from: '1 day',
    to: '2 days',
  },
  {
    id: 6,
    type: 'exchange',
    name: '满200加1元换购',
    describe: '本品满200元可加1元换购医用外科口罩一盒',
    threshold: 20000,
    reduce: null,
    discount: null,
    gift_number: null,
    tag: '换购',
    parity: null,
    from: '-7 days',
    to: '30 days',
  },
  {
    id: 7,
    type: 'gift',
    name: '买10赠1',
    describe: '每购买10件赠送1件同品',
    threshold: 10,
    reduce: null,
    discount: null,
    gift_number: 1,
    tag: '赠',
    parity: null,
    from: '-7 days',
    to: '30 days',
  },
];

/** The exchange offer's extra goods: the cheapest buyable surgical mask. */
export const EXCHANGE_GOODS_NAME = '医用外科口罩';
/** What the exchange goods costs on top, in fen. */
export const EXCHANGE_PRICE = 100;
/** Seckill prices are this percentage of the goods price, down to whole 10 fen. */
export const SECKILL_PERCENT = 80;
/** PRICE-03: units of each seckill goods on offer at the seckill price, and how many one buyer may buy. */
export const SECKILL_STOCK = 50;
export const SECKILL_PER_BUYER = 5;

export async function seedActivities(tx: Queryable): Promise<void> {
  const [exchange] = await tx.query<{ id: number }>(
    'SELECT id FROM goods WHERE name = $1 AND is_buy = 1 AND number > 0 ORDER BY price, id LIMIT 1',
    [EXCHANGE_GOODS_NAME],
  );
  for (const a of SEED_ACTIVITIES) {
    const giftGoods = a.type === 'exchange' ? (exchange?.id ?? null) : null;
    await tx.query(
      `INSERT INTO activities (id, type, name, describe, threshold, reduce, discount, gift_goods_id, gift_number,
         start_at, end_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + $10::interval, now() + $11::interval)`,
      [a.id, a.type, a.name, a.describe, a.threshold, a.reduce, a.discount, giftGoods, a.gift_number, a.from, a.to],
    );
    // Integer arithmetic in fen: the seckill price is floored to whole 10 fen and never below 10 fen.
    const price =
      a.type === 'seckill'
        ? `GREATEST(10, (g.price * ${SECKILL_PERCENT} / 100) - (g.price * ${SECKILL_PERCENT} / 100) % 10)`
        : a.type === 'exchange'
          ? String(EXCHANGE_PRICE)
          : 'NULL';
    const seckill = a.type === 'seckill';
    await tx.query(
      `INSERT INTO goods_activities (activity_id, goods_id, price, stock, per_buyer_limit)
       SELECT $1, g.id, ${price}, $4::int, $5::int
       FROM goods g JOIN goods_tags gt ON gt.goods_id = g.id JOIN tags t ON t.id = gt.tag_id
       WHERE t.name = $2 AND ($3::int IS NULL OR g.id % 2 = $3::int)`,
      [a.id, a.tag, a.parity, seckill ? SECKILL_STOCK : null, seckill ? SECKILL_PER_BUYER : null],
    );
  }
  await tx.query("SELECT setval(pg_get_serial_sequence('activities', 'id'), (SELECT max(id) FROM activities))");
}
