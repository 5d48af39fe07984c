import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { floatWatch } from './float-watch';

describe('the floating search row', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('SEARCH-09: floats from 205 px of scroll, decided 100 ms after the scroll', () => {
    let y = 0;
    const seen: boolean[] = [];
    const watch = floatWatch(
      () => y,
      (floating) => seen.push(floating),
    );
    y = 204;
    watch.onScroll();
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([false]);

    y = 205;
    watch.onScroll();
    vi.advanceTimersByTime(99);
    expect(seen).toEqual([false]);
    // A burst of scroll events is read once, where the page came to.
    y = 400;
    watch.onScroll();
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([false, true]);
  });

  it('SEARCH-09: checks nothing once disposed', () => {
    const seen: boolean[] = [];
    const watch = floatWatch(
      () => 300,
      (floating) => seen.push(floating),
    );
    watch.onScroll();
    watch.dispose();
    vi.advanceTimersByTime(500);
    expect(seen).toEqual([]);
  });
});
