// The price engine against a naive reference (PRICE-01..PRICE-11, ORDER-06, CART-06, CART-08, CART-09, CART-11):
// random carts of ladder goods, seckills, discounts, welfare lines, goods' own 满减, gifts, order tiers, freight and
// coupons are priced by the engine and by a plain calculation written from docs/product.md alone, and must agree to
// the fen. fast-check prints the seed and the shrunk cart of any disagreement.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capitalAmount } from './capital-amount';
import { priceLine, priceLines, type CartLine, type DiscountTier, type ManjianTier } from './cart-pricing';
import { orderAmounts, type OrderCoupon } from './order-amounts';
import { EXCHANGE_LIMIT, shownPrice, type ExchangeOffer, type GoodsOffers } from './price-engine';

const RUNS = 1500;
// Generous: each property runs its cases in a second or two here, more on a busy CI machine.
const TIMEOUT = 60_000;

interface Tier {
  number: number;
  price: number;
}

const fen = (max: number) => fc.integer({ min: 1, max });

const ladder = fc
  .uniqueArray(fc.record({ number: fc.integer({ min: 1, max: 60 }), price: fen(50_000) }), {
    maxLength: 3,
    selector: (t) => t.number,
  })
  .map((tiers) => tiers.sort((a, b) => a.number - b.number));

const seckill = fc.record({
  activityId: fc.integer({ min: 1, max: 9 }),
  name: fc.constant('秒杀'),
  price: fen(20_000),
  started: fc.boolean(),
  running: fc.boolean(),
  remaining: fc.integer({ min: 0, max: 40 }),
  limit: fc.integer({ min: 1, max: 10 }),
  bought: fc.integer({ min: 0, max: 10 }),
});

// Two add-on offers, so that a cart's exchange lines are unlocked by some of its lines and not by others.
const exchange: fc.Arbitrary<ExchangeOffer> = fc.record({
  activityId: fc.constantFrom(1, 2),
  name: fc.constant('满200加1元换购'),
  threshold: fen(100_000),
  price: fen(500),
  goodsId: fc.constant(99),
  goodsName: fc.constant('医用外科口罩'),
  running: fc.boolean(),
});

const offers: fc.Arbitrary<GoodsOffers> = fc.record(
  {
    seckill: fc.option(seckill, { nil: null }),
    discount: fc.option(
      fc.record({ activityId: fc.nat(9), name: fc.constant('折扣'), percent: fc.integer({ min: 1, max: 99 }) }),
      { nil: null },
    ),
    welfare: fc.option(
      fc.record({ campaignId: fc.nat(9), percent: fc.integer({ min: 1, max: 99 }), running: fc.boolean() }),
      { nil: null },
    ),
    manjian: fc.option(
      fc.record({ activityId: fc.nat(9), name: fc.constant('满减'), threshold: fen(200_000), reduce: fen(20_000) }),
      { nil: null },
    ),
    gift: fc.option(
      fc.record({
        activityId: fc.nat(9),
        name: fc.constant('赠品'),
        threshold: fc.integer({ min: 1, max: 20 }),
        giftNumber: fc.integer({ min: 1, max: 3 }),
        giftGoodsId: fc.nat(99),
        giftGoodsName: fc.constant('同品'),
        giftStock: fc.integer({ min: -5, max: 50 }),
      }),
      { nil: null },
    ),
    exchange: fc.option(exchange, { nil: null }),
  },
  { requiredKeys: [] },
);

const line: fc.Arbitrary<CartLine> = fc.record({
  number: fc.integer({ min: 1, max: 120 }),
  price: fen(50_000),
  is_selected: fc.constantFrom(0, 1),
  type: fc.constantFrom(0, 0, 1, 4),
  with_coupon: fc.constant(1),
  offers,
  goods: fc.record({
    is_buy: fc.constantFrom(0, 1, 1, 1),
    number: fc.integer({ min: 0, max: 500 }),
    price: fen(50_000),
    ladder_price: ladder,
    ladder_price_type: fc.constantFrom(0, 1),
    is_dpby: fc.constantFrom(0, 0, 1),
    qg_number: fc.integer({ min: 0, max: 40 }),
    bzdw: fc.constant('盒'),
  }),
});

