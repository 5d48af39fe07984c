import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { requireSession } from '../lib/auth';
import {
  discountTierLabel,
  eligibleTotal,
  fullReductionLabel,
  ladderPosition,
  nextTierHint,
  summarize,
  tierReached,
} from '@pharma/domain/cart-pricing';
import {
  addCombinationToCart,
  addGroupBuyToCart,
  addToCart,
  checkLineNumber,
  LINE_SQL,
  LINE_TYPES,
  lineCount,
  lineDto,
  loadLines,
  type LineRow,
} from '../lib/cart-lines';
import {
  amountsWithCoupon,
  couponWithUsability,
  findCoupon,
  needsReceipt,
  noOrderableLines,
  orderableLines,
  pricingSettings,
  unusedCoupons,
} from '../lib/checkout';
import { formError, flag, idField, listOf, notFound, ok, parse, parseId, wholeNumber } from '../lib/http';
import { listAddresses } from './addresses';

const NUMBER_MESSAGE = '数量必须是大于0的整数';
const MAX_LINE_NUMBER = 999999;

const optionalRef = (message: string) => wholeNumber(message, 0).default(0);

const goodsLine = z.object(
  {
    goods_id: idField('商品不存在'),
    number: wholeNumber(NUMBER_MESSAGE, 1, MAX_LINE_NUMBER),
    ck_id: wholeNumber('仓库不存在', 1).optional(),
    goods_price_id: optionalRef('价格不存在'),
    ladder_price_id: optionalRef('阶梯价不存在'),
    goods_manjian_id: optionalRef('满减活动不存在'),
    is_yj: flag('is_yj只能是0或1').default(0),
    type: z.literal('0').default('0'),
  },
  { error: '请选择商品' },
);
// A set of a combination purchase (组合购): number counts sets; the set's goods and prices come from the combination.
const combinationLine = z.object(
  {
    type: z.literal('3'),
    combination_id: idField('组合不存在'),
    number: wholeNumber('组数必须是大于0的整数', 1, MAX_LINE_NUMBER),
  },
  { error: '请选择组合' },
);
// Joining a group-buy (拼团): the offer's goods at the group price.
const groupBuyLine = z.object(
  {
    type: z.literal('2'),
    group_buy_id: idField('拼团活动不存在'),
    number: wholeNumber(NUMBER_MESSAGE, 1, MAX_LINE_NUMBER),
  },
  { error: '请选择拼团商品' },
);
// The type decides the line's shape; seckill lines need the seckill's price and are sold on its page only.
const addLine = z.preprocess(
  (v) => {
    if (typeof v !== 'object' || v === null) return v;
    const type: unknown = 'type' in v ? v.type : undefined;
    return { ...v, type: type === undefined || type === '' ? '0' : String(type) };
  },
  z.discriminatedUnion('type', [goodsLine, groupBuyLine, combinationLine], { error: '该商品请在活动页面购买' }),
);
const addBody = z.object(
  { params: z.array(addLine, { error: '请选择商品' }).min(1, '请选择商品').max(50, '一次最多加入50种商品') },
  { error: '请选择商品' },
);
const editBody = z.object(
  { params: z.object({ number: wholeNumber(NUMBER_MESSAGE, 1, MAX_LINE_NUMBER) }, { error: NUMBER_MESSAGE }) },
  { error: NUMBER_MESSAGE },
);
const ids = listOf(idField('购物车商品不存在'), '请选择商品', 500);
const selectBody = z.object({ ids, is_selected: flag('is_selected只能是0或1') }, { error: '请选择商品' });
const deleteBody = z.object({ ids }, { error: '请选择商品' });

const lineNotFound = () => notFound('购物车商品不存在');

const hintQuery = z.object(
  { goods_id: idField('商品不存在'), number: wholeNumber(NUMBER_MESSAGE, 1, MAX_LINE_NUMBER) },
  { error: '请选择商品' },
);
const copyBody = z.object(
  { ids, other_user_ids: listOf(idField('门店账号不存在'), '请选择门店账号', 50) },
  { error: '请选择商品' },
);
const checkoutBody = z.object(
  { ids, new: z.unknown().optional(), user_coupon_id: idField('优惠券不存在').optional() },
  { error: '请选择商品' },
);
const OTHER_COMPANY = '只能复制到本公司的其他门店账号';

