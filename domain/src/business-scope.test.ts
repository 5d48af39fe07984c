import { describe, expect, it } from 'vitest';
import {
  isScopeClass,
  OUT_OF_SCOPE_LABEL,
  outOfScopeOrderText,
  outOfScopeText,
  SCOPE_CLASSES,
  scopeClassName,
} from './business-scope';

describe('SCOPE-01: the scope classes', () => {
  it('lists each class once, in the licence’s order, with the issue’s classes among them', () => {
    expect(new Set(SCOPE_CLASSES.map((c) => c.code)).size).toBe(SCOPE_CLASSES.length);
    expect(new Set(SCOPE_CLASSES.map((c) => c.name)).size).toBe(SCOPE_CLASSES.length);
    const names = SCOPE_CLASSES.map((c) => c.name);
    for (const name of ['化学药制剂', '中成药', '中药饮片', '第二类医疗器械', '第三类医疗器械', '含特殊药品复方制剂']) {
      expect(names).toContain(name);
    }
    expect(names).toContain('冷藏冷冻药品');
    expect(names.indexOf('化学药制剂')).toBeLessThan(names.indexOf('第三类医疗器械'));
  });

  it('names a class by its code, and an unknown code as itself', () => {
    expect(scopeClassName('SLICES')).toBe('中药饮片');
    expect(scopeClassName('COLD_CHAIN')).toBe('冷藏冷冻药品');
    expect(scopeClassName('VACCINE')).toBe('VACCINE');
    expect(isScopeClass('DEVICE_3')).toBe(true);
    expect(isScopeClass('VACCINE')).toBe(false);
  });
});

describe('SCOPE-02..SCOPE-04: the buyer’s wording', () => {
  it('marks, refuses an add and refuses an order naming the goods', () => {
    expect(OUT_OF_SCOPE_LABEL).toBe('超出经营范围');
    expect(outOfScopeText()).toBe('该商品超出贵公司经营范围，无法购买');
    expect(outOfScopeText('丹参')).toBe('丹参超出贵公司经营范围，无法购买');
    expect(outOfScopeOrderText(['丹参', '金银花'])).toBe('丹参、金银花超出贵公司经营范围，请移出购物车后再提交订单');
  });
});
