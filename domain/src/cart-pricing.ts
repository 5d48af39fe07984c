/**
 * THE cart rules (docs/product.md, CART-01..CART-18), in one place and as pure functions over integer fen. The
 * upstream prices order lines with them and the gateway shows totals and hints with them; see
 * docs/adr/0203-shared-cart-pricing.md.
 * The inputs are the REST shapes (docs/rest-api.md) reduced to the fields the rules read, so the upstream's rows and
 * the gateway's DTOs both fit without conversion.
 */
import { formatFen, formatFenShort, toFen } from './money';
import {
  earnedGift,
  goodsManjianAmount,
  goodsManjianHint,
  ordinaryPrice,
  seckillRefusal,
  EXCHANGE_LIMIT,
  type AppliedPromotion,
  type EarnedGift,
  type ExchangeOffer,
  type GoodsOffers,
} from './price-engine';

/** One tier of a goods' ladder_price; price in integer fen. */
export interface LadderTier {
  number: number;
  price: number;
}

/** The fields of the REST goods object the cart rules read. */
export interface PricedGoods {
  is_buy: number;
  number: number;
  price: number;
  ladder_price?: readonly LadderTier[] | null;
  /** 1 = upper-bound tiers, anything else minimum-quantity tiers. */
  ladder_price_type?: number;
  is_dpby?: number;
  qg_number?: number | null;
  bzdw?: string | null;
}

/**
 * One goods of a combination (组合购) set as a cart line carries it: the goods' own stock and buyability, and its
 * units per set and combination unit price (fen).
 */
export interface CombinationItem {
  is_buy: number;
  number: number;
  combination: { number: number; price?: number | null };
}

/** The combination a type-3 line sells, as far as the cart rules read it. */
export interface LineCombination {
  goods: readonly CombinationItem[];
}

/** The fields of a GET /api/cart/list line the cart rules read. */
export interface CartLine {
  number: number;
  price: number;
  is_selected: number;
  /** 0 normal, 1 seckill, 2 group-buy (the marketplace's own), 3 combination; older answers call it goods_type. */
  type?: number | null;
  goods_type?: number | null;
  with_coupon?: number;
  /** 1 when the line's activity (combination, group-buy) has ended: the upstream decides, time stays there. */
  is_expired?: number | null;
  /** The set a combination line sells; absent on other lines. */
  combination?: LineCombination | null;
  /** The activity, set or group-buy a fixed-price line sells under (its id), for the line's promotion. */
  promotion_id?: number | null;
  /** The promotions covering the line's goods now (price-engine.ts); none when absent. */
  offers?: GoodsOffers | null;
  /** An exchange line only: whether a line priced with it unlocks its offer (priceLines decides, PRICE-13). */
  exchange_unlocked?: boolean | null;
  goods: PricedGoods;
}

export interface ManjianTier {
  amount: number;
  reduce: number;
}

export interface DiscountTier {
  amount: number;
  /** The percentage paid, e.g. 95 for 95折. */
  discount: number;
}

export interface ShippingData {
  shipping_amount?: number | null;
  no_trans_order_amount?: number | null;
}

export interface ActivityData {
  manjians?: readonly ManjianTier[] | null;
  discounts?: readonly DiscountTier[] | null;
}

/** A GET /api/cart/list answer, as far as the cart rules read it. */
export interface CartList<L extends CartLine = CartLine> {
  data: readonly L[];
  shipping_data?: ShippingData | null;
  activity_data?: ActivityData | null;
}

export type LineType = 'NORMAL' | 'SECKILL' | 'GROUP_BUY' | 'COMBINATION' | 'EXCHANGE';

export interface PricedLine<L extends CartLine = CartLine> {
  dto: L;
  type: LineType;
  /** Unit price in fen for this line's quantity. */
  unitPrice: number;
  /** unitPrice × number, before the goods' own 满减. */
  total: number;
  available: boolean;
  selected: boolean;
  nextTierHint: string | null;
  freeShippingHint: string | null;
  /** The promotion that set the unit price; null for the ordinary (ladder) price (PRICE-01). */
  promotion: AppliedPromotion | null;
  /** Why the promotion the line was added under does not price it now, said before paying (PRICE-05). */
  note: string | null;
  /** What the goods' own 满减 takes off this line (PRICE-06). */
  manjianAmount: number;
  /** 还差¥12.00享满300减20, or 已享满300减20; null when the goods has no 满减 of its own. */
  manjianHint: string | null;
  /** The gift the line earns now (PRICE-07). */
  gift: EarnedGift | null;
  /** Whether order tiers and coupons count this line: only lines at the ordinary price (PRICE-08). */
  withCoupon: boolean;
  /** The add-on purchase this line's goods offers, and whether this line unlocks it now (PRICE-13). */
  exchange: { offer: ExchangeOffer; unlocked: boolean } | null;
}

