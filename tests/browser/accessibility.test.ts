// axe-core on the pages buyers use most, as a member (tests/testkit/axe.ts says which rules). At phone width fewer
// pages: the frame is what changes there. Each page is a test of its own, so that a machine slowed by the other
// suites beside this one gives every page the same time rather than the last pages what the first ones left.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { javaScriptUntilNetworkIdle } from '../../bench/lib/network-idle';
import { drawDismissKey } from '../../web/src/features/draw/lucky-draw';
import { axeViolations } from '../testkit/axe';
import { chromiumPath, useBrowserMarketplace, visit } from '../testkit/browser';

const PAGES = [
  '/',
  '/list',
  '/list/table',
  '/search?keywords=gmlkl',
  '/list/info/1',
  '/cart',
  '/yjh',
  '/Hdzx/4,1,3,7',
  '/kxzq/new',
  '/ptzq',
  '/zhmz/list?id=4',
  '/lqzx',
  '/order',
  // The seeded running lucky draw is the first one (upstream/src/seed/draws.ts).
  '/draw/1',
  '/user/draw',
  '/user',
  // The side nav and the top-right advertisements (SHELL-19, SHELL-20).
  '/hb',
];
/** At phone width the frame changes most (menus, side bar, carousel): the pages with the most of it. */
const PHONE_PAGES = ['/', '/list', '/list/info/1', '/cart', '/ptzq'];
/** The account centre's pages, whose panels hold forms, tables and ledgers. */
const MEMBER_PHONE_PAGES = [
  '/user',
  '/basic',
  '/addr',
  '/wdqb/yegl',
  '/wdqb/jfgl',
  '/dzfp',
  '/yjfk',
  '/pzqg',
  '/wdxx',
  '/order',
];

/**
 * The prices and buttons the phone's cart button (SHELL-24) would lie on at some scroll position: fixed to the window,
 * it passes over every part of the page that scrolls under its strip. Measured at the top of the page: what is
 * clipped by a scrolling strip (a row of goods that scrolls sideways) counts only where it can be seen.
 */
function coveredByPhoneCart(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    const cart = document.querySelector('aside[aria-label="购物车"] button[aria-label*="购物车"]');
    if (!cart) return ['no cart button'];
    const c = cart.getBoundingClientRect();
    const scrollable = document.documentElement.scrollHeight - window.innerHeight;
    const visiblePart = (e: Element) => {
      const r = e.getBoundingClientRect();
      let [left, right, top, bottom] = [r.left, r.right, r.top, r.bottom];
      for (let a = e.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible' && getComputedStyle(a).overflowY === 'visible') continue;
        const clip = a.getBoundingClientRect();
        [left, right, top, bottom] = [
          Math.max(left, clip.left),
          Math.min(right, clip.right),
          Math.max(top, clip.top),
          Math.min(bottom, clip.bottom),
        ];
      }
      return { left, right, top, bottom };
    };
    const reachable = (e: Element) => {
      const r = visiblePart(e);
      if (r.right <= r.left || r.bottom <= r.top) return false;
      return r.left < c.right && r.right > c.left && r.bottom > c.top && r.top < c.bottom + scrollable;
    };
    const controls = [...document.querySelectorAll('button, [role="button"], input, select')].filter(
      (e) => !cart.closest('aside')?.contains(e),
    );
    // A price is the innermost element whose own text carries the ¥ sign.
    const prices = [...document.querySelectorAll('main *, footer *')].filter((e) =>
      [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').includes('¥')),
    );
    return [...controls, ...prices]
      .filter(reachable)
      .map((e) => `${e.tagName} ${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 20)}`);
  });
}

