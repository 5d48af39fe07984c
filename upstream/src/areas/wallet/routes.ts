import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dateMessage, dateProblem } from '@pharma/domain/text';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { idField, listOf, ok, parse, pathId } from '../../lib/http';
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

// VAL-24, VAL-25: a real calendar day in range (Date.parse rolls 2026-02-30 into March; PostgreSQL refuses year 0).
const date = (label: string) =>
  z.string({ error: dateMessage('format', label) }).superRefine((s, ctx) => {
    const problem = dateProblem(s);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: dateMessage(problem, label) });
  });

const dateRange = {
  start_time: date('开始日期').optional(),
  end_time: date('结束日期').optional(),
};
/** A range whose end comes before its start would silently answer nothing; it is refused instead. */
const inOrder = (q: { start_time?: string | undefined; end_time?: string | undefined }) =>
  q.start_time === undefined || q.end_time === undefined || q.start_time <= q.end_time;
const RANGE_ORDER = { message: '结束日期不能早于开始日期', path: ['end_time'] };

const moneyLogQuery = z
  .object({
    page: pageField(),
    page_size: pageSizeField(50, 10),
    // 4: cashback (返现, PROMO-02).
    use_type: oneOf(['1', '2', '3', '4'], 'use_type只能是1、2、3或4'),
    ...dateRange,
  })
  .refine(inOrder, RANGE_ORDER);

const pointsLogQuery = z
  .object({
    page: pageField(),
    page_size: pageSizeField(50, 10),
    type: oneOf(['1', '2', '3'], 'type只能是1、2或3'),
    ...dateRange,
  })
  .refine(inOrder, RANGE_ORDER);

const voucherQuery = z.object({
  page: pageField(),
  page_size: pageSizeField(50, 10),
  status: oneOf(['0', '1', '2'], 'status只能是0、1或2'),
});

const pointsOrderQuery = z.object({
  page: pageField(),
  page_size: pageSizeField(50, 10),
  status: oneOf(['0', '1', '2', '3'], 'status只能是0、1、2或3'),
});

const receiptQuery = z.object({ page: pageField(), page_size: pageSizeField(50, 10) });

/** The buyer's coupons, wallet, points, cash vouchers, points orders and receipts; the rules are in ./service. */
export function walletRoutes(app: FastifyInstance, { db, config }: AppContext): void {
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
    return ok(await wallet.couponCounts(db, userId));
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

  app.get('/api/user/points', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await wallet.pointsBalance(db, userId));
  });

  app.get('/api/user/points_log', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(pointsLogQuery, request.query);
    return ok(await wallet.pointsLog(db, userId, q, q.page, q.page_size));
  });

  app.get('/api/user/cash_voucher', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(voucherQuery, request.query);
    return ok(await wallet.vouchersPage(db, userId, q.status, q.page, q.page_size));
  });

  app.get('/api/user/cashVoucherNum', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await wallet.voucherCounts(db, userId));
  });

  app.post('/api/user/cash_voucher/:id/redeem', async (request) => {
    const { userId } = await requireSession(db, request);
    const id = pathId(request.params, 'id', wallet.voucherNotFound);
    return ok(await wallet.redeemVoucher(db, userId, id), '已转入余额');
  });

  app.get('/api/user/points_order', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(pointsOrderQuery, request.query);
    return ok(await wallet.pointsOrders(db, config.publicUrl, userId, q.status, q.page, q.page_size));
  });

  app.get('/api/order/receipts', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(receiptQuery, request.query);
    return ok(await wallet.receipts(db, userId, q.page, q.page_size));
  });
}