export interface PricedTier {
  amount: number;
  reached: boolean;
  label: string;
  shortfall: number | null;
}

export interface PricedSummary {
  selectedCount: number;
  selectedTotal: number;
  shippingShortfall: number | null;
  freeShipping: boolean;
  fullReductionTiers: PricedTier[];
  discountTiers: PricedTier[];
}

export interface PricedCart<L extends CartLine = CartLine> {
  lines: PricedLine<L>[];
  summary: PricedSummary;
}

const DEFAULT_UNIT = '件';

export function lineType(line: Pick<CartLine, 'type' | 'goods_type'>): LineType {
  const type = line.type ?? line.goods_type;
  if (type === 1) return 'SECKILL';
  if (type === 2) return 'GROUP_BUY';
  if (type === 3) return 'COMBINATION';
  if (type === 4) return 'EXCHANGE';
  return 'NORMAL';
}

/** Goods that cannot be bought (is_buy 0) or have no stock can never be selected nor counted. */
export function isAvailable(goods: Pick<PricedGoods, 'is_buy' | 'number'>): boolean {
  return goods.is_buy === 1 && goods.number > 0;
}

/** CART-08: single-item free shipping counts units of one goods: not sets, not a one-unit add-on purchase. */
function singleItemOffer(type: LineType): boolean {
  return type !== 'COMBINATION' && type !== 'EXCHANGE';
}

/** Units per set × combination unit price, summed: the price of one set, in fen. */
export function setPrice(items: readonly { number: number; price?: number | null }[]): number {
  return items.reduce((sum, item) => sum + item.number * toFen(item.price), 0);
}

/** How many whole sets the goods' stock allows: the scarcest goods decides. */
export function setsInStock(items: readonly CombinationItem[]): number {
  if (items.length === 0) return 0;
  return Math.min(
    ...items.map((item) =>
      item.is_buy === 1 && item.combination.number > 0 ? Math.floor(item.number / item.combination.number) : 0,
    ),
  );
}

/**
 * Whether a line can be ordered now. A combination line needs its set still on sale and every goods of it buyable
 * with stock for at least one set; an activity line (combination, group-buy) whose activity ended cannot be.
 */
export function isLineAvailable(
  line: Pick<CartLine, 'type' | 'goods_type' | 'is_expired' | 'combination' | 'goods'>,
): boolean {
  if (line.is_expired === 1) return false;
  if (lineType(line) === 'COMBINATION') return setsInStock(line.combination?.goods ?? []) >= 1;
  return isAvailable(line.goods);
}

function sortedTiers(ladder: readonly LadderTier[] | null | undefined): LadderTier[] {
  return (ladder ?? []).filter((tier) => tier.number > 0).sort((a, b) => a.number - b.number);
}

export interface LadderPosition {
  unitPrice: number;
  /** The cheaper tier the buyer can reach by buying more, and how many more. */
  next: { more: number; price: number } | null;
}

/**
 * Where a quantity sits on a ladder. ladder_price_type 1: each tier is an upper bound, so the first tier whose
 * number >= quantity applies, and beyond the last bound the last tier still does (buying more must never raise the
 * unit price). Otherwise each tier is a minimum: the last tier whose number <= quantity applies, and below the first
 * one the line's own price. No ladder leaves the line's own price.
 */
export function ladderPosition(
  quantity: number,
  linePrice: number,
  ladder: readonly LadderTier[] | null | undefined,
  ladderType: number | undefined,
): LadderPosition {
  const tiers = sortedTiers(ladder);
  if (tiers.length === 0) return { unitPrice: linePrice, next: null };

  if (ladderType === 1) {
    const found = tiers.findIndex((tier) => tier.number >= quantity);
    const index = found === -1 ? tiers.length - 1 : found;
    const current = tiers[index];
    const following = tiers[index + 1];
    const unitPrice = toFen(current?.price);
    const next =
      current && following && toFen(following.price) < unitPrice
        ? { more: current.number + 1 - quantity, price: toFen(following.price) }
        : null;
    return { unitPrice, next };
  }

  let unitPrice = linePrice;
  for (const tier of tiers) if (tier.number <= quantity) unitPrice = toFen(tier.price);
  const following = tiers.find((tier) => tier.number > quantity && toFen(tier.price) < unitPrice);
  return { unitPrice, next: following ? { more: following.number - quantity, price: toFen(following.price) } : null };
}