async function cartList(db: Db, userId: number, publicUrl: string) {
  const [priced, [site], manjians, discounts] = await Promise.all([
    loadLines(db, 'c.user_id = $1', [userId]),
    db.query<{ shipping_amount: number; no_trans_order_amount: number }>(
      'SELECT shipping_amount, no_trans_order_amount FROM site_config WHERE id = 1',
    ),
    db.query<{ id: number; amount: number; reduce: number }>(
      'SELECT id, amount, reduce FROM manjian_tiers ORDER BY amount',
    ),
    db.query<{ id: number; amount: number; discount: number }>(
      'SELECT id, amount, discount FROM discount_tiers ORDER BY amount',
    ),
  ]);
  const shipping_data = {
    shipping_amount: site?.shipping_amount ?? 0,
    no_trans_order_amount: site?.no_trans_order_amount ?? 0,
  };
  const summary = summarize(priced, { shipping_data });
  // Tiers compare against the selected, coupon-eligible lines; reached tiers are listed first.
  const eligible = eligibleTotal(priced);
  const tier = <T extends { amount: number }>(t: T, label: (t: T) => string) => {
    const reached = tierReached(eligible, t.amount);
    return { ...t, status: reached ? 1 : 0, label: label(t), shortfall: reached ? null : t.amount - eligible };
  };
  const byReached = <T extends { status: number; amount: number }>(a: T, b: T) =>
    b.status - a.status || a.amount - b.amount;
  return {
    action: 0,
    user_id: userId,
    data: priced.map((line) => lineDto(line, publicUrl)),
    shipping_data,
    activity_data: {
      manjians: manjians.map((t) => tier(t, fullReductionLabel)).sort(byReached),
      discounts: discounts.map((t) => tier(t, discountTierLabel)).sort(byReached),
    },
    summary: {
      selected_count: summary.selectedCount,
      selected_total: summary.selectedTotal,
      shipping_shortfall: summary.shippingShortfall,
      free_shipping: summary.freeShipping ? 1 : 0,
    },
    filter_data: [],
  };
}

