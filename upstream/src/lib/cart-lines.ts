import { priceLine, type CartLine, type PricedLine } from '@pharma/pricing/cart-pricing';
import type { Queryable } from '../db/db';
import { GOODS_COLUMNS, goodsDto, type GoodsRow } from './goods';
import { ApiError, notFound } from './http';

/** A cart line joined with its goods. */
export interface LineRow extends GoodsRow {
  line_id: number;
  line_number: number;
  line_type: number;
  goods_price_id: number;
  ladder_price_id: number;
  goods_manjian_id: number;
  is_yj: number;
  is_selected: number;
}

export const LINE_SQL = `SELECT c.id AS line_id, c.number AS line_number, c.type AS line_type, c.goods_price_id,
    c.ladder_price_id, c.goods_manjian_id, c.is_yj, c.is_selected, ${GOODS_COLUMNS}
  FROM cart_lines c JOIN goods g ON g.id = c.goods_id`;

// Every goods takes part in the promotions (no with_coupon column yet).
export const WITH_COUPON = 1;

export interface StoredLine extends CartLine {
  with_coupon: number;
  goods: LineRow;
}

/** A stored line priced by the shared cart rules: ladder unit price, total, and whether it counts. */
export function priceRow(r: LineRow): PricedLine<StoredLine> {
  return priceLine({
    number: r.line_number,
    price: r.price,
    is_selected: r.is_selected,
    type: r.line_type,
    with_coupon: WITH_COUPON,
    goods: r,
  });
}

export function lineDto({ dto: line, unitPrice, selected }: PricedLine<StoredLine>, publicUrl: string) {
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

export async function lineCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM cart_lines WHERE user_id = $1', [
    userId,
  ]);
  return row?.total ?? 0;
}

export const stockMessage = (stock: number) => `库存不足，最多可购买${stock}件`;
export const stockExceeded = (stock: number) => new ApiError(400, 40001, stockMessage(stock));
export const notBuyable = () => new ApiError(400, 40002, '该商品暂不可购买');

export interface AddLine {
  goods_id: number;
  number: number;
  type: number;
  goods_price_id: number;
  ladder_price_id: number;
  goods_manjian_id: number;
  is_yj: number;
  ck_id?: number | undefined;
}

/**
 * Adds goods to a buyer's cart inside the caller's transaction. Goods already in the cart add to that line
 * atomically: a concurrent add of the same goods waits on the row and then adds to it, so nothing is lost; the
 * WHERE refuses an update that would take the line beyond the stock.
 */
export async function addToCart(tx: Queryable, userId: number, line: AddLine): Promise<void> {
  const [goods] = await tx.query<{ is_buy: number; number: number; ck_id: number }>(
    'SELECT is_buy, number, ck_id FROM goods WHERE id = $1',
    [line.goods_id],
  );
  if (goods === undefined) throw notFound('商品不存在');
  if (goods.is_buy !== 1) throw notBuyable();
  if (line.number > goods.number) throw stockExceeded(goods.number);
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
      line.type,
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
