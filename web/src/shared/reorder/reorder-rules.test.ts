import { describe, expect, it } from 'vitest';
import { chosenLines, dayText, dueText, firstChoice, intervalText } from './reorder-rules';

const row = (id: string, overrides: Partial<{ usualQuantity: number; stock: number; isBuyable: boolean }> = {}) => ({
  id,
  usualQuantity: 20,
  stock: 100,
  isBuyable: true,
  daysLeft: 0,
  ...overrides,
});

describe('reorder rows (REORDER-03, REORDER-05, REORDER-06)', () => {
  it('says the cadence, the date and how due a goods is as buyers read them', () => {
    expect(intervalText(14)).toBe('约每 14 天');
    expect(dayText('2026-11-14')).toBe('2026/11/14');
    expect(dueText(0)).toBe('今天该补货');
    expect(dueText(-3)).toBe('已超 3 天');
    expect(dueText(2)).toBe('2 天后到期');
  });

  it('chooses the buyable rows first, never one that cannot be bought', () => {
    expect([...firstChoice([row('1'), row('2', { isBuyable: false }), row('3')])]).toEqual(['1', '3']);
  });

  it('sends the chosen buyable rows with the stepper’s quantity, else the usual one within stock', () => {
    const rows = [row('1'), row('2', { stock: 5 }), row('3', { isBuyable: false }), row('4')];
    expect(chosenLines(rows, new Set(['1', '2', '3']), new Map([['1', 8]]))).toEqual([
      { goodsId: '1', number: 8 },
      { goodsId: '2', number: 5 },
    ]);
  });
});
