import { describe, expect, it } from 'vitest';
import { blocked, maxQuantity, type ExchangeableGoods } from './exchange-limits';

const goods = (over: Partial<ExchangeableGoods> = {}): ExchangeableGoods => ({
  points: 200,
  stock: 10,
  perBuyerLimit: 5,
  taken: 0,
  onShelf: true,
  ...over,
});

describe('MALL-06: what a buyer may exchange now', () => {
  it('is bounded by the stock, what the limit leaves and the points held, whichever is least', () => {
    expect(maxQuantity(goods(), 10_000)).toBe(5);
    expect(maxQuantity(goods({ taken: 3 }), 10_000)).toBe(2);
    expect(maxQuantity(goods({ stock: 1 }), 10_000)).toBe(1);
    expect(maxQuantity(goods(), 599)).toBe(2);
    expect(maxQuantity(goods({ perBuyerLimit: null, stock: 5000 }), 10_000_000)).toBe(999);
  });

  it('names why not even one piece can be exchanged', () => {
    expect(blocked(goods(), 200)).toBeNull();
    expect(blocked(goods(), 199)).toBe('积分不足');
    expect(blocked(goods({ stock: 0 }), 10_000)).toBe('已兑完');
    expect(blocked(goods({ taken: 5 }), 10_000)).toBe('已达兑换上限');
    expect(blocked(goods({ onShelf: false }), 10_000)).toBe('已下架');
    expect(maxQuantity(goods({ onShelf: false }), 10_000)).toBe(0);
  });
});
