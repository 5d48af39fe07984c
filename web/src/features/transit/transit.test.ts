import { describe, expect, it } from 'vitest';
import { activityRedirect, activityTarget, transitTarget } from './transit';

describe('the transit page', () => {
  it('ROUTE-01: leads /loading/{path}?{query} to /{path}?{query}, and /loading to the home page', () => {
    expect(transitTarget('list', new URLSearchParams('select=3&yx=1'))).toEqual({
      kind: 'go',
      to: '/list?select=3&yx=1',
    });
    expect(transitTarget('list/info/12', new URLSearchParams())).toEqual({ kind: 'go', to: '/list/info/12' });
    expect(transitTarget('', new URLSearchParams())).toEqual({ kind: 'go', to: '/' });
  });

  it('ROUTE-01: never forms an address of another site', () => {
    expect(transitTarget('evil.example.com:80', new URLSearchParams())).toEqual({ kind: 'none' });
    expect(transitTarget('a/../b', new URLSearchParams())).toEqual({ kind: 'none' });
    expect(transitTarget('%2F%2Fevil', new URLSearchParams())).toEqual({ kind: 'none' });
  });
});

describe('old activity links', () => {
  it('ROUTE-02: /activity/{url}/{url1}/{url2} goes to /loading/activity with its parts and query kept', () => {
    expect(activityRedirect({ url: 'yjh', url1: '12' }, '?from=wx')).toBe('/loading/activity?from=wx&url=yjh&url1=12');
    expect(activityRedirect({}, '')).toBe('/loading/activity');
  });

  it('ROUTE-02: a number names an activity, to be checked before going to its zone', () => {
    expect(activityTarget({ url: '12' })).toEqual({ kind: 'activity', id: '12' });
    expect(activityTarget({ url: 'yjh', url1: '7' })).toEqual({ kind: 'activity', id: '7' });
  });

  it('ROUTE-02: a place of the site keeps its parts; anything else has no activity', () => {
    expect(activityTarget({ url: 'Hdzx', url1: '3,4', url2: '3' })).toEqual({ kind: 'go', to: '/Hdzx/3,4/3' });
    expect(activityTarget({ url: 'draw', url1: '2' })).toEqual({ kind: 'go', to: '/draw/2' });
    expect(activityTarget({ url: 'lqzx' })).toEqual({ kind: 'go', to: '/lqzx' });
    expect(activityTarget({ url: 'no-such-place' })).toEqual({ kind: 'none' });
    expect(activityTarget({})).toEqual({ kind: 'none' });
  });
});
