// SSR-01: the browser adopts the HTML the gateway rendered without a mismatch, on every address of the product, for a
// visitor and for a member. A mismatch makes React throw the server's HTML away and draw the page again (what a buyer
// on a slow phone sees as a flash and a page that answers late), and reports it as error #418 in production. Here
// the web runs with React's development build (tests/testkit/development-build.ts), which also names differences in
// attributes and invalid nesting that production passes over in silence.
import type { ConsoleMessage, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { APOLLO_STATE_ID } from '../../web/src/app/server-state';
import { SPEC_ADDRESSES } from '../../web/src/app/spec-addresses';
import { chromiumPath, useBrowserMarketplace, visit, watchNetwork } from '../testkit/browser';
import { DEVELOPMENT_BUILD_COMMAND, developmentBuildExists, developmentWebDist } from '../testkit/development-build';
import type { Marketplace } from '../testkit/marketplace';

const built = developmentBuildExists();
const ci = process.env.CI === 'true';

// React 19's words for a mismatch in its development build (text, attributes, a Suspense boundary switched to client
// rendering, nesting that the browser's parser would change), and the numbers of the production build's.
const HYDRATION = /hydrat|did(?: no|n['’])t match|Minified React error #(?:418|419|421|422|423|425)\b/i;

/**
 * The few lines of a React warning that say what differed: its first line and the lines of its diff (`+` the
 * browser's, `-` the server's, `>` where), not its advice or the whole component stack.
 */
function gist(text: string): string {
  const lines = text.split('\n');
  const advice = lines.findIndex((line) => line.includes('react.dev/link/hydration-mismatch'));
  const diff = lines.slice(advice + 1).filter((line) => /^[+\->]\s/.test(line));
  return [lines[0] ?? '', ...diff.slice(0, 12)].join('\n');
}

/** The seeded records the addresses with an id should name, so that each page shows a real one (not 找不到). */
async function seedIds(m: Marketplace) {
  const one = async (sql: string): Promise<number> => {
    const [row] = await m.db.query<{ id: number }>(sql);
    if (!row) throw new Error(`the seed has no record for: ${sql}`);
    return row.id;
  };
  const demo = "(SELECT id FROM users WHERE username = 'demo')";
  return {
    // Shipped, so the detail shows its logistics too.
    order: await one(`SELECT id FROM orders WHERE user_id = ${demo} AND status = 2 ORDER BY id LIMIT 1`),
    unpaidOrder: await one(`SELECT id FROM orders WHERE user_id = ${demo} AND status = 0 ORDER BY id LIMIT 1`),
    return: await one(`SELECT id FROM returns WHERE user_id = ${demo} ORDER BY id LIMIT 1`),
    returnedOrder: await one(`SELECT order_id AS id FROM returns WHERE user_id = ${demo} ORDER BY id LIMIT 1`),
    goods: await one('SELECT id FROM goods ORDER BY id LIMIT 1'),
  };
}

/** Every address of the product, its ids replaced by the seed's (spec-addresses.ts writes placeholders). */
function addressesWith(ids: Awaited<ReturnType<typeof seedIds>>): string[] {
  return SPEC_ADDRESSES.map((address) =>
    address
      .replace(/^\/(order(?:_wddd_|\/)(?:info|wl))\/\d+$/, `/$1/${ids.order}`)
      .replace(/^\/(order(?:_wddd_|\/)returnInfo)\/\d+$/, `/$1/${ids.return}`)
      .replace(/^\/(order(?:_wddd_|\/)afterSalesInfo)\/\d+$/, `/$1/${ids.returnedOrder}`)
      .replace(/^\/cart\/step3\/\d+$/, `/cart/step3/${ids.unpaidOrder}`)
      .replace(/^\/list\/(info(?:-pt)?)\/\d+$/, `/list/$1/${ids.goods}`),
  );
}

/**
 * Where each address lands after the redirects the browser would follow (aliases, a member page sending a visitor to
 * sign in), each landing once: opening an alias in the browser would hydrate the same page again, at a second each.
 */
async function landings(base: string, addresses: string[], cookie: string | undefined) {
  const seen = new Map<string, string>();
  // SHELL-10: every address, every alias, is a page rendered on the server; none lands on the 404 page.
  const lost: string[] = [];
  // The login page is the same page whichever page sent the visitor there.
  const keyOf = (url: URL) => {
    const key = new URL(url);
    key.searchParams.delete('redirect');
    return key.href;
  };
  for (const address of addresses) {
    let url = new URL(address, base);
    let res: Response | undefined;
    let landed = false;
    for (let hop = 0; hop < 5; hop += 1) {
      // A page already rendered here is not asked for again: each render is a tenth of a second of the gateway's
      // work, and the aliases and the member pages that send a visitor to sign in land on a few pages many times.
      if (seen.has(keyOf(url))) {
        landed = true;
        break;
      }
      res = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || location === null) break;
      await res.body?.cancel();
      url = new URL(location, url);
      res = undefined;
    }
    if (url.pathname === '/404' && address !== '/404') lost.push(`${address}: lands on /404`);
    if (landed) continue;
    if (res === undefined) {
      lost.push(`${address}: still redirecting after 5 hops`);
      continue;
    }
    seen.set(keyOf(url), url.pathname + url.search);
    const html = await res.text();
    if (res.status >= 500 || !html.includes(`id="${APOLLO_STATE_ID}"`)) {
      lost.push(`${address}: ${res.status} without a server-rendered page`);
    }
  }
  return { paths: [...seen.values()], lost };
}

/** Opens each page in turn and answers, per page, what React said about its hydration (nothing, when it went well). */
async function hydrationProblems(page: Page, base: string, paths: string[]): Promise<string[]> {
  let said: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION.test(message.text())) {
      said.push(gist(message.text()));
    }
  };
  // A mismatch of text is thrown (and reported as uncaught) rather than logged.
  const onError = (error: Error) => void (HYDRATION.test(error.message) && said.push(gist(error.message)));
  page.on('console', onConsole);
  page.on('pageerror', onError);
  const problems: string[] = [];
  try {
    for (const path of paths) {
      said = [];
      // The frame's side bar, footer and side nav are lazy parts: each hydrates once its code has arrived, after the
      // rest of the page. A short quiet of the network, then an idle moment, lets them all have hydrated.
      const network = watchNetwork(page, 200);
      try {
        await visit(page, base + path);
        await network.quiet();
      } catch (error) {
        problems.push(`${path}: did not finish hydrating (${String(error).split('\n', 1)[0]})`);
        continue;
      } finally {
        network.stop();
      }
      const serverRendered = await page.evaluate(async () => {
        await new Promise((idle) => requestIdleCallback(idle, { timeout: 2_000 }));
        return document.getElementById('__APOLLO_STATE__') !== null;
      });
      if (!serverRendered) problems.push(`${path}: the gateway sent the client-rendered shell; nothing was hydrated`);
      problems.push(...said.map((text) => `${path}: ${text}`));
    }
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onError);
  }
  return problems;
}

