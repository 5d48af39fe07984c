import type { FastifyInstance } from 'fastify';
import type { OrderAmounts } from '@pharma/domain/order-amounts';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { requireSession } from '../lib/auth';
import {
  amountsWithCoupon,
  couponNotUsable,
  findCoupon,
  needsReceipt,
  nothingToOrder,
  pricingSettings,
  requestedLines,
  soldOut,
} from '../lib/checkout';
import { activityNotRunning, lineUnits } from '../lib/cart-lines';
import { goodsDto, type GoodsRow } from '../lib/goods';
import { ApiError, idField, iso, listOf, notFound, ok, parse, parseId } from '../lib/http';
import { page, pageField, pageSizeField } from '../lib/paging';
import { METHOD_NAMES, type PaymentMethod } from '../lib/payments';
import { findAddress } from './addresses';

export const STATUS_TEXT = ['待付款', '待发货', '待收货', '已完成', '已取消'] as const;
const UNPAID = 0;
const PAID = 1;
const CANCELLED = 4;

const createBody = z.object(
  {
    cart_ids: listOf(idField('购物车商品不存在'), '请选择商品', 500),
    address_id: idField('请选择收货地址'),
    user_coupon_id: z.preprocess(
      (v) => (v === '' || v === '0' || v === 0 ? undefined : v),
      idField('优惠券不存在').optional(),
    ),
    invoice_type: z.enum(['0', '1', '2'], { error: '发票类型只能是0、1或2' }).default('0'),
    remark: z.string({ error: '备注格式不正确' }).trim().max(200, '备注最多200个字').default(''),
    // A client makes one key per confirm screen and sends it with every submit of that screen.
    idempotency_key: z
      .string({ error: '缺少idempotency_key' })
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'idempotency_key应为8到64位字母、数字、_或-'),
  },
  { error: '请选择商品' },
);

const listQuery = z.object({
  status: z.enum(['0', '1', '2', '3', '4'], { error: '订单状态只能是0到4' }).optional(),
  page: pageField(),
  page_size: pageSizeField(50, 10),
});

// The name as written on a PRC ID card, and the 18-character resident ID number (the last may be X).
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
  { method: z.enum(['balance', 'wechat', 'alipay'], { error: '请选择支付方式' }) },
  { error: '请选择支付方式' },
);

const orderNotFound = () => notFound('订单不存在');
const notUnpaid = () => new ApiError(400, 40009, '订单不是待付款状态');

interface OrderRow {
  id: number;
  order_sn: string;
  status: number;
  goods_amount: number;
  manjian_amount: number;
  discount_amount: number;
  coupon_amount: number;
  freight_amount: number;
  pay_amount: number;
  need_receipt: number;
  receipt_done: number;
  consignee: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  address: string;
  remark: string;
  invoice_type: number;
  user_coupon_id: number | null;
  pay_method: string | null;
  paid_at: Date | string | null;
  created_at: Date | string;
}

interface OrderLineRow {
  order_id: number;
  goods_id: number;
  name: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  goods_image: string;
  number: number;
  price: number;
  total: number;
  combination_id: number | null;
  combination_name: string | null;
  combination_number: number | null;
  sets: number | null;
  group_buy_id: number | null;
}

const ORDER_SQL = `SELECT o.id, o.order_sn, o.status, o.goods_amount, o.manjian_amount, o.discount_amount,
    o.coupon_amount, o.freight_amount, o.pay_amount, o.need_receipt,
    (EXISTS (SELECT 1 FROM order_receipts r WHERE r.order_id = o.id))::int AS receipt_done,
    o.consignee, o.phone, o.province, o.city, o.district, o.address, o.remark, o.invoice_type, o.user_coupon_id,
    o.pay_method, o.paid_at, o.created_at
  FROM orders o`;

const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function orderDto(row: OrderRow, lines: OrderLineRow[]) {
  const amounts: OrderAmounts = {
    goods_amount: row.goods_amount,
    manjian_amount: row.manjian_amount,
    discount_amount: row.discount_amount,
    coupon_amount: row.coupon_amount,
    freight_amount: row.freight_amount,
    pay_amount: row.pay_amount,
  };
  return {
    id: row.id,
    order_sn: row.order_sn,
    status: row.status,
    status_text: STATUS_TEXT[row.status] ?? '',
    amounts,
    need_receipt: row.need_receipt,
    receipt_done: row.receipt_done,
    address: {
      consignee: row.consignee,
      phone: row.phone,
      province: row.province,
      city: row.city,
      district: row.district,
      address: row.address,
    },
    remark: row.remark,
    invoice_type: row.invoice_type,
    user_coupon_id: row.user_coupon_id,
    pay_method: row.pay_method,
    paid_at: isoOrNull(row.paid_at),
    created_at: iso(row.created_at),
    lines: lines.map(
      ({ order_id: _order, combination_id, combination_name, combination_number, sets, group_buy_id, ...line }) => ({
        ...line,
        // The set this goods was sold in (组合购): its units per set and how many sets; null for other lines.
        combination:
          combination_id === null
            ? null
            : { id: combination_id, name: combination_name ?? '', number: combination_number ?? 0, sets: sets ?? 0 },
        group_buy_id,
      }),
    ),
  };
}

