import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useGatewaysOnFakeUpstream } from '../testkit/gateway';
import { sendLogin } from '../testkit/login';
import type { Config } from '../config';
import { configWith } from '../config';
import { createHash } from 'node:crypto';
import { inlineScriptHashes } from './pages';

const { upstream, gatewayWith } = useGatewaysOnFakeUpstream();
let webDist: string;

beforeEach(() => {
  upstream.ok('GET', '/healthz', { status: 'ready' }, 'ok');
  webDist = mkdtempSync(join(tmpdir(), 'gateway-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>药品批发商城</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
});

afterEach(() => rmSync(webDist, { recursive: true, force: true }));

/** A gateway over the fake web build; it has no trusted documents, which production would otherwise require. */
const serve = (overrides: Partial<Config>): Promise<string> =>
  gatewayWith({ WEB_DIST: webDist, TRUSTED_DOCUMENTS: 'allow', ...overrides }).listen();

const INTROSPECTION = JSON.stringify({ query: '{ __schema { queryType { name } } }' });
const graphql = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('SEC-07: security headers', () => {
  it('gives pages a policy that runs no inline script and refuses framing', async () => {
    const url = await serve({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.cn',
      ANALYTICS_ORIGINS: ['https://hm.baidu.com'],
    });
    const page = await fetch(`${url}/list`);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("script-src 'self' https://hm.baidu.com;");
    expect(policy).toContain('img-src * data: blob:');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
    const api = await graphql(url, JSON.stringify({ query: '{ __typename }' }));
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends HSTS only when buyers come over TLS', async () => {
    const url = await serve({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:4000' });
    const page = await fetch(`${url}/`);
    expect(page.headers.get('strict-transport-security')).toBeNull();
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('SEC-08, SEC-09: production defaults', () => {
  it('turns GraphiQL, introspection and cross-site origins off in production', () => {
    const production = configWith({ NODE_ENV: 'production' });
    expect([production.GRAPHIQL, production.INTROSPECTION, production.CORS_ORIGINS, production.https]).toEqual([
      'off',
      'off',
      [],
      true,
    ]);
    const development = configWith({ NODE_ENV: 'development' });
    expect([development.GRAPHIQL, development.INTROSPECTION, development.https]).toEqual(['on', 'on', false]);
    expect(development.CORS_ORIGINS).toContain('http://localhost:5173');
  });

  it('answers no GraphiQL and no introspection in production', async () => {
    const url = await serve({ NODE_ENV: 'production' });
    const page = await fetch(`${url}/graphql`, { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toContain('GraphiQL');
    const answer = (await (await graphql(url, INTROSPECTION)).json()) as { errors?: { message: string }[] };
    expect(answer.errors?.[0]?.message).toMatch(/introspection/i);
  });

  it('can turn GraphiQL and introspection on in production by configuration', async () => {
    const url = await serve({ NODE_ENV: 'production', GRAPHIQL: 'on', INTROSPECTION: 'on' });
    const answer = (await (await graphql(url, INTROSPECTION)).json()) as { data?: unknown };
    expect(answer.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    expect((await fetch(`${url}/graphql`, { headers: { accept: 'text/html' } })).status).toBe(200);
  });

  it('sends GraphiQL compressed and revalidated, not 9 MB each time', async () => {
    const url = await serve({ NODE_ENV: 'development' });
    const first = await fetch(`${url}/graphql`, { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(first.headers.get('content-encoding')).toBe('br');
    const sent = Number(first.headers.get('content-length'));
    const html = await first.text();
    expect(html).toContain('GraphiQL');
    expect(sent).toBeLessThan(Buffer.byteLength(html) / 4);
    const etag = first.headers.get('etag') ?? '';
    const again = await fetch(`${url}/graphql`, { headers: { accept: 'text/html', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(first.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('OPS-01: liveness and readiness', () => {
  it('stays alive but not ready while the upstream is down, and ready once it is back', async () => {
    const url = await serve({ NODE_ENV: 'production' });
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', ready: true, checks: { upstream: 'ok' } });
    await upstream.close();
    // The verdict is reused for a second; the next one asks again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const down = await fetch(`${url}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'not ready', ready: false, checks: { upstream: 'down' } });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});

describe('SEC-04: Secure cookies', () => {
  it('marks the session cookie Secure in production whatever the upstream sent', async () => {
    upstream.on('POST', '/api/user/login', (_seen, res) => sendLogin(res));
    const url = await serve({ NODE_ENV: 'production' });
    const answer = await graphql(
      url,
      JSON.stringify({ query: 'mutation { login(username: "demo", password: "demo1234") { token } }' }),
    );
    expect(answer.headers.getSetCookie()).toEqual([
      'token=tok; HttpOnly; Path=/; SameSite=Lax; Max-Age=604800; Secure',
    ]);
  });
});

describe('SEC-07: inline scripts of a rendered page', () => {
  it('hashes the scripts the page runs, and neither the JSON hand-overs nor scripts with a source', () => {
    const html =
      '<script type="module" crossorigin src="/assets/index.js"></script><div id="root"></div>' +
      '<script>$RC("B:1","S:1")</script><script type="application/json" id="__APOLLO_STATE__">{"a":1}</script>' +
      '<script>$RC("B:1","S:1")</script>';
    expect(inlineScriptHashes(html)).toEqual([createHash('sha256').update('$RC("B:1","S:1")').digest('base64')]);
  });
});
