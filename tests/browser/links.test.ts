// Every link leads somewhere (SHELL-10): a crawler follows the site's own links from the home page, page after page,
// as a visitor and as a signed-in buyer, and fails on any that lands on /404.
// Addresses that differ only in their ids (/goods/12 and /goods/13) are one kind of page; one of each is opened,
// which keeps the walk short while still reaching every route those pages link to.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, useBrowserMarketplace, visit } from '../testkit/browser';

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
  // Downloads (an invoice's PDF, an uploaded file) are files, not pages.
  return hrefs.filter(
    (h) =>
      h.startsWith('/') &&
      !h.startsWith('//') &&
      !h.startsWith('/graphql') &&
      !h.startsWith('/files/') &&
      !h.startsWith('/invoices/'),
  );
}

/**
 * The links of a page once it has settled: a slow machine can run the scripts so long between two requests that the
 * network looks idle before the route's chunks and query have even been asked for, so the page is read again until
 * its links stop changing.
 */
async function settledLinksOn(page: Page): Promise<string[]> {
  let links = await linksOn(page);
  for (let round = 0; round < 5; round += 1) {
    await page.waitForTimeout(400);
    await page.waitForLoadState('networkidle');
    const again = await linksOn(page);
    if (again.length === links.length && !/^\/404$/.test(new URL(page.url()).pathname)) return again;
    links = again;
  }
  return links;
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
 * Opens the start pages, then every kind of page any reached page links to, one of each, until no new kind turns
 * up; a link whose page ends on /404 is broken.
 */
async function walk(context: BrowserContext, origin: string, starts: readonly string[]): Promise<Walk> {
  const reached = new Map<string, { href: string; from: string }>();
  const broken: { href: string; from: string }[] = [];
  const queue: { href: string; from: string }[] = [];
  for (const start of starts) {
    reached.set(pageKind(start), { href: start, from: '(start)' });
    queue.push({ href: start, from: '(start)' });
  }
  let busy = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      const page = await context.newPage();
      // A worker stops only when the queue is empty and no other worker can still add to it.
      while (queue.length > 0 || busy > 0) {
        const next = queue.shift();
        if (next === undefined) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        busy += 1;
        try {
          await visit(page, new URL(next.href, origin).href, { waitUntil: 'networkidle' });
          if (new URL(page.url()).pathname === '/404') {
            broken.push(next);
            continue;
          }
          for (const link of await settledLinksOn(page)) {
            const kind = pageKind(link);
            if (reached.has(kind)) continue;
            reached.set(kind, { href: link, from: next.href });
            queue.push({ href: link, from: next.href });
          }
        } finally {
          busy -= 1;
        }
      }
      await page.close();
    }),
  );
  return { reached, broken };
}

const VIEW = { viewport: { width: 1440, height: 900 }, locale: 'zh-CN' };

describe.skipIf(!chromiumPath)('links', () => {
  const suite = useBrowserMarketplace();

  it('SHELL-10: no link a visitor can follow from the home page lands on the 404 page', async () => {
    const context = await suite.browser.newContext(VIEW);
    const { reached, broken } = await walk(context, suite.m.gatewayUrl, ['/']);
    expect(broken).toEqual([]);
    // The walk went beyond the home page: help, news and the promotions are all reached from it.
    expect(['/help', '/news', '/jfsc', '/login', '/hb'].filter((kind) => !reached.has(kind))).toEqual([]);
    await context.close();
  }, 240_000);

  it('SHELL-10: no link a signed-in buyer can follow from the home page lands on the 404 page', async () => {
    const token = await suite.m.login('demo');
    const context = await suite.browser.newContext(VIEW);
    await context.addCookies([{ name: 'token', value: token, url: suite.m.gatewayUrl, httpOnly: true }]);
    const { reached, broken } = await walk(context, suite.m.gatewayUrl, ['/']);
    expect(broken).toEqual([]);
    // The walk reached the member pages and self-service, so it did look where links used to break.
    const expected = ['/order', '/basic', '/wdqb/yegl', '/wdxx', '/kjcg', '/cgqd', '/pzqg', '/dzfp', '/yjfk', '/jfsc'];
    expect(expected.filter((kind) => !reached.has(kind))).toEqual([]);
    await context.close();
  }, 240_000);
});
