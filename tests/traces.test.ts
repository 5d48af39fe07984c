// OPS-40..OPS-43: with OTEL_EXPORTER_OTLP_ENDPOINT set, the gateway and the upstream export spans over OTLP/HTTP,
// and one buyer's request is one trace across both, under the trace id its log lines carry.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createGateway, type Gateway } from '../gateway/src/app';
import { configWith } from '../gateway/src/config';
import { startTracing as startGatewayTracing, type GatewayTracing } from '../gateway/src/tracing';
import { createApp } from '../upstream/src/app';
import type { Db } from '../upstream/src/db/db';
import { startTracing as startUpstreamTracing, type UpstreamTracing } from '../upstream/src/lib/tracing';
import { openSeededPglite } from '../upstream/test/seeded-store';
import { loopbackUpstreamConfig } from './testkit/marketplace';

/** A span as OTLP/JSON carries it, with the service that sent it. */
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
}

interface OtlpJson {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: { spans?: Omit<ReceivedSpan, 'service'>[] }[];
  }[];
}

/** An OTLP/HTTP receiver in the test's process: what a collector would be sent, kept in order. */
async function otlpReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; contentTypes: string[]; server: Server }> {
  const spans: ReceivedSpan[] = [];
  const contentTypes: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      contentTypes.push(`${req.method} ${req.url} ${req.headers['content-type'] ?? ''}`);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpJson;
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service =
          resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const scope of resourceSpans.scopeSpans ?? [])
          for (const span of scope.spans ?? []) spans.push({ ...span, service });
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, contentTypes, server };
}

describe('traces across the gateway and the upstream (OPS-40..OPS-43)', () => {
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let db: Db;
  let upstream: ReturnType<typeof createApp>;
  let upstreamTracing: UpstreamTracing;
  let gatewayTracing: GatewayTracing;
  let gateway: Gateway;
  let gatewayServer: Server;
  let gatewayUrl: string;

  beforeAll(async () => {
    receiver = await otlpReceiver();
    db = await openSeededPglite(inject('pgliteSnapshot'));
    const config = loopbackUpstreamConfig();
    upstreamTracing = startUpstreamTracing({ endpoint: receiver.url, serviceName: 'pharma-upstream' });
    upstream = createApp({ db, config, tracing: upstreamTracing });
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    const upstreamUrl = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
    gatewayTracing = startGatewayTracing({
      endpoint: `${receiver.url}/`,
      serviceName: 'pharma-gateway',
      graphqlPath: '/graphql',
    });
    gateway = createGateway(configWith({ UPSTREAM_URL: upstreamUrl, NODE_ENV: 'test' }), {
      tracingPlugins: gatewayTracing.plugins,
    });
    gatewayServer = createServer(gateway.handler);
    await new Promise<void>((resolve) => gatewayServer.listen(0, '127.0.0.1', resolve));
    gatewayUrl = `http://127.0.0.1:${(gatewayServer.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    gatewayServer?.closeAllConnections();
    await new Promise<void>((resolve) => (gatewayServer ? gatewayServer.close(() => resolve()) : resolve()));
    await gateway?.close();
    await gatewayTracing?.shutdown();
    await upstream?.close();
    await upstreamTracing?.shutdown();
    await db?.close();
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  });

  it('one GraphQL call is one trace: the upstream span is a child of the gateway span, under the logged trace id', async () => {
    const response = await fetch(`${gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-test-1' },
      body: JSON.stringify({
        query: 'mutation SignIn($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
        variables: { u: 'demo', p: 'demo1234' },
      }),
    });
    const body = (await response.json()) as { data?: { login?: { token?: string } } };
    expect(body.data?.login?.token).toBeTruthy();
    await gatewayTracing.flush();
    await upstreamTracing.flush();

    // OTLP/HTTP with JSON bodies, at the standard path under the configured base address.
    expect(receiver.contentTypes.length).toBeGreaterThan(0);
    for (const line of receiver.contentTypes) expect(line).toMatch(/^POST \/v1\/traces application\/json/);

    const request = receiver.spans.find((s) => s.service === 'pharma-gateway' && s.name === 'POST /graphql');
    expect(request).toBeDefined();
    const traceId = request?.traceId ?? '';
    const inTrace = receiver.spans.filter((s) => s.traceId === traceId);
    // The execution phase, under the request's span.
    expect(inTrace).toContainEqual(
      expect.objectContaining({ service: 'pharma-gateway', name: 'mutation.SignIn', parentSpanId: request?.spanId }),
    );
    // The upstream's span for the login route, whose parent is the gateway's request span.
    const upstreamSpan = inTrace.find((s) => s.service === 'pharma-upstream');
    expect(upstreamSpan).toMatchObject({ name: 'POST /api/user/login', parentSpanId: request?.spanId });
    // Logs and traces line up (OPS-06): the gateway's request span carries the trace id its log lines carry, which
    // the upstream received as the traceparent of its call.
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(upstreamSpan?.traceId).toBe(traceId);
  });

  it('a caller’s traceparent is continued: the spans join the caller’s trace', async () => {
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    await fetch(`${gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` },
      body: JSON.stringify({ query: 'mutation { login(username: "demo", password: "demo1234") { token } }' }),
    });
    await gatewayTracing.flush();
    await upstreamTracing.flush();
    const services = new Set(receiver.spans.filter((s) => s.traceId === callerTrace).map((s) => s.service));
    expect(services).toEqual(new Set(['pharma-gateway', 'pharma-upstream']));
  });
});