/** "再买 3 盒 ¥12.50/盒": how many more reach the next, cheaper tier. */
export function nextTierHint(next: LadderPosition['next'], packingUnit: string | null | undefined): string | null {
  if (next === null) return null;
  const unit = packingUnit || DEFAULT_UNIT;
  return `再买 ${next.more} ${unit} ¥${formatFen(next.price)}/${unit}`;
}

/** The quantity from which one goods ships free on its own (单品包邮), or null when it has no such offer. */
export function singleItemFreeShippingQuantity(goods: Pick<PricedGoods, 'is_dpby' | 'qg_number'>): number | null {
  return goods.is_dpby === 1 ? Math.max(goods.qg_number ?? 0, 0) : null;
}

/** "再买 2 盒 单品包邮" while the line is short of its single-item free-shipping quantity. */
export function freeShippingHint(quantity: number, goods: PricedGoods): string | null {
  const threshold = singleItemFreeShippingQuantity(goods);
  if (threshold === null || quantity >= threshold || !isAvailable(goods)) return null;
  return `再买 ${threshold - quantity} ${goods.bzdw || DEFAULT_UNIT} 单品包邮`;
}

const FIXED_PRICE_LABELS = { GROUP_BUY: '拼团价', COMBINATION: '组合价' } as const;

/**
 * Prices one line by the price engine (PRICE-01..PRICE-08): a seckill line at its seckill price while the seckill
 * lets this buyer have that many, otherwise by the ordinary rules with a note saying why; an ordinary line at its
 * ladder price with the goods' discount or the welfare campaign it names; group-buy and set lines at their own
 * fixed price. Then the goods' own 满减 and gifts, which follow the ordinary price only.
 */
export function priceLine<L extends CartLine>(line: L): PricedLine<L> {
  const type = lineType(line);
  const linePrice = toFen(line.price);
  const offers = line.offers ?? {};
  // PROMO-03: a line naming a welfare campaign that is not running cannot be ordered, whoever read the campaign.
  let available = isLineAvailable(line) && !(offers.welfare && !offers.welfare.running);
  let unitPrice = linePrice;
  let next: LadderPosition['next'] = null;
  let promotion: AppliedPromotion | null = null;
  let note: string | null = null;
  let ordinary = type === 'NORMAL';
  if (type === 'SECKILL') {
    const seckill = offers.seckill;
    const refusal = seckill ? seckillRefusal(seckill, line.number) : null;
    if (seckill && refusal === null) {
      unitPrice = seckill.price;
      promotion = { kind: 'SECKILL', id: seckill.activityId, label: '秒杀价' };
    } else {
      // PRICE-05: the buyer keeps the line, at the ordinary price, and is told why before paying (a seckill gone
      // altogether has ended).
      note = `${refusal?.text ?? '秒杀已结束'}，按原价结算`;
      ordinary = true;
    }
  } else if (type === 'GROUP_BUY' || type === 'COMBINATION') {
    promotion = { kind: type, id: line.promotion_id ?? 0, label: FIXED_PRICE_LABELS[type] };
  } else if (type === 'EXCHANGE') {
    // PRICE-13: sold only under its offer, while it runs and a line of the order unlocks it; never otherwise.
    const offer = offers.exchange;
    const refusal = !offer?.running
      ? '换购活动已结束'
      : line.exchange_unlocked !== true
        ? `未满足换购条件：${offer.name}`
        : line.number > EXCHANGE_LIMIT
          ? `每单限换购${EXCHANGE_LIMIT}件`
          : null;
    if (offer) {
      unitPrice = offer.price;
      promotion = { kind: 'EXCHANGE', id: offer.activityId, label: '换购价' };
    }
    if (refusal !== null) {
      note = refusal;
      available = false;
    }
  }
  if (ordinary) {
    const ladder = ladderPosition(line.number, linePrice, line.goods.ladder_price, line.goods.ladder_price_type);
    const priced = ordinaryPrice(ladder.unitPrice, linePrice, { ...offers, seckill: null });
    unitPrice = priced.unitPrice;
    promotion = priced.promotion;
    next = priced.ladder ? ladder.next : null;
    if (offers.welfare && !offers.welfare.running) note = '福利活动已结束';
  }
  const total = unitPrice * line.number;
  // A goods' own 满减 and gifts reward buying it at its ordinary (ladder) price, never on top of a special price.
  const plain = ordinary && promotion === null;
  const manjianAmount = plain && available ? goodsManjianAmount(offers.manjian, total) : 0;
  return {
    dto: line,
    type,
    unitPrice,
    total,
    available,
    selected: available && line.is_selected === 1,
    // Hints invite the buyer to buy more: pointless, even misleading, for goods that cannot be bought now.
    nextTierHint: available ? nextTierHint(next, line.goods.bzdw) : null,
    // A combination line counts sets of several goods, and an add-on purchase is one unit: no single-item offer applies.
    freeShippingHint: available && singleItemOffer(type) ? freeShippingHint(line.number, line.goods) : null,
    promotion,
    note,
    manjianAmount,
    manjianHint: plain && available ? goodsManjianHint(offers.manjian, total) : null,
    gift: plain && available ? earnedGift(offers.gift, line.number) : null,
    withCoupon: line.with_coupon === 1 && promotion === null,
    exchange:
      plain && available && offers.exchange
        ? { offer: offers.exchange, unlocked: offers.exchange.running && total >= offers.exchange.threshold }
        : null,
  };
}

