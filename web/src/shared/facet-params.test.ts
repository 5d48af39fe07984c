import { describe, expect, it } from 'vitest';
import { clearFacets, facetFilterFrom, hasFacets, toggleFacet } from './facet-params';

describe('FACET-08 facets in the address', () => {
  it('reads each facet, repeated keys as alternatives', () => {
    const params = new URLSearchParams(
      'maker=华润三九&maker=%20太极集团%20&form=胶囊剂&cat=12&brand=3&price=FROM_5_TO_10&rx=PRESCRIPTION&flag=IN_STOCK&flag=MEDICAL_INSURANCE&spec=10g*9袋',
    );
    expect(facetFilterFrom(params)).toEqual({
      categories: ['12'],
      makers: ['华润三九', '太极集团'],
      dosageForms: ['胶囊剂'],
      specs: ['10g*9袋'],
      brands: ['3'],
      priceRanges: ['FROM_5_TO_10'],
      prescriptionClasses: ['PRESCRIPTION'],
      flags: ['IN_STOCK', 'MEDICAL_INSURANCE'],
    });
  });

  it('drops what a hand-edited address could hold that no facet takes', () => {
    const params = new URLSearchParams(
      `rx=rx&flag=__proto__&price=P1&cat=0&cat=abc&brand=-1&maker=&maker=${'厂'.repeat(101)}&maker=a&maker=a`,
    );
    expect(facetFilterFrom(params)).toEqual({ makers: ['a'] });
    const many = new URLSearchParams(Array.from({ length: 30 }, (_, i) => ['spec', `s${i}`]));
    expect(facetFilterFrom(many).specs).toHaveLength(20);
    expect(hasFacets(new URLSearchParams('keyword=感冒&page=2'))).toBe(false);
  });

  it('toggles a value back to page 1 and keeps the rest of the address', () => {
    const params = new URLSearchParams('keyword=感冒&page=3&maker=a&sort=SALES');
    const added = toggleFacet(params, 'MAKER', 'b');
    expect(added.getAll('maker')).toEqual(['a', 'b']);
    expect(added.get('page')).toBeNull();
    expect(added.get('keyword')).toBe('感冒');
    expect(added.get('sort')).toBe('SALES');
    expect(toggleFacet(added, 'MAKER', 'a').getAll('maker')).toEqual(['b']);
    expect(params.getAll('maker')).toEqual(['a']);
  });

  it('clears every facet at once and nothing else', () => {
    const params = new URLSearchParams('keyword=感冒&maker=a&flag=IN_STOCK&cat=3&page=2');
    expect(clearFacets(params).toString()).toBe(new URLSearchParams('keyword=感冒').toString());
  });
});
