// Every link leads somewhere (SHELL-10): a crawler opens what the site's own links lead to, as a signed-in buyer from
// the home page and the member centre (a visitor's pages offer a subset of those links), and fails on any that lands on /404.
// Addresses that differ only in their ids (/goods/12 and /goods/13) are one kind of page; one of each is opened,
// which keeps the walk short while still reaching every route those pages link to.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, useBrowserMarketplace } from '../testkit/browser';

/** The kind of page an address leads to: numbers stand for ids, query values are ignored but their names kept. */
function pageKind(href: string): string {
  const url = new URL(href, 'http://site');
  const path = url.pathname.replace(/\/\d+(?=\/|$)/g, '/:n');
  const keys = [...new Set(url.searchParams.keys())].sort().join('&');
  return keys === '' ? path : `${path}?${keys}`;
}

/** The site's own links on the page now shown, as paths with their query. */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page.$$eval('a[href]', (anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.filter((h) => h.startsWith('/') && !h.startsWith('//') && !h.startsWith('/graphql'));
}

interface Walk {
  /** Each page kind reached, with the page it was linked from. */
  reached: Map<string, { href: string; from: string }>;
  /** Links that ended on the 404 page, with the page that offered them. */
  broken: { href: string; from: string }[];
}

/** Pages open at once: each mostly waits for the network to fall quiet, so a few side by side save most of it. */
const PARALLEL = 4;

/**
 * Opens the start pages, then every kind of page they link to, one of each; a link whose page ends on /404 is
 * broken. The start pages are the hubs that link everywhere (the home page with its menus and footer, the member
 * centre with the member menu).
 */
async function walk(context: BrowserContext, origin: string, starts: readonly string[]): Promise<Walk> {
  const reached = new Map<string, { href: string; from: string }>();
  const broken: { href: string; from: string }[] = [];
  const queue: { href: string; from: string }[] = [];
  const hub = await context.newPage();
  for (const start of starts) {
    reached.set(pageKind(start), { href: start, from: '(start)' });
    await hub.goto(new URL(start, origin).href, { waitUntil: 'networkidle' });
    for (const link of await linksOn(hub)) {
      const kind = pageKind(link);
      if (reached.has(kind)) continue;
      reached.set(kind, { href: link, from: start });
      queue.push({ href: link, from: start });
    }
  }
  await hub.close();
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      const page = await context.newPage();
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        await page.goto(new URL(next.href, origin).href, { waitUntil: 'networkidle' });
        if (new URL(page.url()).pathname === '/404') broken.push(next);
      }
      await page.close();
    }),
  );
  return { reached, broken };
}

const VIEW = { viewport: { width: 1440, height: 900 }, locale: 'zh-CN' };

describe.skipIf(!chromiumPath)('links', () => {
  const suite = useBrowserMarketplace();

  it('SHELL-10: no link a signed-in buyer finds on the home page or the member centre lands on the 404 page', async () => {
    const token = await suite.m.login('demo');
    const context = await suite.browser.newContext(VIEW);
    await context.addCookies([{ name: 'token', value: token, url: suite.m.gatewayUrl, httpOnly: true }]);
    const { reached, broken } = await walk(context, suite.m.gatewayUrl, ['/', '/user']);
    expect(broken).toEqual([]);
    // The walk reached the member pages, so it did look where links used to break.
    expect([...reached.keys()]).toEqual(expect.arrayContaining(['/order', '/basic', '/wdqb/yegl', '/wdxx']));
    await context.close();
  });
});
