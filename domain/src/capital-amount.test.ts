import { describe, expect, it } from 'vitest';
import { capitalAmount } from './capital-amount';

describe('capitalAmount', () => {
  it('INVOICE-05: writes yuan, jiao and fen in financial capitals, 整 after whole yuan', () => {
    expect(capitalAmount(12345)).toBe('壹佰贰拾叁圆肆角伍分');
    expect(capitalAmount(100000)).toBe('壹仟圆整');
    expect(capitalAmount(1000)).toBe('壹拾圆整');
    expect(capitalAmount(123456)).toBe('壹仟贰佰叁拾肆圆伍角陆分');
    expect(capitalAmount(1050)).toBe('壹拾圆伍角');
  });

  it('INVOICE-05: reads zeros as 零 once, where a person writes them', () => {
    expect(capitalAmount(100005)).toBe('壹仟圆零伍分');
    expect(capitalAmount(100500)).toBe('壹仟零伍圆整');
    expect(capitalAmount(1000100)).toBe('壹万零壹圆整');
    expect(capitalAmount(1050000)).toBe('壹万零伍佰圆整');
    expect(capitalAmount(1500000)).toBe('壹万伍仟圆整');
    expect(capitalAmount(10000000000)).toBe('壹亿圆整');
    expect(capitalAmount(10001000000)).toBe('壹亿零壹万圆整');
    expect(capitalAmount(100000001000)).toBe('壹拾亿零壹拾圆整');
    expect(capitalAmount(2030400)).toBe('贰万零叁佰零肆圆整');
  });

  it('INVOICE-05: writes amounts below a yuan without 圆, and nothing as 零圆整', () => {
    expect(capitalAmount(50)).toBe('伍角');
    expect(capitalAmount(5)).toBe('伍分');
    expect(capitalAmount(55)).toBe('伍角伍分');
    expect(capitalAmount(0)).toBe('零圆整');
  });

  it('refuses what is not whole, non-negative fen', () => {
    expect(() => capitalAmount(12.5)).toThrow(RangeError);
    expect(() => capitalAmount(-1)).toThrow(RangeError);
  });
});
