import { describe, expect, it } from 'vitest';
import { showsRightBar } from '../route-handle';
import { TOP_RIGHT_ADS, topRightAds } from './top-right-ad';

describe('the top-right advertisements (SHELL-20)', () => {
  const ads = [
    { id: '1', url: '/lqzx' },
    { id: '2', url: '/hb' },
    { id: '3', url: '/welfare?from=ad' },
    { id: '4', url: null },
  ];

  it('leaves out the one that leads to the page itself, with or without its query', () => {
    expect(topRightAds(ads, '/hb').map((ad) => ad.id)).toEqual(['1', '3']);
    expect(topRightAds(ads, '/welfare/').map((ad) => ad.id)).toEqual(['1', '2']);
  });

  it('shows at most two, in the slot order', () => {
    expect(TOP_RIGHT_ADS).toBe(2);
    expect(topRightAds(ads, '/zqmb').map((ad) => ad.id)).toEqual(['1', '2']);
    expect(topRightAds([], '/hb')).toEqual([]);
  });
});

describe('the side bar under a login-style header (SHELL-02)', () => {
  it('shows on normal pages, not under a login-style header unless the route keeps it', () => {
    expect(showsRightBar({})).toBe(true);
    expect(showsRightBar({ loginHeader: true })).toBe(false);
    expect(showsRightBar({ loginHeader: true, rightBar: true })).toBe(true);
  });
});
