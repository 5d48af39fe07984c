import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { idField, listOf, ok, parse } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import * as wallet from './service';

/** A query enum read as its number ("1" → 1). */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .enum(values, { error: message })
    .optional()
    .transform((s) => (s === undefined ? undefined : Number(s)));

const couponQuery = z.object({
  page: pageField(),
  page_size: pageSizeField(50, 10),
  status: oneOf(['0', '1', '2'], 'status只能是0、1或2'),
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
  use_type: oneOf(['1', '2', '3'], 'use_type只能是1、2或3'),
  start_time: date('开始日期格式应为YYYY-MM-DD').optional(),
  end_time: date('结束日期格式应为YYYY-MM-DD').optional(),
});

/** The buyer's coupons and wallet; the rules are in ./service. */
export function walletRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/user/coupon', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(couponQuery, request.query);
    return ok(await wallet.couponsPage(db, userId, q.status, q.page, q.page_size));
  });

  app.get('/api/user/availableCoupon', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(availableQuery, request.query);
    return ok(await wallet.availableCoupons(db, userId, q.ids));
  });

  app.get('/api/user/couponNum', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await wallet.unusedCount(db, userId));
  });

  app.get('/api/user/user_money', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await wallet.balance(db, userId));
  });

  app.get('/api/user/user_money_log', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(moneyLogQuery, request.query);
    return ok(await wallet.moneyLog(db, userId, q, q.page, q.page_size));
  });
}
