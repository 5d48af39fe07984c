import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });

const SWITCH = 'mutation($id: ID!) { switchStore(id: $id) { token user { id username } } }';
const COOKIE = 'token=tok3; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax';

describe('switching store accounts (ACCOUNT-20)', () => {
  it('relays the new session’s cookie exactly as login does on success', async () => {
    upstream.on('POST', '/api/user/stores/9/switch', (_s, res) =>
      send(
        res,
        200,
        { code: 10000, message: '已切换门店', data: { token: 'tok3', user: buyer({ id: 9, username: 'demo3' }) } },
        { 'set-cookie': COOKIE },
      ),
    );
    const { body, headers } = await gw.gql(SWITCH, { id: '9' }, { cookie: 'token=tok1' });
    expect(body).toEqual({ data: { switchStore: { token: 'tok3', user: { id: '9', username: 'demo3' } } } });
    expect(headers.getSetCookie()).toEqual([COOKIE]);
    const [seen] = upstream.calls('POST', '/api/user/stores/9/switch');
    expect(seen?.cookie).toBe('token=tok1');
  });

  it('sets no cookie when the upstream refuses another company’s store as an unknown one', async () => {
    upstream.fail('POST', '/api/user/stores/2/switch', 404, { code: 404, message: '门店账号不存在' });
    const { body, headers } = await gw.gql(SWITCH, { id: '2' }, { cookie: 'token=tok1' });
    expect(body.data).toBeNull();
    expect(body.errors?.[0]).toMatchObject({
      message: '门店账号不存在',
      extensions: { code: 'BUSINESS_ERROR', upstreamCode: 404 },
    });
    expect(headers.getSetCookie()).toEqual([]);
  });

  it('refuses an id that is no record id without asking the upstream, and sets no cookie', async () => {
    const { body, headers } = await gw.gql(SWITCH, { id: '../9' }, { cookie: 'token=tok1' });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(headers.getSetCookie()).toEqual([]);
    expect(upstream.calls('POST', '/api/user/stores/9/switch')).toHaveLength(0);
  });

  it('answers the buyer’s own store', async () => {
    upstream.ok('GET', '/api/user/store', {
      id: 7,
      username: 'demo',
      name: '李明',
      store_name: '仁心大药房（文三路总店）',
      address: '',
    });
    const { body } = await gw.gql('{ me { store { id storeName address } } }', undefined, { cookie: 'token=tok1' });
    expect(body.data).toEqual({ me: { store: { id: '7', storeName: '仁心大药房（文三路总店）', address: null } } });
  });

  it('names the ordering store from the base data, and none when the upstream does not say (STORE-04)', async () => {
    upstream.ok('GET', '/api/user/base', buyer({ id: 9, store_name: '仁心大药房（滨江店）' }));
    const named = await gw.gql('{ me { storeName } }', undefined, { cookie: 'token=tok3' });
    expect(named.body.data).toEqual({ me: { storeName: '仁心大药房（滨江店）' } });
    expect(upstream.calls('GET', '/api/user/store')).toHaveLength(0);

    const { store_name: _left, ...withoutField } = buyer({ id: 9 });
    upstream.ok('GET', '/api/user/base', withoutField);
    const unnamed = await gw.gql('{ me { storeName } }', undefined, { cookie: 'token=tok3' });
    expect(unnamed.body.data).toEqual({ me: { storeName: null } });
  });

  it('lists the company’s other stores with their names and addresses', async () => {
    upstream.ok('GET', '/api/user/stores', [
      {
        id: 9,
        username: 'demo3',
        name: '李明',
        store_name: '仁心大药房（滨江店）',
        address: '浙江省杭州市滨江区江南大道 1000 号',
      },
      { id: 10, username: 'demo4', name: '', store_name: '', address: '' },
    ]);
    const { body } = await gw.gql('{ me { storeAccounts { id username name storeName address } } }', undefined, {
      cookie: 'token=tok1',
    });
    expect(body.data).toEqual({
      me: {
        storeAccounts: [
          {
            id: '9',
            username: 'demo3',
            name: '李明',
            storeName: '仁心大药房（滨江店）',
            address: '浙江省杭州市滨江区江南大道 1000 号',
          },
          { id: '10', username: 'demo4', name: null, storeName: null, address: null },
        ],
      },
    });
  });
});
