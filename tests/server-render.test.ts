// The first view arrives in the HTML (ADR 0310): the gateway renders pages through the web's own routes and queries,
// each with the session of the buyer who asked, and falls back to the client-rendered shell when it cannot.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../gateway/src/app';
import { configWith, type Config } from '../gateway/src/config';
import { startRunMarketplace, type Marketplace } from './testkit/marketplace';
import { land } from './testkit/land';

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

type Node = ReturnType<typeof parseDocument>['children'][number];

/** The element a page names with `aria-label` (a landmark or a list), or null when the page has none. */
function labelled(html: string, label: string) {
  return DomUtils.findOne((element) => element.attribs['aria-label'] === label, parseDocument(html).children, true);
}

/** The entries of a navigation: its links and the buttons of links that are messages (SHELL-12), by their text. */
function entriesOf(node: Node | null): string[] {
  if (node === null) return [];
  return DomUtils.findAll((element) => element.name === 'a' || element.name === 'button', [node]).map((entry) =>
    DomUtils.textContent(entry).trim(),
  );
}

/** The links inside a node, with their readable text and where they lead. */
function linksOf(node: Node | null): { text: string; href: string }[] {
  if (node === null) return [];
  return DomUtils.findAll((element) => element.name === 'a', [node]).map((a) => ({
    text: DomUtils.textContent(a).trim(),
    href: a.attribs['href'] ?? '',
  }));
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
    m = await startRunMarketplace({ webDist });
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
    // The styles are one stylesheet extracted at build time (ADR 0311), only preloaded: the page carries the rules its
    // HTML uses (SSR-02), so its first paint waits for no stylesheet; the cache the page was made from is inline.
    expect(/<style[^>]*data-make-styles-bucket/.test(home.html)).toBe(false);
    const sheet = /<link rel="preload" as="style"[^>]*href="(\/assets\/griffel-[^"]+\.css)"/.exec(home.html)?.[1];
    expect(sheet).toBeDefined();
    expect(home.html).not.toMatch(/<link rel="stylesheet"[^>]*griffel-/);
    const css = await fetch(`${m.gatewayUrl}${sheet ?? ''}`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    const stylesheet = await css.text();
    const inlined = /<style data-critical>([\s\S]*?)<\/style>/.exec(home.html)?.[1] ?? '';
    // A part of the stylesheet: the rules of the home's own classes (its carousel's among them), not every area's.
    expect(inlined.length).toBeGreaterThan(5_000);
    expect(inlined.length).toBeLessThan(stylesheet.length / 4);
    const mainClasses = /<main[^>]*\sclass="([^"]*)"/.exec(home.html)?.[1]?.split(' ') ?? [];
    const styled = mainClasses.filter((name) => stylesheet.includes(`.${name}{`));
    expect(styled.length).toBeGreaterThan(0);
    for (const name of styled) expect(inlined).toContain(`.${name}{`);
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
      // The frame's top-right advertisements (SHELL-20), the login page's picture (AUTH-14) and the brand zone's
      // banners (PROMO-08) are read in loaders too.
      ['/hb', undefined],
      ['/login', undefined],
      ['/ppzq', undefined],
    ] as const) {
      // Asked again when the first render took more than one pass: a part without a loader fails both times, and
      // Server-Timing names the query it waited for. Loaded CI runs saw /user (member) take three and four passes:
      // the frame's answer, coming after the page's, replaced the document warning the page had read (fixed by a
      // merge policy in web/src/shared/apollo-cache.ts); the second ask stays for what only a loaded machine shows.
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

  // ADR 0310: a part whose data no loader fetched costs one render more, not two. The account centre's panels are
  // such parts today; a loader added for one makes it a single pass, which this allows.
  it('renders a page with a part no loader fetched for in two passes at most, with its data', async () => {
    const over: string[] = [];
    for (const [path, shows] of [
      ['/wdqb/yegl', 'data-testid="wallet-balance"'],
      ['/addr', '收货地址'],
      ['/dzfp', '发票'],
    ] as const) {
      const answer = await page(m.gatewayUrl, path, { cookie: `token=${demo}` });
      expect(answer.status, path).toBe(200);
      expect(answer.html, path).toContain(shows);
      const desc = /desc="([^"]*)"/.exec(answer.headers.get('server-timing') ?? '')?.[1] ?? '';
      if (!/^[12] pass/.test(desc)) over.push(`${path}: ${desc}`);
    }
    expect(over).toEqual([]);
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

  it('ROUTE-03: /eleven_index leads home before anything renders when no main site is configured', async () => {
    const answer = await page(m.gatewayUrl, '/eleven_index');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/');
  });

  it('SHELL-05, SHELL-06: the header shows at most 9 navigation links and the first 7 top-level categories', async () => {
    // More than the header shows: two top-level categories and two navigation links after every seeded one.
    await m.db.query(
      `INSERT INTO categories (id, parent_id, kind, name, sort) VALUES
         (900001, NULL, 'normal', '测试分类八号', 100000), (900002, NULL, 'normal', '测试分类九号', 100001)`,
    );
    await m.db.query(
      `INSERT INTO nav (id, parent_id, name, url, is_open, sort) VALUES
         (900001, NULL, '测试导航甲', '/yx', 0, 100000), (900002, NULL, '测试导航乙', '/yx', 0, 100001)`,
    );
    try {
      const categories = await m.db.query<{ name: string }>(
        "SELECT name FROM categories WHERE kind = 'normal' AND parent_id IS NULL ORDER BY sort, id",
      );
      const nav = await m.db.query<{ name: string }>('SELECT name FROM nav WHERE parent_id IS NULL ORDER BY sort, id');
      expect(categories.length).toBeGreaterThan(7);
      expect(nav.length).toBeGreaterThan(9);
      // A gateway of its own, without cached answers: the store has just changed.
      const base = await gatewayWith({ RESPONSE_CACHE: 'off' });
      for (const path of ['/', '/list']) {
        const { html } = await page(base, path);
        const menu = labelled(html, '全部商品分类');
        const list = menu && DomUtils.findOne((element) => element.name === 'ul', [menu]);
        const shown = list ? DomUtils.getChildren(list).filter((child) => child.type === 'tag') : [];
        expect(
          shown.map((item) => linksOf(item)[0]?.text),
          path,
        ).toEqual(categories.slice(0, 7).map((c) => c.name));
        expect(entriesOf(labelled(html, '主导航')), path).toEqual(nav.slice(0, 9).map((n) => n.name));
      }
    } finally {
      await m.db.query('DELETE FROM categories WHERE id IN (900001, 900002)');
      await m.db.query('DELETE FROM nav WHERE id IN (900001, 900002)');
    }
  });

  it('SHELL-19, SHELL-20: /hb and /welfare show the side nav and the top-right advertisements, not their own', async () => {
    const right = await m.db.query<{ name: string; url: string | null }>(
      "SELECT name, url FROM banners WHERE slot = 'right' ORDER BY sort, id",
    );
    const pictured = await m.db.query<{ name: string }>(
      'SELECT name FROM nav WHERE parent_id IS NULL AND image IS NOT NULL ORDER BY sort, id LIMIT 8',
    );
    expect(pictured.length).toBeGreaterThan(0);
    for (const path of ['/hb', '/welfare']) {
      const { html } = await page(m.gatewayUrl, path);
      const expected = right.filter((ad) => (ad.url ?? '').split('?')[0] !== path).slice(0, 2);
      expect(expected.length, path).toBeGreaterThan(0);
      const ads = labelled(html, '右侧广告');
      expect(ads, path).not.toBeNull();
      expect(
        linksOf(ads).map((link) => link.href),
        path,
      ).toEqual(expected.map((ad) => ad.url));
      expect(linksOf(ads).some((link) => link.href === path)).toBe(false);
      expect(entriesOf(labelled(html, '侧边导航')), path).toEqual(pictured.map((n) => n.name));
    }
    // Other pages have neither; the home page keeps its side nav.
    const list = await page(m.gatewayUrl, '/list');
    expect(labelled(list.html, '右侧广告')).toBeNull();
    expect(labelled(list.html, '侧边导航')).toBeNull();
    expect(labelled((await page(m.gatewayUrl, '/')).html, '右侧广告')).toBeNull();
  });

  it('SHELL-02: the store registration keeps the side bar under its login-style header; the others leave it out', async () => {
    const store = await land(m.gatewayUrl, '/register_dd');
    expect(store.path).toBe('/register/dd/step1');
    expect(labelled(store.html, '购物车')).not.toBeNull();
    expect(labelled(store.html, '帮助中心')).not.toBeNull();
    // The login-style header: no search box or menus.
    expect(labelled(store.html, '全部商品分类')).toBeNull();
    for (const path of ['/register/step1', '/login', '/forget/step1']) {
      expect(labelled((await land(m.gatewayUrl, path)).html, '购物车'), path).toBeNull();
    }
  });

  it('PROMO-08, SHELL-21, AUTH-14: the home, brand zone, login page and footer show their slots and links', async () => {
    const slot = (name: string) =>
      m.db.query<{ name: string; url: string | null }>(
        'SELECT name, url FROM banners WHERE slot = $1 ORDER BY sort, id',
        [name],
      );
    const home = (await page(m.gatewayUrl, '/')).html;
    for (const [label, name] of [
      ['新人推荐', 'xrtj'],
      ['专题活动', 'demo'],
    ] as const) {
      const banners = await slot(name);
      expect(banners.length, name).toBeGreaterThan(0);
      expect(
        linksOf(labelled(home, label)).map((link) => link.href),
        label,
      ).toEqual(banners.map((b) => b.url));
    }
    // The showcase leads to the template pages.
    expect(linksOf(labelled(home, '专题活动')).every((link) => /^\/(zqmb|hdmb)\?id=\d+$/.test(link.href))).toBe(true);

    const partners = await m.db.query<{ name: string; url: string }>('SELECT name, url FROM links ORDER BY sort, id');
    expect(partners.length).toBeGreaterThan(0);
    expect(linksOf(labelled(home, '友情链接'))).toEqual(partners.map((p) => ({ text: p.name, href: p.url })));

    const brands = (await page(m.gatewayUrl, '/ppzq')).html;
    const brandBanners = await slot('ppzq');
    for (const banner of brandBanners) expect(linksOf(parseDocument(brands)).map((l) => l.href)).toContain(banner.url);

    const [login] = await slot('login');
    const loginPage = (await page(m.gatewayUrl, '/login')).html;
    const picture = DomUtils.findOne(
      (element) => element.name === 'img' && element.attribs['alt'] === login?.name,
      parseDocument(loginPage).children,
    );
    expect(picture?.attribs['src']).toMatch(/\/api\/images\/banner\/\d+\.svg$/);
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
