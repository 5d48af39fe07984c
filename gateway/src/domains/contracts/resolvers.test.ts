import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });
const AUTH = BUYER_AUTH;

const contract = (signed: boolean) => ({
  version: 3,
  title: '药品购销合同',
  content: '<h2>第一条</h2><p onclick="x()">甲方：康泰医药零售</p><script>alert(1)</script>',
  party_a: '康泰医药零售',
  party_b: '药采通医药采购平台',
  date: '2026年11月25日',
  published_at: '2026-08-01T00:00:00.000Z',
  signed: signed ? 1 : 0,
  signed_at: signed ? '2026-11-25T02:00:00.000Z' : null,
  signer_name: signed ? '王芳' : null,
});

const FIELDS = 'id version title html buyerCompany platform date signed signedAt signerName';
const REFUSED = { code: 459, message: '请先签署电子合同后再下单', data: null };

describe('the e-contract (CONTRACT-02, CONTRACT-03)', () => {
  it('CONTRACT-02: reads the contract in force with its text sanitised (INFO-02)', async () => {
    upstream.ok('GET', '/api/user/contract', contract(false));
    const { body } = await gw.gql(`{ contract { ${FIELDS} } }`, undefined, AUTH);
    expect(body.data).toEqual({
      contract: {
        id: '3',
        version: 3,
        title: '药品购销合同',
        html: '<h2>第一条</h2><p>甲方：康泰医药零售</p>',
        buyerCompany: '康泰医药零售',
        platform: '药采通医药采购平台',
        date: '2026年11月25日',
        signed: false,
        signedAt: null,
        signerName: null,
      },
    });
  });

  it('CONTRACT-02: is null for a visitor without asking the upstream, and while none is published', async () => {
    const visitor = await gw.gql('{ contract { id } }');
    expect(visitor.body).toEqual({ data: { contract: null } });
    expect(upstream.seen.filter((s) => s.path === '/api/user/contract')).toEqual([]);
    upstream.fail('GET', '/api/user/contract', 404, { code: 404, message: '平台暂未发布电子合同' });
    expect((await gw.gql('{ contract { id } }', undefined, AUTH)).body).toEqual({ data: { contract: null } });
  });

  it('CONTRACT-03: signs with the version, the typed name and agree=1, and answers the signed contract', async () => {
    upstream.ok('POST', '/api/user/contract/sign', contract(true), '合同签署成功');
    const { body } = await gw.gql(
      `mutation($v: Int!, $n: String!) { signContract(version: $v, signerName: $n, agree: true) {
        message contract { id signed signedAt signerName } } }`,
      { v: 3, n: '王芳' },
      AUTH,
    );
    expect(body.data).toEqual({
      signContract: {
        message: '合同签署成功',
        contract: { id: '3', signed: true, signedAt: '2026-11-25T02:00:00.000Z', signerName: '王芳' },
      },
    });
    const sent = upstream.seen.find((s) => s.path === '/api/user/contract/sign');
    expect(sent?.form).toEqual({ version: '3', signer_name: '王芳', agree: '1' });
  });

  it('CONTRACT-03: an old version is BAD_USER_INPUT with the field the upstream named', async () => {
    upstream.refuse('POST', '/api/user/contract/sign', { version: ['合同已更新，请阅读最新版本后再签署'] });
    const { body } = await gw.gql(
      'mutation { signContract(version: 2, signerName: "王芳", agree: true) { message } }',
      undefined,
      AUTH,
    );
    expect(body.errors?.[0]).toMatchObject({
      message: '合同已更新，请阅读最新版本后再签署',
      extensions: { code: 'BAD_USER_INPUT', fields: { version: ['合同已更新，请阅读最新版本后再签署'] } },
    });
  });
});

describe('an unsigned company (CONTRACT-04, ERR-04)', () => {
  it('CONTRACT-04: placing an order answers CONTRACT_REQUIRED with the redirect to /dzht, not a user error', async () => {
    upstream.on('POST', '/api/order', (_s, res) => send(res, 459, REFUSED));
    const { body } = await gw.gql(
      `mutation { placeOrder(input: { cartLineIds: ["100"], addressId: "31", idempotencyKey: "key-0001" }) {
        order { id } userErrors { code } } }`,
      undefined,
      AUTH,
    );
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: '请先签署电子合同后再下单',
        extensions: { code: 'CONTRACT_REQUIRED', redirect: '/dzht' },
      }),
    ]);
  });

  it('CONTRACT-04: paying an order answers CONTRACT_REQUIRED as well', async () => {
    upstream.on('POST', '/api/order/900/pay', (_s, res) => send(res, 459, REFUSED));
    const { body } = await gw.gql(
      'mutation { payOrder(orderId: "900", method: BALANCE) { order { id } } }',
      undefined,
      AUTH,
    );
    expect(body.errors?.[0]).toMatchObject({
      message: '请先签署电子合同后再下单',
      extensions: { code: 'CONTRACT_REQUIRED', redirect: '/dzht' },
    });
  });
});
