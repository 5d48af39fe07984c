import { describe, expect, it } from 'vitest';
import {
  cartListAnswer,
  discountTierLabel,
  freeShippingHint,
  fullReductionLabel,
  isAvailable,
  isLineAvailable,
  isFreeShipping,
  ladderPosition,
  nextTierHint,
  priceCart,
  priceLine,
  priceTiers,
  setPrice,
  setsInStock,
  shippingShortfall,
  eligibleTotal,
  tierReached,
  type CartLine,
  type CartList,
  type PricedGoods,
} from './cart-pricing';

/** A buyable, in-stock goods as the REST API answers it; money in fen. */
function goods(overrides: Partial<PricedGoods> = {}): PricedGoods {
  return {
    is_buy: 1,
    number: 500,
    price: 1250,
    ladder_price: [],
    ladder_price_type: 2,
    is_dpby: 0,
    qg_number: 0,
    bzdw: '盒',
    ...overrides,
  };
}

/** A selected, ordinary, coupon-eligible cart line of one goods. */
function cartLine(overrides: Partial<CartLine> = {}, goodsOverrides: Partial<PricedGoods> = {}): CartLine {
  return {
    number: 1,
    price: 1250,
    is_selected: 1,
    type: 0,
    with_coupon: 1,
    goods: goods(goodsOverrides),
    ...overrides,
  };
}

function cartList(data: CartLine[], rest: Omit<CartList, 'data'> = {}): CartList {
  return { data, shipping_data: null, activity_data: null, ...rest };
}

const UPPER = 1;
const MINIMUM = 2;
const upperLadder = [
  { number: 50, price: 1100 },
  { number: 10, price: 1200 },
  { number: 100, price: 1000 },
];
const minimumLadder = [
  { number: 1, price: 1200 },
  { number: 10, price: 1100 },
  { number: 50, price: 1000 },
];

describe('ladder prices', () => {
  it('reads upper-bound tiers (type 1): the first tier whose number is at least the quantity applies', () => {
    expect(ladderPosition(1, 1300, upperLadder, UPPER).unitPrice).toBe(1200);
    expect(ladderPosition(10, 1300, upperLadder, UPPER).unitPrice).toBe(1200);
    expect(ladderPosition(11, 1300, upperLadder, UPPER).unitPrice).toBe(1100);
    expect(ladderPosition(100, 1300, upperLadder, UPPER).unitPrice).toBe(1000);
  });

  it('keeps the last (cheapest) tier above the last upper bound: buying more never raises the unit price', () => {
    expect(ladderPosition(101, 1300, upperLadder, UPPER)).toEqual({ unitPrice: 1000, next: null });
    expect(ladderPosition(200000, 1300, upperLadder, UPPER).unitPrice).toBe(1000);
    const line = priceLine(
      cartLine({ number: 120, price: 1300 }, { ladder_price: upperLadder, ladder_price_type: UPPER }),
    );
    expect(line).toMatchObject({ unitPrice: 1000, total: 120000, nextTierHint: null });
  });

  it('reads minimum-quantity tiers (other types): the last tier whose number is at most the quantity applies', () => {
    expect(ladderPosition(1, 1300, minimumLadder, MINIMUM).unitPrice).toBe(1200);
    expect(ladderPosition(9, 1300, minimumLadder, MINIMUM).unitPrice).toBe(1200);
    expect(ladderPosition(10, 1300, minimumLadder, MINIMUM).unitPrice).toBe(1100);
    expect(ladderPosition(500, 1300, minimumLadder, MINIMUM).unitPrice).toBe(1000);
  });

  it('uses the line price below the first minimum quantity', () => {
    expect(ladderPosition(4, 1300, [{ number: 5, price: 1000 }], MINIMUM).unitPrice).toBe(1300);
  });

  it('uses the line price when there is no ladder', () => {
    expect(ladderPosition(7, 1250, [], MINIMUM)).toEqual({ unitPrice: 1250, next: null });
    expect(ladderPosition(7, 1250, null, UPPER)).toEqual({ unitPrice: 1250, next: null });
  });

  it('gives no buy-more hints on a line that cannot be bought now', () => {
    const goods = { ladder_price: minimumLadder, ladder_price_type: MINIMUM, is_dpby: 1, qg_number: 20 };
    const buyable = priceLine(cartLine({ number: 7, price: 1300 }, goods));
    expect(buyable.nextTierHint).not.toBeNull();
    expect(buyable.freeShippingHint).not.toBeNull();
    for (const unavailable of [{ is_buy: 0 }, { number: 0 }]) {
      const line = priceLine(cartLine({ number: 7, price: 1300 }, { ...goods, ...unavailable }));
      expect(line).toMatchObject({ available: false, nextTierHint: null, freeShippingHint: null });
    }
  });

  it('points to the next, cheaper tier: how many more and at what price', () => {
    expect(ladderPosition(7, 1300, minimumLadder, MINIMUM).next).toEqual({ more: 3, price: 1100 });
    expect(ladderPosition(7, 1300, upperLadder, UPPER).next).toEqual({ more: 4, price: 1100 });
    expect(ladderPosition(60, 1300, minimumLadder, MINIMUM).next).toBeNull();
    expect(ladderPosition(30, 1300, upperLadder, UPPER).next).toEqual({ more: 21, price: 1000 });
    expect(ladderPosition(60, 1300, upperLadder, UPPER).next).toBeNull();
  });

  it('writes the next-tier hint with the packing unit and a floored two-decimal price', () => {
    expect(nextTierHint({ more: 3, price: 1250 }, '盒')).toBe('再买 3 盒 ¥12.50/盒');
    expect(nextTierHint({ more: 1, price: 999 }, null)).toBe('再买 1 件 ¥9.99/件');
    expect(nextTierHint(null, '盒')).toBeNull();
  });
});

