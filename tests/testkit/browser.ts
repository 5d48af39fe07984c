// Debian's chromium driven by playwright-core. The flags keep it from dialling out on a machine with no internet.
import { resolve } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Frame,
  type Locator,
  type Page,
  type Request,
  type Response,
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { drawDismissKey } from '../../web/src/features/draw/lucky-draw';
import { OFFLINE_CHROMIUM_FLAGS, TEST_CHROMIUM_FLAGS } from './chromium';
import { startMarketplace, type Marketplace } from './marketplace';
import { copyOfTemplate } from './postgres-template';

/**
 * How long placing an order may take before its next page: the slowest request of a buyer's walk (stock, batches,
 * promotions and credit in one transaction). A fresh-clone CI run with the type check beside the browser suites has
 * taken over 15 s; alone it takes under one.
 */
const PLACING_MS = 45_000;

/**
 * Presses 提交订单 on the confirm page (`press` says how: a double click tries the idempotency key) once the page has
 * come to rest, as a buyer reads it before pressing, and waits for the page the order leads to (see `actToReach`).
 */
export async function placeOrder(
  page: Page,
  next: RegExp = /\/cart\/step3\/\w+/,
  press: (submit: Locator) => Promise<void> = (submit) => submit.click(),
): Promise<void> {
  const submit = page.getByRole('button', { name: '提交订单' });
  await submit.waitFor();
  await networkSettled(page);
  await actToReach(page, () => press(submit), next, {
    what: '提交订单',
    timeout: PLACING_MS,
    finally: async () =>
      `button: ${(
        await page
          .locator('button', { hasText: /提交/ })
          .allInnerTexts()
          .catch(() => [])
      ).join(' | ')}`,
  });
}

/**
 * Does `act` (a click on a link or a button) and waits for an address matching `next`. When that does not come, the
 * failure says what happened instead: each GraphQL request sent, answered or failed meanwhile with its time, answers
 * carrying errors, console errors and uncaught page errors, every notice shown (a notice leaves after a few seconds),
 * the requests still in flight and what `finally` reads from the page at the end. A CI run keeps only that line, and
 * a bare time-out there told nothing.
 */
