// The first view arrives in the HTML (ADR 0310): the gateway renders pages through the web's own routes and queries,
// each with the session of the buyer who asked, and falls back to the client-rendered shell when it cannot.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createGateway, type Gateway } from '../gateway/src/app';
import { configWith, type Config } from '../gateway/src/config';
import { startMarketplace, type Marketplace } from './testkit/marketplace';

const webDist = resolve(import.meta.dirname, '../web', process.env.WEB_DIST_DIR ?? 'dist');
const built = existsSync(join(webDist, 'index.html')) && existsSync(`${webDist}-ssr/entry-server.js`);
const ci = process.env.CI === 'true';

/** The readable text of a page's HTML: what a buyer (or a crawler) sees before any script runs. */
function textOf(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'));
  return root
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

async function page(base: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { headers, redirect: 'manual' });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

describe('server rendering', () => {
  it('has a web build with its server entry to render under CI', () => {
    if (ci) expect(built, 'CI=true but there is no web build with web/dist-ssr: npm run build -w web').toBe(true);
  });
});

describe.skipIf(!built)('pages rendered by the gateway', () => {
  let m: Marketplace;
  let demo: string;
  let demo2: string;
  const extra: { server: Server; gateway: Gateway }[] = [];
  const logged: string[] = [];

  /** A second gateway over the same upstream, with settings of its own. */
  async function gatewayWith(overrides: Partial<Config>): Promise<string> {
    const gateway = createGateway(
      configWith({ UPSTREAM_URL: m.upstreamUrl, WEB_DIST: webDist, NODE_ENV: 'test', ...overrides }),
    );
    gateway.yoga.logger.warn = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
    const server = createServer(gateway.handler);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    extra.push({ server, gateway });
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    const databaseUrl = inject('databaseUrl');
    m = await startMarketplace(
      databaseUrl
        ? { store: 'postgres', databaseUrl, webDist }
        : { store: 'pglite', webDist, pgliteSnapshot: inject('pgliteSnapshot') },
    );
    demo = await m.login('demo');
    demo2 = await m.login('demo2');
  });
  afterAll(async () => {
    for (const { server, gateway } of extra) {
      await new Promise((done) => server.close(done));
      await gateway.close();
    }
    await m?.close();
  });

  it('sends the home page with the goods a visitor sees, cacheable for a moment, with the data it was made from', async () => {
    const { body } = await m.gql<{ hotGoods: { name: string }[] }>('{ hotGoods { name } }');
    const names = (body.data?.hotGoods ?? []).map((goods) => goods.name);
    expect(names.length).toBeGreaterThan(0);
    const home = await page(m.gatewayUrl, '/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    expect(home.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(home.headers.get('vary')).toContain('Cookie');
    const text = textOf(home.html);
    for (const name of names.slice(0, 3)) expect(text).toContain(name);
    expect(home.html).toContain('<title>首页-');
    // The styles are in the HTML (nothing shifts when the script arrives) and so is the cache the page was made from.
    expect(/<style[^>]*data-make-styles-bucket/.test(home.html)).toBe(true);
    expect(home.html).toContain('id="__APOLLO_STATE__"');
    expect(home.html).toContain('<script type="application/json" id="__ROUTER_STATE__">');
    // SEC-07: every script the page runs inline (React's lines that place streamed parts) is allowed by its hash,
    // and nothing else inline is.
    const policy = home.headers.get('content-security-policy') ?? '';
    const inline = [...home.html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body = '']) => body);
    for (const body of inline)
      expect(policy).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // The loading shell of the client-rendered page is replaced by the page itself.
    expect(home.html).not.toContain('正在加载…');
  });

  it('sends the goods list and a goods detail with their goods named', async () => {
    const { body } = await m.gql<{ goodsList: { items: { id: string; name: string }[] } }>(
      '{ goodsList(page: 1) { items { id name } } }',
    );
    const items = body.data?.goodsList.items ?? [];
    expect(items.length).toBeGreaterThan(0);
    const list = textOf((await page(m.gatewayUrl, '/list')).html);
    for (const goods of items.slice(0, 5)) expect(list).toContain(goods.name);

    const first = items[0];
    if (!first) throw new Error('no goods');
    const detail = await page(m.gatewayUrl, `/list/info/${first.id}`);
    expect(detail.status).toBe(200);
    expect(textOf(detail.html)).toContain(first.name);
    // The largest image of the view is in the HTML and asked for first (attribute names are case-insensitive).
    expect(/<img[^>]*fetchpriority="high"[^>]*>/i.test(detail.html)).toBe(true);
  });

  it("renders a member's page with that member's session, private, and sends a visitor to sign in", async () => {
    const visitor = await page(m.gatewayUrl, '/user');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe('/login?redirect=%2Fuser');

    const mine = await page(m.gatewayUrl, '/user', { cookie: `token=${demo}` });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(textOf(mine.html)).toContain('仁心大药房连锁有限公司');
  });

  it('sends the scripts compressed at build time, brotli or gzip as the browser accepts', async () => {
    const home = await page(m.gatewayUrl, '/');
    const script = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(home.html)?.[1];
    if (!script) throw new Error('the home page names no module script');
    for (const encoding of ['br', 'gzip']) {
      const answer = await fetch(m.gatewayUrl + script, { headers: { 'accept-encoding': encoding } });
      expect(answer.headers.get('content-encoding'), encoding).toBe(encoding);
      await answer.arrayBuffer();
    }
  });

  // What the route loaders fetch is the whole page: one render, not one per part that asks for its data (a second
  // pass doubles the page's cost). Server-Timing says how many it took.
  it('renders the pages buyers open most in one pass, for a visitor and for a member', async () => {
    const passes: string[] = [];
    for (const [path, cookie] of [
      ['/', undefined],
      ['/list', undefined],
      ['/list/info/1', undefined],
      ['/', `token=${demo}`],
      ['/list/info/1', `token=${demo}`],
      ['/cart', `token=${demo}`],
      ['/order', `token=${demo}`],
      ['/user', `token=${demo}`],
      ['/help', undefined],
      ['/lqzx', `token=${demo}`],
    ] as const) {
      // Asked again when the first render took more than one pass: a part without a loader fails both times, and
      // Server-Timing names the query it waited for. One CI run saw /user (member) take three passes once; it did
      // not happen again here, loaded or not, so the cause is not known yet.
      let desc: string | undefined;
      for (let attempt = 0; attempt < 2 && desc !== '1 pass'; attempt++) {
        const answer = await page(m.gatewayUrl, path, cookie ? { cookie } : {});
        expect(answer.status, path).toBe(200);
        desc = /desc="([^"]*)"/.exec(answer.headers.get('server-timing') ?? '')?.[1];
      }
      passes.push(`${path}${cookie ? ' (member)' : ''}: ${desc}`);
    }
    expect(passes.filter((line) => !line.endsWith(': 1 pass'))).toEqual([]);
  });

  it("never mixes two buyers' pages rendered at the same time", async () => {
    const companyOf = async (token: string) => {
      const { body } = await m.gql<{ me: { company: string } }>('{ me { company } }', {}, { cookie: `token=${token}` });
      return body.data?.me.company ?? '';
    };
    const [mine, theirs] = await Promise.all([companyOf(demo), companyOf(demo2)]);
    expect(mine).not.toBe(theirs);
    const rounds = Array.from({ length: 6 }, (_, index) => index);
    const pages = await Promise.all(
      rounds.flatMap((index) =>
        ['/user', '/cart'].map(async (path) => {
          const token = index % 2 === 0 ? demo : demo2;
          return { token, html: (await page(m.gatewayUrl, path, { cookie: `token=${token}` })).html };
        }),
      ),
    );
    for (const { token, html } of pages) {
      const [own, other] = token === demo ? [mine, theirs] : [theirs, mine];
      expect(html).toContain(own);
      expect(html).not.toContain(other);
    }
  });

  it('sends an unknown address to the 404 page, which says so with its status', async () => {
    const lost = await page(m.gatewayUrl, '/no-such-page/at-all');
    expect(lost.status).toBe(302);
    expect(lost.headers.get('location')).toBe('/404');
    const notFound = await page(m.gatewayUrl, '/404');
    expect(notFound.status).toBe(404);
    expect(textOf(notFound.html)).toContain('页面不存在');
  });

  it('compresses the HTML for browsers that accept it', async () => {
    const res = await fetch(`${m.gatewayUrl}/`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
  });

  it('sends the client-rendered shell, and logs why, when a page takes too long', async () => {
    const base = await gatewayWith({ WEB_SSR_TIMEOUT_MS: 1 });
    const shell = await page(base, '/list');
    expect(shell.status).toBe(200);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect(shell.html).toContain('正在加载…');
    expect(shell.html).not.toContain('__APOLLO_STATE__');
    expect(logged.some((line) => line.includes('server rendering of /list failed'))).toBe(true);
  });

  it('sends the client-rendered shell when the server entry is broken or switched off', async () => {
    const broken = join(mkdtempSync(join(tmpdir(), 'ssr-')), 'entry-server.js');
    writeFileSync(broken, 'export const nothing = 1;\n');
    for (const base of [await gatewayWith({ WEB_SSR_ENTRY: broken }), await gatewayWith({ WEB_SSR: 'off' })]) {
      const shell = await page(base, '/');
      expect(shell.status).toBe(200);
      expect(shell.html).toContain('正在加载…');
    }
    expect(logged.some((line) => line.includes('the web server entry did not load'))).toBe(true);
  });
});

if (!built && !ci) {
  console.warn('server-render.test.ts: no web build with its server entry; skipped (npm run build -w web).');
}
