/** The SQL of the coupon centre (CATALOG-09). */
import type { Queryable } from '../../db/db';
import { COUPON_SQL, type CouponRow } from '../../lib/checkout';

/** A coupon of the centre: its terms, its stock and whether the buyer took one. */
export interface CenterRow extends Omit<CouponRow, 'id' | 'coupon_id' | 'status'> {
  id: number;
  center_total: number;
  center_remaining: number;
  taken: boolean;
}

// Coupons of the centre still valid.
const IN_CENTER = 'c.center_total IS NOT NULL AND c.end_at > now()';

/** A page of the centre, those still in stock first; `taken` says whether the buyer (if any) holds one. */
export async function centerPage(q: Queryable, userId: number | null, limit: number, offset: number) {
  const [countRows, rows] = await Promise.all([
    q.query<{ total: number }>(`SELECT count(*)::int AS total FROM coupons c WHERE ${IN_CENTER}`),
    q.query<CenterRow>(
      `SELECT c.id, c.name, c.type, c.amount, c.discount, c.min_amount, c.start_at, c.end_at, c.center_total,
         c.center_remaining,
         EXISTS (SELECT 1 FROM user_coupons uc WHERE uc.coupon_id = c.id AND uc.user_id = $1 AND uc.via_center = 1)
           AS taken
       FROM coupons c WHERE ${IN_CENTER}
       ORDER BY c.center_remaining = 0, c.id LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    ),
  ]);
  return { rows, total: countRows[0]?.total ?? 0 };
}

export async function isInCenter(tx: Queryable, couponId: number): Promise<boolean> {
  return (await tx.query(`SELECT c.id FROM coupons c WHERE c.id = $1 AND ${IN_CENTER}`, [couponId])).length > 0;
}

/**
 * Gives the buyer one of a centre coupon; undefined when the buyer already holds one. The unique index decides: a
 * concurrent second take by the same buyer waits for the first and then inserts nothing.
 */
export async function holdCoupon(tx: Queryable, userId: number, couponId: number): Promise<number | undefined> {
  const [held] = await tx.query<{ id: number }>(
    `INSERT INTO user_coupons (user_id, coupon_id, via_center) VALUES ($1, $2, 1)
     ON CONFLICT (user_id, coupon_id) WHERE via_center = 1 DO NOTHING RETURNING id`,
    [userId, couponId],
  );
  return held?.id;
}

/**
 * Takes one from the centre's stock; false when none is left. Of two takes of the last coupon the second re-reads
 * the row after the first commits, finds 0 and changes nothing.
 */
export async function decrementStock(tx: Queryable, couponId: number): Promise<boolean> {
  const left = await tx.query(
    `UPDATE coupons SET center_remaining = center_remaining - 1 WHERE id = $1 AND center_remaining > 0
     RETURNING center_remaining`,
    [couponId],
  );
  return left.length > 0;
}

export async function userCoupon(q: Queryable, userCouponId: number): Promise<CouponRow | undefined> {
  const [row] = await q.query<CouponRow>(`${COUPON_SQL} WHERE uc.id = $1`, [userCouponId]);
  return row;
}

export async function couponName(q: Queryable, couponId: number): Promise<string> {
  const [row] = await q.query<{ name: string }>('SELECT name FROM coupons WHERE id = $1', [couponId]);
  return row?.name ?? '优惠券';
}
