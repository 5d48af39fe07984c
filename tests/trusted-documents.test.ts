// Trusted documents end to end (SEC-20..SEC-22, ADR 0212): the web build lists every operation it sends in
// web/dist/persisted-documents.json, and a gateway that accepts nothing else still serves the whole web from it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { Kind, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../gateway/src/app';
import { configWith } from '../gateway/src/config';
import { startRunMarketplace, type Marketplace } from './testkit/marketplace';

const webSrc = resolve(import.meta.dirname, '../web/src');
const webDist = resolve(import.meta.dirname, '../web', process.env.WEB_DIST_DIR ?? 'dist');
const manifestPath = join(webDist, 'persisted-documents.json');
const built = existsSync(join(webDist, 'index.html')) && existsSync(`${webDist}-ssr/entry-server.js`);
const ci = process.env.CI === 'true';

/** The operations written in the web's sources, by name: what the build must have listed. */
function operationsInSources(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'gql') walk(path);
      } else if (/\.tsx?$/.test(entry.name)) {
        const source = readFileSync(path, 'utf8');
        for (const [, name] of source.matchAll(/\bgraphql\(\s*`\s*(?:query|mutation|subscription)\s+(\w+)/g)) {
          if (name) names.add(name);
        }
      }
    }
  };
  walk(webSrc);
  return names;
}

function readWebManifest(): Map<string, string> {
  return new Map(Object.entries(JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, string>));
}

describe('the web build’s trusted documents', () => {
  it('has a web build to check under CI', () => {
    if (ci) expect(built, 'CI=true but there is no web build: npm run build -w web').toBe(true);
  });

  // Codegen has validated each document against schema/ already; web-operations-limits.test.ts runs them.
  it.skipIf(!built)('SEC-20: lists every operation of web/src once, keyed by the sha256 of its text', () => {
    const manifest = readWebManifest();
    const listed = new Map<string, string>();
    for (const [hash, text] of manifest) {
      expect(createHash('sha256').update(text).digest('hex'), text).toBe(hash);
      for (const definition of parse(text).definitions) {
        if (definition.kind !== Kind.OPERATION_DEFINITION || !definition.name) continue;
        expect(listed.has(definition.name.value), `${definition.name.value} is listed twice`).toBe(false);
        listed.set(definition.name.value, hash);
      }
    }
    const written = operationsInSources();
    expect(written.size).toBeGreaterThan(100);
    expect([...written].filter((name) => !listed.has(name))).toEqual([]);
  });

  it.skipIf(!built)('SEC-20: carries each hash in the browser’s scripts, which never compute one', () => {
    const assets = join(webDist, 'assets');
    const scripts = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(assets, name), 'utf8'))
      .join('\n');
    expect([...readWebManifest().keys()].filter((hash) => !scripts.includes(hash))).toEqual([]);
  });
});

describe.skipIf(!built)('a gateway that accepts only trusted documents (SEC-21)', () => {
  let m: Marketplace;
  let gateway: Gateway;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    m = await startRunMarketplace();
    gateway = createGateway(
      configWith({ UPSTREAM_URL: m.upstreamUrl, WEB_DIST: webDist, NODE_ENV: 'test', TRUSTED_DOCUMENTS: 'only' }),
    );
    server = createServer(gateway.handler);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done));
    await gateway?.close();
    await m?.close();
  });

  async function post(body: Record<string, unknown>) {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
  }

  const byHash = (sha256Hash: string) => ({ version: 1, sha256Hash });

  it('SEC-20: answers a hash of the web build over the real upstream', async () => {
    const [hash] = [...readWebManifest()].find(([, text]) => /^query Viewer \{/.test(text)) ?? [];
    expect(hash).toBeDefined();
    const answer = await post({ extensions: { persistedQuery: byHash(hash ?? '') } });
    expect(answer).toEqual({ data: { me: null } });
  });

  it('SEC-21: refuses text and unknown hashes with their codes', async () => {
    expect((await post({ query: '{ me { id } }' })).errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ID_REQUIRED');
    const unknown = await post({ extensions: { persistedQuery: byHash('0'.repeat(64)) } });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('SEC-20: renders pages on the server by hash: the home page shows its goods', async () => {
    const { body } = await m.gql<{ hotGoods: { name: string }[] }>('{ hotGoods { name } }');
    const first = body.data?.hotGoods[0]?.name;
    expect(first).toBeDefined();
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('id="__APOLLO_STATE__"');
    expect(html).toContain(first ?? '');
  });
});
