import { describe, expect, it } from 'vitest';
import { formatFen, formatFenShort, toFen } from './money';

describe('money', () => {
  it('writes yuan with exactly two decimals from integer fen', () => {
    expect(formatFen(1250)).toBe('12.50');
    expect(formatFen(5)).toBe('0.05');
    expect(formatFen(0)).toBe('0.00');
    expect(formatFen(100)).toBe('1.00');
    expect(formatFen(123456789)).toBe('1234567.89');
    expect(formatFen(-150)).toBe('-1.50');
  });

  it('refuses anything that is not a whole number of fen', () => {
    expect(() => formatFen(12.5)).toThrow(RangeError);
    expect(() => formatFen(Number.NaN)).toThrow(RangeError);
  });

  it('writes promotion amounts without decimals when whole', () => {
    expect(formatFenShort(30000)).toBe('300');
    expect(formatFenShort(29950)).toBe('299.50');
  });
});

describe('toFen (MONEY-03)', () => {
  it('reads integer fen and an absent optional amount as none', () => {
    expect(toFen(1250)).toBe(1250);
    expect(toFen(null)).toBe(0);
    expect(toFen(undefined)).toBe(0);
  });

  it('refuses a malformed amount instead of reading it as zero', () => {
    expect(() => toFen(12.5)).toThrow(RangeError);
    expect(() => toFen('1250')).toThrow(RangeError);
    expect(() => toFen(Number.NaN)).toThrow(RangeError);
  });
});