/**
 * Prices the lines of one cart or order together: each by priceLine, an exchange line after the others, unlocked
 * when a selected line of the same order reaches its offer (PRICE-13). Answers in the order given.
 */
export function priceLines<L extends CartLine>(lines: readonly L[]): PricedLine<L>[] {
  const priced = lines.map((line) => (lineType(line) === 'EXCHANGE' ? null : priceLine(line)));
  const unlocked = new Set(
    priced.flatMap((p) => (p !== null && p.selected && p.exchange?.unlocked ? [p.exchange.offer.activityId] : [])),
  );
  return lines.map(
    (line, i) =>
      priced[i] ?? priceLine({ ...line, exchange_unlocked: unlocked.has(line.offers?.exchange?.activityId ?? -1) }),
  );
}

/** 95 → "95", 90 → "9": how Chinese shoppers read discounts (九折, 九五折). */
function discountLabel(percentPaid: number): string {
  return percentPaid % 10 === 0 ? String(percentPaid / 10) : String(percentPaid);
}

export function fullReductionLabel(tier: ManjianTier): string {
  return `满${formatFenShort(toFen(tier.amount))}减${formatFenShort(toFen(tier.reduce))}`;
}

export function discountTierLabel(tier: DiscountTier): string {
  return `满${formatFenShort(toFen(tier.amount))}打${discountLabel(tier.discount)}折`;
}

/**
 * PRICE-08: order tiers and coupons count only selected lines at the ordinary price (withCoupon), each after its
 * goods' own 满减 (the subtotal after item reductions).
 */
export function eligibleTotal(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + (line.selected && line.withCoupon ? line.total - line.manjianAmount : 0), 0);
}

/** A full-reduction or discount tier is reached when the eligible total reaches its amount. */
export function tierReached(eligible: number, amount: number): boolean {
  return eligible >= amount;
}

/** Each tier with whether it is reached and the shortfall to it; reached tiers come first, each group by amount. */
export function priceTiers<T extends { amount: number }>(
  tiers: readonly T[] | null | undefined,
  eligible: number,
  label: (tier: T) => string,
): PricedTier[] {
  return (tiers ?? [])
    .map((tier) => {
      const amount = toFen(tier.amount);
      const reached = tierReached(eligible, amount);
      return { amount, reached, label: label(tier), shortfall: reached ? null : amount - eligible };
    })
    .sort((a, b) => Number(b.reached) - Number(a.reached) || a.amount - b.amount);
}

/** shipping_amount − selected total − no_trans_order_amount, shown only when positive. */
export function shippingShortfall(
  shippingAmount: number,
  selectedTotal: number,
  noTransOrderAmount: number,
): number | null {
  const shortfall = shippingAmount - selectedTotal - noTransOrderAmount;
  return shortfall > 0 ? shortfall : null;
}

/**
 * Whether the counted lines ship free: one of them reaches its single-item free-shipping quantity (is_dpby and
 * qg_number), or their total leaves no shipping shortfall against a shipping threshold.
 */
export function isFreeShipping(counted: readonly PricedLine[], shipping: ShippingData | null | undefined): boolean {
  const singleItemFree = counted.some((line) => {
    if (!singleItemOffer(line.type)) return false;
    const threshold = singleItemFreeShippingQuantity(line.dto.goods);
    return threshold !== null && line.dto.number >= threshold;
  });
  const shippingAmount = toFen(shipping?.shipping_amount);
  const total = counted.reduce((sum, line) => sum + line.total, 0);
  const shortfall = shippingShortfall(shippingAmount, total, toFen(shipping?.no_trans_order_amount));
  return singleItemFree || (shippingAmount > 0 && counted.length > 0 && shortfall === null);
}

