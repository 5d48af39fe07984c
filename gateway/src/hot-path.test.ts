import { createHash } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from './config';
import { regularMediaTypeOf } from './hot-path';
import { BUYER_AUTH, useGatewaysOnFakeUpstream, type TestGateway } from './testkit/gateway';
import { buyer, goods } from './testkit/fixtures';
import { serveDemoLogin, SESSION_COOKIE } from './testkit/login';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const GOODS = 'query Goods($id: ID!) { goods(id: $id) { __typename id name } }';
const ME = 'query Me { me { __typename id username } }';
const LOGIN = 'mutation Login($u: String!, $p: String!) { login(username: $u, password: $p) { token } }';
// Trusted, yet refused by validation (SEC-06): a manifest is no reason to let two logins through in one request.
const TWO_LOGINS =
  'mutation Twice { a: login(username: "demo", password: "x") { token } b: login(username: "demo", password: "y") { token } }';
// Who is browsing beside a public field, as the frame's query asks: an answer the response cache never holds.
const FRAME = 'query Frame($id: ID!) { me { __typename id username } goods(id: $id) { __typename id name } }';

const { upstream, gatewayWith } = useGatewaysOnFakeUpstream();
let dir: string;

beforeEach(() => {
  upstream.ok('GET', '/api/goods/detail/1', goods());
  upstream.ok('GET', '/api/user/base', buyer());
  upstream.fail('GET', '/api/goods/detail/2', 500, { code: 500, message: 'boom' });
  serveDemoLogin(upstream);
  dir = mkdtempSync(join(tmpdir(), 'hot-path-'));
  writeFileSync(
    join(dir, 'app.json'),
    JSON.stringify(Object.fromEntries([GOODS, ME, LOGIN, TWO_LOGINS, FRAME].map((text) => [sha256(text), text]))),
  );
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

function gateway(overrides: Partial<Config> = {}): TestGateway {
  return gatewayWith({ PERSISTED_DOCUMENTS_DIR: dir, RESPONSE_CACHE: 'off', ...overrides });
}

interface Answer {
  status: number;
  contentType: string | null;
  vary: string | null;
  cookies: string[];
  body: { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/graphql-response+json,application/json;q=0.9',
  ...BUYER_AUTH,
};

const byHash = (text: string, variables: Record<string, unknown> = {}) =>
  JSON.stringify({ variables, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(text) } } });

async function answerOf(response: Response): Promise<Answer> {
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    vary: response.headers.get('vary'),
    cookies: response.headers.getSetCookie(),
    body: (await response.json()) as Answer['body'],
  };
}

/** The same request over a socket (the node handler, where the hot path sits) and through Yoga alone. */
async function both(gw: TestGateway, body: string, headers: Record<string, string> = HEADERS) {
  const url = await gw.listen();
  // Copies: Yoga's fetch writes the body's length into the headers object it is given.
  const hot = await answerOf(await fetch(`${url}/graphql`, { method: 'POST', headers: { ...headers }, body }));
  const yoga = await answerOf(
    await gw.gateway.yoga.fetch('http://gateway.test/graphql', { method: 'POST', headers: { ...headers }, body }),
  );
  return { hot, yoga };
}

