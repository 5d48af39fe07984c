import { describe, expect, it } from 'vitest';
import { composeTitle } from './title';

describe('page titles', () => {
  it('read "{route title}-{site title}"', () => {
    expect(composeTitle('登录', '药采网')).toBe('登录-药采网');
  });
  it('fall back to the site title when the route has none', () => {
    expect(composeTitle(undefined, '药采网')).toBe('药采网');
    expect(composeTitle('  ', '药采网')).toBe('药采网');
  });
});
