// The JavaScript a visitor's phone downloads for the home page until the network is idle: everything the first view
// costs, lazy route chunks and pop-ups included, where bench/lib/bundle.ts counts only what the manifest says loads
// before the first render. Used by the bench (section 4a) and by tests/browser/accessibility.test.ts.
import type { Browser, Response } from 'playwright-core';
import { gzipSync } from 'node:zlib';

export interface ScriptTransfer {
  url: string;
  /** Gzipped bytes: as sent when the server gzipped it, else the body gzipped here. */
  gzipBytes: number;
  /** The response's content-encoding; empty when it came uncompressed. */
  encoding: string;
}

export interface JavaScriptUntilIdle {
  gzipBytes: number;
  scripts: ScriptTransfer[];
  /** From navigation to the network's going idle. */
  elapsedMs: number;
}

/** No request started or ended for this long: the same rule as Playwright's `networkidle`. */
const IDLE_MS = 500;

const isJavaScript = (response: Response, contentType: string) =>
  response.request().resourceType() === 'script' || /javascript|ecmascript/.test(contentType);

async function transferOf(response: Response): Promise<ScriptTransfer | null> {
  if (!isJavaScript(response, response.headers()['content-type'] ?? '')) return null;
  const headers = await response.allHeaders();
  const encoding = headers['content-encoding'] ?? '';
  if (encoding === 'gzip') {
    const length = Number(headers['content-length']);
    // A chunked gzip answer has no content-length; the bytes Chromium received are then the measure.
    const gzipBytes = Number.isFinite(length) ? length : (await response.request().sizes()).responseBodySize;
    return { url: response.url(), gzipBytes, encoding };
  }
  // Uncompressed, or brotli/zstd: what a gzipping server would send, at the level bundle-size.ts uses.
  return { url: response.url(), gzipBytes: gzipSync(await response.body(), { level: 9 }).length, encoding };
}

/**
 * Opens `url` in a fresh context of `browser` (a visitor: no cookies, an empty cache) at `width` px, waits until no
 * request has started or ended for 500 ms, and sums the gzipped size of every JavaScript response it saw.
 */
export async function javaScriptUntilNetworkIdle(
  browser: Browser,
  url: string,
  options: { width?: number; timeoutMs?: number } = {},
): Promise<JavaScriptUntilIdle> {
  const { width = 390, timeoutMs = 30_000 } = options;
  const context = await browser.newContext({ viewport: { width, height: 844 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    let inFlight = 0;
    let lastActivity = performance.now();
    const transfers: Promise<ScriptTransfer | null>[] = [];
    page.on('request', () => {
      inFlight += 1;
      lastActivity = performance.now();
    });
    const settled = () => {
      inFlight -= 1;
      lastActivity = performance.now();
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    // Read each body as it arrives: Playwright may drop it once the page moves on.
    page.on('response', (response) => {
      const transfer = transferOf(response);
      // Reported below, after the wait; a rejection must not go unhandled meanwhile.
      transfer.catch(() => undefined);
      transfers.push(transfer);
    });

    const started = performance.now();
    await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
    while (inFlight > 0 || performance.now() - lastActivity < IDLE_MS) {
      if (performance.now() - started > timeoutMs) {
        throw new Error(`${url}: the network was not idle within ${timeoutMs / 1000} s (${inFlight} requests open)`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const elapsedMs = performance.now() - started - IDLE_MS;

    const byUrl = new Map<string, ScriptTransfer>();
    for (const outcome of await Promise.allSettled(transfers)) {
      // A response whose size could not be read would make the sum too small: better no figure than a wrong one.
      if (outcome.status === 'rejected')
        throw new Error(`${url}: a response could not be measured`, { cause: outcome.reason });
      const transfer = outcome.value;
      // A script fetched twice (a preload, then the import) costs one transfer: the second comes from the cache.
      if (transfer && !byUrl.has(transfer.url)) byUrl.set(transfer.url, transfer);
    }
    const scripts = [...byUrl.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0), scripts, elapsedMs };
  } finally {
    await context.close();
  }
}