export function cartRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/cart/list', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await cartList(db, userId, config.publicUrl));
  });

  app.get('/api/cart/total', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok({ total: await lineCount(db, userId) });
  });

  app.post('/api/cart', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(addBody, request.body);
    const total = await db.transaction(async (tx) => {
      for (const line of body.params) {
        if (line.type === '3') await addCombinationToCart(tx, userId, line.combination_id, line.number);
        else if (line.type === '2') await addGroupBuyToCart(tx, userId, line.group_buy_id, line.number);
        else await addToCart(tx, userId, { ...line, type: LINE_TYPES.normal });
      }
      return lineCount(tx, userId);
    });
    return ok({ total }, '加入购物车成功');
  });

  app.post('/api/cart/:id/edit', async (request) => {
    const { userId } = await requireSession(db, request);
    const id = parseId((request.params as { id: string }).id);
    if (id === undefined) throw lineNotFound();
    const body = parse(editBody, request.body);
    const n = body.params.number;
    await db.transaction(async (tx) => {
      const [line] = await tx.query<LineRow>(`${LINE_SQL} WHERE c.id = $1 AND c.user_id = $2 FOR UPDATE OF c`, [
        id,
        userId,
      ]);
      if (line === undefined) throw lineNotFound();
      // A combination line counts sets, limited by the scarcest goods of the set; others units of their goods.
      await checkLineNumber(tx, line, n);
      await tx.query('UPDATE cart_lines SET number = $1, updated_at = now() WHERE id = $2 AND user_id = $3', [
        n,
        id,
        userId,
      ]);
    });
    const [line] = await loadLines(db, 'c.id = $1 AND c.user_id = $2', [id, userId]);
    if (line === undefined) throw lineNotFound();
    return ok(lineDto(line, config.publicUrl), '修改成功');
  });

  app.post('/api/cart/batch_select', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(selectBody, request.body);
    const rows = await db.query<{ id: number }>(
      `UPDATE cart_lines c
       SET is_selected = CASE WHEN $3 = 1 AND g.is_buy = 1 AND g.number > 0 THEN 1 ELSE 0 END, updated_at = now()
       FROM goods g
       WHERE g.id = c.goods_id AND c.user_id = $1 AND c.id = ANY($2::int[])
       RETURNING c.id`,
      [userId, body.ids, body.is_selected],
    );
    return ok({ updated: rows.length }, '操作成功');
  });

  app.post('/api/cart/batch_delete', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(deleteBody, request.body);
    const rows = await db.query<{ id: number }>(
      'DELETE FROM cart_lines WHERE user_id = $1 AND id = ANY($2::int[]) RETURNING id',
      [userId, body.ids],
    );
    return ok({ deleted: rows.length, total: await lineCount(db, userId) }, '删除成功');
  });

  app.post('/api/cart/quick_add/:goods_id', async (request) => {
    const { userId } = await requireSession(db, request);
    const goodsId = parseId((request.params as { goods_id: string }).goods_id);
    if (goodsId === undefined) throw notFound('商品不存在');
    // One packing unit: the catalogue has no minimum order quantity, and ladders only lower the unit price.
    const total = await db.transaction(async (tx) => {
      await addToCart(tx, userId, {
        goods_id: goodsId,
        number: 1,
        type: 0,
        goods_price_id: 0,
        ladder_price_id: 0,
        goods_manjian_id: 0,
        is_yj: 0,
      });
      return lineCount(tx, userId);
    });
    return ok({ total }, '加入购物车成功');
  });

  app.get('/api/cart/next_hint', async (request) => {
    await requireSession(db, request);
    const q = parse(hintQuery, request.query);
    const [goods] = await db.query<{
      price: number;
      ladder_price: LineRow['ladder_price'];
      ladder_price_type: number;
      bzdw: string;
    }>(
      `SELECT g.price, g.ladder_price_type, g.bzdw,
         COALESCE((SELECT json_agg(json_build_object('number', lp.number, 'price', lp.price) ORDER BY lp.number)
           FROM ladder_prices lp WHERE lp.goods_id = g.id), '[]'::json) AS ladder_price
       FROM goods g WHERE g.id = $1`,
      [q.goods_id],
    );
    if (goods === undefined) throw notFound('商品不存在');
    const { next } = ladderPosition(q.number, goods.price, goods.ladder_price, goods.ladder_price_type);
    return ok({
      hint: nextTierHint(next, goods.bzdw),
      // number: the quantity at which the cheaper price starts.
      next: next === null ? null : { number: q.number + next.more, price: next.price },
    });
  });

  // The targets POST /api/cart/copy accepts: the other store accounts of the buyer's company.
  app.get('/api/user/stores', async (request) => {
    const { userId } = await requireSession(db, request);
    const stores = await db.query<{ id: number; username: string; name: string }>(
      `SELECT u.id, u.username, u.name FROM users u JOIN users me ON me.company_id = u.company_id
       WHERE me.id = $1 AND u.id <> $1 ORDER BY u.id`,
      [userId],
    );
    return ok(stores);
  });

  app.post('/api/cart/copy', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(copyBody, request.body);
    const targets = [...new Set(body.other_user_ids)];
    const copied = await db.transaction(async (tx) => {
      const found = await tx.query<{ id: number }>(
        `SELECT u.id FROM users u JOIN users me ON me.company_id = u.company_id
         WHERE me.id = $1 AND u.id <> $1 AND u.id = ANY($2::int[])`,
        [userId, targets],
      );
      if (found.length !== targets.length) throw formError({ other_user_ids: [OTHER_COMPANY] });
      // Lines that cannot be ordered now (goods not buyable or out of stock, a set or group-buy that ended) are
      // skipped, as the shared availability rule says.
      const lines = (await loadLines(tx, 'c.user_id = $1 AND c.id = ANY($2::int[])', [userId, body.ids]))
        .filter((line) => line.available)
        .map(({ dto }) => dto.goods)
        .sort((a, b) => a.id - b.id || a.line_id - b.line_id);
      // Targets in id order and lines in goods order, so concurrent copies lock rows in one order.
      for (const target of targets.sort((a, b) => a - b)) {
        for (const line of lines) {
          if (line.line_type === LINE_TYPES.combination) {
            await addCombinationToCart(tx, target, line.combination_id, line.line_number);
          } else if (line.line_type === LINE_TYPES.groupBuy) {
            await addGroupBuyToCart(tx, target, line.group_buy_id, line.line_number);
          } else {
            await addToCart(tx, target, {
              goods_id: line.id,
              number: line.line_number,
              type: line.line_type,
              goods_price_id: line.goods_price_id,
              ladder_price_id: line.ladder_price_id,
              goods_manjian_id: line.goods_manjian_id,
              is_yj: line.is_yj,
              ck_id: line.line_ck_id,
            });
          }
        }
      }
      return lines.length * targets.length;
    });
    return ok({ copied }, copied > 0 ? '复制成功' : '没有可复制的商品');
  });

  app.post('/api/cart/checkout', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(checkoutBody, request.body);
    const [lines, settings, addresses, coupons, chosen] = await Promise.all([
      orderableLines(db, userId, body.ids),
      pricingSettings(db),
      listAddresses(db, userId),
      unusedCoupons(db, userId),
      body.user_coupon_id === undefined ? undefined : findCoupon(db, userId, body.user_coupon_id),
    ]);
    if (lines.length === 0) throw noOrderableLines();
    if (body.user_coupon_id !== undefined && chosen === undefined) throw notFound('优惠券不存在');
    const eligible = eligibleTotal(lines);
    return ok({
      lines: lines.map((line) => lineDto(line, config.publicUrl)),
      amounts: amountsWithCoupon(lines, settings, chosen),
      need_receipt: needsReceipt(lines),
      addresses,
      coupons: coupons.map((c) => couponWithUsability(c, eligible)),
    });
  });
}
