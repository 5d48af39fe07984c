import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditServer } from 'graphql-http';
import { FakeUpstream, delay, send } from './testkit/fake-upstream';
import { testGateway, type TestGateway } from './testkit/gateway';
import { buyer, goods } from './testkit/fixtures';

let upstream: FakeUpstream;
let gw: TestGateway;
let webDist: string;

beforeEach(async () => {
  upstream = await FakeUpstream.start();
  webDist = mkdtempSync(join(tmpdir(), 'gateway-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>药品批发商城</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
  gw = testGateway(upstream.url, {
    WEB_DIST: webDist,
    CORS_ORIGINS: ['http://localhost:5173'],
    MAX_BODY_BYTES: 10_000,
  });
});

afterEach(async () => {
  await gw.close();
  await upstream.close();
  rmSync(webDist, { recursive: true, force: true });
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('serving', () => {
  it('answers /healthz with 200', async () => {
    const url = await gw.listen();
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('serves the built web client, falling back to index.html for client routes', async () => {
    const url = await gw.listen();
    const page = await fetch(`${url}/cart/step2?x=1`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('药品批发商城');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${url}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('SEC-25: sends a form posted to a page back to that page with 303, reading nothing of it', async () => {
    const url = await gw.listen();
    const answer = await fetch(`${url}/login?redirect=%2Fcart`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=demo&password=demo1234',
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/login?redirect=%2Fcart');
    expect(await answer.text()).toBe('');
    expect(upstream.seen).toEqual([]);
    // A built file is not a page: a POST to it is still refused.
    expect((await fetch(`${url}/assets/index-abc123.js`, { method: 'POST', body: 'x' })).status).toBe(404);
  });

  it('shows GraphiQL with the buyer examples to a browser', async () => {
    const url = await gw.listen();
    const response = await fetch(`${url}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('GraphiQL');
    expect(html).toContain('mutation SignIn');
    expect(html).toContain('query ReadCart');
    expect(html).toContain('mutation PlaceOrder');
    expect(html).toContain('mutation PayByBalance');
  });

  it('passes every MUST of the GraphQL-over-HTTP audit', async () => {
    upstream.ok('GET', '/api/user/base', buyer());
    const url = await gw.listen();
    const results = await auditServer({
      url: `${url}/graphql`,
      // The audit's GET requests are "simple" requests; a client proves it is not a cross-site form with this header.
      fetchFn: (input: RequestInfo, init: RequestInit = {}) => {
        const headers = new Headers(init.headers);
        headers.set('x-graphql-yoga-csrf', '1');
        return fetch(input, { ...init, headers });
      },
    });
    const failedMusts = results.flatMap((result) =>
      result.status !== 'ok' && result.name.startsWith('MUST') ? [`${result.name}: ${result.reason}`] : [],
    );
    expect(failedMusts).toEqual([]);
    expect(results.filter((result) => result.name.startsWith('MUST')).length).toBeGreaterThan(10);
  });
});

describe('security defaults', () => {
  it('allows listed origins with credentials', async () => {
    const url = await gw.listen();
    const preflight = await fetch(`${url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('never reflects an unlisted origin', async () => {
    upstream.ok('GET', '/api/user/base', { show: 0 });
    const url = await gw.listen();
    const preflight = await fetch(`${url}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const actual = await post(url, { query: '{ me { id } }' }, { origin: 'https://evil.example' });
    expect(actual.headers.get('access-control-allow-origin')).toBeNull();
    expect(actual.headers.get('vary')).toContain('Origin');
  });

  it('refuses a simple GET without a CSRF header, and runs it with one', async () => {
    upstream.ok('GET', '/api/goods/detail/1', goods());
    const url = await gw.listen();
    const query = encodeURIComponent('{ goods(id: "1") { id } }');
    const bare = await fetch(`${url}/graphql?query=${query}`, { headers: { accept: 'application/json' } });
    expect(bare.status).toBe(403);
    expect(upstream.seen).toHaveLength(0);
    const guarded = await fetch(`${url}/graphql?query=${query}`, {
      headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
    });
    expect(guarded.status).toBe(200);
    expect(await guarded.json()).toEqual({ data: { goods: { id: '1' } } });
  });

  it('refuses a simple form POST (what a cross-site form sends)', async () => {
    const url = await gw.listen();
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'query=mutation%7Blogout%7D',
    });
    expect(response.status).toBe(403);
    expect(upstream.seen).toHaveLength(0);
  });

  it('answers 413 to a body above MAX_BODY_BYTES', async () => {
    const url = await gw.listen();
    const response = await post(url, { query: `{ __typename }`, variables: { pad: 'x'.repeat(20_000) } });
    expect(response.status).toBe(413);
  });

  it('refuses a body without a length (chunked), which no limit could bound before reading it', async () => {
    const url = await gw.listen();
    const { request } = await import('node:http');
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(
        `${url}/graphql`,
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      req.on('error', reject);
      req.write('{"query":');
      req.end('"{ __typename }"}');
    });
    expect(status).toBe(411);
  });

  it.each([
    ['more than 20 aliases', `{ ${Array.from({ length: 21 }, (_, i) => `a${i}: __typename`).join(' ')} }`],
    ['more than 10 directives', `{ __typename ${'@include(if: true) '.repeat(11)} }`],
    ['more than 2000 tokens', `{ ${'x '.repeat(2001)} }`],
    [
      'a depth above 7',
      '{ categories { children { children { children { children { children { children { id } } } } } } } }',
    ],
    [
      'a depth above 7 reached through nested fragments',
      `{ categories { ...a } } fragment a on Category { children { ...b } } fragment b on Category { children { ...c } }
       fragment c on Category { children { children { children { children { id } } } } }`,
    ],
  ])('refuses an operation with %s before calling the upstream', async (_name, query) => {
    const { body } = await gw.gql(query);
    expect(body.errors?.[0]?.message).toMatch(/limit/i);
    expect(body.data).toBeUndefined();
    expect(upstream.seen).toHaveLength(0);
  });

  it('does not suggest field names to a prober', async () => {
    const { text } = await gw.gql('{ goodz(id: "1") { id } }');
    expect(text).not.toMatch(/did you mean/i);
    expect(text).not.toContain('"goods"');
  });
});

describe('two buyers at once', () => {
  it('never share a loader: each upstream call carries its own token and answers never cross', async () => {
    const companies: Record<string, string> = { 'Bearer a': '甲药房', 'Bearer b': '乙诊所' };
    upstream.on('GET', '/api/user/base', async (seen, res) => {
      await delay(5 + Math.floor(Math.random() * 10));
      const company = companies[seen.authorization ?? ''];
      if (!company) return send(res, 401, { code: 10001, message: '请先登录', data: null });
      send(res, 200, {
        code: 10000,
        message: '',
        data: buyer({ id: seen.authorization === 'Bearer a' ? 1 : 2, company }),
      });
    });
    upstream.on('GET', '/api/goods/detail/1', async (seen, res) => {
      await delay(5);
      // The upstream may price goods per buyer; the answer must reach the buyer it was made for.
      send(res, 200, {
        code: 10000,
        message: '',
        data: goods({ price: seen.authorization === 'Bearer a' ? 1000 : 2000 }),
      });
    });
    const tokens = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 'Bearer a' : 'Bearer b'));
    const answers = await Promise.all(
      tokens.map((authorization) =>
        gw.gql('{ me { id company } goods(id: "1") { price { fen } } }', undefined, { authorization }),
      ),
    );
    answers.forEach(({ body }, i) => {
      const isA = tokens[i] === 'Bearer a';
      expect(body.data).toEqual({
        me: { id: isA ? '1' : '2', company: isA ? '甲药房' : '乙诊所' },
        goods: { price: { fen: isA ? 1000 : 2000 } },
      });
    });
    expect(upstream.calls('GET', '/api/user/base')).toHaveLength(40);
    expect(upstream.calls('GET', '/api/goods/detail/1')).toHaveLength(40);
    expect(upstream.seen.every((seen) => seen.authorization === 'Bearer a' || seen.authorization === 'Bearer b')).toBe(
      true,
    );
  });
});
