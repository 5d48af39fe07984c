import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer, page } from '../../testkit/fixtures';
import type { PointsGoodsMapper } from './mappers';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });

const pointsGoods = (overrides: Partial<PointsGoodsMapper> = {}): PointsGoodsMapper => ({
  id: 3,
  name: '电子体温计',
  image: 'http://upstream.test/api/images/points/3.svg',
  points: 200,
  stock: 120,
  per_buyer_limit: 5,
  description: '软头测温',
  on_shelf: 1,
  sort: 20,
  taken: null,
  ...overrides,
});

const EXCHANGE = `mutation Exchange($input: ExchangePointsGoodsInput!) {
  exchangePointsGoods(input: $input) {
    pointsOrder { id orderSn goodsName goodsImage unitPoints quantity points status }
    points
    goods { id stock taken }
    viewer { id wallet { points } }
    userErrors { code field message }
  }
}`;
const INPUT = { input: { goodsId: '3', quantity: 2, addressId: '12' } };

describe('the points mall (MALL-01, MALL-02)', () => {
  it('shows a visitor the shelf, passing the paging on', async () => {
    upstream.ok(
      'GET',
      '/api/points/goods',
      page([pointsGoods({ per_buyer_limit: null, image: null })], {
        current_page: 2,
        per_page: 1,
        total: 12,
        last_page: 12,
      }),
    );
    const { body } = await gw.gql(
      '{ pointsGoods(page: 2, pageSize: 1) { total page pageSize items { id name image points stock perBuyerLimit description onShelf taken } } }',
    );
    expect(body).toEqual({
      data: {
        pointsGoods: {
          total: 12,
          page: 2,
          pageSize: 1,
          items: [
            {
              id: '3',
              name: '电子体温计',
              image: null,
              points: 200,
              stock: 120,
              perBuyerLimit: null,
              description: '软头测温',
              onShelf: true,
              taken: null,
            },
          ],
        },
      },
    });
    expect(upstream.query('GET', '/api/points/goods')).toEqual({ page: '2', page_size: '1' });
  });

  it('refuses a page size out of range before asking the upstream', async () => {
    const { body } = await gw.gql('{ pointsGoods(pageSize: 500) { total } }');
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(upstream.calls('GET', '/api/points/goods')).toHaveLength(0);
  });

  it('answers the new points order, the goods and the buyer’s points without asking for the points again', async () => {
    upstream.ok(
      'POST',
      '/api/points/exchange',
      {
        order: {
          id: 41,
          order_sn: 'JF20261125000041',
          goods_id: 3,
          goods_name: '电子体温计',
          goods_image: 'http://upstream.test/api/images/points/3.svg',
          unit_points: 200,
          quantity: 2,
          points: 400,
          status: 0,
          consignee: '王芳',
          phone: '13912345678',
          address: '浙江省杭州市西湖区文三路 1 号',
          created_at: '2026-11-25T02:00:00.000Z',
        },
        points: 880,
        goods: pointsGoods({ stock: 118, taken: 2 }),
      },
      '兑换成功',
    );
    const { body } = await gw.gql(EXCHANGE, INPUT, BUYER_AUTH);
    expect(body.data).toEqual({
      exchangePointsGoods: {
        pointsOrder: {
          id: '41',
          orderSn: 'JF20261125000041',
          goodsName: '电子体温计',
          goodsImage: 'http://upstream.test/api/images/points/3.svg',
          unitPoints: 200,
          quantity: 2,
          points: 400,
          status: 'TO_SHIP',
        },
        points: 880,
        goods: { id: '3', stock: 118, taken: 2 },
        viewer: { id: '7', wallet: { points: 880 } },
        userErrors: [],
      },
    });
    expect(upstream.form('POST', '/api/points/exchange')).toEqual({ goods_id: '3', quantity: '2', address_id: '12' });
    expect(upstream.calls('GET', '/api/user/points')).toHaveLength(0);
  });

  it.each([
    [40006, '积分不足：需要400积分，当前可用120积分', 'POINTS_TOO_LOW', 'quantity'],
    [40001, '库存不足，仅剩1件', 'OUT_OF_STOCK', 'quantity'],
    [40002, '该商品已下架，暂不可兑换', 'OFF_SHELF', 'goodsId'],
  ])(
    'turns the expected refusal %i into a userError with the upstream’s words',
    async (code, message, error, field) => {
      upstream.fail('POST', '/api/points/exchange', 400, { code, message });
      const { body } = await gw.gql(EXCHANGE, INPUT, BUYER_AUTH);
      expect(body.errors).toBeUndefined();
      expect(body.data).toEqual({
        exchangePointsGoods: {
          pointsOrder: null,
          points: null,
          goods: null,
          viewer: null,
          userErrors: [{ code: error, field, message }],
        },
      });
    },
  );

  it('passes the limit on as BAD_USER_INPUT and another buyer’s address as the upstream’s 404', async () => {
    upstream.refuse('POST', '/api/points/exchange', { quantity: ['每人限兑5件'] });
    const limited = await gw.gql(EXCHANGE, INPUT, BUYER_AUTH);
    expect(limited.body.errors?.[0]).toMatchObject({
      message: '每人限兑5件',
      extensions: { code: 'BAD_USER_INPUT', fields: { quantity: ['每人限兑5件'] } },
    });
    upstream.fail('POST', '/api/points/exchange', 404, { code: 404, message: '收货地址不存在' });
    const foreign = await gw.gql(EXCHANGE, INPUT, BUYER_AUTH);
    expect(foreign.body.errors?.[0]).toMatchObject({
      message: '收货地址不存在',
      extensions: { code: 'BUSINESS_ERROR', upstreamCode: 404 },
    });
  });

  it('asks a visitor to sign in', async () => {
    upstream.fail('POST', '/api/points/exchange', 401, { code: 10001, message: '请先登录' });
    const { body } = await gw.gql(EXCHANGE, INPUT);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', redirect: '/login' });
  });
});
