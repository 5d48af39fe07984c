import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeUpstream, delay, send } from '../testkit/fake-upstream';
import { testGateway, type TestGateway } from '../testkit/gateway';
import { buyer, goods } from '../testkit/fixtures';

let upstream: FakeUpstream;
let gw: TestGateway;

beforeEach(async () => {
  upstream = await FakeUpstream.start();
  gw = testGateway(upstream.url, { UPSTREAM_TIMEOUT_MS: 200 });
});

afterEach(async () => {
  await gw.close();
  await upstream.close();
});

const GOODS = '{ goods(id: "1") { id name } }';
const DETAIL = '/api/goods/detail/1';

/** The answer must never show how the gateway reached the upstream. */
function expectNothingInternal(text: string): void {
  expect(text).not.toContain(upstream.url);
  expect(text).not.toContain('127.0.0.1');
  expect(text).not.toMatch(/stack|\/api\/|node_modules|at .*\.ts/i);
}

describe('the contract error table', () => {
  it('turns code 10001 inside a 200 answer into UNAUTHENTICATED with a redirect to /login', async () => {
    upstream.on('GET', DETAIL, (_s, res) => send(res, 200, { code: 10001, message: '登录已过期', data: null }));
    const { body, text } = await gw.gql(GOODS);
    expect(body.data).toEqual({ goods: null });
    expect(body.errors?.[0]).toMatchObject({
      message: '登录已过期',
      path: ['goods'],
      extensions: { code: 'UNAUTHENTICATED', redirect: '/login' },
    });
    expectNothingInternal(text);
  });

  it('turns an HTTP 401 with an empty body into UNAUTHENTICATED', async () => {
    upstream.on('GET', DETAIL, (_s, res) => {
      res.writeHead(401);
      res.end();
    });
    const { body } = await gw.gql(GOODS);
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', redirect: '/login' });
    expect(body.errors?.[0]?.message).toBeTruthy();
  });

  it('turns a 422 into BAD_USER_INPUT with the fields and the first message of the first field', async () => {
    upstream.refuse(
      'GET',
      DETAIL,
      { number: ['数量必须是大于0的整数', '数量太大'], price: ['价格有误'] },
      'The given data was invalid.',
    );
    const { body } = await gw.gql(GOODS);
    expect(body.errors?.[0]).toMatchObject({
      message: '数量必须是大于0的整数',
      extensions: {
        code: 'BAD_USER_INPUT',
        fields: { number: ['数量必须是大于0的整数', '数量太大'], price: ['价格有误'] },
      },
    });
  });

  it('turns a 459 into CONTRACT_REQUIRED with a redirect to /dzht', async () => {
    upstream.fail('GET', DETAIL, 459, { code: 459, message: '请先签署电子合同' });
    const { body } = await gw.gql(GOODS);
    expect(body.errors?.[0]).toMatchObject({
      message: '请先签署电子合同',
      extensions: { code: 'CONTRACT_REQUIRED', redirect: '/dzht' },
    });
  });

  it('turns a 400 with a business code into BUSINESS_ERROR with the upstream code and message', async () => {
    upstream.fail('GET', DETAIL, 400, { code: 40002, message: '该商品暂不可购买' });
    const { body } = await gw.gql(GOODS);
    expect(body.errors?.[0]).toMatchObject({
      message: '该商品暂不可购买',
      extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40002 },
    });
  });

  it('does not take a 200 answer with an error code for success', async () => {
    upstream.on('GET', DETAIL, (_s, res) => send(res, 200, { code: 40001, message: '库存不足', data: goods() }));
    const { body } = await gw.gql(GOODS);
    expect(body.data).toEqual({ goods: null });
    expect(body.errors?.[0]).toMatchObject({
      message: '库存不足',
      extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40001 },
    });
  });

  it('turns a 500 into UPSTREAM_UNAVAILABLE without the upstream message', async () => {
    upstream.fail('GET', DETAIL, 500, { code: 500, message: 'SQLSTATE[42P01] relation "goods" does not exist' });
    const { body, text } = await gw.gql(GOODS);
    expect(body.errors?.[0]).toEqual({
      message: '系统繁忙，请稍候再试',
      path: ['goods'],
      locations: [{ line: 1, column: 3 }],
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
    expect(text).not.toContain('SQLSTATE');
    expectNothingInternal(text);
  });

  it('turns a body that is not the envelope into UPSTREAM_UNAVAILABLE', async () => {
    upstream.on('GET', DETAIL, (_s, res) => send(res, 200, '<html><body>502 Bad Gateway nginx</body></html>'));
    const { body, text } = await gw.gql(GOODS);
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(text).not.toContain('nginx');
  });

  it('turns a connection reset into UPSTREAM_UNAVAILABLE', async () => {
    upstream.on('GET', DETAIL, (_s, _res, req) => void req.socket.destroy());
    const { body, text } = await gw.gql(GOODS);
    expect(body.errors?.[0]).toMatchObject({
      message: '系统繁忙，请稍候再试',
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
    expectNothingInternal(text);
  });

  it('turns a refused connection into UPSTREAM_UNAVAILABLE', async () => {
    const closed = await FakeUpstream.start();
    const url = closed.url;
    await closed.close();
    const lonely = testGateway(url);
    try {
      const { body, text } = await lonely.gql(GOODS);
      expect(body.errors?.[0]?.extensions).toEqual({ code: 'UPSTREAM_UNAVAILABLE' });
      expect(text).not.toContain(url);
      expect(text).not.toContain('ECONNREFUSED');
    } finally {
      await lonely.close();
    }
  });

  it('turns an upstream that does not answer within UPSTREAM_TIMEOUT_MS into UPSTREAM_TIMEOUT', async () => {
    upstream.on('GET', DETAIL, () => delay(2_000));
    const started = performance.now();
    const { body } = await gw.gql(GOODS);
    const elapsed = performance.now() - started;
    expect(body.errors?.[0]).toMatchObject({
      message: '请求超时，请刷新页面',
      extensions: { code: 'UPSTREAM_TIMEOUT' },
    });
    expect(elapsed).toBeLessThan(1_500);
  });

  it('times out an answer whose body stops half-way', async () => {
    upstream.on('GET', DETAIL, (_s, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"code":10000,"data":');
      return delay(2_000);
    });
    const { body } = await gw.gql(GOODS);
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'UPSTREAM_TIMEOUT' });
  });

  it('answers null, not an error, for goods the upstream does not know (404)', async () => {
    const { body } = await gw.gql(GOODS);
    expect(body).toEqual({ data: { goods: null } });
  });

  it('masks unexpected failures: a broken upstream shape never shows internals', async () => {
    const { username: _missing, ...brokenBuyer } = buyer();
    upstream.ok('GET', '/api/user/base', brokenBuyer);
    upstream.ok('GET', '/api/cart/list', 'not a cart');
    const { body, text } = await gw.gql('{ cart { id } }', undefined, { authorization: 'Bearer t' });
    expect(body.errors?.[0]?.extensions?.code).toMatch(/UPSTREAM_UNAVAILABLE|UNAUTHENTICATED/);
    expectNothingInternal(text);
  });
});

