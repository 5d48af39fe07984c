import { describe, expect, it } from 'vitest';
import { citiesOf, PROVINCES } from './regions';

describe('the divisions of the address form (ACCOUNT-25)', () => {
  it('holds the 34 provincial-level divisions once each, each with its cities', () => {
    expect(PROVINCES).toHaveLength(34);
    expect(new Set(PROVINCES).size).toBe(34);
    for (const province of PROVINCES) {
      const cities = citiesOf(province);
      expect(cities.length, province).toBeGreaterThan(0);
      expect(new Set(cities).size, province).toBe(cities.length);
    }
  });

  it('cascades: a province answers its own cities, and an unknown name none', () => {
    expect(citiesOf('浙江省')).toContain('杭州市');
    expect(citiesOf('江苏省')).toContain('苏州市');
    expect(citiesOf('江苏省')).not.toContain('杭州市');
    expect(citiesOf('北京市')).toEqual(['北京市']);
    expect(citiesOf('火星')).toEqual([]);
  });

  it('holds every province and city the seeded addresses use', () => {
    for (const [province, city] of [
      ['浙江省', '杭州市'],
      ['江苏省', '南京市'],
    ] as const) {
      expect(citiesOf(province)).toContain(city);
    }
  });
});
