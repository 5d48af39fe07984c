import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createGateway, type Gateway } from '../app';
import { configWith, type Config } from '../config';
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
  const gateway = createGateway(configWith({ UPSTREAM_URL: upstreamUrl, NODE_ENV: 'test', ...overrides }));
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

/** The credentials of a signed-in buyer as a mobile client sends them. */
export const BUYER_AUTH = { authorization: 'Bearer buyer-token' };

/**
 * A fresh fake upstream and a gateway in front of it for every test of the calling file, closed after each test.
 * `ready` receives both once they run, before the file's own `beforeEach` hooks.
 */
export function useGatewayOverFakeUpstream(ready: (upstream: FakeUpstream, gw: TestGateway) => void): void {
  let current: { upstream: FakeUpstream; gw: TestGateway } | undefined;
  beforeEach(async () => {
    const upstream = await FakeUpstream.start();
    current = { upstream, gw: testGateway(upstream.url) };
    ready(current.upstream, current.gw);
  });
  afterEach(async () => {
    await current?.gw.close();
    await current?.upstream.close();
    current = undefined;
  });
}