describe('retries', () => {
  it('retries a GET once when the connection is reset, and answers', async () => {
    let attempts = 0;
    upstream.on('GET', DETAIL, (_s, res, req) => {
      attempts += 1;
      if (attempts === 1) req.socket.destroy();
      else send(res, 200, { code: 10000, message: '', data: goods() });
    });
    const { body } = await gw.gql(GOODS);
    expect(body).toEqual({ data: { goods: { id: '1', name: '感冒灵颗粒' } } });
    expect(upstream.calls('GET', DETAIL)).toHaveLength(2);
  });

  it('retries a GET only once', async () => {
    upstream.on('GET', DETAIL, (_s, _res, req) => void req.socket.destroy());
    await gw.gql(GOODS);
    expect(upstream.calls('GET', DETAIL)).toHaveLength(2);
  });

  it('never retries a POST: an add to cart reaches the upstream at most once', async () => {
    upstream.on('POST', '/api/cart', (_s, _res, req) => void req.socket.destroy());
    const { body } = await gw.gql(
      'mutation { addToCart(lines: [{ goodsId: "1", number: 2 }]) { message } }',
      undefined,
      {
        authorization: 'Bearer t',
      },
    );
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(upstream.calls('POST', '/api/cart')).toHaveLength(1);
  });

  it('does not retry a GET that timed out', async () => {
    upstream.on('GET', DETAIL, () => delay(1_000));
    await gw.gql(GOODS);
    expect(upstream.calls('GET', DETAIL)).toHaveLength(1);
  });
});

