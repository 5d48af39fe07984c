import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeUpstream, send } from '../../testkit/fake-upstream';
import { testGateway, type TestGateway } from '../../testkit/gateway';
import { buyer, visitor } from '../../testkit/fixtures';

let upstream: FakeUpstream;
let gw: TestGateway;

beforeEach(async () => {
  upstream = await FakeUpstream.start();
  gw = testGateway(upstream.url);
});
afterEach(async () => {
  await gw.close();
  await upstream.close();
});

const ME_AND_SITE = `{
  me { id username company name phone avatarUrl points messageCount accountManager { name phone isDedicated } }
  site { hotline serviceQq canChat qualityInspection { url message } serverTime }
}`;

describe('the signed-in buyer and the site', () => {
  it('answers the buyer and the site settings from one base call', async () => {
    upstream.ok('GET', '/api/user/base', buyer());
    const { body } = await gw.gql(ME_AND_SITE, undefined, { authorization: 'Bearer t' });
    expect(body).toEqual({
      data: {
        me: {
          id: '7',
          username: 'demo',
          company: '仁心大药房',
          name: '张三',
          phone: '13800000000',
          avatarUrl: null,
          points: 120,
          messageCount: 3,
          accountManager: { name: '李经理', phone: '13900000000', isDedicated: true },
        },
        site: {
          hotline: '400-800-8888',
          serviceQq: ['10001', '10002'],
          canChat: true,
          qualityInspection: { url: 'https://qc.example.com', message: null },
          serverTime: new Date(1_795_000_000 * 1000).toISOString(),
        },
      },
    });
    expect(upstream.calls('GET', '/api/user/base')).toHaveLength(1);
  });

  it('answers me: null for a visitor, with the site settings still there', async () => {
    upstream.ok('GET', '/api/user/base', visitor());
    const { body } = await gw.gql(ME_AND_SITE);
    expect(body.errors).toBeUndefined();
    expect(body.data?.me).toBeNull();
    expect(body.data?.site).toMatchObject({
      serviceQq: ['10001'],
      canChat: false,
      qualityInspection: { url: null, message: '质检报告整理中' },
    });
  });

  it('answers me: null when the upstream says the session ended (401)', async () => {
    upstream.on('GET', '/api/user/base', (_s, res) => send(res, 401, { code: 10001, message: '请先登录', data: null }));
    const { body } = await gw.gql('{ me { id } }', undefined, { cookie: 'token=expired' });
    expect(body).toEqual({ data: { me: null } });
  });

  it('labels the default account manager pool as not dedicated, and no manager as null', async () => {
    upstream.ok('GET', '/api/user/base', buyer({ admin: { name: '客服', phone: '400', is_default: 1 } }));
    expect((await gw.gql('{ me { accountManager { isDedicated } } }')).body.data).toEqual({
      me: { accountManager: { isDedicated: false } },
    });
    upstream.ok('GET', '/api/user/base', buyer({ admin: null }));
    expect((await gw.gql('{ me { accountManager { name } } }')).body.data).toEqual({ me: { accountManager: null } });
  });
});

describe('signing in and out', () => {
  it('sends the credentials form-encoded and returns the token and the buyer', async () => {
    upstream.on('POST', '/api/user/login', (_s, res) =>
      send(
        res,
        200,
        { code: 10000, message: '登录成功', data: { token: 'tok', user: buyer() } },
        {
          'set-cookie': 'token=tok; HttpOnly; Path=/; SameSite=Lax; Max-Age=604800',
        },
      ),
    );
    const { body, headers } = await gw.gql(
      'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token user { id username company } } }',
      { u: 'demo', p: 'demo 1234&x' },
    );
    expect(body).toEqual({
      data: { login: { token: 'tok', user: { id: '7', username: 'demo', company: '仁心大药房' } } },
    });
    expect(headers.getSetCookie()).toEqual(['token=tok; HttpOnly; Path=/; SameSite=Lax; Max-Age=604800']);
    const [seen] = upstream.calls('POST', '/api/user/login');
    expect(seen?.contentType).toBe('application/x-www-form-urlencoded');
    expect(seen?.form).toEqual({ username: 'demo', password: 'demo 1234&x' });
  });

  it('fails wrong credentials with BAD_USER_INPUT and the upstream message', async () => {
    upstream.on('POST', '/api/user/login', (_s, res) =>
      send(res, 422, { code: 422, message: 'invalid', data: { password: ['用户名或密码错误'] } }),
    );
    const { body } = await gw.gql('mutation { login(username: "demo", password: "x") { token } }');
    expect(body.data).toBeNull();
    expect(body.errors?.[0]).toMatchObject({
      message: '用户名或密码错误',
      extensions: { code: 'BAD_USER_INPUT', fields: { password: ['用户名或密码错误'] } },
    });
  });

  it('ends the session upstream and relays the expired cookie', async () => {
    upstream.on('DELETE', '/api/user/logout', (_s, res) =>
      send(res, 200, { code: 10000, message: '已退出', data: null }, { 'set-cookie': 'token=; Path=/; Max-Age=0' }),
    );
    const { body, headers } = await gw.gql('mutation { logout }', undefined, { cookie: 'token=tok' });
    expect(body).toEqual({ data: { logout: true } });
    expect(headers.getSetCookie()).toEqual(['token=; Path=/; Max-Age=0']);
    expect(upstream.calls('DELETE', '/api/user/logout')[0]?.cookie).toBe('token=tok');
  });
});
