import { describe, expect, it } from 'vitest';
import { firstTiers, packQuantityLabel, stockState } from './purchaser-facts';

const tier = (number: number, amount: string) => ({ number, price: { amount } });

describe('purchaser facts (COMPARE-05)', () => {
  it('reads the stock as 有货, 库存紧张 or 缺货', () => {
    expect(stockState(0)).toBe('缺货');
    expect(stockState(-3)).toBe('缺货');
    expect(stockState(1)).toBe('库存紧张');
    expect(stockState(50)).toBe('库存紧张');
    expect(stockState(51)).toBe('有货');
  });

  it('shows the first tiers as ranges and says more follow, never ≤99999', () => {
    const upper = firstTiers('UPPER_BOUND', [tier(4, '12.50'), tier(49, '12.10'), tier(99999, '11.60')], '盒');
    expect(upper).toEqual({
      lines: [
        { quantities: '1-4盒', amount: '12.50' },
        { quantities: '5-49盒', amount: '12.10' },
      ],
      more: true,
    });
    const minimum = firstTiers('MINIMUM_QUANTITY', [tier(10, '9.80'), tier(50, '9.40')], '瓶');
    expect(minimum).toEqual({
      lines: [
        { quantities: '10-49瓶', amount: '9.80' },
        { quantities: '50瓶及以上', amount: '9.40' },
      ],
      more: false,
    });
    expect(firstTiers('UPPER_BOUND', [], '盒')).toEqual({ lines: [], more: false });
  });

  it('writes the pack quantity per carton', () => {
    expect(packQuantityLabel(300, '盒')).toBe('300盒/件');
    expect(packQuantityLabel(null, '盒')).toBeNull();
  });
});
