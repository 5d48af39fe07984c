import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useGatewaysOnFakeUpstream } from '../testkit/gateway';
import { goods } from '../testkit/fixtures';
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
  });
});

describe('OPS-02: metrics', () => {
  it('serves latency histograms by operation and upstream path, and errors by code', async () => {
    upstream.ok('GET', '/api/goods/detail/3', goods({ id: 3 }));
    const gw = gatewayWith();
    await gw.gql('query GoodsPage { goods(id: "3") { id name } }');
    await gw.gql('{ goods(id: "x") { id } me { id } }');
    const server = await serveMetrics(gw.gateway.metrics, '127.0.0.1', 0);
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`);
      expect(response.headers.get('content-type')).toContain('text/plain');
      const text = await response.text();
      expect(text).toMatch(
        /gateway_upstream_request_duration_seconds_bucket\{le="[\d.]+",method="GET",path="\/api\/goods\/detail\/\{id\}",status="200"\}/,
      );
      expect(text).toMatch(/graphql_envelop_request_duration_bucket\{[^}]*operationName="GoodsPage"/);
      expect(text).toMatch(/gateway_graphql_errors_total\{code="[A-Z_]+"\} [1-9]/);
      expect(text).toContain('process_resident_memory_bytes');
      expect(text).toContain('gateway_active_subscriptions 0');
      expect((await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/other`)).status).toBe(404);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
