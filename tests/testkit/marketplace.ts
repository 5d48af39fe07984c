// The whole marketplace in one test process: the real upstream (PGlite or PostgreSQL, migrated and seeded) on a
// port of its own, and the real gateway in front of it, serving the built web when asked to.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { createGateway, type Gateway } from '../../gateway/src/app';
import { configWith, type Config as GatewayConfig } from '../../gateway/src/config';
import { createApp } from '../../upstream/src/app';
import { paymentsOf, type Config as UpstreamConfig } from '../../upstream/src/config';
import type { Db } from '../../upstream/src/db/db';
import type { SmsSender } from '../../upstream/src/lib/sms';
import { migrate } from '../../upstream/src/db/migrate';
import { openPglite } from '../../upstream/src/db/pglite';
import { openPostgres } from '../../upstream/src/db/postgres';
import { seedIfEmpty } from '../../upstream/src/seed/seed';
import { refreshFacetIndex } from '../../upstream/src/areas/catalogue/facet-index';
import { openSeededPglite } from '../../upstream/test/seeded-store';

export type StoreKind = 'pglite' | 'postgres';

/** The upstream's ADMIN_TOKEN here: operator calls (shipping, returns, transfers) send it as X-Admin-Token. */
export const ADMIN_TOKEN = 'marketplace-test-admin-token';

export interface GraphQLResult<T> {
  data?: T | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
}

export interface Marketplace {
  store: StoreKind;
  db: Db;
  upstreamUrl: string;
  gatewayUrl: string;
  /** The gateway itself, for what only it knows (the subscriptions it serves). */
  gateway: Gateway;
  /** Upstream requests seen since the last `resetCalls()`, as "METHOD /path". */
  calls: string[];
  resetCalls(): void;
  /** One GraphQL operation through the gateway's HTTP endpoint, as a client sends it. */
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<{ status: number; headers: Headers; body: GraphQLResult<T> }>;
  /** The verification code last texted to `phone` (the store keeps only its hash); undefined when none was. */
  lastCode(phone: string): string | undefined;
  /** Signs in through the gateway and answers the bearer token. */
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An upstream's configuration for a test on the loopback: no data directory, no logs, no SMS sent. */
export const loopbackUpstreamConfig = (): UpstreamConfig => ({
  port: 0,
  dataDir: '/nonexistent',
  databaseUrl: undefined,
  publicUrl: 'http://127.0.0.1',
  logLevel: 'silent',
  sessionTtlSeconds: 604800,
  bodyLimitBytes: 64 * 1024,
  smsTransport: 'none',
});

export async function startMarketplace(options: {
  store: StoreKind;
  databaseUrl?: string | null;
  webDist?: string;
  /**
   * A tarball of a migrated, seeded PGlite store to start from (upstream/test/seeded-store.ts keeps one per checkout
   * and hour).
   */
  pgliteSnapshot?: string;
  /** Gateway settings of this marketplace's own, over the test defaults below. */
  gateway?: Partial<GatewayConfig>;
}): Promise<Marketplace> {
  if (options.store === 'postgres' && !options.databaseUrl) throw new Error('a PostgreSQL store needs a database URL');
  const db =
    options.store === 'postgres'
      ? openPostgres(options.databaseUrl ?? '', 20)
      : options.pgliteSnapshot
        ? await openSeededPglite(options.pgliteSnapshot)
        : await openPglite(undefined);
  // All three are no-ops on a snapshot or a template's copy, which is already migrated, seeded and folded.
  await migrate(db);
  await seedIfEmpty(db);
  // FACET-10: as `npm start` does, the seeded goods are counted before the first list asks for its facets.
  await refreshFacetIndex(db);

  const calls: string[] = [];
  const upstreamConfig = loopbackUpstreamConfig();
  upstreamConfig.payments = { ...paymentsOf(upstreamConfig), adminToken: ADMIN_TOKEN };
  // Codes are texted to this recorder instead of a phone, so tests can type them as a buyer would.
  const texted: { phone: string; code: string }[] = [];
  const smsSender: SmsSender = {
    sendCode: async (phone, code) => void texted.push({ phone, code }),
  };
  const upstream = createApp({ db, config: upstreamConfig, smsSender });
  upstream.addHook('onRequest', async (request) => {
    calls.push(`${request.method} ${request.url.split('?')[0]}`);
  });
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  const upstreamUrl = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
  // Image addresses are built per request from the config, and the port is known only now.
  upstreamConfig.publicUrl = upstreamUrl;
  // Order lines keep the image address of the day they were ordered, as real orders do; the seeded ones were
  // written with the configured public address, which this marketplace's port replaces.
  await db.query(
    `UPDATE order_lines SET goods_image = regexp_replace(goods_image, '^https?://[^/]+', $1) WHERE goods_image LIKE 'http%'`,
    [upstreamUrl],
  );

  const gateway = createGateway(
    configWith({
      UPSTREAM_URL: upstreamUrl,
      NODE_ENV: 'test',
      // These marketplaces check what a page shows, not how fast: on CI's busy two cores a render can pass the
      // production time-out (3 s) and answer the client-rendered shell, which a test would read as a missing page.
      // The fallback itself is tested with a gateway of its own (server-render.test.ts).
      WEB_SSR_TIMEOUT_MS: 20_000,
      ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
      ...options.gateway,
    }),
  );
  const server = createServer(gateway.handler);
  const gatewayUrl = await listen(server);

  const gql: Marketplace['gql'] = async (query, variables, headers = {}) => {
    const response = await fetch(`${gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };

  return {
    store: options.store,
    db,
    upstreamUrl,
    gatewayUrl,
    gateway,
    calls,
    resetCalls: () => void calls.splice(0),
    gql,
    lastCode: (phone) => texted.findLast((sent) => sent.phone === phone)?.code,
    async login(username, password = 'demo1234') {
      const { body } = await gql<{ login: { token: string } }>(
        'mutation Login($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
        { u: username, p: password },
      );
      const token = body.data?.login.token;
      if (!token) throw new Error(`login of ${username} failed: ${JSON.stringify(body.errors)}`);
      return token;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await gateway.close();
      await upstream.close();
      await db.close();
    },
  };
}

/**
 * A marketplace on the run's store (ADR 0230): PostgreSQL, production's, when the run was given a server (the
 * database the upstream's global setup made for it, shared by the files one after another), PGlite from the seeded
 * snapshot otherwise. PGlite keeps its own checks beside a PostgreSQL run: the upstream's store tests, the link walks,
 * the seed's links and the replicas start on it whatever the run has.
 */
export function startRunMarketplace(options: { webDist?: string } = {}): Promise<Marketplace> {
  const databaseUrl = inject('databaseUrl');
  return startMarketplace(
    databaseUrl
      ? { store: 'postgres', databaseUrl, ...options }
      : { store: 'pglite', pgliteSnapshot: inject('pgliteSnapshot'), ...options },
  );
}