describe('cart lines', () => {
  it('prices a line from its ladder and multiplies by the quantity in whole fen', () => {
    const line = priceLine(
      cartLine({ number: 12, price: 1300 }, { ladder_price: minimumLadder, ladder_price_type: MINIMUM }),
    );
    expect(line.unitPrice).toBe(1100);
    expect(line.total).toBe(13200);
    expect(line.nextTierHint).toBe('再买 38 盒 ¥10.00/盒');
  });

  it('PRICE-03: prices a seckill line at its seckill price while the seckill lets the buyer have that many', () => {
    const seckill = {
      activityId: 4,
      name: '整点秒杀',
      price: 800,
      started: true,
      running: true,
      remaining: 100,
      limit: 60,
      bought: 0,
    };
    const line = priceLine(
      cartLine({ number: 60, price: 1250, type: 1, offers: { seckill } }, { ladder_price: minimumLadder }),
    );
    expect(line).toMatchObject({
      type: 'SECKILL',
      unitPrice: 800,
      total: 48000,
      nextTierHint: null,
      withCoupon: false,
    });
    expect(line.promotion).toEqual({ kind: 'SECKILL', id: 4, label: '秒杀价' });
  });

  it('PRICE-05: prices a seckill line whose seckill ended or is beyond the limit by the ordinary rules, and says why', () => {
    const running = { activityId: 4, name: '整点秒杀', price: 800, started: true, running: true, remaining: 50 };
    const ended = priceLine(
      cartLine({
        number: 2,
        price: 1250,
        type: 1,
        offers: { seckill: { ...running, running: false, limit: 5, bought: 0 } },
      }),
    );
    expect(ended).toMatchObject({ unitPrice: 1250, promotion: null, note: '秒杀已结束，按原价结算', withCoupon: true });
    const over = priceLine(
      cartLine({ number: 3, price: 1250, type: 1, offers: { seckill: { ...running, limit: 5, bought: 4 } } }),
    );
    expect(over).toMatchObject({ unitPrice: 1250, note: '每人限购5件，最多还可购买1件，按原价结算' });
  });

  it('never selects goods that cannot be bought or have no stock', () => {
    expect(isAvailable(goods({ is_buy: 0 }))).toBe(false);
    expect(isAvailable(goods({ number: 0 }))).toBe(false);
    expect(isAvailable(goods())).toBe(true);
    expect(priceLine(cartLine({ is_selected: 1 }, { is_buy: 0 })).selected).toBe(false);
    expect(priceLine(cartLine({ is_selected: 1 }, { number: 0 })).selected).toBe(false);
    expect(priceLine(cartLine({ is_selected: 0 })).selected).toBe(false);
    expect(priceLine(cartLine({ is_selected: 1 })).selected).toBe(true);
  });

  it('hints single-item free shipping until the quantity reaches qg_number', () => {
    const offer = goods({ is_dpby: 1, qg_number: 10 });
    expect(freeShippingHint(8, offer)).toBe('再买 2 盒 单品包邮');
    expect(freeShippingHint(10, offer)).toBeNull();
    expect(freeShippingHint(8, goods({ is_dpby: 0, qg_number: 10 }))).toBeNull();
    expect(freeShippingHint(8, goods({ is_dpby: 1, qg_number: 10, number: 0 }))).toBeNull();
  });
});

