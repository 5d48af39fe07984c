import { beforeEach, describe, expect, it } from 'vitest';
import { send } from '../testkit/fake-upstream';
import { useGatewaysOnFakeUpstream } from '../testkit/gateway';
import { buyer } from '../testkit/fixtures';
import { serveDemoLogin } from '../testkit/login';
import { runsWithRedis, sharedRedis } from '../testkit/config';

const { upstream, gatewayWith } = useGatewaysOnFakeUpstream();

beforeEach(() => {
  serveDemoLogin(upstream);
});

const LOGIN = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }';

/** A login over HTTP from `address`, as a trusted proxy in front of the gateway reports it. */
async function loginFrom(url: string, address: string, username: string, password: string) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ query: LOGIN, variables: { u: username, p: password } }),
  });
  const body = (await response.json()) as { errors?: { extensions?: { code?: string; retryAfter?: number } }[] };
  return { code: body.errors?.[0]?.extensions?.code ?? 'OK', body, cookies: response.headers.getSetCookie() };
}

describe('SEC-06: sensitive mutations once per operation', () => {
  it('refuses twenty aliased logins before any reaches the upstream, with no cookie', async () => {
    const gw = gatewayWith();
    const aliases = Array.from(
      { length: 20 },
      (_, i) => `a${i}: login(username: "demo", password: "${i === 19 ? 'demo1234' : `x${i}`}") { token }`,
    );
    const { status, body, headers } = await gw.gql(`mutation { ${aliases.join(' ')} }`);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toBe('login 每个请求只能调用一次');
    expect(upstream.calls('POST', '/api/user/login')).toHaveLength(0);
    expect(headers.getSetCookie()).toEqual([]);
  });

  it('counts a login reached through fragments as well', async () => {
    const gw = gatewayWith();
    const { body } = await gw.gql(
      'mutation { ...A ... on Mutation { b: login(username: "demo", password: "y") { token } } } fragment A on Mutation { login(username: "demo", password: "x") { token } }',
    );
    expect(body.errors?.[0]?.message).toBe('login 每个请求只能调用一次');
    expect(upstream.calls('POST', '/api/user/login')).toHaveLength(0);
  });

  it('refuses twenty aliased phoneRegistered lookups', async () => {
    const gw = gatewayWith();
    const phones = Array.from(
      { length: 20 },
      (_, i) => `p${i}: phoneRegistered(phone: "138000000${String(i).padStart(2, '0')}")`,
    );
    const { body } = await gw.gql(`{ ${phones.join(' ')} }`);
    expect(body.errors?.[0]?.message).toBe('phoneRegistered 每个请求只能调用一次');
  });
});

