import { describe, expect, it } from 'vitest';
import { dosageFormOf, isFacetFlag, isPriceRange, isRxClass, PRICE_RANGES, rxClassName } from './goods-facets';

describe('FACET-02 dosage form from the name', () => {
  it.each([
    ['阿莫西林胶囊', '胶囊剂'],
    ['阿莫西林软胶囊', '软胶囊'],
    ['布洛芬缓释胶囊', '缓释胶囊'],
    ['奥美拉唑肠溶胶囊', '肠溶胶囊'],
    ['对乙酰氨基酚片', '片剂'],
    ['硝苯地平缓释片', '缓释片'],
    ['阿司匹林肠溶片', '肠溶片'],
    ['铝碳酸镁咀嚼片', '咀嚼片'],
    ['西瓜霜润喉片', '含片'],
    ['感冒灵颗粒', '颗粒剂'],
    ['感冒灵颗粒(无蔗糖)', '颗粒剂'],
    ['盐酸氨溴索口服溶液', '口服溶液剂'],
    ['双黄连口服液', '口服液'],
    ['安神补脑液', '口服液'],
    ['布洛芬混悬液', '混悬剂'],
    ['急支糖浆', '糖浆剂'],
    ['强力枇杷露', '糖浆剂'],
    ['复方阿胶浆', '合剂'],
    ['维生素AD滴剂', '滴剂'],
    ['玻璃酸钠滴眼液', '滴眼剂'],
    ['克霉唑乳膏', '乳膏剂'],
    ['红霉素软膏', '软膏剂'],
    ['蜜炼川贝枇杷膏', '膏剂'],
    ['炉甘石洗剂', '洗剂'],
    ['云南白药气雾剂', '气雾剂'],
    ['复方丹参滴丸', '滴丸'],
    ['六味地黄丸', '丸剂'],
    ['六味地黄浓缩丸', '浓缩丸'],
    ['蒙脱石散', '散剂'],
    ['藿香正气水', '酊剂'],
    ['阿胶', '胶剂'],
  ])('%s → %s', (name, form) => {
    expect(dosageFormOf(name)).toBe(form);
  });

  it('answers nothing for a name without a form or that is only the form', () => {
    expect(dosageFormOf('枸杞子')).toBeUndefined();
    expect(dosageFormOf('电子血压计')).toBeUndefined();
    expect(dosageFormOf('片')).toBeUndefined();
    expect(dosageFormOf('')).toBeUndefined();
  });
});

describe('FACET-03..05 codes', () => {
  it('knows its codes and nothing else', () => {
    expect(isRxClass('RX')).toBe(true);
    expect(isRxClass('rx')).toBe(false);
    expect(rxClassName('OTC_A')).toBe('甲类OTC');
    expect(isPriceRange('P3')).toBe(true);
    expect(isPriceRange('P9')).toBe(false);
    expect(isFacetFlag('cold')).toBe(true);
    expect(isFacetFlag('__proto__')).toBe(false);
  });

  it('price ranges tile the prices without gaps', () => {
    for (let i = 1; i < PRICE_RANGES.length; i++) expect(PRICE_RANGES[i]?.min).toBe(PRICE_RANGES[i - 1]?.max);
  });
});
