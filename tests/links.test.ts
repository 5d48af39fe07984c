// Every link leads somewhere (SHELL-10): a crawler follows the site's own links from the home page, page after page,
// as a visitor and as a signed-in buyer, and fails on any that lands on /404.
// Pages are rendered on the server from the same routes, queries and components the browser runs (ADR 0310), so the
// links are read from the HTML the gateway answers, as a search engine's crawler reads them. A page answered with the
// client-rendered shell instead (its rendering failed or timed out) fails the walk too: its links cannot be read,
// and a buyer would be left waiting for the script.
// Addresses that differ only in their ids (/goods/12 and /goods/13) are one kind of page; one of each is opened,
// which keeps the walk short while still reaching every route those pages link to.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APOLLO_STATE_ID } from '../web/src/app/server-state';
import { startMarketplace, type Marketplace } from './testkit/marketplace';
import { land as landOn, type Landing } from './testkit/land';

const webDist = resolve(import.meta.dirname, '../web', process.env.WEB_DIST_DIR ?? 'dist');
const built = existsSync(join(webDist, 'index.html')) && existsSync(`${webDist}-ssr/entry-server.js`);

/** The kind of page an address leads to: numbers stand for ids, query values are ignored but their names kept. */
function pageKind(href: string): string {
  const url = new URL(href, 'http://site');
  const path = url.pathname.replace(/\/\d+(?=\/|$)/g, '/:n');
  const keys = [...new Set(url.searchParams.keys())].sort().join('&');
  return keys === '' ? path : `${path}?${keys}`;
}

/** The site's own links in a page's HTML, as paths with their query; downloads (invoices, uploads) are files. */
function linksIn(html: string): string[] {
  const hrefs: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'a' && attributes['href'] !== undefined) hrefs.push(attributes['href']);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return hrefs.filter(
    (h) =>
      h.startsWith('/') &&
      !h.startsWith('//') &&
      !h.startsWith('/graphql') &&
      !h.startsWith('/files/') &&
      !h.startsWith('/invoices/'),
  );
}

/** Opens an address as the browser does, with the buyer's session cookie when there is one. */
const land = (origin: string, href: string, cookie: string | undefined): Promise<Landing> =>
  landOn(origin, href, cookie === undefined ? {} : { cookie });

interface Walk {
  /** Each page kind reached, with the page it was linked from. */
  reached: Map<string, { href: string; from: string }>;
  /** Links that ended on the 404 page (or failed to render), with the page that offered them and why. */
  broken: { href: string; from: string; why: string }[];
}

/** Pages asked for at once: the gateway renders one at a time per core, and the upstream answers between. */
const PARALLEL = 4;

/**
 * Opens the start pages, then every kind of page any reached page links to, one of each, until no new kind turns
 * up; a link whose page ends on /404, or is not rendered on the server, is broken.
 */
async function walk(origin: string, starts: readonly string[], cookie?: string): Promise<Walk> {
  const reached = new Map<string, { href: string; from: string }>();
  const broken: Walk['broken'] = [];
  const queue: { href: string; from: string }[] = [];
  for (const start of starts) {
    reached.set(pageKind(start), { href: start, from: '(start)' });
    queue.push({ href: start, from: '(start)' });
  }
  let busy = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      // A worker stops only when the queue is empty and no other worker can still add to it.
      while (queue.length > 0 || busy > 0) {
        const next = queue.shift();
        if (next === undefined) {
          await new Promise((done) => setTimeout(done, 20));
          continue;
        }
        busy += 1;
        try {
          const landing = await land(origin, next.href, cookie);
          if (landing.path === '/404') {
            broken.push({ ...next, why: 'lands on /404' });
            continue;
          }
          if (landing.status !== 200 || !landing.html.includes(`id="${APOLLO_STATE_ID}"`)) {
            broken.push({ ...next, why: `answered ${landing.status} without a server-rendered page` });
            continue;
          }
          for (const link of linksIn(landing.html)) {
            const kind = pageKind(link);
            if (reached.has(kind)) continue;
            reached.set(kind, { href: link, from: next.href });
            queue.push({ href: link, from: next.href });
          }
        } finally {
          busy -= 1;
        }
      }
    }),
  );
  return { reached, broken };
}

describe.skipIf(!built)('links', () => {
  let m: Marketplace;
  beforeAll(async () => {
    m = await startMarketplace({ store: 'pglite', webDist, pgliteSnapshot: inject('pgliteSnapshot') });
  });
  afterAll(async () => {
    await m?.close();
  });

  it('SHELL-10: no link a visitor can follow from the home page lands on the 404 page', async () => {
    const { reached, broken } = await walk(m.gatewayUrl, ['/']);
    expect(broken).toEqual([]);
    // The walk went beyond the home page: help, news and the promotions are all reached from it.
    expect(['/help', '/news', '/jfsc', '/login', '/hb'].filter((kind) => !reached.has(kind))).toEqual([]);
  }, 120_000);

  it('SHELL-10: no link a signed-in buyer can follow from the home page lands on the 404 page', async () => {
    const token = await m.login('demo');
    const { reached, broken } = await walk(m.gatewayUrl, ['/'], `token=${token}`);
    expect(broken).toEqual([]);
    // The walk reached the member pages and self-service, so it did look where links used to break.
    const expected = ['/order', '/basic', '/wdqb/yegl', '/wdxx', '/kjcg', '/cgqd', '/pzqg', '/dzfp', '/yjfk', '/jfsc'];
    expect(expected.filter((kind) => !reached.has(kind))).toEqual([]);
  }, 120_000);
});