export function summarize(lines: readonly PricedLine[], cart: Omit<CartList, 'data'>): PricedSummary {
  const counted = lines.filter((line) => line.selected);
  const selectedTotal = counted.reduce((sum, line) => sum + line.total, 0);
  const eligible = eligibleTotal(lines);
  const shippingAmount = toFen(cart.shipping_data?.shipping_amount);
  const noTrans = toFen(cart.shipping_data?.no_trans_order_amount);
  const shortfall = shippingShortfall(shippingAmount, selectedTotal, noTrans);
  return {
    selectedCount: counted.length,
    selectedTotal,
    shippingShortfall: shortfall,
    freeShipping: isFreeShipping(counted, cart.shipping_data),
    fullReductionTiers: priceTiers(cart.activity_data?.manjians, eligible, fullReductionLabel),
    discountTiers: priceTiers(cart.activity_data?.discounts, eligible, discountTierLabel),
  };
}

/** A stored tier as GET /api/cart/list shows it (CART-09): reached (status 1) or not, its label, the shortfall to it. */
export type ListedTier<T> = T & { status: 0 | 1; label: string; shortfall: number | null };

/** GET /api/cart/list: the lines as the caller answers them, the shipping settings, the judged tiers, the summary. */
export interface CartListAnswer<D, S, M, T, A> {
  action: 0;
  user_id: number;
  data: D[];
  shipping_data: S;
  /**
   * The tiers judged (the spec's cart state): `manjians` and `discounts` as lists, and as maps keyed by the tier's
   * amount in fen for clients that look a tier up.
   */
  activity_data: {
    manjians: ListedTier<M>[];
    discounts: ListedTier<T>[];
    manjians_map: Record<string, ListedTier<M>>;
    discounts_map: Record<string, ListedTier<T>>;
  };
  summary: {
    selected_count: number;
    selected_total: number;
    shipping_shortfall: number | null;
    free_shipping: 0 | 1;
    /** PRICE-09: what checkout charges for the selection before a coupon (the order's amounts). */
    amounts: A;
  };
  filter_data: never[];
}

/**
 * The cart list answer around already priced lines (CART-22: the upstream prices the cart, the gateway reads it).
 * Tiers are judged against the selected, coupon-eligible lines and the reached ones come first (CART-09).
 */
export function cartListAnswer<D, S extends ShippingData, M extends ManjianTier, T extends DiscountTier, A>(
  priced: readonly PricedLine[],
  cart: { user_id: number; data: D[]; shipping_data: S; manjians: readonly M[]; discounts: readonly T[]; amounts: A },
): CartListAnswer<D, S, M, T, A> {
  const summary = summarize(priced, { shipping_data: cart.shipping_data });
  const eligible = eligibleTotal(priced);
  const judge = <X extends { amount: number }>(tiers: readonly X[], label: (tier: X) => string): ListedTier<X>[] =>
    tiers
      .map((tier): ListedTier<X> => {
        const reached = tierReached(eligible, tier.amount);
        return {
          ...tier,
          status: reached ? 1 : 0,
          label: label(tier),
          shortfall: reached ? null : tier.amount - eligible,
        };
      })
      .sort((a, b) => b.status - a.status || a.amount - b.amount);
  const manjians = judge(cart.manjians, fullReductionLabel);
  const discounts = judge(cart.discounts, discountTierLabel);
  const byAmount = <X extends { amount: number }>(tiers: X[]) =>
    Object.fromEntries(tiers.map((tier) => [String(tier.amount), tier]));
  return {
    action: 0,
    user_id: cart.user_id,
    data: cart.data,
    shipping_data: cart.shipping_data,
    activity_data: { manjians, discounts, manjians_map: byAmount(manjians), discounts_map: byAmount(discounts) },
    summary: {
      selected_count: summary.selectedCount,
      selected_total: summary.selectedTotal,
      shipping_shortfall: summary.shippingShortfall,
      free_shipping: summary.freeShipping ? 1 : 0,
      amounts: cart.amounts,
    },
    filter_data: [],
  };
}

export function priceCart<L extends CartLine>(cart: CartList<L>): PricedCart<L> {
  const lines = priceLines(cart.data);
  return { lines, summary: summarize(lines, cart) };
}
