/**
 * THE price engine (docs/product.md, PRICE-01..PRICE-12): for a goods, a quantity and the promotions that cover it
 * at this moment, which unit price applies and which promotion gives it, what a goods' own 满减 takes off its line,
 * and which gifts come with it. Pure functions over integer fen; the moment is the caller's (the upstream reads
 * its store's clock into each offer's `running`). Every surface prices through here: the card and detail price
 * (`shownPrice`), the cart line and summary (cart-pricing.ts), the confirm page and the order (order-amounts.ts).
 * See docs/adr/0131-one-price-engine.md.
 */
import { formatFen, formatFenShort, toFen } from './money';

/** A seckill (秒杀) of this goods: its price, window, own stock and per-buyer limit (PRICE-03). */
export interface SeckillOffer {
  activityId: number;
  name: string;
  /** The seckill unit price, fen. */
  price: number;
  /** Whether the window has opened; `running` is opened and not yet closed. */
  started: boolean;
  running: boolean;
  /** Seckill units not yet sold (its own stock, apart from the goods' stock). */
  remaining: number;
  /** How many units one buyer may buy in this seckill, in all of their orders. */
  limit: number;
  /** How many units this buyer has bought in it already (orders not cancelled). */
  bought: number;
}

/** A per-goods discount (折扣, 每日特价): the unit price × percent paid, while it runs (PRICE-04). */
export interface DiscountOffer {
  activityId: number;
  name: string;
  /** Percent paid, 1..99 (95 = 9.5折). */
  percent: number;
}

/** A welfare campaign (全场9.4折) the line names (PROMO-03). */
export interface WelfareOffer {
  campaignId: number;
  percent: number;
  running: boolean;
}

/** A goods' own full reduction (本品满300元立减20元): once its line reaches the threshold (PRICE-06). */
export interface GoodsManjianOffer {
  activityId: number;
  name: string;
  threshold: number;
  reduce: number;
}

/** A gift (赠品): every `threshold` units bought bring `giftNumber` units of the gift goods (PRICE-07). */
export interface GiftOffer {
  activityId: number;
  name: string;
  /** Units of the goods that earn one round of gifts. */
  threshold: number;
  giftNumber: number;
  /** The goods given; the same goods (同品) when the activity names none. */
  giftGoodsId: number;
  giftGoodsName: string;
  /** Units of the gift goods in stock to give from, after the line's own units when it is the same goods. */
  giftStock: number;
}

/**
 * An add-on purchase (换购, 本品满200元可加1元换购…): once a line of a covered goods reaches `threshold`, the buyer may
 * add up to EXCHANGE_LIMIT units of the exchange goods at `price` (PRICE-13).
 */
export interface ExchangeOffer {
  activityId: number;
  name: string;
  /** The covered goods' line total that unlocks the offer, fen. */
  threshold: number;
  /** The exchange goods' unit price in the offer, fen. */
  price: number;
  goodsId: number;
  goodsName: string;
  running: boolean;
}

/** PRICE-13: how many units of an exchange goods one order may take in one offer. */
export const EXCHANGE_LIMIT = 1;

/** What covers a goods now, as far as prices go; absent offers do not apply. */
export interface GoodsOffers {
  seckill?: SeckillOffer | null;
  discount?: DiscountOffer | null;
  welfare?: WelfareOffer | null;
  manjian?: GoodsManjianOffer | null;
  gift?: GiftOffer | null;
  /** On a covered goods' line: the add-on purchase it can unlock; on an exchange line: the offer it is sold under. */
  exchange?: ExchangeOffer | null;
}

export type PromotionKind = 'SECKILL' | 'DISCOUNT' | 'WELFARE' | 'GROUP_BUY' | 'COMBINATION' | 'EXCHANGE';

/** The promotion that set a unit price, as a line and an order line record it. */
export interface AppliedPromotion {
  kind: PromotionKind;
  /** The activity, campaign, group-buy or set that gives the price. */
  id: number;
  /** What the buyer reads beside the price, for example 秒杀价 or 限时9.5折. */
  label: string;
}

/** A gift a line earns, as the cart shows it and the order records it. */
export interface EarnedGift {
  activityId: number;
  goodsId: number;
  goodsName: string;
  units: number;
  label: string;
}

/** PRICE-02: what a percent-paid price charges for one unit: the paid part floored to the fen (MONEY-04). */
export function percentPrice(unitPrice: number, percent: number): number {
  if (percent >= 100) return unitPrice;
  return Math.floor((unitPrice * Math.max(percent, 0)) / 100);
}

/** Why a seckill does not price some units for a buyer: which rule, and the buyer's words for it. */
export interface SeckillRefusal {
  kind: 'NOT_RUNNING' | 'SOLD_OUT' | 'OVER_LIMIT';
  text: string;
}

