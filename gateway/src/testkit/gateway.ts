import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createGateway, type Gateway } from '../app';
import { configWith, type Config } from '../config';
import type { UserMapper } from '../domains/user/mappers';
import { FakeUpstream } from './fake-upstream';

export interface GraphQLAnswer {
  status: number;
  headers: Headers;
  body: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
  };
  text: string;
}

export interface TestGateway {
  gateway: Gateway;
  /** Runs an operation through Yoga (no socket); `headers` are added to a JSON POST. */
  gql(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<GraphQLAnswer>;
  /** Listens on port 0 for tests that need the whole node handler (static files, health, audits). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export function testGateway(upstreamUrl: string, overrides: Partial<Config> = {}): TestGateway {
  // Pages are sent as the client-rendered shell: a fake upstream answers only what each test stubs, and whether
  // web/dist holds a build must not change what these tests see, so no build is read unless a test names one
  // (`npm test` builds the web while these run, ADR 0220). tests/server-render.test.ts renders pages for real.
  const gateway = createGateway(
    configWith({ UPSTREAM_URL: upstreamUrl, NODE_ENV: 'test', WEB_SSR: 'off', WEB_DIST: '/nonexistent', ...overrides }),
  );
  let server: Server | undefined;
  return {
    gateway,
    async gql(query, variables, headers = {}) {
      const response = await gateway.yoga.fetch('http://gateway.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: JSON.parse(text) as GraphQLAnswer['body'],
        text,
      };
    },
    async listen() {
      server = createServer(gateway.handler);
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    },
    async close() {
      const listening = server;
      if (listening) {
        listening.closeAllConnections();
        await new Promise<void>((resolve) => listening.close(() => resolve()));
      }
      await gateway.close();
    },
  };
}

/**
 * Resolves once the gateway's Redis connections are ready (its `redis_up` is 1): until then a gateway just made
 * bypasses the shared cache (ADR 0214), as one that lost Redis does, so a test of what replicas share waits for it.
 */
export async function redisReady(gw: TestGateway, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await gw.gateway.metrics.registry.getSingleMetricAsString('redis_up');
    if (/^redis_up 1$/m.test(text)) return;
    if (Date.now() > deadline) throw new Error(`Redis not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The credentials of a signed-in buyer as a mobile client sends them. Frozen: Yoga's fetch writes the body's type and
 * length into the headers object it is given, and the test files share one module graph (ADR 0221), so a test that
 * passed this object itself would have sent every later file's requests as text/plain.
 */
export const BUYER_AUTH = Object.freeze({ authorization: 'Bearer buyer-token' });

/** A signed-in buyer: the `/api/user/base` answer installed before each test, for files whose operations need `me`. */
export interface FakeUpstreamOptions {
  signedIn?: UserMapper;
}

/**
 * A fake upstream and a gateway in front of it for every test of the calling file: each test gets a fresh port, no
 * routes and a new gateway (no cache or loader carried over), closed after the test. The returned objects stay the
 * same across the file's tests, so they can be destructured once at the top; the hooks run before the file's own.
 */
export function useGatewayOnFakeUpstream(options: FakeUpstreamOptions = {}): {
  upstream: FakeUpstream;
  gw: TestGateway;
} {
  const upstream = new FakeUpstream();
  let current: TestGateway | undefined;
  const live = (): TestGateway => {
    if (!current) throw new Error('the test gateway runs only inside a test');
    return current;
  };
  beforeEach(async () => {
    await upstream.listen();
    current = testGateway(upstream.url);
    if (options.signedIn) upstream.ok('GET', '/api/user/base', options.signedIn);
  });
  afterEach(async () => {
    await current?.close();
    await upstream.close();
    current = undefined;
  });
  const gw: TestGateway = {
    get gateway() {
      return live().gateway;
    },
    gql: (query, variables, headers) => live().gql(query, variables, headers),
    listen: () => live().listen(),
    close: () => live().close(),
  };
  return { upstream, gw };
}

/**
 * A fake upstream per test and as many gateways in front of it as the test asks for, each with settings of its own
 * (two replicas on one Redis, a production configuration), all closed after the test. The hooks run before the
 * calling file's own, so a file's `beforeEach` may install routes on `upstream`.
 */
export function useGatewaysOnFakeUpstream(): {
  upstream: FakeUpstream;
  gatewayWith(overrides?: Partial<Config>): TestGateway;
} {
  const upstream = new FakeUpstream();
  const open: TestGateway[] = [];
  beforeEach(async () => {
    await upstream.listen();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((gw) => gw.close()));
    await upstream.close();
  });
  return {
    upstream,
    gatewayWith(overrides = {}) {
      const gw = testGateway(upstream.url, overrides);
      open.push(gw);
      return gw;
    },
  };
}
