import { describe, expect, it } from 'vitest';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { combinationGroup, goods } from '../../testkit/fixtures';
import type { CombinationMapper } from './mappers';

const { upstream, gw } = useGatewayOnFakeUpstream();

const giftGroup = combinationGroup({
  id: 1,
  type: 1,
  name: '仁和药业组合满赠',
  describe: '本组商品合计满500元，赠板蓝根颗粒1袋',
  threshold: 50000,
  gift_goods_id: 23,
  gift_goods_name: '板蓝根颗粒',
  gift_number: 1,
  goods_count: 8,
  set_price: null,
  original_price: 43210,
});
const bundleGroup = combinationGroup({ set_price: 4820, original_price: 5360 });

const GROUP_FIELDS = `id kind name description threshold { fen } giftGoodsName giftNumber goodsCount setPrice { fen amount }
  originalPrice { fen } startsAt endsAt`;

describe('combination groups', () => {
  it('lists full-gift groups by default, with threshold and gift and no set price', async () => {
    upstream.ok('GET', '/api/combinationMzhgGroup', [giftGroup]);
    const { body } = await gw.gql(`{ combinationGroups { ${GROUP_FIELDS} } }`);
    expect(body).toEqual({
      data: {
        combinationGroups: [
          {
            id: '1',
            kind: 'FULL_GIFT',
            name: '仁和药业组合满赠',
            description: '本组商品合计满500元，赠板蓝根颗粒1袋',
            threshold: { fen: 50000 },
            giftGoodsName: '板蓝根颗粒',
            giftNumber: 1,
            goodsCount: 8,
            setPrice: null,
            originalPrice: { fen: 43210 },
            startsAt: '2026-11-19T12:00:00.000Z',
            endsAt: '2027-01-21T12:00:00.000Z',
          },
        ],
      },
    });
    expect(upstream.query('GET', '/api/combinationMzhgGroup')).toEqual({ type: '1' });
  });

  it('asks for bundles with type 2 and answers their set price', async () => {
    upstream.ok('GET', '/api/combinationMzhgGroup', [bundleGroup]);
    const { body } = await gw.gql(`{ combinationGroups(kind: BUNDLE) { ${GROUP_FIELDS} } }`);
    expect(body.data?.combinationGroups).toEqual([
      expect.objectContaining({
        kind: 'BUNDLE',
        threshold: null,
        giftNumber: null,
        setPrice: { fen: 4820, amount: '48.20' },
      }),
    ]);
    expect(upstream.query('GET', '/api/combinationMzhgGroup')).toEqual({ type: '2' });
  });

  it('fails as UPSTREAM_UNAVAILABLE on an answer that is not a list of groups', async () => {
    upstream.ok('GET', '/api/combinationMzhgGroup', { groups: [] });
    const { body } = await gw.gql('{ combinationGroups { id } }');
    expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
  });
});

describe('one combination', () => {
  it('answers the group, its goods with number and combination price, in one upstream call', async () => {
    const detail: CombinationMapper = {
      ...bundleGroup,
      gift_goods: null,
      goods: [
        { ...goods({ id: 75, price: 380 }), combination: { number: 2, price: 340 } },
        { ...goods({ id: 985, price: 4600 }), combination: { number: 1, price: 4140 } },
      ],
    };
    upstream.ok('GET', '/api/combinationMzhg', detail);
    const { body } = await gw.gql(
      `{ combination(id: "4") { group { id kind setPrice { fen } } giftGoods { id }
        items { goods { id price { fen } } number price { fen amount } } } }`,
    );
    expect(body).toEqual({
      data: {
        combination: {
          group: { id: '4', kind: 'BUNDLE', setPrice: { fen: 4820 } },
          giftGoods: null,
          items: [
            { goods: { id: '75', price: { fen: 380 } }, number: 2, price: { fen: 340, amount: '3.40' } },
            { goods: { id: '985', price: { fen: 4600 } }, number: 1, price: { fen: 4140, amount: '41.40' } },
          ],
        },
      },
    });
    expect(upstream.query('GET', '/api/combinationMzhg')).toEqual({ id: '4' });
    expect(upstream.seen).toHaveLength(1);
  });

  it('answers the gift goods of a full-gift group', async () => {
    upstream.ok('GET', '/api/combinationMzhg', {
      ...giftGroup,
      gift_goods: goods({ id: 23, name: '板蓝根颗粒' }),
      goods: [{ ...goods({ id: 23 }), combination: { number: 1, price: null } }],
    });
    const { body } = await gw.gql('{ combination(id: "1") { giftGoods { id name } items { number price { fen } } } }');
    expect(body.data).toEqual({
      combination: { giftGoods: { id: '23', name: '板蓝根颗粒' }, items: [{ number: 1, price: null }] },
    });
  });

  it('is null for an unknown group, and for an id that is not one without asking', async () => {
    upstream.fail('GET', '/api/combinationMzhg', 404, { code: 404, message: '组合不存在' });
    const unknown = await gw.gql('{ combination(id: "99") { group { id } } }');
    expect(unknown.body).toEqual({ data: { combination: null } });
    const bad = await gw.gql('{ combination(id: "1&id=2") { group { id } } }');
    expect(bad.body).toEqual({ data: { combination: null } });
    expect(upstream.calls('GET', '/api/combinationMzhg')).toHaveLength(1);
  });
});
