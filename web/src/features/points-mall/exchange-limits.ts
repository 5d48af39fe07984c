/** What a buyer may exchange of a points-mall goods now (MALL-06); the upstream decides again on confirming. */

/** The most pieces one exchange may ask for, whatever else allows (the upstream's bound). */
export const MAX_PER_EXCHANGE = 999;

export interface ExchangeableGoods {
  points: number;
  stock: number;
  perBuyerLimit: number | null;
  taken: number | null;
  onShelf: boolean;
}

/** Why nothing can be exchanged, in the words the card's button shows, or null when something can. */
export type Blocked = '已兑完' | '已下架' | '已达兑换上限' | '积分不足';

/** The pieces the limit still allows the buyer; null when the goods has no limit. */
export function limitLeft(goods: ExchangeableGoods): number | null {
  return goods.perBuyerLimit === null ? null : Math.max(0, goods.perBuyerLimit - (goods.taken ?? 0));
}

/** MALL-06: the most pieces the buyer may exchange now: within the stock, what the limit leaves and the points held. */
export function maxQuantity(goods: ExchangeableGoods, points: number): number {
  if (!goods.onShelf || goods.points <= 0) return 0;
  const affordable = Math.floor(Math.max(0, points) / goods.points);
  return Math.max(0, Math.min(goods.stock, limitLeft(goods) ?? Infinity, affordable, MAX_PER_EXCHANGE));
}

/** MALL-06: why the buyer cannot exchange even one piece (in the order a buyer can do something about last), or null. */
export function blocked(goods: ExchangeableGoods, points: number): Blocked | null {
  if (!goods.onShelf) return '已下架';
  if (goods.stock <= 0) return '已兑完';
  if (limitLeft(goods) === 0) return '已达兑换上限';
  if (points < goods.points) return '积分不足';
  return null;
}
