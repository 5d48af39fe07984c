import type { Queryable } from '../db/db';

interface CenterCouponSeed {
  name: string;
  type: 1 | 2;
  amount: number;
  discount: number;
  min_amount: number;
  total: number;
  /** Validity relative to the seeding, as PostgreSQL intervals. */
  from: string;
  to: string;
}

/**
 * The coupons of the coupon centre (/lqzx), fixed rows; only validity is relative to the seeding. One is nearly
 * gone (remaining 1 of 100) and one is all taken, so the centre shows each state on a fresh store.
 */
export const CENTER_COUPONS: (CenterCouponSeed & { remaining: number })[] = [
  {
    name: '领券中心 满199减15元券',
    type: 1,
    amount: 1500,
    discount: 100,
    min_amount: 19900,
    total: 1000,
    remaining: 1000,
    from: '-1 day',
    to: '30 days',
  },
  {
    name: '领券中心 满999减100元券',
    type: 1,
    amount: 10000,
    discount: 100,
    min_amount: 99900,
    total: 200,
    remaining: 200,
    from: '-1 day',
    to: '30 days',
  },
  {
    name: '领券中心 满800享98折券',
    type: 2,
    amount: 0,
    discount: 98,
    min_amount: 80000,
    total: 500,
    remaining: 500,
    from: '-1 day',
    to: '45 days',
  },
  {
    name: '领券中心 满2000减200元券（限量）',
    type: 1,
    amount: 20000,
    discount: 100,
    min_amount: 200000,
    total: 100,
    remaining: 1,
    from: '-1 day',
    to: '15 days',
  },
  {
    name: '领券中心 新客满99减10元券',
    type: 1,
    amount: 1000,
    discount: 100,
    min_amount: 9900,
    total: 50,
    remaining: 0,
    from: '-3 days',
    to: '10 days',
  },
];

/**
 * The fifth seed step (issue 4): the coupon centre's coupons. Recorded apart from the other steps, so a store
 * seeded before it existed gets it on its next start; ids follow whatever coupons the store already has.
 */
export async function seedCouponCenter(tx: Queryable): Promise<void> {
  for (const c of CENTER_COUPONS) {
    await tx.query(
      `INSERT INTO coupons (name, type, amount, discount, min_amount, start_at, end_at, center_total, center_remaining)
       VALUES ($1, $2, $3, $4, $5, now() + $6::interval, now() + $7::interval, $8, $9)`,
      [c.name, c.type, c.amount, c.discount, c.min_amount, c.from, c.to, c.total, c.remaining],
    );
  }
}