const tiers = <T>(tier: fc.Arbitrary<T>) => fc.array(tier, { maxLength: 3 });
const manjianTier: fc.Arbitrary<ManjianTier> = fc.record({ amount: fen(500_000), reduce: fen(50_000) });
const discountTier: fc.Arbitrary<DiscountTier> = fc.record({
  amount: fen(500_000),
  discount: fc.integer({ min: 50, max: 99 }),
});
const coupon: fc.Arbitrary<OrderCoupon> = fc.record({
  type: fc.constantFrom(1, 2),
  amount: fen(30_000),
  discount: fc.integer({ min: 50, max: 99 }),
  min_amount: fc.nat(300_000),
});

const cart = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 8 }),
  manjians: tiers(manjianTier),
  discounts: tiers(discountTier),
  shipping: fc.record({ shipping_amount: fc.nat(200_000), no_trans_order_amount: fc.nat(50_000) }),
  freightFee: fc.nat(3_000),
  coupon: fc.option(coupon, { nil: null }),
});

// ---- the naive reference, from docs/product.md alone ----

/** CART-06 */
function refLadder(quantity: number, own: number, tiers: readonly Tier[], type: number | undefined): number {
  const sorted = [...tiers].sort((a, b) => a.number - b.number);
  if (sorted.length === 0) return own;
  if (type === 1) {
    for (const t of sorted) if (t.number >= quantity) return t.price;
    return sorted[sorted.length - 1]?.price ?? own;
  }
  let price = own;
  for (const t of sorted) if (t.number <= quantity) price = t.price;
  return price;
}

const paidPart = (amount: number, percent: number) => Math.floor((amount * percent) / 100);

interface RefLine {
  unit: number;
  total: number;
  promoted: boolean;
  counted: boolean;
  goodsReduction: number;
  giftUnits: number;
}

/** PRICE-01..PRICE-07 and PRICE-13 for one line; `unlocked` names the add-on offers the order unlocks. */
function refLine(l: CartLine, unlocked: ReadonlySet<number> = new Set()): RefLine {
  const o = l.offers ?? {};
  let available = l.goods.is_buy === 1 && l.goods.number > 0 && !(o.welfare && !o.welfare.running);
  const s = o.seckill;
  let unit: number;
  let promoted = true;
  if (l.type === 4) {
    const x = o.exchange;
    unit = x ? x.price : l.price;
    available = available && !!x && x.running && unlocked.has(x.activityId) && l.number <= EXCHANGE_LIMIT;
  } else if (
    l.type === 1 &&
    s &&
    s.started &&
    s.running &&
    s.remaining > 0 &&
    s.limit - s.bought > 0 &&
    l.number <= s.limit - s.bought &&
    l.number <= s.remaining
  ) {
    unit = s.price;
  } else if (o.welfare && o.welfare.running) {
    unit = paidPart(l.price, o.welfare.percent);
  } else {
    const base = refLadder(l.number, l.price, l.goods.ladder_price ?? [], l.goods.ladder_price_type);
    if (o.discount) unit = paidPart(base, o.discount.percent);
    else {
      unit = base;
      promoted = false;
    }
  }
  const total = unit * l.number;
  const plain = !promoted && available;
  const goodsReduction = plain && o.manjian && total >= o.manjian.threshold ? Math.min(o.manjian.reduce, total) : 0;
  const gift = o.gift;
  const giftUnits =
    plain && gift ? Math.max(Math.min(Math.floor(l.number / gift.threshold) * gift.giftNumber, gift.giftStock), 0) : 0;
  return { unit, total, promoted, counted: available && l.is_selected === 1, goodsReduction, giftUnits };
}

type Cart = typeof cart extends fc.Arbitrary<infer T> ? T : never;

/** The add-on offers unlocked by an order's counted lines at the ordinary price (PRICE-13). */
function refUnlocked(lines: readonly CartLine[]): Set<number> {
  const unlocked = new Set<number>();
  for (const l of lines) {
    if (l.type === 4) continue;
    const r = refLine(l);
    const x = l.offers?.exchange;
    if (x && x.running && r.counted && !r.promoted && r.total >= x.threshold) unlocked.add(x.activityId);
  }
  return unlocked;
}