export async function actToReach(
  page: Page,
  act: () => Promise<void>,
  next: RegExp,
  options: { what: string; timeout: number; finally?: () => Promise<string> },
): Promise<void> {
  const seen: string[] = [];
  const started = Date.now();
  const inFlight = new Map<Request, number>();
  const note = (what: string) => void seen.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${what}`);
  const graphql = (request: Request) => request.url().includes('/graphql');
  const onRequest = (request: Request) => {
    inFlight.set(request, Date.now());
    if (graphql(request)) note(`sent ${operationOf(request)}`);
  };
  const onFinished = (request: Request) => {
    inFlight.delete(request);
    if (graphql(request)) note(`answered ${operationOf(request)}`);
  };
  const onFailed = (request: Request) => {
    inFlight.delete(request);
    if (graphql(request)) note(`failed ${operationOf(request)} ${request.failure()?.errorText ?? ''}`);
  };
  const onResponse = (response: Response) => {
    if (!graphql(response.request())) return;
    void response
      .text()
      .then((body) => void (body.includes('"errors"') && note(`errors ${response.status()} ${body.slice(0, 300)}`)))
      .catch(() => undefined);
  };
  const onConsole = (message: ConsoleMessage) =>
    void (message.type() === 'error' && note(`console ${message.text().slice(0, 200)}`));
  const onPageError = (error: Error) => note(`page error ${error.message.slice(0, 200)}`);
  const onNavigated = (frame: Frame) => void (frame === page.mainFrame() && note(`at ${frame.url()}`));
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('framenavigated', onNavigated);
  const notices = page.locator('[role="alert"], .fui-MessageBarBody, .fui-Toast');
  const shown = new Set<string>();
  let waiting = true;
  const watchNotices = (async () => {
    while (waiting) {
      for (const text of await notices.allInnerTexts().catch(() => [])) shown.add(text.replace(/\s+/g, ' ').trim());
      await page.waitForTimeout(250).catch(() => undefined);
    }
  })();
  try {
    await act();
    await page.waitForURL(next, { timeout: options.timeout });
  } catch (error) {
    const end = Date.now();
    const pending = [...inFlight].map(
      ([request, since]) => `${request.method()} ${request.url()} for ${((end - since) / 1000).toFixed(1)} s`,
    );
    const state = (await options.finally?.().catch((reason: unknown) => String(reason))) ?? '';
    throw new Error(
      `no ${String(next)} ${options.timeout / 1000} s after ${options.what} at ${page.url()}; notices: ${[...shown].filter(Boolean).join(' | ') || 'none'}; ${state ? `${state}; ` : ''}in flight: ${pending.join(' | ') || 'nothing'}; meanwhile: ${seen.join(' | ') || 'nothing'}`,
      { cause: error },
    );
  } finally {
    waiting = false;
    await watchNotices;
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    page.off('requestfailed', onFailed);
    page.off('response', onResponse);
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    page.off('framenavigated', onNavigated);
  }
}

/** The operation a GraphQL request names (in its body, or its address for a GET). */
function operationOf(request: Request): string {
  const fromUrl = new URL(request.url()).searchParams.get('operationName');
  if (fromUrl) return fromUrl;
  try {
    const body: unknown = request.postDataJSON();
    if (typeof body === 'object' && body !== null && 'operationName' in body) return String(body.operationName);
  } catch {
    // A body that is not JSON (an upload) names no operation here.
  }
  return 'an operation';
}

/** Where the browser tests find Chromium; empty when this run has none (scripts/test.ts decides). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '';

/** The Chromium a script outside the test run starts (the bench, Lighthouse): this run's, or Debian's. */
export const chromiumExecutable = chromiumPath || '/usr/bin/chromium';

export function launchChromium(
  executablePath: string = chromiumExecutable,
  args: readonly string[] = OFFLINE_CHROMIUM_FLAGS,
): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...args] });
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
  /**
   * The suite's tab `width` px wide (900 high, in Chinese), signed in with `token` when given, for checks that only
   * read (axe on page after page): each check navigates it to its page, and it stays open until the suite ends, so
   * the caller does not close it. A new tab costs Chromium a renderer process and compiles every script of the web
   * again; a navigation in the same tab costs a third of that (ADR 0224).
   */
  readingPage(width: number, token?: string): Promise<Page>;
}

// One Chromium per test worker: the browser suites run one after another in each worker, sharing its modules
// (tests/browser/vitest.config.ts), and each suite works in browser contexts of its own, which share no cookies,
// storage or cache. Launching Chromium for every suite cost a second or two of a worker's time each.
let workerChromium: Promise<Browser> | undefined;
function chromiumOfThisWorker(): Promise<Browser> {
  workerChromium ??= launchChromium(chromiumExecutable, TEST_CHROMIUM_FLAGS).then((browser) => {
    // A Chromium that crashed is launched again for the next suite instead of failing every later one.
    browser.on('disconnected', () => {
      workerChromium = undefined;
    });
    return browser;
  });
  return workerChromium;
}

/**
 * Starts the whole marketplace on a store of its own (a copy of the seeded PostgreSQL template, or of the PGlite
 * snapshot when the run has no PostgreSQL; ADR 0221), serving the production build of the web (or the build in
 * `options.webDist`, with `options.gateway`'s settings), for the suite that calls it, with this worker's Chromium;
 * after the suite, closes the marketplace and every browser context the suite left open, so the next suite starts
 * from a browser with none.
 */
export function useBrowserMarketplace(
  options: Pick<Parameters<typeof startMarketplace>[0], 'webDist' | 'gateway'> = {},
): BrowserSuite {
  let m: Marketplace | undefined;
  let browser: Browser | undefined;
  let dropStore: (() => Promise<void>) | undefined;
  const readingTabs = new Map<string, Promise<Page>>();
  const startStore = async (): Promise<Marketplace> => {
    const shared = {
      webDist: options.webDist ?? webDist,
      ...(options.gateway ? { gateway: options.gateway } : {}),
    };
    const template = inject('postgresTemplate');
    if (template === null)
      return startMarketplace({ store: 'pglite', pgliteSnapshot: inject('pgliteSnapshot'), ...shared });
    const copy = await copyOfTemplate(template);
    dropStore = copy.drop;
    return startMarketplace({ store: 'postgres', databaseUrl: copy.url, ...shared });
  };
  beforeAll(async () => {
    [m, browser] = await Promise.all([startStore(), chromiumOfThisWorker()]);
  });
  afterAll(async () => {
    readingTabs.clear();
    if (browser?.isConnected()) await Promise.all(browser.contexts().map((context) => context.close()));
    await m?.close();
    await dropStore?.();
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
    async readingPage(width, token) {
      if (!browser || !m) throw new Error('the marketplace and the browser start in beforeAll');
      const [opened, origin] = [browser, m.gatewayUrl];
      const key = `${width} ${token ?? ''}`;
      let tab = readingTabs.get(key);
      if (!tab) {
        tab = (async () => {
          const made = await opened.newContext({ viewport: { width, height: 900 }, locale: 'zh-CN' });
          if (token) await made.addCookies([{ name: 'token', value: token, url: origin }]);
          return made.newPage();
        })();
        readingTabs.set(key, tab);
      }
      return tab;
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

type WaitUntil = NonNullable<NonNullable<Parameters<Page['goto']>[1]>['waitUntil']>;

/**
 * Requests in flight from now, without the live cart's stream (ADR 0213): a signed-in tab keeps one open for as long
 * as it lives, so Playwright's own `networkidle` (no request at all for 500 ms) never comes. `quiet()` resolves once
 * nothing else has been in flight for `quietMs` (500 ms unless told).
 */
export function watchNetwork(page: Page, quietMs = 500): { quiet(): Promise<void>; stop(): void } {
  const inFlight = new Set<Request>();
  const isStream = (request: Request) => (request.headers()['accept'] ?? '').includes('text/event-stream');
  const started = (request: Request) => void (isStream(request) || inFlight.add(request));
  const ended = (request: Request) => void inFlight.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet() {
      for (let quietSince = Date.now(); Date.now() - quietSince < quietMs;) {
        await page.waitForTimeout(50);
        if (inFlight.size > 0) quietSince = Date.now();
      }
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/** Runs a navigation; `networkidle` is load plus a network quiet but for the live cart's stream (watchNetwork). */
async function navigate<T>(
  page: Page,
  waitUntil: WaitUntil | undefined,
  go: (waitUntil: WaitUntil | undefined) => Promise<T>,
): Promise<T> {
  if (waitUntil !== 'networkidle') return go(waitUntil);
  const network = watchNetwork(page);
  try {
    const response = await go('load');
    await network.quiet();
    return response;
  } finally {
    network.stop();
  }
}

/** Opens `url` as a buyer would type it, and waits until the page's script runs it (see untilTheAppRuns). */
export async function visit(page: Page, url: string, options?: Parameters<Page['goto']>[1]): ReturnType<Page['goto']> {
  const response = await navigate(page, options?.waitUntil, (waitUntil) =>
    page.goto(url, { ...options, ...(waitUntil ? { waitUntil } : {}) }),
  );
  await untilTheAppRuns(page);
  return response;
}

/** "¥50,000.00" -> 5000000: integer fen read from the digits, never through floating point. */
export function fenOf(text: string): number {
  const match = /(-?)¥?([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  const [, sign, whole = '0', cents = '00'] = match;
  const fen = Number.parseInt(whole.replaceAll(',', ''), 10) * 100 + Number.parseInt(cents, 10);
  return sign === '-' ? -fen : fen;
}

/** The wallet's balance (/wdqb/yegl) as the buyer reads it, in fen. */
export async function walletBalance(page: Page, origin: string): Promise<number> {
  await visit(page, `${origin}/wdqb/yegl`);
  const balance = page.getByTestId('wallet-balance');
  await balance.waitFor({ timeout: 15_000 });
  return fenOf(await balance.innerText());
}

/** Loads the page again and waits until its script runs it (see untilTheAppRuns). */
export async function reload(page: Page, options?: Parameters<Page['reload']>[0]): ReturnType<Page['reload']> {
  const response = await navigate(page, options?.waitUntil, (waitUntil) =>
    page.reload({ ...options, ...(waitUntil ? { waitUntil } : {}) }),
  );
  await untilTheAppRuns(page);
  return response;
}

/** Waits until nothing but the live cart's stream has been in flight for 500 ms (what `networkidle` meant). */
export async function networkSettled(page: Page): Promise<void> {
  const network = watchNetwork(page);
  try {
    await network.quiet();
  } finally {
    network.stop();
  }
}

/** Searches the catalogue by name from the header as a buyer does, and waits for the results. */
export async function searchByName(page: Page, keyword: string): Promise<void> {
  const search = page.getByRole('combobox', { name: '搜索' });
  await search.fill(keyword);
  await search.press('Enter');
  await page.waitForURL(/\/search\?/);
  // The address changes before the results replace the page it was typed on (a transition); the buyer
  // acts on what they see.
  await page.getByRole('heading', { name: /按药品名搜索/ }).waitFor();
}
