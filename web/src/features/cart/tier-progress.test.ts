import { describe, expect, it } from 'vitest';
import { tierRows } from './tier-progress';

describe('tier progress in the cart', () => {
  it('lists reached tiers first, then the others in the gateway order', () => {
    const rows = tierRows('满减', [
      { label: '满500减60', reached: false, shortfall: { amount: '120.00' } },
      { label: '满300减30', reached: true, shortfall: null },
      { label: '满800减100', reached: false, shortfall: { amount: '420.00' } },
    ]);
    expect(rows.map((row) => row.label)).toEqual(['满300减30', '满500减60', '满800减100']);
  });

  it('says how much more reaches a tier, floored to the fen, and that a reached one is met', () => {
    const rows = tierRows('满折', [
      { label: '满500打95折', reached: false, shortfall: { amount: '20.019' } },
      { label: '满200打98折', reached: true },
    ]);
    expect(rows.map((row) => row.text)).toEqual(['已满足「满200打98折」', '还差¥20.01可享「满500打95折」']);
  });

  it('gives every row a distinct key even when two tiers share a label', () => {
    const rows = tierRows('满减', [
      { label: '满300减30', reached: true },
      { label: '满300减30', reached: false, shortfall: { amount: '1.00' } },
    ]);
    expect(new Set(rows.map((row) => row.key)).size).toBe(2);
  });
});
