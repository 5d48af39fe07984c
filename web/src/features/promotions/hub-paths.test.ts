import { describe, expect, it } from 'vitest';
import { hubListPath, hubSectionParam } from './hub-paths';

describe('the hub list address (PROMO-04)', () => {
  it('PROMO-04: names a section by ?section=, and a malformed one lists every section', () => {
    expect(hubListPath('12')).toBe('/yyh/list?section=12');
    expect(hubListPath()).toBe('/yyh/list');
    expect(hubSectionParam(new URLSearchParams('section=12'))).toBe('12');
    expect(hubSectionParam(new URLSearchParams('section= 7 '))).toBe('7');
    expect(hubSectionParam(new URLSearchParams('section=0'))).toBeNull();
    expect(hubSectionParam(new URLSearchParams('section=1;drop'))).toBeNull();
    expect(hubSectionParam(new URLSearchParams(''))).toBeNull();
  });
});
