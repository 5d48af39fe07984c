import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { activity, goods, page } from '../../testkit/fixtures';
import type { SameGenericComparisonMapper } from './mappers';

const { upstream, gw } = useGatewayOnFakeUpstream();

// The issue-29 facet columns, for a fixture written before them.
const facets = { dosage_form: null, rx_class: null, is_yb: 0 as const };
const amoxicillin = (id: number, ypgg: string, price: number, units: number | null) =>
  goods({
    ...facets,
    id,
    name: '阿莫西林胶囊',
    ypgg,
    price,
    units_per_pack: units,
    unit_word: units === null ? null : '粒',
    carton_qty: 300,
  });

/** Goods 3: 24 capsules a pack at ¥5.60. */
const GOODS_3 = amoxicillin(3, '0.25g*24粒', 560, 24);

/** Goods 3, and its generic's comparison of `total` goods answering `listed`. */
function serveGoods3Compared(total: number, listed: SameGenericComparisonMapper['goods']) {
  upstream.ok('GET', '/api/goods/detail/3', GOODS_3);
  upstream.ok('GET', '/api/goods/same_generic/3', { goods_id: 3, name: '阿莫西林胶囊', total, goods: listed });
}

const QUERY = `query ($id: ID!, $limit: Int) { goods(id: $id) {
  id packQuantity unitPrice { perUnit { fen amount } unitsPerPack unitWord label }
  sameGeneric(limit: $limit) { name total goods { id manufacturer unitPrice { label } } } } }`;

describe('Goods.unitPrice and Goods.sameGeneric (COMPARE-02, COMPARE-03)', () => {
  it('maps the unit price, the pack quantity and the comparison in the upstream order', async () => {
    serveGoods3Compared(7, [amoxicillin(9, '0.25g*36粒', 720, 36), GOODS_3, amoxicillin(4, '见说明书', 1, null)]);
    const { body } = await gw.gql(QUERY, { id: '3', limit: 3 });
    expect(body.errors).toBeUndefined();
    expect(upstream.query('GET', '/api/goods/same_generic/3')).toEqual({ limit: '3' });
    expect(body.data).toEqual({
      goods: {
        id: '3',
        packQuantity: 300,
        // 560 / 24 = 23.33 fen: floored to the fen.
        unitPrice: { perUnit: { fen: 23, amount: '0.23' }, unitsPerPack: 24, unitWord: '粒', label: '¥0.23/粒' },
        sameGeneric: {
          name: '阿莫西林胶囊',
          total: 7,
          goods: [
            { id: '9', manufacturer: '华润三九医药股份有限公司', unitPrice: { label: '¥0.20/粒' } },
            { id: '3', manufacturer: '华润三九医药股份有限公司', unitPrice: { label: '¥0.23/粒' } },
            { id: '4', manufacturer: '华润三九医药股份有限公司', unitPrice: null },
          ],
        },
      },
    });
  });

  it('prices units at the price shown: a running discount lowers the unit price and may lead the comparison', async () => {
    serveGoods3Compared(2, [amoxicillin(9, '0.25g*36粒', 720, 36), GOODS_3]);
    // 限时8折 on goods 3: 560 × 80% = 448 fen a pack, 18.66 fen a unit, below goods 9's 20.
    const discount = { ...activity({ id: 5, type: 'discount', type_name: '折扣', name: '限时8折' }), discount: 80 };
    upstream.on('GET', '/api/goods/activities', (seen, res) => {
      const asked = seen.query['goods_ids'];
      const ids = (Array.isArray(asked) ? asked : []).map(Number);
      const data = ids.map((id) => ({ goods_id: id, activities: id === 3 ? [discount] : [] }));
      send(res, 200, { code: 10000, message: 'success', data });
    });
    const { body } = await gw.gql(
      `query ($id: ID!) { goods(id: $id) { promotionPrice { price { fen } } unitPrice { perUnit { fen } label }
        sameGeneric { goods { id unitPrice { label } } } } }`,
      { id: '3' },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      goods: {
        promotionPrice: { price: { fen: 448 } },
        unitPrice: { perUnit: { fen: 18 }, label: '¥0.18/粒' },
        sameGeneric: {
          goods: [
            { id: '3', unitPrice: { label: '¥0.18/粒' } },
            { id: '9', unitPrice: { label: '¥0.20/粒' } },
          ],
        },
      },
    });
  });

  it('refuses a limit out of 1 to 50 without asking the upstream', async () => {
    upstream.ok('GET', '/api/goods/detail/3', GOODS_3);
    const { body } = await gw.gql(QUERY, { id: '3', limit: 51 });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(upstream.calls('GET', '/api/goods/same_generic/3')).toEqual([]);
  });

  it('has no comparison for a goods the upstream no longer knows', async () => {
    upstream.ok('GET', '/api/goods/detail/5', amoxicillin(5, '0.25g*24粒', 560, 24));
    const { body } = await gw.gql(QUERY, { id: '5' });
    expect(body.errors).toBeUndefined();
    expect(body.data).toMatchObject({ goods: { sameGeneric: null } });
  });
});

describe('GoodsSort (COMPARE-04)', () => {
  it.each([
    ['UNIT_PRICE_ASC', 'unit_price_asc'],
    ['MAKER', 'maker'],
    ['EXPIRY', 'expiry'],
  ])('asks the list for %s as %s', async (sort, asked) => {
    upstream.ok('GET', '/api/goods/list', page([]));
    const { body } = await gw.gql(`query ($sort: GoodsSort) { goodsList(sort: $sort) { total } }`, { sort });
    expect(body.errors).toBeUndefined();
    expect(upstream.query('GET', '/api/goods/list')).toMatchObject({ sort: asked });
  });
});