export type OrderDto = ReturnType<typeof orderDto>;

async function ordersWithLines(q: Queryable, rows: OrderRow[]): Promise<OrderDto[]> {
  if (rows.length === 0) return [];
  const lines = await q.query<OrderLineRow>(
    `SELECT order_id, goods_id, name, sccj, ypgg, bzdw, goods_image, number, price, total, combination_id,
       combination_name, combination_number, sets, group_buy_id
     FROM order_lines WHERE order_id = ANY($1::int[]) ORDER BY order_id, id`,
    [rows.map((r) => r.id)],
  );
  return rows.map((row) =>
    orderDto(
      row,
      lines.filter((l) => l.order_id === row.id),
    ),
  );
}

async function loadOrder(q: Queryable, userId: number, id: number): Promise<OrderDto> {
  const rows = await q.query<OrderRow>(`${ORDER_SQL} WHERE o.id = $1 AND o.user_id = $2`, [id, userId]);
  const [order] = await ordersWithLines(q, rows);
  if (order === undefined) throw orderNotFound();
  return order;
}

function orderIdOf(params: unknown): number {
  const id = parseId((params as { id: string }).id);
  if (id === undefined) throw orderNotFound();
  return id;
}

/** Locks the buyer's order row and answers its state; 404 for a missing or another buyer's order. */
async function lockOrder(tx: Queryable, userId: number, id: number) {
  const [row] = await tx.query<{ status: number; pay_amount: number; order_sn: string; need_receipt: number }>(
    'SELECT status, pay_amount, order_sn, need_receipt FROM orders WHERE id = $1 AND user_id = $2 FOR UPDATE',
    [id, userId],
  );
  if (row === undefined) throw orderNotFound();
  return row;
}

