import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { findSession, requireSession } from '../lib/auth';
import { COUPON_SQL, couponDto, couponTerms, type CouponRow } from '../lib/checkout';
import { ApiError, notFound, ok, parse, parseId } from '../lib/http';
import { page, pageField, pageSizeField } from '../lib/paging';

const centerQuery = z.object({ page: pageField(), page_size: pageSizeField(50, 20) });

export const alreadyTaken = () => new ApiError(400, 40011, '已领取');
export const allTaken = () => new ApiError(400, 40012, '已领完');

interface CenterRow {
  id: number;
  name: string;
  type: number;
  amount: number;
  discount: number;
  min_amount: number;
  start_at: Date | string;
  end_at: Date | string;
  center_total: number;
  center_remaining: number;
  taken: boolean;
}

function centerDto(row: CenterRow) {
  return {
    id: row.id,
    ...couponTerms(row),
    total: row.center_total,
    remaining: row.center_remaining,
    taken: row.taken ? 1 : 0,
  };
}

/** The coupon centre (/lqzx): coupons a buyer takes, one each, while the stock lasts. */
export function couponRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/coupon/center', async (request) => {
    const q = parse(centerQuery, request.query);
    // A visitor sees the centre too (taken 0 everywhere); taking needs a session.
    const session = await findSession(db, request);
    // Coupons still valid; those still in stock first, so what can be taken is on the first page.
    const where = 'c.center_total IS NOT NULL AND c.end_at > now()';
    const [countRows, rows] = await Promise.all([
      db.query<{ total: number }>(`SELECT count(*)::int AS total FROM coupons c WHERE ${where}`),
      db.query<CenterRow>(
        `SELECT c.id, c.name, c.type, c.amount, c.discount, c.min_amount, c.start_at, c.end_at, c.center_total,
           c.center_remaining,
           EXISTS (SELECT 1 FROM user_coupons uc WHERE uc.coupon_id = c.id AND uc.user_id = $1 AND uc.via_center = 1)
             AS taken
         FROM coupons c WHERE ${where}
         ORDER BY c.center_remaining = 0, c.id LIMIT $2 OFFSET $3`,
        [session?.userId ?? null, q.page_size, (q.page - 1) * q.page_size],
      ),
    ]);
    return ok(page(rows.map(centerDto), countRows[0]?.total ?? 0, q.page, q.page_size));
  });

  app.post('/api/coupon/:id/take', async (request) => {
    const { userId } = await requireSession(db, request);
    const couponId = parseId((request.params as { id: string }).id);
    if (couponId === undefined) throw notFound('优惠券不存在');
    const userCouponId = await db.transaction(async (tx) => {
      const [coupon] = await tx.query<{ id: number }>(
        'SELECT id FROM coupons WHERE id = $1 AND center_total IS NOT NULL AND end_at > now()',
        [couponId],
      );
      if (coupon === undefined) throw notFound('优惠券不存在');
      // The unique index decides "one per buyer": a concurrent second take by the same buyer waits for the first
      // and then inserts nothing.
      const [held] = await tx.query<{ id: number }>(
        `INSERT INTO user_coupons (user_id, coupon_id, via_center) VALUES ($1, $2, 1)
         ON CONFLICT (user_id, coupon_id) WHERE via_center = 1 DO NOTHING RETURNING id`,
        [userId, couponId],
      );
      if (held === undefined) throw alreadyTaken();
      // The guarded decrement is the stock check: of two takes of the last coupon, the second re-reads the row
      // after the first commits, finds 0 and changes nothing; throwing rolls its user coupon back.
      const [left] = await tx.query<{ center_remaining: number }>(
        `UPDATE coupons SET center_remaining = center_remaining - 1 WHERE id = $1 AND center_remaining > 0
         RETURNING center_remaining`,
        [couponId],
      );
      if (left === undefined) throw allTaken();
      return held.id;
    });
    const [row] = await db.query<CouponRow>(`${COUPON_SQL} WHERE uc.id = $1`, [userCouponId]);
    if (row === undefined) throw new Error(`user coupon ${userCouponId} vanished after its take`);
    return ok(couponDto(row), '领取成功');
  });
}