describe('combination (组合购) and group-buy lines', () => {
  /** A goods of a set: its stock, buyability, units per set and combination unit price. */
  const item = (stock: number, perSet: number, price = 1000, isBuy = 1) => ({
    is_buy: isBuy,
    number: stock,
    combination: { number: perSet, price },
  });
  const setLine = (items: ReturnType<typeof item>[], overrides: Partial<CartLine> = {}) =>
    cartLine({
      type: 3,
      number: 2,
      price: setPrice(items.map((i) => i.combination)),
      combination: { goods: items },
      ...overrides,
    });

  it('prices a set as the sum of units per set × combination unit price', () => {
    expect(
      setPrice([
        { number: 2, price: 1080 },
        { number: 1, price: 2250 },
        { number: 1, price: null },
      ]),
    ).toBe(4410);
    expect(setPrice([])).toBe(0);
  });

  it('sells a combination line at the set price per set, no ladder, no single-item free shipping', () => {
    const line = priceLine(
      setLine([item(100, 2, 1080), item(100, 1, 2250)], { number: 3 }),
      // The line's goods is the set's first goods; its ladder and single-item offer are not the set's.
    );
    expect(line).toMatchObject({ type: 'COMBINATION', unitPrice: 4410, total: 13230, available: true, selected: true });
    expect(line.nextTierHint).toBeNull();
    const offer = priceLine(
      cartLine(
        { type: 3, number: 20, price: 4410, combination: { goods: [item(100, 1)] } },
        { is_dpby: 1, qg_number: 10, ladder_price: minimumLadder },
      ),
    );
    expect(offer.freeShippingHint).toBeNull();
    expect(offer.unitPrice).toBe(4410);
    expect(isFreeShipping([offer], null)).toBe(false);
  });

  it('counts whole sets in stock by the scarcest goods', () => {
    expect(setsInStock([item(9, 2), item(100, 1)])).toBe(4);
    expect(setsInStock([item(1, 2), item(100, 1)])).toBe(0);
    expect(setsInStock([item(100, 2, 1000, 0)])).toBe(0);
    expect(setsInStock([])).toBe(0);
  });

  it('makes a combination line available only while the set runs and every goods has stock for one set', () => {
    expect(isLineAvailable(setLine([item(2, 2), item(1, 1)]))).toBe(true);
    expect(isLineAvailable(setLine([item(1, 2), item(100, 1)]))).toBe(false);
    expect(isLineAvailable(setLine([item(100, 2), item(100, 1, 1000, 0)]))).toBe(false);
    expect(isLineAvailable(setLine([item(100, 2)], { is_expired: 1 }))).toBe(false);
    expect(isLineAvailable(cartLine({ type: 3, combination: null }))).toBe(false);
    expect(priceLine(setLine([item(1, 2)], { is_selected: 1 })).selected).toBe(false);
  });

  it('sells a group-buy line at the group price while the group-buy runs and the goods can be bought', () => {
    const line = priceLine(
      cartLine({ type: 2, number: 12, price: 900 }, { ladder_price: minimumLadder, ladder_price_type: MINIMUM }),
    );
    expect(line).toMatchObject({ type: 'GROUP_BUY', unitPrice: 900, total: 10800, selected: true, nextTierHint: null });
    expect(priceLine(cartLine({ type: 2, is_expired: 1 })).selected).toBe(false);
    expect(priceLine(cartLine({ type: 2 }, { number: 0 })).available).toBe(false);
  });
});

