// Debian's chromium driven by playwright-core. The flags keep it from dialling out on a machine with no internet.
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { drawDismissKey } from '../../web/src/features/draw/lucky-draw';
import { startMarketplace, type Marketplace } from './marketplace';

/** Where the browser tests find Chromium; empty when this run has none (scripts/test.ts decides). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '';

export function launchChromium(executablePath: string = chromiumPath || '/usr/bin/chromium'): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

// WEB_DIST_DIR points the suites at a build made with WEB_OUT_DIR (web/vite.config.ts).
const webDist = resolve(import.meta.dirname, '../../web', process.env.WEB_DIST_DIR ?? 'dist');

export interface BrowserSuite {
  /** The marketplace this suite's pages talk to (its gateway serves the built web). */
  readonly m: Marketplace;
  readonly browser: Browser;
  /**
   * A page whose browser session has already closed the home's lucky-draw pop-up, for suites about other things: a
   * modal dialog opening over the home page at a moment that depends on timing would take their keystrokes.
   */
  newPage(options: BrowserContextOptions): Promise<Page>;
}

/**
 * Starts the whole marketplace on its own in-memory store, serving the production build of the web, and Chromium,
 * for the suite that calls it; closes both after the suite.
 */
export function useBrowserMarketplace(): BrowserSuite {
  let m: Marketplace | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    m = await startMarketplace({ store: 'pglite', webDist, pgliteSnapshot: inject('pgliteSnapshot') });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await m?.close();
  });
  return {
    get m() {
      if (!m) throw new Error('the marketplace starts in beforeAll');
      return m;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
    async newPage(options) {
      if (!browser || !m) throw new Error('the marketplace and the browser start in beforeAll');
      const running = await m.db.query<{ id: number }>(
        'SELECT id FROM draws WHERE start_at <= now() AND end_at > now()',
      );
      const page = await browser.newPage(options);
      await page.addInitScript(
        (keys: string[]) => {
          for (const key of keys) window.sessionStorage.setItem(key, '1');
        },
        running.map((d) => drawDismissKey(String(d.id))),
      );
      return page;
    },
  };
}

/**
 * Fills and sends the login form the way a buyer does (the page must be showing it), and waits for the page it leads
 * to: signing in loads that page as a new document (AUTH-10), which must be running before the suite acts on it.
 */
export async function signIn(page: Page, username: string, password = 'demo1234'): Promise<void> {
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
  await untilTheAppRuns(page);
}

// A server-rendered page shows its HTML before its script has taken it over (ADR 0310): typing into a field then
// would be lost when React adopts it, and a form would be sent by the browser itself. Buyers on a slow phone meet
// the same moment; the suites wait for it to pass, as web/src/app/hydrate.tsx marks it, before they act.
async function untilTheAppRuns(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.documentElement.dataset['hydrated'] === 'true' || !document.getElementById('__APOLLO_STATE__'),
  );
}

/** Opens `url` as a buyer would type it, and waits until the page's script runs it (see untilTheAppRuns). */
export async function visit(page: Page, url: string, options?: Parameters<Page['goto']>[1]): ReturnType<Page['goto']> {
  const response = await page.goto(url, options);
  await untilTheAppRuns(page);
  return response;
}

/** Loads the page again and waits until its script runs it (see untilTheAppRuns). */
export async function reload(page: Page, options?: Parameters<Page['reload']>[0]): ReturnType<Page['reload']> {
  const response = await page.reload(options);
  await untilTheAppRuns(page);
  return response;
}
