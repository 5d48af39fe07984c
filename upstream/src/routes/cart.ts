import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Db, Queryable } from '../db/db';
import { requireSession } from '../lib/auth';
import { eligibleTotal, priceLine, tierReached, type CartLine, type PricedLine } from '@pharma/pricing/cart-pricing';
import { GOODS_COLUMNS, goodsDto, type GoodsRow } from '../lib/goods';
import { ApiError, flag, idField, listOf, notFound, ok, parse, parseId, wholeNumber } from '../lib/http';

const NUMBER_MESSAGE = '数量必须是大于0的整数';
const MAX_LINE_NUMBER = 999999;

const optionalRef = (message: string) => wholeNumber(message, 0).default(0);

const addLine = z.object(
  {
    goods_id: idField('商品不存在'),
    number: wholeNumber(NUMBER_MESSAGE, 1, MAX_LINE_NUMBER),
    ck_id: wholeNumber('仓库不存在', 1).optional(),
    goods_price_id: optionalRef('价格不存在'),
    ladder_price_id: optionalRef('阶梯价不存在'),
    goods_manjian_id: optionalRef('满减活动不存在'),
    is_yj: flag('is_yj只能是0或1').default(0),
    // Seckill and combination lines need their activity's price; only ordinary lines are sold here.
    type: z.enum(['0'], { error: '该商品请在活动页面购买' }).default('0'),
  },
  { error: '请选择商品' },
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

interface LineRow extends GoodsRow {
  line_id: number;
  line_number: number;
  line_type: number;
  goods_price_id: number;
  ladder_price_id: number;
  goods_manjian_id: number;
  is_yj: number;
  is_selected: number;
}

const LINE_SQL = `SELECT c.id AS line_id, c.number AS line_number, c.type AS line_type, c.goods_price_id,
    c.ladder_price_id, c.goods_manjian_id, c.is_yj, c.is_selected, ${GOODS_COLUMNS}
  FROM cart_lines c JOIN goods g ON g.id = c.goods_id`;

const stockMessage = (stock: number) => `库存不足，最多可购买${stock}件`;
const stockExceeded = (stock: number) => new ApiError(400, 40001, stockMessage(stock));
const notBuyable = () => new ApiError(400, 40002, '该商品暂不可购买');
const lineNotFound = () => notFound('购物车商品不存在');

// Every goods takes part in the promotions (no with_coupon column yet).
const WITH_COUPON = 1;

interface StoredLine extends CartLine {
  with_coupon: number;
  goods: LineRow;
}

/** A stored line priced by the shared cart rules: ladder unit price, total, and whether it counts. */
function priceRow(r: LineRow): PricedLine<StoredLine> {
  return priceLine({
    number: r.line_number,
    price: r.price,
    is_selected: r.is_selected,
    type: r.line_type,
    with_coupon: WITH_COUPON,
    goods: r,
  });
}

function lineDto({ dto: line, unitPrice, selected }: PricedLine<StoredLine>, publicUrl: string) {
  const r = line.goods;
  return {
    id: r.line_id,
    number: r.line_number,
    price: unitPrice,
    raw_price: r.price,
    // Goods that cannot be bought now never count towards the order, whatever was stored.
    is_selected: selected ? 1 : 0,
    type: r.line_type,
    goods_type: r.line_type,
    goods_manjian_amount: 0,
    with_coupon: line.with_coupon,
    gift_data: { total: 0, type: 0 },
    key: `${r.id}_${r.line_type}_${r.goods_price_id}_${r.ladder_price_id}_${r.goods_manjian_id}_${r.is_yj}`,
    goods_price_id: r.goods_price_id,
    ladder_price_id: r.ladder_price_id,
    goods_manjian_id: r.goods_manjian_id,
    is_yj: r.is_yj,
    goods: goodsDto(r, publicUrl),
  };
}

async function lineCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM cart_lines WHERE user_id = $1', [
    userId,
  ]);
  return row?.total ?? 0;
}

async function cartList(db: Db, userId: number, publicUrl: string) {
  const [rows, [site], manjians, discounts] = await Promise.all([
    db.query<LineRow>(`${LINE_SQL} WHERE c.user_id = $1 ORDER BY c.id DESC`, [userId]),
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
  const priced = rows.map(priceRow);
  // Tiers compare against the selected, coupon-eligible lines (spec section 9); reached tiers are listed first.
  const eligible = eligibleTotal(priced);
  const status = (amount: number) => (tierReached(eligible, amount) ? 1 : 0);
  const byReached = <T extends { status: number; amount: number }>(a: T, b: T) =>
    b.status - a.status || a.amount - b.amount;
  return {
    action: 0,
    data: priced.map((line) => lineDto(line, publicUrl)),
    shipping_data: {
      shipping_amount: site?.shipping_amount ?? 0,
      no_trans_order_amount: site?.no_trans_order_amount ?? 0,
    },
    activity_data: {
      manjians: manjians.map((t) => ({ ...t, status: status(t.amount) })).sort(byReached),
      discounts: discounts.map((t) => ({ ...t, status: status(t.amount) })).sort(byReached),
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
        const [goods] = await tx.query<{ is_buy: number; number: number; ck_id: number }>(
          'SELECT is_buy, number, ck_id FROM goods WHERE id = $1',
          [line.goods_id],
        );
        if (goods === undefined) throw notFound('商品不存在');
        if (goods.is_buy !== 1) throw notBuyable();
        if (line.number > goods.number) throw stockExceeded(goods.number);
        // Atomic add: a concurrent add of the same goods waits on the row and then adds to it, so nothing is
        // lost; the WHERE refuses an update that would take the line beyond the stock.
        const upserted = await tx.query<{ id: number }>(
          `INSERT INTO cart_lines AS c (user_id, goods_id, type, goods_price_id, ladder_price_id, goods_manjian_id,
             is_yj, ck_id, number)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (user_id, goods_id, type, goods_price_id, ladder_price_id, goods_manjian_id, is_yj)
           DO UPDATE SET number = c.number + excluded.number, is_selected = 1, updated_at = now()
             WHERE c.number + excluded.number <= (SELECT g.number FROM goods g WHERE g.id = excluded.goods_id)
           RETURNING c.id`,
          [
            userId,
            line.goods_id,
            Number(line.type),
            line.goods_price_id,
            line.ladder_price_id,
            line.goods_manjian_id,
            line.is_yj,
            line.ck_id ?? goods.ck_id,
            line.number,
          ],
        );
        if (upserted.length === 0) throw stockExceeded(goods.number);
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
      const [line] = await tx.query<{ stock: number }>(
        `SELECT g.number AS stock FROM cart_lines c JOIN goods g ON g.id = c.goods_id
         WHERE c.id = $1 AND c.user_id = $2 FOR UPDATE OF c`,
        [id, userId],
      );
      if (line === undefined) throw lineNotFound();
      if (n > line.stock) throw stockExceeded(line.stock);
      await tx.query('UPDATE cart_lines SET number = $1, updated_at = now() WHERE id = $2 AND user_id = $3', [
        n,
        id,
        userId,
      ]);
    });
    const [row] = await db.query<LineRow>(`${LINE_SQL} WHERE c.id = $1 AND c.user_id = $2`, [id, userId]);
    if (row === undefined) throw lineNotFound();
    return ok(lineDto(priceRow(row), config.publicUrl), '修改成功');
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
}
