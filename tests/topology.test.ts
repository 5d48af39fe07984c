// OPS-31: the production topology runs without Docker, and a buyer's essentials work through its load balancer:
// Debian's nginx with deploy/nginx.conf in front of two compiled gateways (NODE_ENV=production, trusted documents
// only), Redis, PostgreSQL and the upstream (tests/testkit/topology.ts, ADR 0218). Where nginx or the web build is
// missing the suite is skipped and `npm test` says so; with CI=true it runs, and fails, instead.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createParser } from 'eventsource-parser';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SMOKE_PORTS,
  hasWebBuild,
  missingPrerequisites,
  startTopology,
  webDist,
  type Topology,
} from './testkit/topology';
import { persistedBody, trustedOperations, type GraphQLAnswer } from './testkit/trusted-operations';

const ci = process.env.CI === 'true';
const missing = [...missingPrerequisites(), ...(hasWebBuild() ? [] : ['the web build (npm run build -w web)'])];
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

describe.skipIf(!ci && missing.length > 0)('OPS-31: the production topology through nginx', () => {
  let topology: Topology;
  let operations: Map<string, string>;
  /** The buyer's session as a browser holds it: the cookie Login sets. */
  let cookie = '';
  const database = `topology_${randomUUID().replaceAll('-', '')}`;
  const dir = mkdtempSync(join(tmpdir(), 'topology-'));
  const admin = new pg.Client({ connectionString: adminUrl });

  async function op(
    name: string,
    variables: Record<string, unknown> = {},
    base?: string,
  ): Promise<{ status: number; headers: Headers; body: GraphQLAnswer }> {
    const response = await fetch(`${base ?? topology.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: persistedBody(operations, name, variables),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as GraphQLAnswer };
  }

  beforeAll(async () => {
    expect(missing, 'CI=true: the topology needs these (see .ci/run)').toEqual([]);
    operations = trustedOperations(webDist);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    topology = await startTopology({ ports: SMOKE_PORTS, databaseUrl: url.toString(), dir });
  }, 300_000);

  afterAll(async () => {
    await topology?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the home page rendered on the server, with its data, through nginx', async () => {
    const response = await fetch(`${topology.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<title>首页-');
    expect(html).toContain('id="__APOLLO_STATE__"');
    expect(html).not.toContain('正在加载…');
  });

  it('refuses an operation sent as text, as production does (SEC-21)', async () => {
    const response = await fetch(`${topology.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    const body = (await response.json()) as GraphQLAnswer;
    expect(body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ID_REQUIRED');
  });

  it('signs a buyer in with the web’s own Login operation, setting the session cookie', async () => {
    const { body, headers } = await op('Login', { username: 'demo', password: 'demo1234' });
    expect(body.errors).toBeUndefined();
    expect(body.data?.login).toMatchObject({ user: { username: 'demo' } });
    cookie = headers
      .getSetCookie()
      .map((line) => line.split(';', 1)[0] ?? '')
      .join('; ');
    expect(cookie).toMatch(/^token=\S{16,}/);
  });

  it('shows pictures at the address PUBLIC_URL names, through nginx', async () => {
    const { body } = await op('GoodsList', { page: 1, pageSize: 10 });
    const picture = new RegExp(`${topology.url.replaceAll('.', '\\.')}/api/images/[^"]+`).exec(JSON.stringify(body));
    expect(picture, 'a goods picture at the load balancer’s address').not.toBeNull();
    const image = await fetch(picture?.[0] ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });

  it('carries a cart change made on one replica to the buyer’s stream held through nginx on the other', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${topology.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        cookie,
      },
      body: persistedBody(operations, 'CartChanged'),
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const events: string[] = [];
    const parser = createParser({ onEvent: ({ event, data }) => event === 'next' && events.push(data) });
    const reading = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream.body ?? []) parser.feed(decoder.decode(chunk, { stream: true }));
    })().catch(() => undefined);
    try {
      // Which replica nginx gave the stream to: the one whose metrics count an open subscription.
      const holder = await vi.waitFor(
        async () => {
          const counts = await Promise.all(
            ([0, 1] as const).map(async (replica) => {
              const text = await (await fetch(topology.metricsUrl(replica))).text();
              return Number(/^gateway_active_subscriptions(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1] ?? 0);
            }),
          );
          const index = counts.indexOf(1);
          expect(index).toBeGreaterThanOrEqual(0);
          return index === 0 ? 0 : 1;
        },
        { timeout: 5000 },
      );
      const other = holder === 0 ? 1 : 0;
      const { body: list } = await op('GoodsList', { page: 1, pageSize: 20 });
      const items = (list.data?.goodsList as { items: { id: string }[] } | undefined)?.items ?? [];
      // The subscription is listening in Redis a moment after the stream opens: until an event arrives, add again.
      await vi.waitFor(
        async () => {
          const added = await op(
            'AddToCart',
            { lines: [{ goodsId: items[0]?.id, number: 1 }] },
            topology.gatewayUrl(other),
          );
          expect(added.body.errors).toBeUndefined();
          await vi.waitFor(() => expect(events.length).toBeGreaterThan(0), { timeout: 1000 });
        },
        { timeout: 10_000 },
      );
      expect(events[0]).toContain(`"id":"${items[0]?.id}"`);
    } finally {
      controller.abort();
      await reading;
    }
  });

  it('sends a payment provider’s notification to the upstream itself, which answers it', async () => {
    const response = await fetch(`${topology.url}/api/payment/notify/alipay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'out_trade_no=none&sign=forged',
    });
    // The upstream's own refusal of an unsigned notice (PAY-08): `failure` makes Alipay try again later.
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('failure');
  });

  // Last: it stops both replicas.
  it('answers an operation no replica can take with UPSTREAM_UNAVAILABLE a client can read, not an HTML page', async () => {
    await Promise.all(topology.gateways.map((gateway) => gateway.stop('SIGKILL')));
    const response = await fetch(`${topology.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('application/graphql-response+json');
    expect(response.headers.get('retry-after')).toBe('2');
    expect(await response.json()).toEqual({
      errors: [{ message: '系统繁忙，请稍候再试', extensions: { code: 'UPSTREAM_UNAVAILABLE' } }],
    });
  });
});