/** Why a seckill does not price `quantity` units for this buyer now, or null when it does (PRICE-03). */
export function seckillRefusal(offer: SeckillOffer, quantity: number): SeckillRefusal | null {
  if (!offer.started) return { kind: 'NOT_RUNNING', text: '秒杀尚未开始' };
  if (!offer.running) return { kind: 'NOT_RUNNING', text: '秒杀已结束' };
  if (offer.remaining <= 0) return { kind: 'SOLD_OUT', text: '秒杀商品已抢光' };
  const left = offer.limit - offer.bought;
  if (left <= 0) return { kind: 'OVER_LIMIT', text: `每人限购${offer.limit}件，您已购买${offer.bought}件` };
  if (quantity > left) return { kind: 'OVER_LIMIT', text: `每人限购${offer.limit}件，最多还可购买${left}件` };
  if (quantity > offer.remaining) return { kind: 'SOLD_OUT', text: `秒杀仅剩${offer.remaining}件` };
  return null;
}

/** PRICE-04: of several discounts covering a goods, the deepest (the lowest percent paid) applies. */
export function deepestDiscount<D extends { percent: number }>(discounts: readonly D[]): D | null {
  return discounts.reduce<D | null>((best, d) => (best === null || d.percent < best.percent ? d : best), null);
}

/** 95 → "9.5", 90 → "9": a percent paid as a price label reads it (限时9.5折, 福利9.4折). */
function zhe(percent: number): string {
  return percent % 10 === 0 ? String(percent / 10) : (percent / 10).toFixed(1);
}

/**
 * PRICE-01: the unit price of an ordinary line: its ladder price for the quantity (CART-06), then the goods'
 * running discount on top (PRICE-04); a welfare line's campaign price replaces both (PROMO-03).
 */
export function ordinaryPrice(
  ladderUnitPrice: number,
  listPrice: number,
  offers: GoodsOffers,
): { unitPrice: number; promotion: AppliedPromotion | null; ladder: boolean } {
  const welfare = offers.welfare;
  if (welfare && welfare.running) {
    return {
      unitPrice: percentPrice(listPrice, welfare.percent),
      promotion: { kind: 'WELFARE', id: welfare.campaignId, label: `福利${zhe(welfare.percent)}折` },
      ladder: false,
    };
  }
  const discount = offers.discount;
  if (discount) {
    return {
      unitPrice: percentPrice(ladderUnitPrice, discount.percent),
      promotion: { kind: 'DISCOUNT', id: discount.activityId, label: `限时${zhe(discount.percent)}折` },
      ladder: true,
    };
  }
  return { unitPrice: ladderUnitPrice, promotion: null, ladder: true };
}

/** PRICE-06: what a goods' own 满减 takes off a line of `total` fen: its reduction once the total reaches it. */
export function goodsManjianAmount(offer: GoodsManjianOffer | null | undefined, total: number): number {
  if (!offer || total < toFen(offer.threshold)) return 0;
  return Math.min(toFen(offer.reduce), total);
}

/** "满300减20": the label of a goods' own 满减, or what is still missing (还差¥12.00享满300减20). */
export function goodsManjianHint(offer: GoodsManjianOffer | null | undefined, total: number): string | null {
  if (!offer) return null;
  const label = `满${formatFenShort(offer.threshold)}减${formatFenShort(offer.reduce)}`;
  return total >= offer.threshold ? `已享${label}` : `还差¥${formatFen(offer.threshold - total)}享${label}`;
}

/**
 * PRICE-07: the gifts `quantity` units earn: floor(quantity ÷ threshold) rounds of `giftNumber`, given while the
 * gift goods' stock lasts (赠完即止). Null when nothing is earned.
 */
export function earnedGift(offer: GiftOffer | null | undefined, quantity: number): EarnedGift | null {
  if (!offer || offer.threshold <= 0) return null;
  const units = Math.min(Math.floor(quantity / offer.threshold) * offer.giftNumber, Math.max(offer.giftStock, 0));
  if (units <= 0) return null;
  return {
    activityId: offer.activityId,
    goodsId: offer.giftGoodsId,
    goodsName: offer.giftGoodsName,
    units,
    label: `赠${offer.giftGoodsName}×${units}`,
  };
}

/**
 * PRICE-10: the price a card or a detail page shows for one unit (and the promotion behind it): a running seckill
 * the buyer can still buy, else the ordinary price with its discount. Adding from that page adds a line the engine
 * prices the same way.
 */
export function shownPrice(
  listPrice: number,
  offers: GoodsOffers,
): { price: number; promotion: AppliedPromotion | null } {
  const seckill = offers.seckill;
  if (seckill && seckillRefusal(seckill, 1) === null) {
    return { price: seckill.price, promotion: { kind: 'SECKILL', id: seckill.activityId, label: '秒杀价' } };
  }
  const { unitPrice, promotion } = ordinaryPrice(listPrice, listPrice, { ...offers, seckill: null });
  return { price: unitPrice, promotion };
}