describe.skipIf(!chromiumPath)('hydration of every page with React development build', () => {
  it('has the development build of the web to run under CI', () => {
    if (ci) expect(built, `CI=true but there is no ${developmentWebDist}: ${DEVELOPMENT_BUILD_COMMAND}`).toBe(true);
  });

  describe.skipIf(!built)('every address of the product', () => {
    // Every page of the product in a few minutes, as one buyer: far more than a buyer's cost budget per minute
    // (ERR-09) allows, which would fail the frame's query and make the server's HTML a page without it. Room to
    // render, too: a page that misses the usual 3 s on a machine busy with other suites is not what is asked here.
    const suite = useBrowserMarketplace({
      webDist: developmentWebDist,
      gateway: { COST_BUDGET_PER_MINUTE: 100_000_000, WEB_SSR_TIMEOUT_MS: 30_000 },
    });

    // A device whose clock and language are not the server's (which runs on UTC here): TIME-03 shows China time
    // whatever the device's zone, so a page formatting a time in the device's zone or language would differ here.
    const device = { timezoneId: 'America/Los_Angeles' } as const;

    // The pages in parts, each a test with a time-out of its own: one pass over every page takes minutes on a machine
    // busy with other suites, and a part that fails names the pages it holds.
    const PARTS = 4;
    const part = <T>(all: T[], n: number) => all.filter((_, i) => i % PARTS === n);
    let visitorPaths: string[] = [];
    let memberPaths: string[] = [];
    const lost: string[] = [];
    let token = '';
    beforeAll(async () => {
      token = await suite.m.login('demo');
      const addresses = addressesWith(await seedIds(suite.m));
      const visitor = await landings(suite.m.gatewayUrl, addresses, undefined);
      const member = await landings(suite.m.gatewayUrl, addresses, `token=${token}`);
      [visitorPaths, memberPaths] = [visitor.paths, member.paths];
      lost.push(...visitor.lost.map((why) => `visitor ${why}`), ...member.lost.map((why) => `member ${why}`));
      // Each page asked of the gateway once per buyer, a server render each: a minute on a machine busy with others.
    }, 600_000);

    it('SHELL-10: renders every address of the product (every alias) on the server, none on /404', () => {
      expect(lost).toEqual([]);
    });

    it('lands on every address once, for a visitor and for a member', () => {
      expect(visitorPaths.length).toBeGreaterThan(40);
      expect(memberPaths.length).toBeGreaterThan(80);
    });

    // One tab per buyer for all its parts: a new tab would compile the development build's scripts again (ADR 0224).
    // Each page is a new document in it; the suite's end closes both.
    let visitorTab: Promise<Page> | undefined;
    let memberTab: Promise<Page> | undefined;

    it.each([0, 1, 2, 3])(
      'SSR-01: a visitor (on a phone) gets no hydration mismatch on any page (part %i)',
      async (n) => {
        visitorTab ??= suite.newPage({ ...device, locale: 'en-US', viewport: { width: 390, height: 844 } });
        expect(await hydrationProblems(await visitorTab, suite.m.gatewayUrl, part(visitorPaths, n))).toEqual([]);
      },
      300_000,
    );

    it.each([0, 1, 2, 3])(
      'SSR-01: a member (on a desktop) gets no hydration mismatch on any page (part %i)',
      async (n) => {
        memberTab ??= suite
          .newPage({ ...device, locale: 'zh-CN', viewport: { width: 1440, height: 900 } })
          .then(async (page) => {
            await page
              .context()
              .addCookies([{ name: 'token', value: token, url: suite.m.gatewayUrl, httpOnly: true, sameSite: 'Lax' }]);
            return page;
          });
        expect(await hydrationProblems(await memberTab, suite.m.gatewayUrl, part(memberPaths, n))).toEqual([]);
      },
      300_000,
    );
  });
});