describe('credentials and cookies', () => {
  it('forwards the Authorization and Cookie headers of the GraphQL request', async () => {
    upstream.ok('GET', DETAIL, goods());
    await gw.gql(GOODS, undefined, { authorization: 'Bearer abc', cookie: 'token=xyz; theme=dark' });
    expect(upstream.calls('GET', DETAIL)[0]).toMatchObject({
      authorization: 'Bearer abc',
      cookie: 'token=xyz; theme=dark',
    });
  });

  it('sends no credentials for a visitor', async () => {
    upstream.ok('GET', DETAIL, goods());
    await gw.gql(GOODS);
    expect(upstream.calls('GET', DETAIL)[0]).toMatchObject({ authorization: undefined, cookie: undefined });
  });

  it('relays every Set-Cookie of the upstream intact, one header each', async () => {
    const cookies = [
      'token=t0k3n; HttpOnly; Path=/; SameSite=Lax; Max-Age=604800',
      'seen=1; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT',
    ];
    upstream.on('POST', '/api/user/login', (_s, res) =>
      send(
        res,
        200,
        { code: 10000, message: '登录成功', data: { token: 't0k3n', user: buyer() } },
        { 'set-cookie': cookies },
      ),
    );
    const url = await gw.listen();
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation { login(username: "demo", password: "demo1234") { token user { id } } }',
      }),
    });
    expect(response.headers.getSetCookie()).toEqual(cookies);
    expect(await response.json()).toEqual({ data: { login: { token: 't0k3n', user: { id: '7' } } } });
  });
});

describe('CACHE-02: decoded GET answers kept by their bytes', () => {
  it('a changed answer is read as changed, and a buyer sees only the answer given to them', async () => {
    // The response cache (CACHE-01) would answer the second read itself: this is the REST client's own table.
    await gw.close();
    gw = testGateway(upstream.url, { RESPONSE_CACHE: 'off' });
    upstream.ok('GET', DETAIL, goods({ id: 1, name: '感冒灵颗粒' }));
    expect((await gw.gql(GOODS)).body.data).toEqual({ goods: { id: '1', name: '感冒灵颗粒' } });
    expect((await gw.gql(GOODS)).body.data).toEqual({ goods: { id: '1', name: '感冒灵颗粒' } });
    upstream.ok('GET', DETAIL, goods({ id: 1, name: '感冒灵颗粒(无蔗糖)' }));
    expect((await gw.gql(GOODS)).body.data).toEqual({ goods: { id: '1', name: '感冒灵颗粒(无蔗糖)' } });
    // Per buyer: two sessions answered different bytes for the same path each get their own.
    upstream.on('GET', '/api/user/base', (req, res) =>
      send(res, 200, {
        code: 200,
        message: 'success',
        data: buyer(req.authorization === 'Bearer a' ? { username: 'buyer-a' } : { username: 'buyer-b' }),
      }),
    );
    const me = '{ me { username } }';
    expect((await gw.gql(me, undefined, { authorization: 'Bearer a' })).body.data).toEqual({
      me: { username: 'buyer-a' },
    });
    expect((await gw.gql(me, undefined, { authorization: 'Bearer b' })).body.data).toEqual({
      me: { username: 'buyer-b' },
    });
    expect((await gw.gql(me, undefined, { authorization: 'Bearer a' })).body.data).toEqual({
      me: { username: 'buyer-a' },
    });
  });

  it('an answer outside its description is refused every time, not kept', async () => {
    upstream.ok('GET', DETAIL, { id: 'not a number' });
    for (let i = 0; i < 2; i++) {
      expect((await gw.gql(GOODS)).body.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    }
    expect(upstream.calls('GET', DETAIL)).toHaveLength(2);
  });
});
