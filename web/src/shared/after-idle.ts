import { useEffect, useState } from 'react';

/** Browsers without requestIdleCallback (Safari) wait this long after the page has rendered instead. */
const FALLBACK_DELAY_MS = 2000;

/**
 * False until the browser is first idle after the page rendered (hydrated): what nobody needs for the first view (a
 * pop-up) waits, so its code and requests do not compete with the page's own (ADR 0310). The server never renders it.
 */
export function useAfterIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: FALLBACK_DELAY_MS * 2 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(() => setIdle(true), FALLBACK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return idle;
}
