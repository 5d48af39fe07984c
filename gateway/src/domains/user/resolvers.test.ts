import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { SHIP_TO, address, buyer, visitor } from '../../testkit/fixtures';
import { sendLogin } from '../../testkit/login';

const { upstream, gw } = useGatewayOnFakeUpstream();

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
    upstream.fail('GET', '/api/user/base', 401, { code: 10001, message: '请先登录' });
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

describe('customer service and the social account of the side bar', () => {
  const SIDE = '{ site { canChat chatUrl serviceQq socialAccount { name qrCodeUrl } } }';
  const common = { hot_line: '400', qq1: '10001', qq2: '10002' };

  it('SHELL-08: embeds the chat only when it is offered and the deployment configures its address', async () => {
    upstream.ok('GET', '/api/user/base', buyer({ is_can_chat: 1, chat_url: 'https://chat.example.cn/w' }));
    expect((await gw.gql(SIDE)).body.data?.site).toMatchObject({ canChat: true, chatUrl: 'https://chat.example.cn/w' });
    // Offered, but no chat service here: not open, the QQ contacts instead.
    upstream.ok('GET', '/api/user/base', buyer({ is_can_chat: 1, chat_url: null }));
    expect((await gw.gql(SIDE)).body.data?.site).toMatchObject({ canChat: true, chatUrl: null });
    // Not offered to this buyer: never the address, whatever is configured.
    upstream.ok('GET', '/api/user/base', buyer({ is_can_chat: 0, chat_url: 'https://chat.example.cn/w' }));
    expect((await gw.gql(SIDE)).body.data?.site).toMatchObject({
      canChat: false,
      chatUrl: null,
      serviceQq: ['10001', '10002'],
    });
  });

  it('SHELL-08: answers the social account with its QR code picture, or null when none is configured', async () => {
    upstream.ok(
      'GET',
      '/api/user/base',
      visitor({
        common_config: { ...common, gzh_name: '药采通服务号', gzh_qrcode: 'http://up.test/api/images/social-qr.svg' },
      }),
    );
    expect((await gw.gql(SIDE)).body.data?.site).toMatchObject({
      socialAccount: { name: '药采通服务号', qrCodeUrl: 'http://up.test/api/images/social-qr.svg' },
    });
    upstream.ok(
      'GET',
      '/api/user/base',
      visitor({ common_config: { ...common, gzh_name: '药采通服务号', gzh_qrcode: null } }),
    );
    expect((await gw.gql(SIDE)).body.data?.site).toMatchObject({ socialAccount: null });
  });
});

describe('signing in and out', () => {
  it('sends the credentials form-encoded and returns the token and the buyer', async () => {
    upstream.on('POST', '/api/user/login', (_s, res) => sendLogin(res));
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
    upstream.refuse('POST', '/api/user/login', { password: ['用户名或密码错误'] }, 'invalid');
    const { body } = await gw.gql('mutation { login(username: "demo", password: "x") { token } }');
    expect(body.data).toBeNull();
    expect(body.errors?.[0]).toMatchObject({
      message: '用户名或密码错误',
      extensions: { code: 'BAD_USER_INPUT', fields: { password: ['用户名或密码错误'] } },
    });
  });

  it('SEC-05: hands out no session when a login is right and another field of the answer failed', async () => {
    upstream.on('POST', '/api/user/login', (_s, res) => sendLogin(res));
    // Aliased logins are refused before they run (SEC-06); a login beside a failing field is the case left.
    const { body, headers } = await gw.gql(
      'mutation { login(username: "demo", password: "demo1234") { token } sendVerificationCode(phone: "123", purpose: REGISTER) { resendIn } }',
    );
    expect(upstream.calls('POST', '/api/user/login')).toHaveLength(1);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(headers.getSetCookie()).toEqual([]);
  });

  it('ends the session upstream and relays the expired cookie', async () => {
    upstream.on('DELETE', '/api/user/logout', (_s, res) =>
      send(
        res,
        200,
        { code: 10000, message: '已退出', data: { ended: true } },
        { 'set-cookie': 'token=; Path=/; Max-Age=0' },
      ),
    );
    const { body, headers } = await gw.gql('mutation { logout }', undefined, { cookie: 'token=tok' });
    expect(body).toEqual({ data: { logout: true } });
    expect(headers.getSetCookie()).toEqual(['token=; Path=/; Max-Age=0']);
    expect(upstream.calls('DELETE', '/api/user/logout')[0]?.cookie).toBe('token=tok');
  });
});

