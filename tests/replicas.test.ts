// Two gateway processes on one Redis and one upstream, as docker-compose.yml runs them (ADR 0209): what one replica
// counts, caches, invalidates or publishes, the other sees. Runs wherever Redis answers; with CI=true it runs, and
// fails, rather than being skipped.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { runsWithRedis, TEST_REDIS_URL } from '../gateway/src/testkit/config';
import { openSse } from '../gateway/src/testkit/sse';
import { startMarketplace, type Marketplace } from './testkit/marketplace';

const root = resolve(import.meta.dirname, '..');
const redisUrl = TEST_REDIS_URL;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Replica {
  url: string;
  process: ChildProcess;
}

async function startReplica(upstreamUrl: string, prefix: string): Promise<Replica> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'error',
      PORT: String(port),
      METRICS_PORT: '0',
      UPSTREAM_URL: upstreamUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      // The limits counted across replicas are what is asked here: on a machine busy with other suites a replica's
      // event loop can be late past the 250 ms a buyer is given, and it would go on counting alone, as it should.
      REDIS_COMMAND_TIMEOUT_MS: '5000',
      // The test speaks for buyers at different addresses, as the load balancer does.
      TRUST_PROXY: 'loopback',
      WEB_SSR: 'off',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 60_000; waited += 200) {
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return { url, process: child };
    await sleep(200);
  }
  child.kill();
  throw new Error(`the gateway on ${url} was not ready within a minute`);
}

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string; retryAfter?: number } }[];
}

async function gql(replica: Replica, query: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${replica.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as Answer;
}

describe.skipIf(!runsWithRedis)('two gateway replicas sharing Redis (ADR 0209)', () => {
  let m: Marketplace;
  let a: Replica;
  let b: Replica;
  const prefix = `replicas-${randomUUID()}`;

  beforeAll(async () => {
    m = await startMarketplace({ store: 'pglite', pgliteSnapshot: inject('pgliteSnapshot') });
    [a, b] = await Promise.all([startReplica(m.upstreamUrl, prefix), startReplica(m.upstreamUrl, prefix)]);
  });
  afterAll(async () => {
    for (const replica of [a, b]) replica?.process.kill('SIGTERM');
    await m?.close();
  });

  it('refuses on both replicas the wrong logins counted across them, with retryAfter (ADR 0207)', async () => {
    const from = { 'x-forwarded-for': '203.0.113.9' };
    const codes: string[] = [];
    for (let i = 0; i < 40; i++) {
      const answer = await gql(
        i % 2 === 0 ? a : b,
        `mutation { login(username: "demo3", password: "wrong${i}") { token } }`,
        from,
      );
      codes.push(answer.errors?.[0]?.extensions?.code ?? 'OK');
      if (i >= 10) expect(answer.errors?.[0]?.extensions?.retryAfter).toBeGreaterThan(0);
    }
    expect(codes.slice(0, 10).every((code) => code !== 'RATE_LIMITED')).toBe(true);
    expect(codes.slice(10)).toEqual(Array.from({ length: 30 }, () => 'RATE_LIMITED'));
    // Refused by the gateways: the upstream saw the first ten only.
    const right = await gql(b, 'mutation { login(username: "demo3", password: "demo1234") { token } }', from);
    expect(right.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  it('refuses twenty aliased logins in one request', async () => {
    const aliases = Array.from(
      { length: 20 },
      (_, i) => `l${i}: login(username: "demo2", password: "x${i}") { token }`,
    );
    const answer = await gql(a, `mutation { ${aliases.join(' ')} }`);
    expect(answer.errors?.[0]?.message).toBe('login 每个请求只能调用一次');
  });

  it('answers on one replica what the other cached, and drops it on both when a mutation changes it', async () => {
    const [row] = await m.db.query<{ id: number }>('SELECT id FROM goods WHERE is_buy = 1 ORDER BY id LIMIT 1');
    const id = String(row?.id);
    const token = await m.login('demo');
    const auth = { authorization: `Bearer ${token}` };
    const detail = `/api/goods/detail/${id}`;
    m.resetCalls();
    await gql(a, `{ goods(id: "${id}") { id name isFavorite } }`, auth);
    await gql(b, `{ goods(id: "${id}") { id name isFavorite } }`, auth);
    expect(m.calls.filter((call) => call === `GET ${detail}`)).toHaveLength(1);
    await gql(a, `mutation { addFavorite(goodsIds: ["${id}"]) { goods { id isFavorite } } }`, auth);
    const after = await gql(b, `{ goods(id: "${id}") { id name isFavorite } }`, auth);
    expect(after.data).toMatchObject({ goods: { id, isFavorite: true } });
    expect(m.calls.filter((call) => call === `GET ${detail}`)).toHaveLength(2);
    await gql(a, `mutation { removeFavorite(goodsIds: ["${id}"]) { goods { id } } }`, auth);
  });

  it('carries a cart change made through one replica to the buyer’s stream on the other, and to no other buyer', async () => {
    const [row] = await m.db.query<{ id: number }>(
      'SELECT id FROM goods WHERE is_buy = 1 AND number >= 100 ORDER BY id LIMIT 1',
    );
    const [demo, other] = [await m.login('demo'), await m.login('demo2')];
    const subscription = 'subscription { cartChanged { count lines { goods { id } number } } }';
    const mine = await openSse(`${b.url}/graphql`, subscription, { authorization: `Bearer ${demo}` });
    const theirs = await openSse(`${b.url}/graphql`, subscription, { authorization: `Bearer ${other}` });
    try {
      expect(mine.status).toBe(200);
      // Changed only once replica b listens on the buyer's channel in Redis: an event published before is not heard.
      const [user] = await m.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'demo'");
      const admin = new Redis(redisUrl);
      try {
        await vi.waitFor(async () => {
          const [, listeners] = (await admin.pubsub('NUMSUB', `${prefix}:cartChanged:${user?.id}`)) as [string, number];
          expect(listeners).toBe(1);
        });
      } finally {
        admin.disconnect();
      }
      const added = await gql(
        a,
        `mutation { addToCart(lines: [{ goodsId: "${row?.id}", number: 1 }]) { cart { count } } }`,
        {
          authorization: `Bearer ${demo}`,
        },
      );
      expect(added.errors).toBeUndefined();
      const event = await mine.next(5000);
      expect(event.event).toBe('next');
      expect(JSON.stringify(event.data?.data)).toContain(`"id":"${row?.id}"`);
      expect(await theirs.quiet(500)).toBe(true);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
