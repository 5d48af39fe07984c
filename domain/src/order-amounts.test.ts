import { describe, expect, it } from 'vitest';
import { priceLine, type CartLine, type PricedGoods } from './cart-pricing';
import { couponAmount, orderAmounts, percentOff, type OrderAmountsInput } from './order-amounts';

function line(number: number, price: number, extra: Partial<CartLine> = {}, goods: Partial<PricedGoods> = {}) {
  return priceLine({
    number,
    price,
    is_selected: 1,
    type: 0,
    with_coupon: 1,
    goods: { is_buy: 1, number: 1000, price, ladder_price: [], ladder_price_type: 0, bzdw: '盒', ...goods },
    ...extra,
  });
}

const manjians = [
  { amount: 30000, reduce: 1000 },
  { amount: 100000, reduce: 6000 },
  { amount: 50000, reduce: 2500 },
];
const discounts = [
  { amount: 80000, discount: 98 },
  { amount: 200000, discount: 95 },
];
const shipping = { shipping_amount: 80000, no_trans_order_amount: 0 };

const amounts = (input: Partial<OrderAmountsInput> & Pick<OrderAmountsInput, 'lines'>) =>
  orderAmounts({ manjians, discounts, shipping, freightFee: 1500, coupon: null, ...input });

describe('order amounts', () => {
  it('sum the lines at their ladder price and charge freight below the shipping threshold', () => {
    const lines = [line(10, 1250, {}, { ladder_price: [{ number: 10, price: 1100 }] }), line(2, 990)];
    expect(amounts({ lines })).toEqual({
      goods_amount: 11000 + 1980,
      goods_manjian_amount: 0,
      manjian_amount: 0,
      discount_amount: 0,
      coupon_amount: 0,
      freight_amount: 1500,
      pay_amount: 12980 + 1500,
    });
  });

  it('take the reduce of the highest reached full-reduction tier only', () => {
    const a = amounts({ lines: [line(60, 1000)] });
    expect(a.manjian_amount).toBe(2500);
    expect(amounts({ lines: [line(29, 1000), line(1, 999)] }).manjian_amount).toBe(0);
    expect(amounts({ lines: [line(30, 1000)] }).manjian_amount).toBe(1000);
  });

  it('apply the highest reached discount tier to the eligible amount, the paid part floored to the fen', () => {
    // 200 001 fen at 95% is 190 000.95 paid: floored to 190 000, so 10 001 off.
    const a = amounts({ lines: [line(1, 200001)] });
    expect(a.discount_amount).toBe(10001);
    expect(amounts({ lines: [line(1, 80000)] }).discount_amount).toBe(1600);
    expect(amounts({ lines: [line(1, 79999)] }).discount_amount).toBe(0);
  });

  it('count only coupon-eligible lines towards tiers and coupons, but every line towards goods', () => {
    const lines = [line(1, 40000), line(1, 40000, { with_coupon: 0 })];
    const a = amounts({ lines, coupon: { type: 1, amount: 5000, discount: 0, min_amount: 50000 } });
    expect(a.goods_amount).toBe(80000);
    expect(a.manjian_amount).toBe(1000);
    expect(a.discount_amount).toBe(0);
    expect(a.coupon_amount).toBe(0);
  });

  it('leave out unselected, unbuyable and sold-out lines', () => {
    const lines = [
      line(1, 10000),
      line(1, 50000, { is_selected: 0 }),
      line(1, 50000, {}, { is_buy: 0 }),
      line(1, 50000, {}, { number: 0 }),
    ];
    expect(amounts({ lines }).goods_amount).toBe(10000);
  });

  it('give a cash coupon once its threshold is reached, and a percent coupon on the eligible amount', () => {
    const cash = { type: 1, amount: 3000, discount: 0, min_amount: 30000 };
    expect(couponAmount(cash, 29999)).toBe(0);
    expect(couponAmount(cash, 30000)).toBe(3000);
    const percent = { type: 2, amount: 0, discount: 95, min_amount: 0 };
    expect(couponAmount(percent, 12345)).toBe(12345 - 11727);
    expect(couponAmount(percent, 0)).toBe(0);
    // A cash coupon never takes off more than the eligible amount.
    expect(couponAmount({ type: 1, amount: 5000, discount: 0, min_amount: 0 }, 1200)).toBe(1200);
    const a = amounts({ lines: [line(30, 1000)], coupon: cash });
    expect(a).toMatchObject({ goods_amount: 30000, manjian_amount: 1000, coupon_amount: 3000, freight_amount: 1500 });
    expect(a.pay_amount).toBe(30000 - 1000 - 3000 + 1500);
  });

  it('ship free once the shipping threshold is reached or a line reaches its single-item quantity', () => {
    expect(amounts({ lines: [line(1, 80000)] }).freight_amount).toBe(0);
    expect(amounts({ lines: [line(1, 79999)] }).freight_amount).toBe(1500);
    expect(amounts({ lines: [line(5, 100, {}, { is_dpby: 1, qg_number: 5 })] }).freight_amount).toBe(0);
    expect(amounts({ lines: [line(4, 100, {}, { is_dpby: 1, qg_number: 5 })] }).freight_amount).toBe(1500);
    expect(amounts({ lines: [] }).freight_amount).toBe(0);
  });

  it('never ask less than nothing', () => {
    const a = amounts({
      lines: [line(1, 1000, {}, { is_dpby: 1, qg_number: 1 })],
      manjians: [{ amount: 1000, reduce: 900 }],
      coupon: { type: 1, amount: 1000, discount: 0, min_amount: 0 },
    });
    expect(a.pay_amount).toBe(0);
  });

  it('percentOff floors the paid part and ignores a discount of 100 or more', () => {
    expect(percentOff(999, 98)).toBe(999 - 979);
    expect(percentOff(1000, 100)).toBe(0);
    expect(percentOff(0, 90)).toBe(0);
  });

  it('work in whole fen for every result', () => {
    const a = amounts({
      lines: [line(3, 33333), line(7, 1429)],
      coupon: { type: 2, amount: 0, discount: 93, min_amount: 0 },
    });
    for (const value of Object.values(a)) expect(Number.isInteger(value)).toBe(true);
  });
});
