import { describe, expect, it } from 'vitest';
import { unitPrice } from './pricing';

describe('unitPrice', () => {
  const upper = [
    { number: 9, price: 1000 },
    { number: 49, price: 970 },
    { number: 99999, price: 930 },
  ];
  const minimum = [
    { number: 10, price: 980 },
    { number: 50, price: 940 },
  ];

  it('upper-bound tiers (type 1) hold up to and including their number', () => {
    expect([1, 9, 10, 49, 50, 200000].map((q) => unitPrice(1000, 1, upper, q))).toEqual([
      1000, 1000, 970, 970, 930, 930,
    ]);
  });

  it('minimum-quantity tiers hold from their number upwards; below the first the goods price holds', () => {
    expect([1, 9, 10, 49, 50, 500].map((q) => unitPrice(1000, 0, minimum, q))).toEqual([
      1000, 1000, 980, 980, 940, 940,
    ]);
  });

  it('without tiers the goods price holds', () => {
    expect(unitPrice(1234, 1, [], 7)).toBe(1234);
  });
});
