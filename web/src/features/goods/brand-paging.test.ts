import { describe, expect, it } from 'vitest';
import { brandListAddress } from './BrandPage';
import { brandsPagePath } from './BrandsPage';

describe('the brand zone keeps its page in the path (PROMO-07)', () => {
  it('PROMO-07: /ppzq/{page} and /ppzq/info/{id}/{page}, page 1 being the bare address', () => {
    expect(brandsPagePath(1)).toBe('/ppzq');
    expect(brandsPagePath(3)).toBe('/ppzq/3');
    expect(brandListAddress('3', '2', new URLSearchParams('sort=SALES'))).toBe('/ppzq/info/3?sort=SALES&page=2');
    expect(brandListAddress('3', '1', new URLSearchParams('page=4'))).toBe('/ppzq/info/3');
    expect(brandListAddress('3', 'x', new URLSearchParams())).toBe('/ppzq/info/3');
  });
});