export function orderRoutes(app: FastifyInstance, { db, config, payments }: AppContext): void {
  app.post('/api/order', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(createBody, request.body);
    const orderId = await db.transaction(async (tx) => {
      // Claim the idempotency key first: a second submit with the same key waits here for the first to commit,
      // then conflicts and answers the first order; it never touches stock or coupons.
      const [claimed] = await tx.query<{ id: number }>(
        `INSERT INTO orders (order_sn, user_id, idempotency_key)
         VALUES ('pending:' || $1::int::text || ':' || $2::text, $1, $2)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
        [userId, body.idempotency_key],
      );
      if (claimed === undefined) {
        const [first] = await tx.query<{ id: number }>(
          'SELECT id FROM orders WHERE user_id = $1 AND idempotency_key = $2',
          [userId, body.idempotency_key],
        );
        if (first === undefined) throw new Error('idempotency conflict without an order');
        return first.id;
      }
      const id = claimed.id;

      const address = await findAddress(tx, userId, body.address_id);
      if (address === undefined) throw new ApiError(400, 40008, '收货地址不存在');
      const requested = await requestedLines(tx, userId, body.cart_ids, true);
      const lines = requested.filter((line) => line.selected);
      if (lines.length === 0) throw nothingToOrder(requested);
      const [settings, coupon] = await Promise.all([
        pricingSettings(tx),
        body.user_coupon_id === undefined ? undefined : findCoupon(tx, userId, body.user_coupon_id),
      ]);
      if (body.user_coupon_id !== undefined && coupon === undefined) throw couponNotUsable('优惠券不存在');
      const amounts = amountsWithCoupon(lines, settings, coupon);

      // Stock goes down atomically, one statement per goods in goods order so that concurrent multi-line orders lock
      // rows in one order; a set takes each of its goods (units per set × sets). The guard refuses to go below zero
      // instead of overselling.
      const units = new Map<number, { goods: GoodsRow; units: number }>();
      for (const line of lines) {
        for (const taken of lineUnits(line.dto)) {
          const seen = units.get(taken.goods.id);
          units.set(taken.goods.id, { goods: taken.goods, units: (seen?.units ?? 0) + taken.units });
        }
      }
      for (const { goods, units: n } of [...units.values()].sort((a, b) => a.goods.id - b.goods.id)) {
        const updated = await tx.query<{ number: number }>(
          'UPDATE goods SET number = number - $1, sales = sales + $1 WHERE id = $2 AND number >= $1 RETURNING number',
          [n, goods.id],
        );
        if (updated.length === 0) {
          const [now] = await tx.query<{ number: number }>('SELECT number FROM goods WHERE id = $1', [goods.id]);
          throw soldOut(goods.name, now?.number ?? 0);
        }
      }
      // Group-buy units count towards their group in the same transaction; the guard refuses an offer that ended
      // since the lines were read.
      const joins = new Map<number, number>();
      for (const line of lines) {
        if (line.dto.group_buy !== null) {
          joins.set(line.dto.group_buy.id, (joins.get(line.dto.group_buy.id) ?? 0) + line.dto.number);
        }
      }
      for (const [groupBuyId, n] of [...joins].sort((a, b) => a[0] - b[0])) {
        const joined = await tx.query(
          `UPDATE group_buys SET joined_number = joined_number + $1
           WHERE id = $2 AND start_at <= now() AND end_at > now() RETURNING id`,
          [n, groupBuyId],
        );
        if (joined.length === 0) throw activityNotRunning('该拼团活动', true);
      }
      if (coupon !== undefined) {
        const used = await tx.query(
          `UPDATE user_coupons SET status = 1, used_order_id = $2, used_at = now()
           WHERE id = $1 AND user_id = $3 AND status = 0 RETURNING id`,
          [coupon.id, id, userId],
        );
        if (used.length === 0) throw couponNotUsable('优惠券已使用');
      }
      await tx.query('DELETE FROM cart_lines WHERE user_id = $1 AND id = ANY($2::int[])', [
        userId,
        lines.map((l) => l.dto.goods.line_id),
      ]);
      for (const line of lines) {
        const set = line.dto.combination;
        // A set is recorded goods by goods at its combination unit prices (they add up to the set price × sets),
        // each naming the set, so the order shows what the set held and a cancel returns each goods.
        const rows =
          set === null
            ? [{ goods: line.dto.goods, number: line.dto.number, price: line.unitPrice, total: line.total }]
            : set.goods.map((g) => ({
                goods: g,
                number: g.combination.number * line.dto.number,
                price: g.combination.price ?? 0,
                total: (g.combination.price ?? 0) * g.combination.number * line.dto.number,
              }));
        for (const row of rows) {
          const g = row.goods;
          await tx.query(
            `INSERT INTO order_lines (order_id, goods_id, name, sccj, ypgg, bzdw, goods_image, number, price, total,
               is_hm, combination_id, combination_name, combination_number, sets, group_buy_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
            [
              id,
              g.id,
              g.name,
              g.sccj,
              g.ypgg,
              g.bzdw,
              goodsDto(g, config.publicUrl).goods_image[0] ?? '',
              row.number,
              row.price,
              row.total,
              g.is_hm,
              set?.group.id ?? null,
              set?.group.name ?? null,
              set === null ? null : row.number / line.dto.number,
              set === null ? null : line.dto.number,
              line.dto.group_buy?.id ?? null,
            ],
          );
        }
      }
      await tx.query(
        `UPDATE orders SET
           order_sn = to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(id::text, 8, '0'),
           goods_amount = $2, manjian_amount = $3, discount_amount = $4, coupon_amount = $5, freight_amount = $6,
           pay_amount = $7, need_receipt = $8, consignee = $9, phone = $10, province = $11, city = $12,
           district = $13, address = $14, remark = $15, invoice_type = $16, user_coupon_id = $17
         WHERE id = $1`,
        [
          id,
          amounts.goods_amount,
          amounts.manjian_amount,
          amounts.discount_amount,
          amounts.coupon_amount,
          amounts.freight_amount,
          amounts.pay_amount,
          needsReceipt(lines),
          address.consignee,
          address.phone,
          address.province,
          address.city,
          address.district,
          address.address,
          body.remark,
          Number(body.invoice_type),
          coupon?.id ?? null,
        ],
      );
      return id;
    });
    return ok(await loadOrder(db, userId, orderId), '下单成功');
  });

  app.get('/api/order', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(listQuery, request.query);
    const params: number[] = [userId];
    let where = 'o.user_id = $1';
    if (q.status !== undefined) {
      params.push(Number(q.status));
      where += ' AND o.status = $2';
    }
    const [rows, [count]] = await Promise.all([
      db.query<OrderRow>(
        `${ORDER_SQL} WHERE ${where} ORDER BY o.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, q.page_size, (q.page - 1) * q.page_size],
      ),
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders o WHERE ${where}`, params),
    ]);
    return ok(page(await ordersWithLines(db, rows), count?.n ?? 0, q.page, q.page_size));
  });

  app.get('/api/order/:id', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await loadOrder(db, userId, orderIdOf(request.params)));
  });

  app.post('/api/order/:id/cancel', async (request) => {
    const { userId } = await requireSession(db, request);
    const id = orderIdOf(request.params);
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, userId, id);
      if (order.status !== UNPAID) throw notUnpaid();
      await tx.query('UPDATE orders SET status = $2, cancelled_at = now() WHERE id = $1', [id, CANCELLED]);
      // The stock taken by the order and its coupon go back.
      await tx.query(
        `UPDATE goods g SET number = g.number + l.n, sales = GREATEST(g.sales - l.n, 0)
         FROM (SELECT goods_id, sum(number)::int AS n FROM order_lines WHERE order_id = $1 GROUP BY goods_id) l
         WHERE g.id = l.goods_id`,
        [id],
      );
      // Group-buy units leave their group again: the buyer no longer takes part.
      await tx.query(
        `UPDATE group_buys gb SET joined_number = GREATEST(gb.joined_number - l.n, 0)
         FROM (SELECT group_buy_id, sum(number)::int AS n FROM order_lines
               WHERE order_id = $1 AND group_buy_id IS NOT NULL GROUP BY group_buy_id) l
         WHERE gb.id = l.group_buy_id`,
        [id],
      );
      await tx.query(
        'UPDATE user_coupons SET status = 0, used_order_id = NULL, used_at = NULL WHERE used_order_id = $1',
        [id],
      );
    });
    return ok(await loadOrder(db, userId, id), '订单已取消');
  });

  app.get('/api/order/:id/pay', async (request) => {
    const { userId } = await requireSession(db, request);
    const id = orderIdOf(request.params);
    const [order, [wallet]] = await Promise.all([
      loadOrder(db, userId, id),
      db.query<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [userId]),
    ]);
    return ok({ order, balance: wallet?.balance ?? 0, methods: payments.methods() });
  });

  app.post('/api/order/:id/receipt', async (request) => {
    const { userId } = await requireSession(db, request);
    const id = orderIdOf(request.params);
    const body = parse(receiptBody, request.body);
    await db.transaction(async (tx) => {
      await lockOrder(tx, userId, id);
      await tx.query(
        `INSERT INTO order_receipts (order_id, name, id_card) VALUES ($1, $2, $3)
         ON CONFLICT (order_id) DO UPDATE SET name = excluded.name, id_card = excluded.id_card, created_at = now()`,
        [id, body.name, body.id_card.toUpperCase()],
      );
    });
    return ok(await loadOrder(db, userId, id), '登记成功');
  });

  app.post('/api/order/:id/pay', async (request) => {
    const { userId } = await requireSession(db, request);
    const id = orderIdOf(request.params);
    const body = parse(payBody, request.body);
    const method: PaymentMethod = body.method;
    let payUrl: string | null = null;
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, userId, id);
      if (order.status !== UNPAID) throw notUnpaid();
      if (order.need_receipt === 1) {
        const receipts = await tx.query('SELECT 1 FROM order_receipts WHERE order_id = $1', [id]);
        if (receipts.length === 0) throw new ApiError(400, 40007, '含麻黄碱类商品的订单需先登记收货人信息');
      }
      if (method !== 'balance') {
        const provider = payments.get(method);
        ({ payUrl } = await provider.createPayment({
          orderId: id,
          orderSn: order.order_sn,
          amount: order.pay_amount,
          description: `订单${order.order_sn}`,
        }));
        return;
      }
      // The guard keeps the balance from going below zero even when two payments race.
      const [wallet] = await tx.query<{ balance: number }>(
        'UPDATE users SET balance = balance - $1 WHERE id = $2 AND balance >= $1 RETURNING balance',
        [order.pay_amount, userId],
      );
      if (wallet === undefined) throw new ApiError(400, 40006, '余额不足');
      await tx.query(
        `INSERT INTO money_log (user_id, amount, balance_after, use_type, remark, order_id)
         VALUES ($1, $2, $3, 2, $4, $5)`,
        [userId, -order.pay_amount, wallet.balance, `订单支付 ${order.order_sn}`, id],
      );
      await tx.query('UPDATE orders SET status = $2, pay_method = $3, paid_at = now() WHERE id = $1', [
        id,
        PAID,
        method,
      ]);
    });
    const order = await loadOrder(db, userId, id);
    return ok(
      payUrl === null ? order : { ...order, pay_url: payUrl },
      payUrl === null ? '支付成功' : `请前往${METHOD_NAMES[method]}完成支付`,
    );
  });
}
