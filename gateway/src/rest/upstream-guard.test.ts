import type { IncomingHttpHeaders } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Wording } from '@pharma/domain/wording';
import { FakeUpstream, send } from '../testkit/fake-upstream';
import { testGateway, type TestGateway } from '../testkit/gateway';
import { buyer } from '../testkit/fixtures';

const SECRET = 'a-shared-secret-of-at-least-32-characters';
const LOGIN = 'mutation { login(username: "demo", password: "demo1234") { token } }';

let upstream: FakeUpstream;
let gw: TestGateway;
let seenHeaders: IncomingHttpHeaders[];

beforeEach(async () => {
  upstream = await FakeUpstream.start();
  gw = testGateway(upstream.url, { UPSTREAM_SECRET: SECRET });
  seenHeaders = [];
});

afterEach(async () => {
  await gw.close();
  await upstream.close();
});

const refuseLogin = (headers: Record<string, string>, data: unknown = null) =>
  upstream.on('POST', '/api/user/login', (_seen, res, req) => {
    seenHeaders.push(req.headers);
    send(res, 429, { code: 42901, message: '尝试次数过多，请15分钟后再试', data }, headers);
  });

describe("the upstream's own limits through the gateway (SEC-18)", () => {
  it('SEC-18: an upstream 429 is RATE_LIMITED with the Retry-After seconds as retryAfter', async () => {
    refuseLogin({ 'retry-after': '900' }, { retry_after: 900 });
    const { body } = await gw.gql(LOGIN);
    expect(body.data).toBeNull();
    expect(body.errors?.[0]).toMatchObject({
      message: Wording.rateLimited,
      path: ['login'],
      extensions: { code: 'RATE_LIMITED', retryAfter: 900 },
    });
  });

  it('SEC-18: without the header, the seconds the envelope repeats; without those, a minute', async () => {
    refuseLogin({}, { retry_after: 42 });
    expect((await gw.gql(LOGIN)).body.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 42 });
    refuseLogin({});
    expect((await gw.gql(LOGIN)).body.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 60 });
  });

  it("SEC-18: the upstream refusing the gateway's secret is UPSTREAM_UNAVAILABLE, never a trip to the login page", async () => {
    upstream.fail('GET', '/api/user/base', 401, { code: 40101, message: '请求来源未经授权' });
    const { body } = await gw.gql('{ me { id } }', undefined, { authorization: 'Bearer t' });
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'UPSTREAM_UNAVAILABLE' });
  });
});

describe('who is calling (SEC-18)', () => {
  it("SEC-18: every call carries the shared secret and the buyer's own address, whatever the buyer claims", async () => {
    upstream.on('POST', '/api/user/login', (_seen, res, req) => {
      seenHeaders.push(req.headers);
      send(res, 200, { code: 10000, message: '登录成功', data: { token: 't0k3n', user: buyer() } });
    });
    const url = await gw.listen();
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ query: LOGIN }),
    });
    expect(response.status).toBe(200);
    expect(seenHeaders).toHaveLength(1);
    expect(seenHeaders[0]?.['x-gateway-secret']).toBe(SECRET);
    // The gateway trusts no proxy here (TRUST_PROXY unset): the buyer is the connection, not the header it sent.
    expect(seenHeaders[0]?.['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('SEC-18: the secret never reaches a client, not even in an error', async () => {
    refuseLogin({ 'retry-after': '5' });
    const { text } = await gw.gql(LOGIN);
    expect(text).not.toContain(SECRET);
    expect(seenHeaders[0]?.['x-gateway-secret']).toBe(SECRET);
  });
});
