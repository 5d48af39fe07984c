import { beforeEach, describe, expect, it } from 'vitest';
import { redisReady, useGatewaysOnFakeUpstream } from '../testkit/gateway';
import { buyer, goods } from '../testkit/fixtures';
import { runsWithRedis, sharedRedis } from '../testkit/config';

const { upstream, gatewayWith } = useGatewaysOnFakeUpstream();

beforeEach(() => {
  upstream.ok('GET', '/api/goods/detail/3', goods({ id: 3, name: '感冒灵颗粒' }));
  upstream.ok('GET', '/api/user/base', buyer());
});

const GOODS = '{ goods(id: "3") { id name } }';
const detailCalls = () => upstream.calls('GET', '/api/goods/detail/3').length;

describe('CACHE-01: public answers are reused', () => {
  it('answers a goods page again without asking the upstream', async () => {
    const gw = gatewayWith();
    const first = await gw.gql(GOODS);
    const second = await gw.gql(GOODS);
    expect(second.body.data).toEqual(first.body.data);
    expect(first.body.data).toEqual({ goods: { id: '3', name: '感冒灵颗粒' } });
    expect(detailCalls()).toBe(1);
  });

  it('keeps each buyer’s answers apart from visitors’ and from other buyers’', async () => {
    const gw = gatewayWith();
    await gw.gql(GOODS);
    await gw.gql(GOODS, {}, { authorization: 'Bearer buyer-a' });
    await gw.gql(GOODS, {}, { authorization: 'Bearer buyer-b' });
    expect(detailCalls()).toBe(3);
    await gw.gql(GOODS, {}, { authorization: 'Bearer buyer-a' });
    expect(detailCalls()).toBe(3);
  });

  it('never caches an answer that holds the buyer’s own data', async () => {
    const gw = gatewayWith();
    const query = '{ goods(id: "3") { id } me { id } }';
    await gw.gql(query, {}, { authorization: 'Bearer buyer-a' });
    await gw.gql(query, {}, { authorization: 'Bearer buyer-a' });
    expect(detailCalls()).toBe(2);
  });

  it('drops a cached answer when a mutation answers one of its goods', async () => {
    upstream.ok('POST', '/api/favorite', [goods({ id: 3 })], '收藏成功');
    const gw = gatewayWith();
    const auth = { authorization: 'Bearer buyer-a' };
    await gw.gql(GOODS, {}, auth);
    await gw.gql('mutation { addFavorite(goodsIds: ["3"]) { goods { id isFavorite } } }', {}, auth);
    await gw.gql(GOODS, {}, auth);
    expect(detailCalls()).toBe(2);
  });
});

describe.skipIf(!runsWithRedis)('ADR 0209: one cache for every replica', () => {
  it('reuses on one gateway what another cached, and invalidates it for both', async () => {
    upstream.ok('POST', '/api/favorite', [goods({ id: 3 })], '收藏成功');
    const shared = sharedRedis();
    const [first, second] = [gatewayWith(shared), gatewayWith(shared)];
    await Promise.all([redisReady(first), redisReady(second)]);
    const auth = { authorization: 'Bearer buyer-a' };
    await first.gql(GOODS, {}, auth);
    const reused = await second.gql(GOODS, {}, auth);
    expect(reused.body.data).toEqual({ goods: { id: '3', name: '感冒灵颗粒' } });
    expect(detailCalls()).toBe(1);
    await first.gql('mutation { addFavorite(goodsIds: ["3"]) { goods { id isFavorite } } }', {}, auth);
    await second.gql(GOODS, {}, auth);
    expect(detailCalls()).toBe(2);
  });
});