describe.skipIf(!chromiumPath)('accessibility of the main pages (axe)', () => {
  const suite = useBrowserMarketplace();

  let demoToken = '';
  beforeAll(async () => {
    demoToken = await suite.m.login('demo');
  });

  /** The suite's tab `width` px wide, demo's when `member`, on `path` once its script runs and its heading shows. */
  async function open(path: string, width: number, member: boolean): Promise<Page> {
    const page = await suite.readingPage(width, member ? demoToken : undefined);
    await visit(page, `${suite.m.gatewayUrl}${path}`, { waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor({ timeout: 15_000 });
    return page;
  }

  // The check can fail: with only violations asked for, axe still names each rule broken and every element breaking
  // it, WCAG 2.2's target size included, and the sentinels it is told to pass over hide nothing else.
  it('names every element breaking a rule, the small target too', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await page.setContent(
      '<html lang="zh-CN"><head><title>t</title></head><body><main><h1>t</h1>' +
        '<button></button><button></button><img src="data:,"><a href="#" style="display:inline-block;width:8px;height:8px">x</a>' +
        '<a href="#" style="display:inline-block;width:8px;height:8px;margin-left:2px">y</a>' +
        '<div data-tabster-dummy tabindex="0" aria-hidden="true"></div></main></body></html>',
    );
    const found = await axeViolations(page, 'planted');
    await context.close();
    expect(found.map((line) => line.split(' ', 2)[1])).toEqual(
      expect.arrayContaining(['button-name', 'image-alt', 'target-size']),
    );
    expect(found.find((line) => line.includes('button-name'))?.match(/<button>/g)).toHaveLength(2);
    expect(found.join('\n')).not.toContain('data-tabster-dummy');
  });

  for (const [width, paths] of [
    [1440, PAGES],
    [390, PHONE_PAGES],
  ] as const) {
    it.each(paths)(`has no axe violations on %s at ${width} px`, async (path) => {
      const page = await open(path, width, true);
      expect(await axeViolations(page, path)).toEqual([]);
    });
  }

  /** What `read` finds on each page (opened in the reading tab), by page; a page where it finds nothing fails. */
  async function readPages<T>(paths: readonly string[], width: number, member: boolean, read: () => T[]) {
    const found: { path: string; item: T }[] = [];
    for (const path of paths) {
      const items = await (await open(path, width, member)).evaluate(read);
      expect(items.length, `${path} shows what is checked`).toBeGreaterThan(0);
      found.push(...items.map((item) => ({ path, item })));
    }
    return found;
  }

  // Pages whose lines link to their records with links no component styles: a ledger, the orders, a goods page's
  // makers and reports, the member centre's 查看全部.
  it('SHELL-29: no link shows the browser’s own blue or visited purple', async () => {
    const links = await readPages(['/wdqb/jfgl', '/order', '/list/info/1', '/user'], 1440, true, () =>
      [...document.querySelectorAll('a[href]')]
        .filter((link) => (link.textContent ?? '').trim() !== '' && link.getClientRects().length > 0)
        .map((link) => ({ text: (link.textContent ?? '').trim().slice(0, 30), colour: getComputedStyle(link).color })),
    );
    const browserColours = links
      .filter(({ item }) => item.colour === 'rgb(0, 0, 238)' || item.colour === 'rgb(85, 26, 139)')
      .map(({ path, item }) => `${path}: ${item.text}`);
    expect(browserColours).toEqual([]);
  });

  // Headings sized by the browser (h1 at 28 px) or by a page (a goods name at 24 px) without a line height of their own.
  it('SHELL-30: no heading’s line is shorter than its letters, so a name that wraps keeps its lines apart', async () => {
    const headings = await readPages(['/login', '/list/info/1', '/404', '/register/step1'], 390, false, () =>
      [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
        .filter((heading) => heading.getClientRects().length > 0)
        .map((heading) => {
          const style = getComputedStyle(heading);
          return {
            text: (heading.textContent ?? '').trim().slice(0, 20),
            size: style.fontSize,
            line: style.lineHeight,
          };
        }),
    );
    const short = headings
      .filter(({ item }) => parseFloat(item.line) < parseFloat(item.size))
      .map(({ path, item }) => `${path}: ${item.text} (${item.size} on a ${item.line} line)`);
    expect(short).toEqual([]);
  });

  // The self-service forms are a visitor's pages, under the login-style header.
  it('SHELL-26: no member page is wider than the screen at 390 px', async () => {
    const token = await suite.m.login('demo');
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    await context.addCookies([{ name: 'token', value: token, url: suite.m.gatewayUrl }]);
    const page = await context.newPage();
    const wide: string[] = [];
    for (const path of MEMBER_PHONE_PAGES) {
      await visit(page, `${suite.m.gatewayUrl}${path}`);
      await page.locator('h1').first().waitFor({ timeout: 15_000 });
      const over = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (over > 0) wide.push(`${path}: ${over} px wider`);
    }
    await context.close();
    expect(wide).toEqual([]);
  }, 120_000);

  // The login page's picture (AUTH-14) and the store registration's side bar (SHELL-02) too.
  it.each(
    [1440, 390].flatMap((width) =>
      ['/register/step1', '/forget/step1', '/login', '/register/dd/step1'].map((path) => ({ width, path })),
    ),
  )('has no axe violations on the visitor form $path at $width px', async ({ width, path }) => {
    const page = await open(path, width, false);
    expect(await axeViolations(page, `${width} ${path}`)).toEqual([]);
  });

  // A visitor's frame differs from a member's: the greeting with its 登录 and 注册 links, in the phone's menu.
  it('has no axe violations on the home page for a visitor at 390 px, its menu open or not', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await visit(page, suite.m.gatewayUrl, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: /^购物车/ }).waitFor({ timeout: 15_000 });
    const found = await axeViolations(page, 'home');
    await page.getByRole('button', { name: '菜单' }).click();
    const menu = page.getByRole('dialog', { name: '菜单' });
    await menu.getByRole('link', { name: '登录', exact: true }).waitFor({ timeout: 15_000 });
    await menu.getByRole('link', { name: '注册', exact: true }).waitFor();
    found.push(...(await axeViolations(page, 'menu', '[role="dialog"]')));
    await context.close();
    expect(found).toEqual([]);
  }, 120_000);

  // SHELL-22, SHELL-24: a phone's first screen shows goods, and nothing floats over what a buyer reads or taps. As
  // demo, whose expiring document adds a warning to the frame (QUAL-05): the tallest frame a buyer meets.
  it('starts the page within 200 px at 390 × 844, and the cart button covers no price or button (SHELL-22, SHELL-24)', async () => {
    const token = await suite.m.login('demo');
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    await context.addCookies([{ name: 'token', value: token, url: suite.m.gatewayUrl }]);
    // The lucky draw's pop-up closed, as the buyer closes it: a modal dialog would hide the page from its roles.
    const draws = await suite.m.db.query<{ id: number }>('SELECT id FROM draws');
    await context.addInitScript(
      (keys: string[]) => keys.forEach((key) => window.sessionStorage.setItem(key, '1')),
      draws.map((draw) => drawDismissKey(String(draw.id))),
    );
    const page = await context.newPage();
    const starts: Record<string, number> = {};
    const covered: string[] = [];
    const firstContent: Record<string, string> = {
      '/': '[aria-roledescription="carousel"]',
      '/list': 'main article',
      '/list/info/1': 'main article img, #goods-name',
    };
    for (const [path, selector] of Object.entries(firstContent)) {
      await visit(page, `${suite.m.gatewayUrl}${path}`, { waitUntil: 'networkidle' });
      await page.locator(selector).first().waitFor({ timeout: 15_000 });
      starts[path] = Math.round((await page.locator(selector).first().boundingBox())?.y ?? Infinity);
      // What stays in the frame on a phone: the menu, the logo, the search and the cart with its count.
      for (const control of [
        page.getByRole('button', { name: '菜单' }),
        page.getByRole('link', { name: '药采网首页' }),
        page.getByRole('combobox', { name: '搜索' }),
        page.getByRole('link', { name: /^购物车/ }),
      ]) {
        await expect.poll(() => control.isVisible()).toBe(true);
      }
      await page.locator('aside[aria-label="购物车"] button[aria-label*="购物车"]').waitFor();
      for (const what of await coveredByPhoneCart(page)) covered.push(`${path}: ${what}`);
    }
    for (const [path, top] of Object.entries(starts)) expect(top, path).toBeLessThanOrEqual(200);
    expect(covered).toEqual([]);

    // The carousel's dots sit under its picture on a phone, never on it.
    await visit(page, suite.m.gatewayUrl, { waitUntil: 'networkidle' });
    const picture = await page.locator('[aria-roledescription="carousel"] > div').first().boundingBox();
    const dots = await page.getByRole('button', { name: /^第 \d+ 张/ }).all();
    expect(dots.length).toBeGreaterThan(1);
    for (const dot of dots)
      expect((await dot.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual((picture?.y ?? 0) + (picture?.height ?? 0));

    // The top bar and the navigation are one tap away, in the menu, and pass axe there too.
    await page.getByRole('button', { name: '菜单' }).click();
    const menu = page.getByRole('dialog', { name: '菜单' });
    await menu.getByRole('button', { name: '安全退出' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => menu.getByRole('link', { name: '会员中心' }).isVisible()).toBe(true);
    await expect.poll(() => menu.getByRole('link', { name: /采购委托书/ }).isVisible()).toBe(true);
    expect(await menu.getByRole('navigation', { name: '全部商品分类' }).getByRole('link').count()).toBeGreaterThan(0);
    expect(await menu.getByRole('navigation', { name: '主导航' }).getByRole('link').count()).toBeGreaterThan(0);
    expect(await axeViolations(page, 'menu', '[role="dialog"]')).toEqual([]);
    await menu.getByRole('link', { name: '会员中心' }).click();
    await page.waitForURL(/\/user$/);
    await expect.poll(() => menu.isVisible()).toBe(false);

    // A desktop keeps its top bar and navigation in view, and has no menu button.
    await page.setViewportSize({ width: 1440, height: 900 });
    await visit(page, suite.m.gatewayUrl, { waitUntil: 'networkidle' });
    expect(await page.getByRole('button', { name: '菜单' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: '安全退出' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: '主导航' }).isVisible()).toBe(true);
    await context.close();
  }, 120_000);

  // What the first view costs a phone, pop-ups and lazy parts included (tests/budgets.test.ts counts only what the
  // build's manifest loads before the first render). Issue 13's budget is 200 KB; the home reaches 269 KB, and
  // docs/benchmarks.md says what the rest would take. This bound keeps it from growing meanwhile.
  it('downloads at most 275 KB of gzipped JavaScript on the home page until the network is idle, for a visitor', async () => {
    const idle = await javaScriptUntilNetworkIdle(suite.browser, `${suite.m.gatewayUrl}/`, { width: 390 });
    const listing = idle.scripts.map((s) => `${(s.gzipBytes / 1024).toFixed(1)} KB ${new URL(s.url).pathname}`);
    expect(idle.scripts.length).toBeGreaterThan(0);
    expect(idle.gzipBytes, listing.join('\n')).toBeLessThanOrEqual(275 * 1024);
  }, 60_000);
});
