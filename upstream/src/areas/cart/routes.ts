import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Wording } from '@pharma/domain/wording';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { flag, idField, listOf, ok, parse, pathId, wholeNumber } from '../../lib/http';
import * as cart from './service';
import { companyStores, selectLines } from './store';

const MAX_LINE_NUMBER = 999999;
const quantity = () => wholeNumber(Wording.quantity, 1, MAX_LINE_NUMBER);
const optionalRef = (message: string) => wholeNumber(message, 0).default(0);

const goodsLine = z.object(
  {
    goods_id: idField('商品不存在'),
    number: quantity(),
    ck_id: wholeNumber('仓库不存在', 1).optional(),
    goods_price_id: optionalRef('价格不存在'),
    ladder_price_id: optionalRef('阶梯价不存在'),
    goods_manjian_id: optionalRef('满减活动不存在'),
    is_yj: flag('is_yj只能是0或1').default(0),
    type: z.literal('0').default('0'),
  },
  { error: Wording.chooseGoods },
);
// PRICE-03: seckill units (秒杀), naming the seckill in goods_price_id as the home's seckill section answers it.
const seckillLine = z.object(
  {
    type: z.literal('1'),
    goods_id: idField('商品不存在'),
    goods_price_id: idField('秒杀活动不存在'),
    number: quantity(),
  },
  { error: '请选择秒杀商品' },
);
// PRICE-13: an add-on purchase (换购): the offer's goods, naming the offer in goods_price_id.
const exchangeLine = z.object(
  {
    type: z.literal('4'),
    goods_id: idField('商品不存在'),
    goods_price_id: idField('换购活动不存在'),
    number: quantity(),
  },
  { error: '请选择换购商品' },
);
// A set of a combination purchase (组合购): number counts sets; the set's goods and prices come from the combination.
const combinationLine = z.object(
  {
    type: z.literal('3'),
    combination_id: idField('组合不存在'),
    number: wholeNumber(Wording.sets, 1, MAX_LINE_NUMBER),
  },
  { error: '请选择组合' },
);
// Joining a group-buy (拼团): the offer's goods at the group price.
const groupBuyLine = z.object(
  { type: z.literal('2'), group_buy_id: idField('拼团活动不存在'), number: quantity() },
  { error: '请选择拼团商品' },
);
// CART-17: the type decides the line's shape; a seckill line names its seckill (PRICE-03).
const addLine = z.preprocess(
  (v) => {
    if (typeof v !== 'object' || v === null) return v;
    const type: unknown = 'type' in v ? v.type : undefined;
    return { ...v, type: type === undefined || type === '' ? '0' : String(type) };
  },
  z.discriminatedUnion('type', [goodsLine, seckillLine, groupBuyLine, combinationLine, exchangeLine], {
    error: '该商品请在活动页面购买',
  }),
);
const addBody = z.object(
  {
    params: z
      .array(addLine, { error: Wording.chooseGoods })
      .min(1, Wording.chooseGoods)
      .max(50, '一次最多加入50种商品'),
  },
  { error: Wording.chooseGoods },
);
const editBody = z.object(
  { params: z.object({ number: quantity() }, { error: Wording.quantity }) },
  { error: Wording.quantity },
);
const ids = listOf(idField('购物车商品不存在'), Wording.chooseGoods, 500);
const selectBody = z.object({ ids, is_selected: flag('is_selected只能是0或1') }, { error: Wording.chooseGoods });
const deleteBody = z.object({ ids }, { error: Wording.chooseGoods });
// QUICK-03: quick add takes an optional quantity (the quick-purchase list sends the last one bought); one unit
// without it (CART-20).
const quickAddBody = z
  .object({ number: quantity().optional() }, { error: Wording.quantity })
  .optional()
  .transform((body) => body?.number ?? 1);
const hintQuery = z.object({ goods_id: idField('商品不存在'), number: quantity() }, { error: Wording.chooseGoods });
const copyBody = z.object(
  { ids, other_user_ids: listOf(idField('门店账号不存在'), '请选择门店账号', 50) },
  { error: Wording.chooseGoods },
);
const checkoutBody = z.object(
  {
    ids,
    new: z.unknown().optional(),
    user_coupon_id: idField('优惠券不存在').optional(),
    // PRICE-11: without a coupon id, 1 prices the preview with the usable coupon that takes most off.
    best_coupon: flag('best_coupon只能是0或1').optional(),
  },
  { error: Wording.chooseGoods },
);

const ADDED = '加入购物车成功';

/** The cart's REST calls; the rules are in ./service. */
export function cartRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.get('/api/cart/list', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await cart.cartList(db, userId, config.publicUrl));
  });

  app.get('/api/cart/total', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok({ total: await cart.lineCount(db, userId) });
  });

  app.post('/api/cart', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(addBody, request.body);
    return ok({ total: await cart.addLines(db, userId, body.params) }, ADDED);
  });

  app.post('/api/cart/:id/edit', async (request) => {
    const { userId } = await requireSession(db, request);
    const id = pathId(request.params, 'id', cart.lineNotFound);
    const body = parse(editBody, request.body);
    return ok(await cart.editLine(db, userId, id, body.params.number, config.publicUrl), '修改成功');
  });

  app.post('/api/cart/batch_select', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(selectBody, request.body);
    return ok({ updated: await selectLines(db, userId, body.ids, body.is_selected) }, '操作成功');
  });

  app.post('/api/cart/batch_delete', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(deleteBody, request.body);
    return ok(await cart.deleteLines(db, userId, body.ids), '删除成功');
  });

  app.post('/api/cart/quick_add/:goods_id', async (request) => {
    const { userId } = await requireSession(db, request);
    const goodsId = pathId(request.params, 'goods_id', cart.goodsNotFound);
    const number = parse(quickAddBody, request.body);
    return ok({ total: await cart.quickAdd(db, userId, goodsId, number) }, ADDED);
  });

  // CART-25: the old client POSTs with the goods and quantity in the query; GET answers the same for readers.
  const nextHint = async (request: FastifyRequest) => {
    await requireSession(db, request);
    const q = parse(hintQuery, request.query);
    return ok(await cart.nextHint(db, q.goods_id, q.number));
  };
  app.post('/api/cart/next_hint', nextHint);
  app.get('/api/cart/next_hint', nextHint);

  // The targets POST /api/cart/copy accepts: the other store accounts of the buyer's company.
  app.get('/api/user/stores', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await companyStores(db, userId));
  });

  app.post('/api/cart/copy', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(copyBody, request.body);
    const copied = await cart.copyLines(db, userId, body.ids, body.other_user_ids);
    return ok({ copied }, copied > 0 ? '复制成功' : '没有可复制的商品');
  });

  app.post('/api/cart/checkout', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(checkoutBody, request.body);
    return ok(await cart.checkout(db, userId, body.ids, body.user_coupon_id, config.publicUrl, body.best_coupon === 1));
  });
}
