import type { FastifyInstance } from 'fastify';
import { eligibleTotal } from '@pharma/domain/cart-pricing';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireSession } from '../lib/auth';
import {
  COUPON_SQL,
  couponDto,
  couponWithUsability,
  orderableLines,
  unusedCoupons,
  type CouponRow,
} from '../lib/checkout';
import { idField, iso, listOf, ok, parse } from '../lib/http';
import { page, pageField, pageSizeField } from '../lib/paging';

const couponQuery = z.object({
  page: pageField(),
  page_size: pageSizeField(50, 10),
  status: z.enum(['0', '1', '2'], { error: 'status只能是0、1或2' }).optional(),
  type: z.unknown().optional(),
});

const availableQuery = z.object({
  ids: listOf(idField('购物车商品不存在'), '请选择商品', 500).optional(),
  type: z.unknown().optional(),
  page: z.unknown().optional(),
});

const date = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), message);

const moneyLogQuery = z.object({
  page: pageField(),
  page_size: pageSizeField(50, 10),
  use_type: z.enum(['1', '2', '3'], { error: 'use_type只能是1、2或3' }).optional(),
  start_time: date('开始日期格式应为YYYY-MM-DD').optional(),
  end_time: date('结束日期格式应为YYYY-MM-DD').optional(),
});

interface MoneyLogRow {
  id: number;
  amount: number;
  balance_after: number;
  use_type: number;
  remark: string;
  order_id: number | null;
  created_at: Date | string;
}

export function walletRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/user/coupon', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(couponQuery, request.query);
    // Status 2 (expired) is computed, so the filter repeats the CASE of COUPON_SQL.
    const filter =
      q.status === undefined
        ? ''
        : ` AND (CASE WHEN uc.status = 1 THEN 1 WHEN c.end_at < now() THEN 2 ELSE 0 END) = ${Number(q.status)}`;
    const [rows, [count]] = await Promise.all([
      db.query<CouponRow>(`${COUPON_SQL} WHERE uc.user_id = $1${filter} ORDER BY uc.id DESC LIMIT $2 OFFSET $3`, [
        userId,
        q.page_size,
        (q.page - 1) * q.page_size,
      ]),
      db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id
         WHERE uc.user_id = $1${filter}`,
        [userId],
      ),
    ]);
    return ok(page(rows.map(couponDto), count?.n ?? 0, q.page, q.page_size));
  });

  app.get('/api/user/availableCoupon', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(availableQuery, request.query);
    // Without ids the whole cart's selected lines are the selection.
    const ids =
      q.ids ??
      (await db.query<{ id: number }>('SELECT id FROM cart_lines WHERE user_id = $1', [userId])).map((r) => r.id);
    const [lines, coupons] = await Promise.all([orderableLines(db, userId, ids), unusedCoupons(db, userId)]);
    const eligible = eligibleTotal(lines);
    return ok(coupons.map((c) => couponWithUsability(c, eligible)));
  });

  app.get('/api/user/couponNum', async (request) => {
    const { userId } = await requireSession(db, request);
    const [row] = await db.query<{ unused: number }>(
      `SELECT count(*)::int AS unused FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id
       WHERE uc.user_id = $1 AND uc.status = 0 AND c.end_at >= now()`,
      [userId],
    );
    return ok({ unused: row?.unused ?? 0 });
  });

  app.get('/api/user/user_money', async (request) => {
    const { userId } = await requireSession(db, request);
    const [row] = await db.query<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [userId]);
    return ok({ balance: row?.balance ?? 0 });
  });

  app.get('/api/user/user_money_log', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(moneyLogQuery, request.query);
    // Dates are the buyer's calendar days in China time; end_time includes its whole day.
    const params: (string | number)[] = [userId];
    let where = 'user_id = $1';
    if (q.use_type !== undefined) {
      params.push(Number(q.use_type));
      where += ` AND use_type = $${params.length}`;
    }
    if (q.start_time !== undefined) {
      params.push(q.start_time);
      where += ` AND created_at >= ($${params.length}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`;
    }
    if (q.end_time !== undefined) {
      params.push(q.end_time);
      where += ` AND created_at < ($${params.length}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'`;
    }
    const [rows, [count]] = await Promise.all([
      db.query<MoneyLogRow>(
        `SELECT id, amount, balance_after, use_type, remark, order_id, created_at FROM money_log WHERE ${where}
         ORDER BY id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, q.page_size, (q.page - 1) * q.page_size],
      ),
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM money_log WHERE ${where}`, params),
    ]);
    return ok(
      page(
        rows.map((r) => ({ ...r, created_at: iso(r.created_at) })),
        count?.n ?? 0,
        q.page,
        q.page_size,
      ),
    );
  });
}
