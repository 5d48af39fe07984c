// axe-core on the pages buyers use most, as a member: every rule axe runs by default (WCAG 2.x A and AA and its best
// practices) must pass. At phone width fewer pages: the frame is what changes there. The one exclusion is Fluent's
// focus-trap sentinels (tabster's `data-tabster-dummy` elements): they are aria-hidden on purpose and only pass focus
// on to the control they guard, which axe's aria-hidden-focus rule cannot tell from a real focusable element.
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { javaScriptUntilNetworkIdle } from '../../bench/lib/network-idle';
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

describe.skipIf(!chromiumPath)('accessibility of the main pages (axe)', () => {
  const suite = useBrowserMarketplace();

  for (const [width, paths] of [
    [1440, PAGES],
    [390, PHONE_PAGES],
  ] as const) {
    it(`has no axe violations at ${width} px`, async () => {
      const token = await suite.m.login('demo');
      const context = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'zh-CN' });
      await context.addCookies([{ name: 'token', value: token, url: suite.m.gatewayUrl }]);
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of paths) {
        await visit(page, `${suite.m.gatewayUrl}${path}`, { waitUntil: 'networkidle' });
        await page.locator('h1').first().waitFor({ timeout: 15_000 });
        const result = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
        for (const v of result.violations) {
          found.push(`${path}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
        }
      }
      await context.close();
      expect(found).toEqual([]);
    }, 240_000);
  }

  // The self-service forms are a visitor's pages, under the login-style header.
  it('has no axe violations on the registration and password-reset forms for a visitor', async () => {
    const found: string[] = [];
    for (const width of [1440, 390]) {
      const context = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'zh-CN' });
      const page = await context.newPage();
      // The login page's picture (AUTH-14) and the store registration's side bar (SHELL-02) too.
      for (const path of ['/register/step1', '/forget/step1', '/login', '/register/dd/step1']) {
        await visit(page, `${suite.m.gatewayUrl}${path}`, { waitUntil: 'networkidle' });
        await page.locator('h1').first().waitFor({ timeout: 15_000 });
        const result = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
        for (const v of result.violations) {
          found.push(`${width} ${path}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
        }
      }
      await context.close();
    }
    expect(found).toEqual([]);
  }, 60_000);

  // A visitor's frame differs from a member's (the top bar's greeting with its 登录 and 注册 links).
  it('has no axe violations on the home page for a visitor at 390 px', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await visit(page, suite.m.gatewayUrl, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: '登录', exact: true }).waitFor({ timeout: 15_000 });
    const result = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
    await context.close();
    expect(result.violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  }, 60_000);

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
