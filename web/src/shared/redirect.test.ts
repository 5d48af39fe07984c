import { describe, expect, it } from 'vitest';
import { contractPath, loginPath, safeRedirect } from './redirect';

describe('coming back after login', () => {
  it('keeps the page the buyer was on', () => {
    expect(loginPath({ pathname: '/search', search: '?keyword=感冒&by=NAME' })).toBe(
      `/login?redirect=${encodeURIComponent('/search?keyword=感冒&by=NAME')}`,
    );
  });
  it('does not nest the login page in its own return path', () => {
    expect(loginPath({ pathname: '/login', search: '?redirect=%2Fcart' })).toBe('/login?redirect=%2Fcart');
  });
  it('CONTRACT-05: sends the buyer to the contract with the page to come back to, once', () => {
    expect(contractPath('/dzht', { pathname: '/cart/step2', search: '?ids=1,2' })).toBe(
      `/dzht?from=${encodeURIComponent('/cart/step2?ids=1,2')}`,
    );
    expect(contractPath('/dzht', { pathname: '/dzht', search: '?from=%2Fcart' })).toBe('/dzht?from=%2Fcart');
  });
  it('follows only same-site paths', () => {
    expect(safeRedirect('/cart')).toBe('/cart');
    expect(safeRedirect('//evil.example.com')).toBe('/');
    expect(safeRedirect('https://evil.example.com')).toBe('/');
    expect(safeRedirect('/login?redirect=%2F')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
