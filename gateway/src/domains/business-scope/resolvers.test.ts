import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { useGatewaysOnFakeUpstream } from '../../testkit/gateway';
import { goods, page } from '../../testkit/fixtures';

// SCOPE-02, SCOPE-05: a goods' class for everyone, and whether it lies outside the asking buyer's scope, per buyer.

const { upstream, gatewayWith } = useGatewaysOnFakeUpstream();

const PHARMACY = { authorization: 'Bearer pharmacy' };
const CLINIC = { authorization: 'Bearer clinic' };

/** The scope classes of each buyer's company, by the token the gateway forwards; a visitor has none. */
function scopes() {
  upstream.on('GET', '/api/user/scope_classes', (seen, res) => {
    const classes =
      seen.authorization === PHARMACY.authorization
        ? ['CHEMICAL', 'PATENT', 'SLICES']
        : seen.authorization === CLINIC.authorization
          ? ['CHEMICAL', 'PATENT', 'COLD_CHAIN']
          : null;
    send(res, 200, { code: 10000, message: 'success', data: { classes } });
  });
}

const PAGE = page([
  goods({ id: 1, scope_class: 'COLD_CHAIN' }),
  goods({ id: 2, scope_class: 'SLICES' }),
  goods({ id: 3, scope_class: 'CHEMICAL' }),
]);
const LIST = '{ goodsList(page: 1, pageSize: 20) { items { id scopeClass scopeClassName outOfScope } } }';
const marks = (body: { data?: unknown }) =>
  (body.data as { goodsList: { items: { outOfScope: boolean | null }[] } }).goodsList.items.map((g) => g.outOfScope);

describe('Goods.outOfScope', () => {
  it('marks goods outside each buyer’s own scope, reading the scope once per operation', async () => {
    scopes();
    upstream.ok('GET', '/api/goods/list', PAGE);
    const gw = gatewayWith({ RESPONSE_CACHE: 'off' });
    const pharmacy = await gw.gql(LIST, {}, PHARMACY);
    expect(pharmacy.body.data).toEqual({
      goodsList: {
        items: [
          { id: '1', scopeClass: 'COLD_CHAIN', scopeClassName: '冷藏冷冻药品', outOfScope: true },
          { id: '2', scopeClass: 'SLICES', scopeClassName: '中药饮片', outOfScope: false },
          { id: '3', scopeClass: 'CHEMICAL', scopeClassName: '化学药制剂', outOfScope: false },
        ],
      },
    });
    expect(upstream.calls('GET', '/api/user/scope_classes')).toHaveLength(1);
    // Another company's buyer reads its own scope, not the pharmacy's.
    expect(marks((await gw.gql(LIST, {}, CLINIC)).body)).toEqual([false, true, false]);
  });

  it('is null for a visitor, without asking the upstream', async () => {
    scopes();
    upstream.ok('GET', '/api/goods/list', PAGE);
    const gw = gatewayWith({ RESPONSE_CACHE: 'off' });
    const visitor = await gw.gql(LIST);
    expect(marks(visitor.body)).toEqual([null, null, null]);
    expect(upstream.calls('GET', '/api/user/scope_classes')).toHaveLength(0);
  });

  it('CACHE-01: a cached answer never carries one buyer’s marks to another buyer or to visitors', async () => {
    scopes();
    upstream.ok('GET', '/api/goods/detail/1', goods({ id: 1, scope_class: 'COLD_CHAIN' }));
    const gw = gatewayWith();
    const query = '{ goods(id: "1") { id outOfScope } }';
    const asked = async (headers?: Record<string, string>) =>
      (await gw.gql(query, {}, headers)).body.data as { goods: { outOfScope: boolean | null } };
    expect((await asked(PHARMACY)).goods.outOfScope).toBe(true);
    expect((await asked()).goods.outOfScope).toBeNull();
    expect((await asked(CLINIC)).goods.outOfScope).toBe(false);
    // Answered again from the cache, each to its own asker.
    expect((await asked(PHARMACY)).goods.outOfScope).toBe(true);
    expect((await asked()).goods.outOfScope).toBeNull();
    expect((await asked(CLINIC)).goods.outOfScope).toBe(false);
    expect(upstream.calls('GET', '/api/goods/detail/1')).toHaveLength(3);
  });

  it('is null with an error when the scope cannot be read, leaving the rest of the goods', async () => {
    upstream.on('GET', '/api/user/scope_classes', (_seen, res) => send(res, 500, { code: 500, message: 'x' }));
    upstream.ok('GET', '/api/goods/detail/1', goods({ id: 1 }));
    const gw = gatewayWith({ RESPONSE_CACHE: 'off' });
    const { body } = await gw.gql('{ goods(id: "1") { id name outOfScope } }', {}, PHARMACY);
    expect(body.data).toEqual({ goods: { id: '1', name: '感冒灵颗粒', outOfScope: null } });
    expect(body.errors).toHaveLength(1);
  });
});

describe('business errors of the cart', () => {
  it('SCOPE-03: relays the refusal of goods outside the scope as BUSINESS_ERROR 40160 with its wording', async () => {
    upstream.fail('POST', '/api/cart/quick_add/1', 400, { code: 40160, message: '该商品超出贵公司经营范围，无法购买' });
    const gw = gatewayWith();
    const { body } = await gw.gql('mutation { quickAddToCart(goodsId: "1") { message } }', {}, PHARMACY);
    expect(body.errors?.[0]).toMatchObject({
      message: '该商品超出贵公司经营范围，无法购买',
      extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40160 },
    });
  });
});
