/**
 * SHELL-18: the visitor-statistics script of a third-party analytics service, loaded only when the build is
 * configured with its address (VITE_ANALYTICS_URL), and only once the page is idle, so it never competes with the
 * first render or blocks anything (ADR 0308). Unconfigured, nothing is scheduled and nothing loads.
 */

/** Longest wait for an idle moment before the script is loaded anyway. */
export const ANALYTICS_IDLE_TIMEOUT_MS = 5000;
/** Browsers without requestIdleCallback (Safari) wait this long after start instead. */
export const ANALYTICS_FALLBACK_DELAY_MS = 2000;

export interface AnalyticsScript {
  src: string;
  async: boolean;
  referrerPolicy: ReferrerPolicy;
}

export interface AnalyticsHost {
  requestIdleCallback?: ((callback: () => void, options: { timeout: number }) => unknown) | undefined;
  setTimeout: (callback: () => void, ms: number) => unknown;
  appendScript: (script: AnalyticsScript) => void;
}

const browserHost = (): AnalyticsHost => ({
  requestIdleCallback:
    typeof window.requestIdleCallback === 'function'
      ? (callback, options) => window.requestIdleCallback(callback, options)
      : undefined,
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  appendScript: ({ src, async, referrerPolicy }) => {
    const script = document.createElement('script');
    script.async = async;
    script.referrerPolicy = referrerPolicy;
    script.src = src;
    document.head.appendChild(script);
  },
});

let scheduled = false;

/** Schedules the script once per document; answers whether anything was scheduled. */
export function scheduleAnalytics(url: string | null, host: AnalyticsHost = browserHost()): boolean {
  if (!url || scheduled) return false;
  scheduled = true;
  // No buyer data is put in the script's address, and its request carries our origin as the referrer, not the
  // page's full address with its query (ADR 0308).
  const load = () => host.appendScript({ src: url, async: true, referrerPolicy: 'strict-origin-when-cross-origin' });
  if (typeof host.requestIdleCallback === 'function') {
    host.requestIdleCallback(load, { timeout: ANALYTICS_IDLE_TIMEOUT_MS });
  } else {
    host.setTimeout(load, ANALYTICS_FALLBACK_DELAY_MS);
  }
  return true;
}

/** For tests: a new document. */
export function resetAnalyticsForTest(): void {
  scheduled = false;
}