describe('SEC-06: wrong passwords are limited', () => {
  it('refuses the eleventh wrong login of an account from one address, even with the right password', async () => {
    const gw = gatewayWith();
    for (let i = 0; i < 10; i++) {
      const { body } = await gw.gql(LOGIN, { u: 'demo', p: `wrong${i}` });
      expect(body.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
    }
    const locked = await gw.gql(LOGIN, { u: 'demo', p: 'demo1234' });
    expect(locked.body.errors?.[0]).toMatchObject({
      message: '操作过于频繁，请稍后再试',
      extensions: { code: 'RATE_LIMITED' },
    });
    const retryAfter = locked.body.errors?.[0]?.extensions?.['retryAfter'];
    expect(typeof retryAfter === 'number' && retryAfter > 800 && retryAfter <= 900).toBe(true);
    expect(locked.headers.getSetCookie()).toEqual([]);
    expect(upstream.calls('POST', '/api/user/login')).toHaveLength(10);
  });

  it('starts an account afresh from an address where it signed in', async () => {
    const gw = gatewayWith();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) await gw.gql(LOGIN, { u: 'demo', p: `wrong${i}` });
      const { body } = await gw.gql(LOGIN, { u: 'demo', p: 'demo1234' });
      expect(body.data).toEqual({ login: { token: 'tok' } });
    }
  });

  it('does not count logins the upstream failed to answer', async () => {
    upstream.on('POST', '/api/user/login', (_seen, res) => send(res, 503, { code: 503, message: 'down' }));
    const gw = gatewayWith();
    for (let i = 0; i < 12; i++) {
      const { body } = await gw.gql(LOGIN, { u: 'demo', p: 'demo1234' });
      expect(body.errors?.[0]?.extensions?.['code']).toBe('UPSTREAM_UNAVAILABLE');
    }
  });

  it('locks one account at one address, not the office behind it nor the account elsewhere (ADR 0207)', async () => {
    const url = await gatewayWith({ TRUST_PROXY: ['loopback'] }).listen();
    for (let i = 0; i < 10; i++) await loginFrom(url, '203.0.113.7', 'demo', `wrong${i}`);
    expect((await loginFrom(url, '203.0.113.7', 'demo', 'demo1234')).code).toBe('RATE_LIMITED');
    // A colleague behind the same NAT, and the same buyer at home, still sign in.
    expect((await loginFrom(url, '203.0.113.7', 'demo2', 'demo1234')).code).toBe('OK');
    const home = await loginFrom(url, '198.51.100.20', 'demo', 'demo1234');
    expect(home.code).toBe('OK');
    expect(home.cookies).toHaveLength(1);
  });

  it('believes X-Forwarded-For only from a configured proxy', async () => {
    const url = await gatewayWith().listen();
    // Without TRUST_PROXY every forged address is the connection's own: the eleventh attempt is refused anyway.
    for (let i = 0; i < 10; i++) await loginFrom(url, `192.0.2.${i}`, 'demo', 'wrong');
    expect((await loginFrom(url, '192.0.2.99', 'demo', 'demo1234')).code).toBe('RATE_LIMITED');
  });
});

describe('ERR-09: a cost budget per client', () => {
  it('refuses a client over its budget for the minute with retryAfter', async () => {
    upstream.ok('GET', '/api/user/base', buyer());
    const gw = gatewayWith({ COST_BUDGET_PER_MINUTE: 10 });
    const query = '{ me { id username company } }';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await gw.gql(query, {}, { authorization: 'Bearer buyer-token' }));
    expect(answers[0]?.body.data).toMatchObject({ me: { username: 'demo' } });
    const refused = answers.find((answer) => answer.body.errors?.[0]?.extensions?.['code'] === 'RATE_LIMITED');
    expect(refused?.body.errors?.[0]?.extensions?.['retryAfter']).toBeGreaterThan(0);
    // Another buyer has a budget of their own.
    const other = await gw.gql(query, {}, { authorization: 'Bearer other-token' });
    expect(other.body.data).toMatchObject({ me: { username: 'demo' } });
  });
});

describe.skipIf(!runsWithRedis)('ADR 0209: limits shared through Redis', () => {
  it('refuses on a second gateway the attempts counted on the first', async () => {
    const shared = sharedRedis();
    const first = gatewayWith(shared);
    const second = gatewayWith(shared);
    for (let i = 0; i < 10; i++) await (i % 2 === 0 ? first : second).gql(LOGIN, { u: 'demo', p: `wrong${i}` });
    for (const gw of [first, second]) {
      const { body } = await gw.gql(LOGIN, { u: 'demo', p: 'demo1234' });
      expect(body.errors?.[0]?.extensions?.['code']).toBe('RATE_LIMITED');
    }
  });
});

describe('ADR 0207: an account sprayed from many addresses', () => {
  it('is locked everywhere except where its buyer signed in before', async () => {
    const url = await gatewayWith({ TRUST_PROXY: ['loopback'] }).listen();
    expect((await loginFrom(url, '203.0.113.7', 'demo', 'demo1234')).code).toBe('OK');
    // A hundred wrong passwords, five from each of twenty addresses: no pair is locked, the account is.
    for (let i = 0; i < 100; i++) await loginFrom(url, `198.51.100.${i % 20}`, 'demo', `wrong${i}`);
    expect((await loginFrom(url, '192.0.2.1', 'demo', 'demo1234')).code).toBe('RATE_LIMITED');
    const office = await loginFrom(url, '203.0.113.7', 'demo', 'demo1234');
    expect(office.code).toBe('OK');
    expect(office.cookies).toHaveLength(1);
  });
});
