import { describe, expect, it } from 'vitest';
import { fenToAmount, floorAmount, formatPrice } from './money';

describe('money display', () => {
  it('shows yuan with two decimals and a ¥ sign', () => {
    expect(formatPrice({ amount: '12.50' })).toBe('¥12.50');
    expect(formatPrice({ amount: '0.05' })).toBe('¥0.05');
  });
  it('floors rather than rounds (MONEY-02)', () => {
    expect(formatPrice({ amount: '12.509' })).toBe('¥12.50');
    expect(formatPrice({ amount: '9.999' })).toBe('¥9.99');
    expect(floorAmount('-1.001')).toBe('-1.01');
  });
  it('pads whole yuan and groups thousands without floating point', () => {
    expect(formatPrice({ amount: '3' })).toBe('¥3.00');
    expect(formatPrice({ amount: '1234567.8' })).toBe('¥1,234,567.80');
    expect(formatPrice({ amount: '90071992547409931.99' })).toBe('¥90,071,992,547,409,931.99');
  });
  it('turns integer fen into yuan', () => {
    expect(fenToAmount(1250)).toBe('12.50');
    expect(fenToAmount(7)).toBe('0.07');
    expect(fenToAmount(-7)).toBe('-0.07');
  });
  it('refuses text that is not an amount', () => {
    expect(() => formatPrice({ amount: '12,50' })).toThrow();
  });
});
