import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useGatewaysOnFakeUpstream, type TestGateway } from '../testkit/gateway';
import { goods } from '../testkit/fixtures';
import { send } from '../testkit/fake-upstream';
import { serveMetrics } from '../metrics';

const { upstream, gatewayWith } = useGatewaysOnFakeUpstream();

describe('OPS-05: a stalled upstream fails fast', () => {
  it('opens the circuit after the first time-outs: later buyers are answered at once, the gateway stays up', async () => {
    // The upstream takes the request and never answers.
    const stall = () => new Promise<void>(() => undefined);
    upstream.on('GET', '/api/goods/detail/3', stall);
    upstream.on('GET', '/healthz', stall);
    const gw = gatewayWith({ UPSTREAM_TIMEOUT_MS: 200 });
    // Five buyers (the response cache keeps buyers apart), each held for the whole time-out.
    const first = await Promise.all(
      Array.from({ length: 5 }, (_, i) => gw.gql('{ goods(id: "3") { id } }', {}, { authorization: `Bearer b${i}` })),
    );
    for (const answer of first) expect(answer.body.errors?.[0]?.extensions?.['code']).toBe('UPSTREAM_TIMEOUT');
    const seen = upstream.calls('GET', '/api/goods/detail/3').length;
    // Answered without a call: the open circuit, not a sixth time-out.
    const fast = await gw.gql('{ goods(id: "3") { id } }', {}, { authorization: 'Bearer late-buyer' });
    expect(fast.body.errors?.[0]?.extensions?.['code']).toBe('UPSTREAM_UNAVAILABLE');
    expect(upstream.calls('GET', '/api/goods/detail/3')).toHaveLength(seen);
    const url = await gw.listen();
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
  }, 15_000);
});

describe('OPS-05: one buyer clicking on a stalled upstream', () => {
  it('waits out one read time-out; the next call is answered at once without reaching the upstream', async () => {
    upstream.on('GET', '/api/goods/detail/3', () => new Promise<void>(() => undefined));
    const gw = gatewayWith({ UPSTREAM_READ_TIMEOUT_MS: 200 });
    const first = await gw.gql('{ goods(id: "3") { id } }', {}, { authorization: 'Bearer one' });
    expect(first.body.errors?.[0]?.extensions?.['code']).toBe('UPSTREAM_TIMEOUT');
    expect(upstream.calls('GET', '/api/goods/detail/3')).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      const next = await gw.gql('{ goods(id: "3") { id } }', {}, { authorization: `Bearer one-${i}` });
      expect(next.body.errors?.[0]).toMatchObject({
        message: '系统繁忙，请稍候再试',
        extensions: { code: 'UPSTREAM_UNAVAILABLE' },
      });
    }
    expect(upstream.calls('GET', '/api/goods/detail/3')).toHaveLength(1);
  });

  it('stays closed for one slow call while the upstream answers others meanwhile', async () => {
    upstream.on('GET', '/api/goods/detail/3', () => new Promise<void>(() => undefined));
    upstream.ok('GET', '/api/goods/detail/4', goods({ id: 4 }));
    const gw = gatewayWith({ UPSTREAM_READ_TIMEOUT_MS: 300 });
    const slow = gw.gql('{ goods(id: "3") { id } }', {}, { authorization: 'Bearer slow' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await gw.gql('{ goods(id: "4") { id } }', {}, { authorization: 'Bearer a' })).body.errors).toBeUndefined();
    expect((await slow).body.errors?.[0]?.extensions?.['code']).toBe('UPSTREAM_TIMEOUT');
    const after = await gw.gql('{ goods(id: "4") { id } }', {}, { authorization: 'Bearer b' });
    expect(after.body).toEqual({ data: { goods: { id: '4' } } });
  });

  it('gives a mutation the whole UPSTREAM_TIMEOUT_MS, longer than a read’s', async () => {
    upstream.on('POST', '/api/favorite', async (_seen, res) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      send(res, 200, { code: 10000, message: '收藏成功', data: [goods({ id: 3 })] });
    });
    const gw = gatewayWith({ UPSTREAM_READ_TIMEOUT_MS: 100, UPSTREAM_TIMEOUT_MS: 5000 });
    const { body } = await gw.gql(
      'mutation { addFavorite(goodsIds: ["3"]) { goods { id } } }',
      {},
      {
        authorization: 'Bearer m',
      },
    );
    expect(body.errors).toBeUndefined();
  });
});