const AUTH = BUYER_AUTH;
/** The address form as a buyer types it, the consignee padded with spaces the gateway trims. */
const ADDRESS_INPUT = { ...SHIP_TO, consignee: ' 王五 ' };

describe('delivery addresses', () => {
  it('lists the company’s addresses with the default first', async () => {
    upstream.ok('GET', '/api/user/base', buyer());
    upstream.ok('GET', '/api/user/address', [
      address({ id: 30, is_default: 0, consignee: '赵六' }),
      address({ id: 31, is_default: 1 }),
    ]);
    const { body } = await gw.gql(
      '{ me { addresses { id consignee phone province city district address isDefault } } }',
      {},
      AUTH,
    );
    expect(body.data).toEqual({
      me: {
        addresses: [
          { id: '31', ...SHIP_TO, isDefault: true },
          { id: '30', ...SHIP_TO, consignee: '赵六', isDefault: false },
        ],
      },
    });
  });

  it('creates an address from a trimmed form and answers it as saved', async () => {
    upstream.ok('POST', '/api/user/address', address({ id: 32, is_default: 1 }));
    const { body } = await gw.gql(
      'mutation($input: AddressInput!) { createAddress(input: $input) { address { id consignee isDefault } } }',
      { input: { ...ADDRESS_INPUT, isDefault: true } },
      AUTH,
    );
    expect(body.data).toEqual({ createAddress: { address: { id: '32', consignee: '王五', isDefault: true } } });
    expect(upstream.form('POST', '/api/user/address')).toEqual({ ...SHIP_TO, is_default: '1' });
  });

  it('passes a bad phone as BAD_USER_INPUT naming the field', async () => {
    upstream.refuse('POST', '/api/user/address', { phone: ['手机号码格式不正确'] }, 'invalid');
    const { body } = await gw.gql(
      'mutation($input: AddressInput!) { createAddress(input: $input) { address { id } } }',
      { input: { ...ADDRESS_INPUT, phone: '12345' } },
      AUTH,
    );
    expect(body.errors?.[0]).toMatchObject({
      message: '手机号码格式不正确',
      extensions: { code: 'BAD_USER_INPUT', fields: { phone: ['手机号码格式不正确'] } },
    });
  });

  it('updates an address, keeping its default standing when none is given', async () => {
    upstream.ok('POST', '/api/user/address/31', address({ id: 31, city: '深圳市' }));
    const { body } = await gw.gql(
      'mutation($input: AddressInput!) { updateAddress(id: "31", input: $input) { address { id city } } }',
      { input: { ...ADDRESS_INPUT, city: '深圳市' } },
      AUTH,
    );
    expect(body.data).toEqual({ updateAddress: { address: { id: '31', city: '深圳市' } } });
    expect(upstream.form('POST', '/api/user/address/31')).not.toHaveProperty('is_default');
  });

  it('removes an address, and answers false when there was none of the buyer’s', async () => {
    upstream.ok('DELETE', '/api/user/address/31', null, '删除成功');
    const removed = await gw.gql('mutation { deleteAddress(id: "31") }', {}, AUTH);
    expect(removed.body).toEqual({ data: { deleteAddress: true } });
    const missing = await gw.gql('mutation { deleteAddress(id: "99") }', {}, AUTH);
    expect(missing.body).toEqual({ data: { deleteAddress: false } });
    expect(upstream.calls('DELETE', '/api/user/address/99')).toHaveLength(1);
  });

  it('fails address changes with UNAUTHENTICATED for a visitor', async () => {
    upstream.fail('POST', '/api/user/address', 401, { code: 10001, message: '请先登录' });
    const { body } = await gw.gql(
      'mutation($input: AddressInput!) { createAddress(input: $input) { address { id } } }',
      { input: ADDRESS_INPUT },
    );
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', redirect: '/login' });
  });
});