describe('cart summary', () => {
  it('counts and sums only selected, buyable, in-stock lines', () => {
    const { summary } = priceCart(
      cartList([
        cartLine({ number: 2, price: 1000 }),
        cartLine({ number: 3, price: 500, is_selected: 0 }),
        cartLine({ number: 1, price: 9900 }, { is_buy: 0 }),
        cartLine({ number: 1, price: 9900 }, { number: 0 }),
        cartLine({ number: 1, price: 333 }),
      ]),
    );
    expect(summary.selectedCount).toBe(2);
    expect(summary.selectedTotal).toBe(2333);
  });

  it('reaches a full-reduction tier when the selected coupon-eligible lines reach its amount', () => {
    const tiers = [{ amount: 30000, reduce: 3000 }];
    const eligible = priceCart(
      cartList([cartLine({ number: 30, price: 1000, with_coupon: 1 })], { activity_data: { manjians: tiers } }),
    );
    expect(eligible.summary.fullReductionTiers).toEqual([
      { amount: 30000, reached: true, label: '满300减30', shortfall: null },
    ]);

    // The same amount made of goods outside the promotion does not count.
    const ineligible = priceCart(
      cartList(
        [cartLine({ number: 20, price: 1000, with_coupon: 1 }), cartLine({ number: 10, price: 1000, with_coupon: 0 })],
        { activity_data: { manjians: tiers } },
      ),
    );
    expect(ineligible.summary.fullReductionTiers[0]).toMatchObject({ reached: false, shortfall: 10000 });
  });

  it('counts towards promotions only selected, available lines of participating goods', () => {
    const lines = [
      cartLine({ number: 2, price: 1000 }),
      cartLine({ number: 1, price: 700, with_coupon: 0 }),
      cartLine({ number: 1, price: 500, is_selected: 0 }),
      cartLine({ number: 1, price: 300 }, { is_buy: 0 }),
    ].map((line) => priceLine(line));
    expect(eligibleTotal(lines)).toBe(2000);
    expect(tierReached(2000, 2000)).toBe(true);
    expect(tierReached(1999, 2000)).toBe(false);
  });

  it('does not count unselected lines towards tiers', () => {
    const cart = cartList([cartLine({ number: 30, price: 1000, is_selected: 0 })], {
      activity_data: { manjians: [{ amount: 30000, reduce: 3000 }] },
    });
    expect(priceCart(cart).summary.fullReductionTiers[0]?.reached).toBe(false);
  });

  it('lists reached tiers first, then the others by amount, with the shortfall to each', () => {
    const tiers = priceTiers(
      [
        { amount: 100000, reduce: 15000 },
        { amount: 50000, reduce: 6000 },
        { amount: 20000, reduce: 2000 },
      ],
      60000,
      fullReductionLabel,
    );
    expect(tiers.map((tier) => [tier.amount, tier.reached, tier.shortfall])).toEqual([
      [20000, true, null],
      [50000, true, null],
      [100000, false, 40000],
    ]);
    expect(tiers.map((tier) => tier.label)).toEqual(['满200减20', '满500减60', '满1000减150']);
  });

  it('labels discount tiers the way buyers read them', () => {
    expect(discountTierLabel({ amount: 50000, discount: 95 })).toBe('满500打95折');
    expect(discountTierLabel({ amount: 100000, discount: 90 })).toBe('满1000打9折');
    expect(fullReductionLabel({ amount: 29950, reduce: 1000 })).toBe('满299.50减10');
    const { summary } = priceCart(
      cartList([cartLine({ number: 50, price: 1000 })], {
        activity_data: { discounts: [{ amount: 50000, discount: 95 }] },
      }),
    );
    expect(summary.discountTiers).toEqual([{ amount: 50000, reached: true, label: '满500打95折', shortfall: null }]);
  });

  it('computes the shipping shortfall as shipping amount − selected total − no_trans_order_amount, only when positive', () => {
    expect(shippingShortfall(80000, 50000, 10000)).toBe(20000);
    expect(shippingShortfall(80000, 70000, 10000)).toBeNull();
    expect(shippingShortfall(80000, 90000, 0)).toBeNull();
    const { summary } = priceCart(
      cartList([cartLine({ number: 5, price: 1000 })], {
        shipping_data: { shipping_amount: 80000, no_trans_order_amount: 5000 },
      }),
    );
    expect(summary.shippingShortfall).toBe(70000);
    expect(summary.freeShipping).toBe(false);
  });

  it('ships free when the selected total reaches the shipping amount', () => {
    const { summary } = priceCart(
      cartList([cartLine({ number: 80, price: 1000 })], {
        shipping_data: { shipping_amount: 80000, no_trans_order_amount: 0 },
      }),
    );
    expect(summary).toMatchObject({ shippingShortfall: null, freeShipping: true });
  });

  it('ships free when a selected line reaches its single-item free-shipping quantity', () => {
    const cart = (number: number, is_selected = 1) =>
      cartList([cartLine({ number, is_selected }, { is_dpby: 1, qg_number: 10 })], {
        shipping_data: { shipping_amount: 80000, no_trans_order_amount: 0 },
      });
    expect(priceCart(cart(10)).summary.freeShipping).toBe(true);
    expect(priceCart(cart(9)).summary.freeShipping).toBe(false);
    expect(priceCart(cart(10, 0)).summary.freeShipping).toBe(false);
  });

  it('does not claim free shipping for an empty selection or when the site has no shipping amount', () => {
    expect(priceCart(cartList([])).summary.freeShipping).toBe(false);
    expect(priceCart(cartList([cartLine({ number: 1 })])).summary).toMatchObject({
      freeShipping: false,
      shippingShortfall: null,
    });
  });

  it('keeps every amount in whole fen', () => {
    const { lines, summary } = priceCart(
      cartList([cartLine({ number: 3, price: 333 }), cartLine({ number: 7, price: 1 })]),
    );
    for (const value of [...lines.map((line) => line.total), summary.selectedTotal])
      expect(Number.isInteger(value)).toBe(true);
    expect(summary.selectedTotal).toBe(1006);
  });
});

