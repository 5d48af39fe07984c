/** The points mall (MALL-01..MALL-06 in docs/product.md): its shelf, and exchanging points for goods. */
import { Refusal } from '@pharma/domain/codes';
import type { Db, Queryable } from '../../db/db';
import { ApiError, formError, iso, notFound } from '../../lib/http';
import { page } from '../../lib/paging';
import { prizeSvg } from '../../lib/svg';
import { findAddress } from '../addresses/store';
import * as store from './store';
import { publicImageUrl } from '../../lib/public-url';

export const goodsNotFound = () => notFound('积分商品不存在');
export const addressNotFound = () => notFound('收货地址不存在');
/** MALL-04: a goods taken off the shelf cannot be exchanged. */
export const offShelf = () => new ApiError(400, Refusal.NOT_BUYABLE, '该商品已下架，暂不可兑换');
/** MALL-02: fewer pieces left than asked for. */
export const outOfStock = (left: number) =>
  new ApiError(400, Refusal.STOCK_EXCEEDED, left === 0 ? '该商品已兑完' : `库存不足，仅剩${left}件`);
/** MALL-02: the company holds fewer points than the exchange costs. */
export const pointsTooLow = (needed: number, held: number) =>
  new ApiError(400, Refusal.BALANCE_TOO_LOW, `积分不足：需要${needed}积分，当前可用${held}积分`);
/** MALL-03: more pieces than the buyer may still take. */
const overLimit = (limit: number, taken: number) =>
  formError({
    quantity: [
      taken === 0
        ? `每人限兑${limit}件`
        : `每人限兑${limit}件，您已兑换${taken}件，最多还可兑换${Math.max(0, limit - taken)}件`,
    ],
  });

export function goodsDto(publicUrl: string, row: store.PointsGoodsRow) {
  return {
    id: row.id,
    name: row.name,
    image: publicImageUrl(publicUrl, row.image),
    points: row.points,
    stock: row.stock,
    per_buyer_limit: row.per_buyer_limit,
    description: row.description,
    on_shelf: row.on_shelf,
    sort: row.sort,
    taken: row.taken,
  };
}

/** MALL-01: a page of the goods on the shelf; open to visitors, with what the signed-in buyer took. */
export async function shelf(q: Queryable, publicUrl: string, userId: number | null, at: number, size: number) {
  const { rows, total } = await store.shelfPage(q, userId, size, (at - 1) * size);
  return page(
    rows.map((r) => goodsDto(publicUrl, r)),
    total,
    at,
    size,
  );
}

/** One goods; an off-shelf one is answered with `on_shelf` 0 so an old link can say so. */
export async function goods(q: Queryable, publicUrl: string, userId: number | null, id: number) {
  const row = await store.goodsById(q, userId, id);
  if (row === undefined) throw goodsNotFound();
  return goodsDto(publicUrl, row);
}

export function orderDto(publicUrl: string, row: store.PointsOrderRow) {
  return {
    id: row.id,
    order_sn: row.order_sn,
    goods_id: row.goods_id,
    goods_name: row.goods_name,
    goods_image: publicImageUrl(publicUrl, row.goods_image),
    unit_points: row.unit_points,
    quantity: row.quantity,
    points: row.points,
    status: row.status,
    consignee: row.consignee,
    phone: row.phone,
    address: row.address,
    created_at: iso(row.created_at),
  };
}

export interface ExchangeInput {
  goodsId: number;
  quantity: number;
  addressId: number;
}

/**
 * MALL-02..MALL-05: exchanges points for `quantity` pieces of a goods, all or nothing, in one transaction. Each
 * guarded quantity (stock, the buyer's taken pieces, the company's points) moves in one conditional statement, so
 * concurrent exchanges can never spend more points or stock than there are; the rows are always locked in the same
 * order (goods, taken, company), so they cannot deadlock one another.
 */
export async function exchange(db: Db, publicUrl: string, userId: number, input: ExchangeInput) {
  // Cheap refusals first, outside the transaction: they need no lock and hold none.
  const before = await store.goodsById(db, userId, input.goodsId);
  if (before === undefined) throw goodsNotFound();
  if (before.on_shelf !== 1) throw offShelf();
  if (before.per_buyer_limit !== null && (before.taken ?? 0) + input.quantity > before.per_buyer_limit) {
    throw overLimit(before.per_buyer_limit, before.taken ?? 0);
  }
  // MALL-05, SEC-01: another buyer's address is as unknown as a missing one.
  const address = await findAddress(db, userId, input.addressId);
  if (address === undefined) throw addressNotFound();

  return db.transaction(async (tx) => {
    const taken = await store.takeStock(tx, input.goodsId, input.quantity);
    if (taken === undefined) {
      const now = await store.goodsById(tx, userId, input.goodsId);
      if (now === undefined) throw goodsNotFound();
      if (now.on_shelf !== 1) throw offShelf();
      throw outOfStock(now.stock);
    }
    if ((await store.countTaken(tx, input.goodsId, userId, input.quantity, taken.per_buyer_limit)) === undefined) {
      const now = await store.goodsById(tx, userId, input.goodsId);
      throw overLimit(taken.per_buyer_limit ?? 0, now?.taken ?? 0);
    }
    const cost = taken.points * input.quantity;
    const spent = await store.spendPoints(tx, userId, cost);
    if (spent === undefined) throw pointsTooLow(cost, (await store.companyPoints(tx, userId)) ?? 0);
    const order = await store.insertOrder(tx, {
      userId,
      goodsId: input.goodsId,
      name: taken.name,
      image: taken.image,
      unitPoints: taken.points,
      quantity: input.quantity,
      consignee: address.consignee,
      phone: address.phone,
      address: `${address.province}${address.city}${address.district}${address.address}`,
    });
    await store.logSpend(tx, {
      companyId: spent.company_id,
      userId,
      points: cost,
      balanceAfter: spent.points,
      orderId: order.id,
      remark: `积分兑换 ${taken.name} ×${input.quantity}（${order.order_sn}）`,
    });
    const after = await store.goodsById(tx, userId, input.goodsId);
    if (after === undefined) throw new Error(`points goods ${input.goodsId} vanished while exchanging`);
    return { order: orderDto(publicUrl, order), points: spent.points, goods: goodsDto(publicUrl, after) };
  });
}

/** The picture of a points goods: a gift box with its name. */
export async function picture(q: Queryable, id: number | undefined): Promise<string> {
  const name = id === undefined ? undefined : await store.goodsName(q, id);
  if (id === undefined || name === undefined) throw notFound('图片不存在');
  return prizeSvg({ id, name, is_prize: 1 });
}
