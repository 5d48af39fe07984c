// Debian's chromium driven by playwright-core. The flags keep it from dialling out on a machine with no internet.
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
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
    m = await startMarketplace({ store: 'pglite', webDist });
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

/** Fills and sends the login form the way a buyer does (the page must be showing it). */
export async function signIn(page: Page, username: string, password = 'demo1234'): Promise<void> {
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}