/** ORDER-06 with PRICE-06, PRICE-08, PRICE-13, CART-08, CART-09, CART-11. */
function refAmounts(c: Cart) {
  const unlocked = refUnlocked(c.lines);
  const lines = c.lines.map((l) => refLine(l, unlocked));
  const counted = lines.filter((l) => l.counted);
  const goods = counted.reduce((sum, l) => sum + l.total, 0);
  const goodsReduction = counted.reduce((sum, l) => sum + l.goodsReduction, 0);
  const eligible = counted.filter((l) => !l.promoted).reduce((sum, l) => sum + l.total - l.goodsReduction, 0);
  let manjian = 0;
  let best = -1;
  for (const t of c.manjians) if (eligible >= t.amount && t.amount > best) [best, manjian] = [t.amount, t.reduce];
  let discount = 0;
  best = -1;
  for (const t of c.discounts) {
    if (eligible >= t.amount && t.amount > best)
      [best, discount] = [t.amount, eligible - paidPart(eligible, t.discount)];
  }
  let coupon = 0;
  if (c.coupon && eligible > 0 && eligible >= c.coupon.min_amount) {
    coupon =
      c.coupon.type === 2 ? eligible - paidPart(eligible, c.coupon.discount) : Math.min(c.coupon.amount, eligible);
  }
  const singleFree = c.lines.some(
    (l, i) =>
      l.type !== 4 && lines[i]?.counted === true && l.goods.is_dpby === 1 && l.number >= (l.goods.qg_number ?? 0),
  );
  const shortfall = c.shipping.shipping_amount - goods - c.shipping.no_trans_order_amount;
  const free = singleFree || (c.shipping.shipping_amount > 0 && counted.length > 0 && shortfall <= 0);
  const freight = counted.length === 0 || free ? 0 : c.freightFee;
  return {
    goods_amount: goods,
    goods_manjian_amount: goodsReduction,
    manjian_amount: manjian,
    discount_amount: discount,
    coupon_amount: coupon,
    freight_amount: freight,
    pay_amount: Math.max(goods - goodsReduction - manjian - discount - coupon + freight, 0),
  };
}

describe('the price engine against a naive reference (fast-check)', () => {
  it(
    'prices every line as the reference does: unit price, total, 满减 of the goods, gifts',
    () => {
      fc.assert(
        fc.property(
          line.filter((l) => l.type !== 4),
          (l) => {
            const priced = priceLine(l);
            const ref = refLine(l);
            expect(priced.unitPrice).toBe(ref.unit);
            expect(priced.total).toBe(ref.total);
            expect(priced.promotion !== null).toBe(ref.promoted);
            expect(priced.manjianAmount).toBe(ref.goodsReduction);
            expect(priced.gift?.units ?? 0).toBe(ref.giftUnits);
            expect(priced.withCoupon).toBe(!ref.promoted);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'charges an order what the reference charges, to the fen, and its capitals read the same amount',
    () => {
      fc.assert(
        fc.property(cart, (c) => {
          const amounts = orderAmounts({
            lines: priceLines(c.lines),
            manjians: c.manjians,
            discounts: c.discounts,
            shipping: c.shipping,
            freightFee: c.freightFee,
            coupon: c.coupon,
          });
          const ref = refAmounts(c);
          expect(amounts).toEqual(ref);
          expect(capitalAmount(amounts.pay_amount)).toBe(capitalAmount(ref.pay_amount));
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'PRICE-10: the price a card shows for one unit is the unit price of a one-unit line added from it',
    () => {
      fc.assert(
        fc.property(
          line.filter((l) => l.type !== 4),
          (l) => {
            // The card's goods at its own price, with no ladder below the first tier (the seed's ladders start there).
            const one: CartLine = {
              ...l,
              number: 1,
              goods: { ...l.goods, ladder_price: [] },
              offers: { ...l.offers, welfare: null },
            };
            const shown = shownPrice(l.price, one.offers ?? {});
            const added = priceLine({ ...one, type: shown.promotion?.kind === 'SECKILL' ? 1 : 0 });
            expect(added.unitPrice).toBe(shown.price);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});