/** A directory holding one app version's manifest of trusted documents (SEC-22), for the metrics' labels. */
function trustedManifest(documents: string[]): string {
  const directory = mkdtempSync(join(tmpdir(), 'h1-trusted-'));
  const manifest = Object.fromEntries(documents.map((text) => [createHash('sha256').update(text).digest('hex'), text]));
  writeFileSync(join(directory, 'app-1.json'), JSON.stringify(manifest));
  return directory;
}

async function scrape(gw: TestGateway): Promise<string> {
  const server = await serveMetrics(gw.gateway.metrics, '127.0.0.1', 0);
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect((await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/other`)).status).toBe(404);
    return await response.text();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('OPS-02: metrics', () => {
  it('serves latency histograms by operation and upstream path, and errors by code', async () => {
    upstream.ok('GET', '/api/goods/detail/3', goods({ id: 3 }));
    const goodsPage = 'query GoodsPage { goods(id: "3") { id name } }';
    const gw = gatewayWith({ PERSISTED_DOCUMENTS_DIR: trustedManifest([goodsPage]) });
    await gw.gql(goodsPage);
    await gw.gql('{ goods(id: "x") { id } me { id } }');
    const text = await scrape(gw);
    expect(text).toMatch(
      /gateway_upstream_request_duration_seconds_bucket\{le="[\d.]+",method="GET",path="\/api\/goods\/detail\/\{id\}",status="200"\}/,
    );
    expect(text).toMatch(/graphql_envelop_request_duration_bucket\{[^}]*operationName="GoodsPage"/);
    expect(text).toMatch(/gateway_graphql_errors_total\{code="[A-Z_]+"\} [1-9]/);
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('gateway_active_subscriptions 0');
  });
});

describe('OPS-13: operation names a client invents', () => {
  it('are counted as one label value, `other`, and leave /metrics its size', async () => {
    upstream.ok('GET', '/api/goods/detail/3', goods({ id: 3 }));
    const gw = gatewayWith({ PERSISTED_DOCUMENTS_DIR: trustedManifest(['query GoodsPage { goods(id: "3") { id } }']) });
    for (let i = 0; i < 40; i++) await gw.gql(`query Invented${i} { goods(id: "3") { id } }`);
    // A name the document lacks fails before it executes, and names no series either.
    for (let i = 0; i < 10; i++) {
      const response = await gw.gateway.yoga.fetch('http://gateway.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query GoodsPage { goods(id: "3") { id } }', operationName: `Nope${i}` }),
      });
      expect(response.status).toBe(400);
    }
    const text = await scrape(gw);
    expect(text).not.toMatch(/Invented|Nope/);
    expect(text).toMatch(/graphql_envelop_request_duration_count\{operationName="other",operationType="query"\} 40/);
  });

  it('are charged against the cost budget even when the operation never executes', async () => {
    const gw = gatewayWith({ COST_BUDGET_PER_MINUTE: 50 });
    const codes: string[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await gw.gateway.yoga.fetch('http://gateway.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer flood' },
        body: JSON.stringify({ query: '{ __typename }', operationName: `Nope${i}` }),
      });
      const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
      codes.push(body.errors?.[0]?.extensions?.code ?? 'OK');
    }
    expect(codes.slice(5)).toEqual(['RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED']);
    expect(upstream.seen).toHaveLength(0);
  });
});
