import { describe, expect, it } from 'vitest';
import { compareUnitPrices, formatUnitPrice, packUnits, unitPrice, type UnitPrice } from './unit-price';

describe('packUnits (COMPARE-01)', () => {
  it.each([
    // Capsules, tablets, sachets, vials and pills as the seed writes them.
    ['0.25g*24粒', 24, '粒'],
    ['10g*9袋', 9, '袋'],
    ['0.5g*12片*2板', 24, '片'],
    ['12片*2板', 24, '片'],
    ['40mg*60粒*3瓶', 180, '粒'],
    ['5ml:0.1g*6支', 6, '支'],
    ['10ml*10支', 10, '支'],
    ['0.3%*0.8ml*10支', 10, '支'],
    ['27mg*180丸', 180, '丸'],
    ['200丸(浓缩丸)', 200, '丸'],
    ['9g*10丸(大蜜丸)', 10, '丸'],
    ['6g*10袋(水蜜丸)', 10, '袋'],
    ['5g*20袋(无蔗糖)', 20, '袋'],
    ['19.2mg:4.8mg*24片', 24, '片'],
    ['24粒', 24, '粒'],
    ['100片', 100, '片'],
    ['10袋/盒', 10, '袋'],
    ['100片/瓶', 100, '片'],
    ['7cm*10cm*8贴', 8, '贴'],
    // Liquids, creams and herbs by volume or weight.
    ['100ml', 100, 'ml'],
    ['1g', 1, 'g'],
    ['500g', 500, 'g'],
    ['500g(片)', 500, 'g'],
    ['1kg', 1000, 'g'],
    ['1kg(全归)', 1000, 'g'],
    ['100ml:2g', 100, 'ml'],
    ['5ml:24.4mg', 5, 'ml'],
    ['20g:0.2g', 20, 'g'],
    ['1%*10g', 10, 'g'],
    ['0.1%*5ml', 5, 'ml'],
    ['75%*500ml', 500, 'ml'],
    // Devices counted by the piece.
    ['17.5cm*9.5cm*10只', 10, '只'],
    ['N95型*30只', 30, '只'],
    ['72mm*19mm*100片', 100, '片'],
    ['10cm*50支', 50, '支'],
    // Full-width signs and a times sign, as specs are typed.
    ['0.25g×24粒', 24, '粒'],
    ['0.25ｇ＊24粒', 24, '粒'],
    ['100ML', 100, 'ml'],
  ])('reads %s as %i %s', (spec, units, word) => {
    expect(packUnits(spec)).toEqual({ units, word });
  });

  it.each([
    '上臂式 YE660D',
    '580型(含50片试纸)',
    'M号',
    '7.5cm*4.5m',
    'MT-101',
    '85g+30g',
    '0.8ml',
    '2.5g',
    '10袋*10片',
    '0.25g*24粒*2xx',
    '',
    'a/b/c',
  ])('does not guess the units of %s', (spec) => {
    expect(packUnits(spec)).toBeNull();
  });

  it('has none for a goods without a spec', () => {
    expect(packUnits(null)).toBeNull();
    expect(packUnits(undefined)).toBeNull();
  });
});

describe('unit prices (COMPARE-02)', () => {
  it('shows the price of one unit floored to two decimals', () => {
    const amoxicillin = unitPrice(560, '0.25g*24粒');
    expect(amoxicillin).toEqual({ fen: 560, units: 24, word: '粒' });
    expect(amoxicillin && formatUnitPrice(amoxicillin)).toBe('¥0.23/粒');
    const herb = unitPrice(60000, '500g');
    expect(herb && formatUnitPrice(herb)).toBe('¥1.20/g');
    const syrup = unitPrice(250, '500ml');
    expect(syrup && formatUnitPrice(syrup)).toBe('¥0.00/ml');
    const donkey = unitPrice(190000, '250g');
    expect(donkey && formatUnitPrice(donkey)).toBe('¥7.60/g');
    expect(unitPrice(9900, 'M号')).toBeNull();
  });

  it('orders unit prices exactly, cheapest first and none last', () => {
    const a: UnitPrice = { fen: 700, units: 24, word: '粒' }; // 29.17 fen
    const b: UnitPrice = { fen: 1050, units: 36, word: '粒' }; // 29.17 fen, the same exactly
    const c: UnitPrice = { fen: 701, units: 24, word: '粒' };
    expect(compareUnitPrices(a, b)).toBe(0);
    expect(compareUnitPrices(a, c)).toBeLessThan(0);
    expect([c, null, a].sort(compareUnitPrices)).toEqual([a, c, null]);
  });
});
