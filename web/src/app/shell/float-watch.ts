/** SEARCH-09: the search row floats once the page is scrolled 205 px or more… */
export const FLOAT_AFTER_PX = 205;
/** …checked 100 ms after a scroll, not on every scroll event. */
export const FLOAT_CHECK_DELAY_MS = 100;

/**
 * SEARCH-09: a scroll listener that reads the position once 100 ms after the first scroll of a burst and says
 * whether the search row floats. `dispose` drops a pending check.
 */
export function floatWatch(
  scrollY: () => number,
  apply: (floating: boolean) => void,
  delayMs: number = FLOAT_CHECK_DELAY_MS,
): { onScroll: () => void; dispose: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    onScroll() {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        apply(scrollY() >= FLOAT_AFTER_PX);
      }, delayMs);
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