describe('the cart list answer (CART-09, CART-22)', () => {
  it('answers the lines given, the summary, and the tiers judged with the reached ones first', () => {
    const lines = [cartLine({ number: 30, price: 1000 }), cartLine({ number: 1, price: 500, with_coupon: 0 })];
    const answer = cartListAnswer(
      lines.map((line) => priceLine(line)),
      {
        user_id: 7,
        data: ['line a', 'line b'],
        shipping_data: { shipping_amount: 80000, no_trans_order_amount: 0 },
        manjians: [
          { id: 2, amount: 50000, reduce: 5000 },
          { id: 1, amount: 30000, reduce: 3000 },
        ],
        discounts: [{ id: 3, amount: 20000, discount: 95 }],
        amounts: 'the amounts',
      },
    );
    const manjian30 = { id: 1, amount: 30000, reduce: 3000, status: 1, label: '满300减30', shortfall: null };
    const manjian50 = { id: 2, amount: 50000, reduce: 5000, status: 0, label: '满500减50', shortfall: 20000 };
    const discount95 = { id: 3, amount: 20000, discount: 95, status: 1, label: '满200打95折', shortfall: null };
    expect(answer).toEqual({
      action: 0,
      user_id: 7,
      data: ['line a', 'line b'],
      shipping_data: { shipping_amount: 80000, no_trans_order_amount: 0 },
      activity_data: {
        manjians: [manjian30, manjian50],
        discounts: [discount95],
        manjians_map: { '30000': manjian30, '50000': manjian50 },
        discounts_map: { '20000': discount95 },
      },
      summary: {
        selected_count: 2,
        selected_total: 30500,
        shipping_shortfall: 49500,
        free_shipping: 0,
        amounts: 'the amounts',
      },
      filter_data: [],
    });
  });
});
