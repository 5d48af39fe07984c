import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dateMessage, dateProblem } from '@pharma/domain/text';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { idField, listOf, ok, parse, pathId, wholeNumber } from '../../lib/http';
import { pageField, pageSizeField } from '../../lib/paging';
import { assertContractSigned } from '../contracts/service';
import * as payPassword from '../pay-password/service';
import * as orders from './service';

const createBody = z.object(
  {
    cart_ids: listOf(idField('购物车商品不存在'), '请选择商品', 500),
    address_id: idField('请选择收货地址'),
    user_coupon_id: z.preprocess(
      (v) => (v === '' || v === '0' || v === 0 ? undefined : v),
      idField('优惠券不存在').optional(),
    ),
    // ORDER-12, INVOICE-10: 0 不开发票, 1 电子普通发票, 2 增值税专用发票; left out, the ordinary one.
    invoice_type: z.enum(['0', '1', '2'], { error: '发票类型只能是0、1或2' }).default('1').transform(Number),
    remark: z.string({ error: '备注格式不正确' }).trim().max(200, '备注最多200个字').default(''),
    // PRICE-14: the payable amount (fen) the confirm page showed; the order is refused if it would charge another.
    expected_pay_amount: wholeNumber('应付金额格式不正确', 0).optional(),
    // ORDER-02: one key per confirm screen, sent with every submit of that screen.
    idempotency_key: z
      .string({ error: '缺少idempotency_key' })
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'idempotency_key应为8到64位字母、数字、_或-'),
  },
  { error: '请选择商品' },
);

// VAL-24, VAL-25: a real calendar day in range (Date.parse rolls 2026-02-30 into March; PostgreSQL refuses year 0).
const date = (label: string) =>
  z
    .string({ error: dateMessage('format', label) })
    .superRefine((s, ctx) => {
      const problem = dateProblem(s);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: dateMessage(problem, label) });
    })
    .optional();

// AFTER-02: the tab (a status, confirming=1 for 待确认 or after_sale=1 for 售后), the search and the date range.
const listQuery = z
  .object({
    status: z
      .enum(['0', '1', '2', '3', '4'], { error: '订单状态只能是0到4' })
      .optional()
      .transform((s) => (s === undefined ? undefined : Number(s))),
    after_sale: z
      .enum(['0', '1'], { error: 'after_sale只能是0或1' })
      .optional()
      .transform((s) => s === '1'),
    // ORDER-14: the 待确认 tab, unpaid orders whose transfer slip waits for the platform.
    confirming: z
      .enum(['0', '1'], { error: 'confirming只能是0或1' })
      .optional()
      .transform((s) => s === '1'),
    keyword: z.string({ error: '搜索内容格式不正确' }).trim().max(50, '搜索内容最多50个字').optional(),
    start_date: date('开始日期'),
    end_date: date('结束日期'),
    page: pageField(),
    page_size: pageSizeField(50, 10),
  })
  .refine((q) => q.start_date === undefined || q.end_date === undefined || q.start_date <= q.end_date, {
    message: '结束日期不能早于开始日期',
    path: ['end_date'],
  });

// VAL-10: the name as written on a PRC ID card, and the 18-character resident ID number (the last may be X).
const receiptBody = z.object(
  {
    name: z.string({ error: '请输入收货人姓名' }).trim().min(2, '请输入收货人姓名').max(20, '姓名最多20个字'),
    id_card: z
      .string({ error: '请输入正确的身份证号码' })
      .trim()
      .regex(/^\d{17}[\dXx]$/, '请输入正确的身份证号码'),
  },
  { error: '请填写收货人信息' },
);

const payBody = z.object(
  {
    method: z.enum(['balance', 'credit', 'wechat', 'alipay'], { error: '请选择支付方式' }),
    // PAY-14, CREDIT-03: asked when the balance or the credit line pays; never trimmed, never logged.
    pay_password: z.string().max(64).optional(),
  },
  { error: '请选择支付方式' },
);

/** Orders and their payment; the rules are in ./service. */
export function orderRoutes(app: FastifyInstance, { db, config, payments }: AppContext): void {
  const orderId = (params: unknown) => pathId(params, 'id', orders.orderNotFound);

  app.post('/api/order', async (request) => {
    const { userId } = await requireSession(db, request);
    await assertContractSigned(db, userId);
    const body = parse(createBody, request.body);
    const id = await orders.placeOrder(db, config.publicUrl, userId, body);
    return ok(await orders.loadOrder(db, userId, id), '下单成功');
  });

  app.get('/api/order', async (request) => {
    const { userId } = await requireSession(db, request);
    const { page, page_size, ...filter } = parse(listQuery, request.query);
    return ok(await orders.listOrders(db, userId, filter, page, page_size));
  });

  app.get('/api/order/counts', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await orders.orderCounts(db, userId));
  });

  app.post('/api/order/:id/receive', async (request) => {
    const { userId } = await requireSession(db, request);
    const id = orderId(request.params);
    await orders.receiveOrder(db, userId, id);
    return ok(await orders.loadOrder(db, userId, id), '已确认收货');
  });

  app.post('/api/order/:id/rebuy', async (request) => {
    const { userId } = await requireSession(db, request);
    const result = await orders.buyAgain(db, userId, orderId(request.params));
    const message =
      result.failed.length === 0
        ? '已加入购物车'
        : result.added === 0
          ? '商品均无法加入购物车'
          : `已加入购物车，${result.failed.length}种商品未能加入`;
    return ok(result, message);
  });

  app.get('/api/order/:id', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await orders.loadOrder(db, userId, orderId(request.params)));
  });

  app.post('/api/order/:id/cancel', async (request) => {
    const { userId } = await requireSession(db, request);
    const id = orderId(request.params);
    await orders.cancelOrder(db, userId, id);
    return ok(await orders.loadOrder(db, userId, id), '订单已取消');
  });

  app.get('/api/order/:id/pay', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await orders.payScreen(db, payments, userId, orderId(request.params)));
  });

  app.post('/api/order/:id/receipt', async (request) => {
    const { userId } = await requireSession(db, request);
    const id = orderId(request.params);
    const body = parse(receiptBody, request.body);
    await orders.confirmReceipt(db, userId, id, body.name, body.id_card);
    return ok(await orders.loadOrder(db, userId, id), '登记成功');
  });

  app.post('/api/order/:id/pay', async (request) => {
    const { userId } = await requireSession(db, request);
    await assertContractSigned(db, userId);
    const id = orderId(request.params);
    const { method, pay_password: password } = parse(payBody, request.body);
    // PAY-14: the order must be this buyer's and unpaid before a password is judged (or a try counted) for it.
    if (method === 'balance' || method === 'credit') {
      await orders.assertPayable(db, userId, id);
      await payPassword.verify(db, userId, password);
    }
    const start = await orders.payOrder(db, payments, userId, id, method);
    const order = await orders.loadOrder(db, userId, id);
    return ok(orders.withPaymentStart(order, start), orders.paidMessage(method, start));
  });
}