describe('the trusted documents’ hot path (ADR 0503)', () => {
  it('answers a trusted document by hash from its plan, as Yoga answers it', async () => {
    const gw = gateway();
    const { hot, yoga } = await both(gw, byHash(GOODS, { id: '1' }));
    expect(hot).toEqual(yoga);
    expect(hot).toMatchObject({
      status: 200,
      contentType: 'application/graphql-response+json; charset=utf-8',
      vary: 'Origin',
      body: { data: { goods: { __typename: 'Goods', id: '1', name: '感冒灵颗粒' } } },
    });
    expect(gw.gateway.hotPath?.served.planned).toBe(1);
  });

  it('prepares a plan once per hash, with graphql-armor’s cost counted', async () => {
    const hotPath = gateway().gateway.hotPath;
    const plan = hotPath?.planOf(sha256(GOODS));
    expect(plan?.operationName).toBe('Goods');
    expect(plan?.cost).toBeGreaterThan(0);
    expect(hotPath?.planOf(sha256(GOODS))).toBe(plan);
    // A hash no manifest lists has no plan and is never remembered.
    expect(hotPath?.planOf(sha256('{ me { id } }'))).toBeNull();
  });

  it('plans no document its rules refuse: aliases of a sensitive mutation go to Yoga, which refuses them (SEC-06)', async () => {
    const gw = gateway();
    expect(gw.gateway.hotPath?.planOf(sha256(TWO_LOGINS))).toBeNull();
    const { hot, yoga } = await both(gw, byHash(TWO_LOGINS));
    expect(hot).toEqual(yoga);
    expect(hot.status).toBe(400);
    expect(hot.body.errors?.[0]?.message).toBe('login 每个请求只能调用一次');
    expect(upstream.calls('POST', '/api/user/login')).toHaveLength(0);
    expect(gw.gateway.hotPath?.served).toEqual({ planned: 0, yoga: 1 });
  });

  it('holds variables to VAL-22 and answers an upstream error as Yoga does', async () => {
    const gw = gateway();
    const tooLong = await both(gw, byHash(GOODS, { id: 'x'.repeat(40) }));
    expect(tooLong.hot).toEqual(tooLong.yoga);
    expect(tooLong.hot.body.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
    expect(upstream.calls('GET', `/api/goods/detail/${'x'.repeat(40)}`)).toHaveLength(0);

    const failed = await both(gw, byHash(GOODS, { id: '2' }));
    expect(failed.hot).toEqual(failed.yoga);
    expect(failed.hot.body.errors?.map((error) => error.extensions?.['code'])).toEqual(['UPSTREAM_UNAVAILABLE']);
    expect(gw.gateway.hotPath?.served.planned).toBe(2);
  });

  it('relays the upstream’s cookie on a login, and none on an answer with an error (SEC-05)', async () => {
    const gw = gateway();
    const url = await gw.listen();
    const login = async (password: string) =>
      answerOf(
        await fetch(`${url}/graphql`, {
          method: 'POST',
          headers: { ...HEADERS },
          body: byHash(LOGIN, { u: 'demo', p: password }),
        }),
      );
    const right = await login('demo1234');
    expect(right.body).toEqual({ data: { login: { token: 'tok' } } });
    expect(right.cookies).toEqual([SESSION_COOKIE]);
    const wrong = await login('nope');
    expect(wrong.body.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
    expect(wrong.cookies).toEqual([]);
    expect(gw.gateway.hotPath?.served.planned).toBe(2);
  });

  it('charges the cost budget per request and per plan, and refuses as Yoga does (ERR-09)', async () => {
    const gw = gateway({ COST_BUDGET_PER_MINUTE: 25 });
    const url = await gw.listen();
    const codes: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await answerOf(
        await fetch(`${url}/graphql`, { method: 'POST', headers: { ...HEADERS }, body: byHash(GOODS, { id: '1' }) }),
      );
      codes.push(answer.body.errors?.[0]?.extensions?.['code'] ?? answer.status);
    }
    expect(codes).toEqual([200, 200, 'RATE_LIMITED']);

    // Counted as Yoga counts it, refusal included.
    const throughYoga = gateway({ COST_BUDGET_PER_MINUTE: 25 });
    for (let i = 0; i < 3; i++) {
      await throughYoga.gateway.yoga.fetch('http://gateway.test/graphql', {
        method: 'POST',
        headers: { ...HEADERS },
        body: byHash(GOODS, { id: '1' }),
      });
    }
    const counted = async (gw: TestGateway) =>
      (await gw.gateway.metrics.registry.getMetricsAsJSON())
        .filter(
          (metric) =>
            metric.name.startsWith('gateway_graphql_errors') ||
            metric.name.startsWith('graphql_envelop_request_duration'),
        )
        .map((metric) => ({
          name: metric.name,
          // Counts, not times: a histogram's buckets and sum are how long each path took.
          values: metric.values
            .filter(
              (value) =>
                !('le' in value.labels) && !('metricName' in value && String(value.metricName).endsWith('_sum')),
            )
            .map(({ labels, value }) => ({ labels, value })),
        }));
    expect(await counted(gw)).toEqual(await counted(throughYoga));
    expect(JSON.stringify(await counted(gw))).toContain('RATE_LIMITED');
  });

  it('counts a planned operation in the metrics under its trusted name (OPS-02, OPS-13)', async () => {
    const gw = gateway();
    await both(gw, byHash(GOODS, { id: '2' }));
    const duration = await gw.gateway.metrics.registry.getSingleMetricAsString('graphql_envelop_request_duration');
    // One observation from the hot path, one from Yoga.
    expect(duration).toMatch(/graphql_envelop_request_duration_count\{operationName="Goods",operationType="query"\} 2/);
    const errors = await gw.gateway.metrics.registry.getSingleMetricAsString('gateway_graphql_errors_total');
    expect(errors).toMatch(/gateway_graphql_errors_total\{code="UPSTREAM_UNAVAILABLE"\} 2/);
  });

  it('hands Yoga what it does not plan, body already read: text, unknown hashes, CSRF refusals', async () => {
    const gw = gateway();
    const text = await both(gw, JSON.stringify({ query: ME }));
    expect(text.hot).toEqual(text.yoga);
    expect(text.hot.body).toEqual({ data: { me: { __typename: 'User', id: String(buyer().id), username: 'demo' } } });

    const unknown = await both(gw, byHash('query Other { me { id } }'));
    expect(unknown.hot).toEqual(unknown.yoga);
    expect(unknown.hot.body.errors?.[0]?.extensions?.['code']).toBe('PERSISTED_QUERY_NOT_FOUND');

    // A simple request a page on another site could send: refused, never run by hash.
    const plain = await both(gw, byHash(ME), { ...HEADERS, 'content-type': 'text/plain' });
    expect(plain.hot).toEqual(plain.yoga);
    expect(plain.hot.status).toBe(403);
    expect(gw.gateway.hotPath?.served).toEqual({ planned: 0, yoga: 3 });
  });

  it('leaves the response cache’s operations to Yoga while the cache is on (CACHE-01)', async () => {
    const gw = gateway({ RESPONSE_CACHE: 'on' });
    const hotPath = gw.gateway.hotPath;
    expect(hotPath?.planOf(sha256(GOODS))).toBeNull();
    expect(hotPath?.planOf(sha256(LOGIN))).toBeNull();
    expect(hotPath?.planOf(sha256(ME))?.operationName).toBe('Me');
    // A public field beside one the cache never holds: the whole answer is never cached, so it takes its plan.
    expect(hotPath?.planOf(sha256(FRAME))?.operationName).toBe('Frame');
    const { hot, yoga } = await both(gw, byHash(FRAME, { id: '1' }));
    expect(hot).toEqual(yoga);
    expect(hot.body.data).toEqual({
      me: { __typename: 'User', id: String(buyer().id), username: 'demo' },
      goods: { __typename: 'Goods', id: '1', name: '感冒灵颗粒' },
    });
    expect(hotPath?.served.planned).toBe(1);
  });

  it('answers the server render’s own requests from their plans, as Yoga answers them in process', async () => {
    const gw = gateway();
    const hotPath = gw.gateway.hotPath;
    // What pages.ts sends for a page's query: the buyer's headers, the page's own node request for the address.
    const page = new IncomingMessage(new Socket());
    const headers = () =>
      new Headers({ 'content-type': 'application/json', accept: 'application/json', ...BUYER_AUTH });
    const inProcess = async (body: string) => {
      const response = await hotPath?.inProcess(body, headers(), page);
      return response === undefined ? undefined : answerOf(response);
    };
    const viaYoga = async (body: string) =>
      answerOf(
        await gw.gateway.yoga.fetch('http://gateway.internal/graphql', { method: 'POST', headers: headers(), body }),
      );

    for (const body of [byHash(GOODS, { id: '1' }), byHash(GOODS, { id: '2' }), byHash(ME)]) {
      expect(await inProcess(body)).toEqual(await viaYoga(body));
    }
    expect(hotPath?.served.planned).toBe(3);
    // Upstream cookies ride on the answer the renderer reads (SEC-05), as on a socket's.
    const login = await inProcess(byHash(LOGIN, { u: 'demo', p: 'demo1234' }));
    expect(login?.cookies).toEqual([SESSION_COOKIE]);
    // Text and unknown hashes are Yoga's: the renderer then asks it.
    expect(await hotPath?.inProcess(JSON.stringify({ query: ME }), headers(), page)).toBeUndefined();
    expect(await hotPath?.inProcess(byHash('query Other { me { id } }'), headers(), page)).toBeUndefined();
  });

  it('hands the server render a success as its result object, anything else as Yoga’s answer (ADR 0503)', async () => {
    const gw = gateway();
    const hotPath = gw.gateway.hotPath;
    const page = new IncomingMessage(new Socket());
    const headers = () =>
      new Headers({ 'content-type': 'application/json', accept: 'application/json', ...BUYER_AUTH });
    const execute = (body: string) =>
      hotPath?.executeInProcess(JSON.parse(body) as Record<string, unknown>, headers(), page);
    const viaYoga = async (body: string) =>
      answerOf(
        await gw.gateway.yoga.fetch('http://gateway.internal/graphql', { method: 'POST', headers: headers(), body }),
      );

    const found = await execute(byHash(GOODS, { id: '1' }));
    expect(found).toEqual({ kind: 'result', result: (await viaYoga(byHash(GOODS, { id: '1' }))).body, cookies: [] });
    const failed = await execute(byHash(GOODS, { id: '2' }));
    if (failed?.kind !== 'response') throw new Error(`an upstream failure answered ${failed?.kind ?? 'nothing'}`);
    expect(await answerOf(failed.response)).toEqual(await viaYoga(byHash(GOODS, { id: '2' })));
    const login = await execute(byHash(LOGIN, { u: 'demo', p: 'demo1234' }));
    expect(login).toMatchObject({
      kind: 'result',
      result: { data: { login: { token: 'tok' } } },
      cookies: [SESSION_COOKIE],
    });
    expect(hotPath?.served.planned).toBe(3);
    expect(await hotPath?.executeInProcess({ query: ME }, headers(), page)).toBeUndefined();
  });

  it('answers the media type Yoga’s negotiation picks, and leaves the others to Yoga', () => {
    expect(regularMediaTypeOf(undefined)).toBe('application/json');
    expect(regularMediaTypeOf('*/*')).toBe('application/json');
    expect(regularMediaTypeOf('application/graphql-response+json, application/json')).toBe(
      'application/graphql-response+json',
    );
    expect(regularMediaTypeOf('application/json, application/graphql-response+json')).toBe('application/json');
    expect(regularMediaTypeOf('text/event-stream')).toBeUndefined();
    expect(regularMediaTypeOf('application/json; charset=latin1')).toBeUndefined();
  });
});
