import { describe, expect, it } from 'vitest';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { goods, page } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream();

const seckill = (id: number, status: number) => ({
  ...goods({ id, price: 2000 }),
  seckill: {
    activity_id: 4,
    name: '整点秒杀',
    price: 1590,
    remaining: 12,
    per_buyer_limit: 5,
    start_at: '2026-11-22T02:00:00.000Z',
    end_at: '2026-11-29T02:00:00.000Z',
    status,
  },
});

describe('home sections and zones', () => {
  it('spikeGoods maps the seckill offers, price in fen and yuan', async () => {
    upstream.ok('GET', '/api/index/spike', { timestamp: 1_795_000_000, goods: [seckill(3, 1), seckill(4, 0)] });
    const { body } = await gw.gql(
      '{ spikeGoods { goods { id price { amount } } activityId title price { fen amount } startsAt endsAt running remaining perBuyerLimit } }',
    );
    expect(body).toEqual({
      data: {
        spikeGoods: [
          {
            goods: { id: '3', price: { amount: '20.00' } },
            activityId: '4',
            title: '整点秒杀',
            price: { fen: 1590, amount: '15.90' },
            startsAt: '2026-11-22T02:00:00.000Z',
            endsAt: '2026-11-29T02:00:00.000Z',
            running: true,
            remaining: 12,
            perBuyerLimit: 5,
          },
          expect.objectContaining({ goods: { id: '4', price: { amount: '20.00' } }, running: false }),
        ],
      },
    });
  });

  it('a broken spike answer nulls the section only, beside an UPSTREAM_UNAVAILABLE error', async () => {
    upstream.ok('GET', '/api/index/spike', { goods: [goods()] });
    upstream.ok('GET', '/api/goods/hot', [goods({ id: 5 })]);
    const { body } = await gw.gql('{ spikeGoods { title } hotGoods { id } }');
    expect(body.data).toEqual({ spikeGoods: null, hotGoods: [{ id: '5' }] });
    expect(body.errors?.[0]).toMatchObject({ path: ['spikeGoods'], extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
  });

  it('everydayPriceGoods pages the specials with their special price', async () => {
    upstream.ok(
      'GET',
      '/api/activity/everyday_price',
      page([{ ...goods({ id: 8, price: 1990 }), special_price: 1890 }], { current_page: 2, per_page: 5, total: 6 }),
    );
    const { body } = await gw.gql(
      '{ everydayPriceGoods(page: 2, pageSize: 5) { total page pageSize items { goods { id } specialPrice { amount } } } }',
    );
    expect(body.data).toEqual({
      everydayPriceGoods: {
        total: 6,
        page: 2,
        pageSize: 5,
        items: [{ goods: { id: '8' }, specialPrice: { amount: '18.90' } }],
      },
    });
    expect(upstream.query('GET', '/api/activity/everyday_price')).toEqual({ page: '2', page_size: '5' });
  });

  it('recommendedGoods reads the page from the path, as the old client did', async () => {
    upstream.ok('GET', '/api/index_wntj/3', page([goods({ id: 9 })], { current_page: 3, per_page: 4, total: 9 }));
    const { body } = await gw.gql('{ recommendedGoods(page: 3, pageSize: 4) { total page items { id } } }');
    expect(body.data).toEqual({ recommendedGoods: { total: 9, page: 3, items: [{ id: '9' }] } });
    expect(upstream.query('GET', '/api/index_wntj/3')).toEqual({ page_size: '4' });
  });

  it('refuses bad paging of the zones without calling the upstream', async () => {
    for (const query of [
      '{ everydayPriceGoods(pageSize: 51) { total } }',
      '{ recommendedGoods(page: 0) { total } }',
      '{ brand(id: "1") { goods(pageSize: 101) { total } } }',
    ]) {
      upstream.ok('GET', '/api/focus/brand/1', { id: 1, name: '999', logo: '', makers: [], goods_total: 0 });
      const { body } = await gw.gql(query);
      expect(body.errors?.[0]?.extensions?.code, query).toBe('BAD_USER_INPUT');
    }
    expect(upstream.seen.filter((s) => s.path !== '/api/focus/brand/1')).toHaveLength(0);
  });

  it('brand(id) answers the brand and a page of its goods through the brand filter', async () => {
    upstream.ok('GET', '/api/focus/brand/1', {
      id: 1,
      name: '999',
      logo: 'https://img.example.com/b1.svg',
      makers: [],
      goods_total: 2,
    });
    upstream.ok('GET', '/api/goods/list', page([goods({ id: 1 }), goods({ id: 2 })], { per_page: 10 }));
    const { body } = await gw.gql(
      '{ brand(id: "1") { id name logo goods(pageSize: 10, sort: SALES) { total items { id } } } }',
    );
    expect(body.data).toEqual({
      brand: {
        id: '1',
        name: '999',
        logo: 'https://img.example.com/b1.svg',
        goods: { total: 2, items: [{ id: '1' }, { id: '2' }] },
      },
    });
    expect(upstream.query('GET', '/api/goods/list')).toEqual({
      type: '1',
      brand_id: '1',
      page: '1',
      page_size: '10',
      sort: 'sales',
    });
  });

  it('an unknown brand is null, not an error', async () => {
    upstream.fail('GET', '/api/focus/brand/77', 404, { code: 404, message: '品牌不存在' });
    const { body } = await gw.gql('{ brand(id: "77") { name } }');
    expect(body).toEqual({ data: { brand: null } });
  });

  it('goodsList filters by brand', async () => {
    upstream.ok('GET', '/api/goods/list', page([]));
    await gw.gql('{ goodsList(filter: { brandId: "3" }) { total } }');
    expect(upstream.query('GET', '/api/goods/list')).toMatchObject({ brand_id: '3' });
  });

  it('each zone of the filter becomes its list flag', async () => {
    upstream.ok('GET', '/api/goods/list', page([]));
    const flags = {
      PREFERRED: 'yx',
      TRADITIONAL_MEDICINE: 'zy',
      DEVICES: 'qx',
      NEAR_EXPIRY: 'is_jxq',
      CONTROLLED_SALES: 'is_kx',
    };
    for (const zone of Object.keys(flags)) await gw.gql(`{ goodsList(filter: { zone: ${zone} }) { total } }`);
    const queries = upstream.calls('GET', '/api/goods/list').map((c) => c.query);
    const zoneKeys = ['yx', 'zy', 'qx', 'is_jxq', 'is_kx'];
    expect(queries.map((q) => zoneKeys.filter((k) => q[k] === '1'))).toEqual(
      Object.values(flags).map((flag) => [flag]),
    );
  });

  it('maps the expiry date and the controlled-sales flag', async () => {
    upstream.ok(
      'GET',
      '/api/goods/list',
      page([goods({ id: 1, expire_date: '2027-03-01', is_kx: 1 }), goods({ id: 2 })]),
    );
    const { body } = await gw.gql(
      '{ goodsList(filter: { zone: NEAR_EXPIRY }) { items { expiryDate isControlledSales } } }',
    );
    expect(body.data).toEqual({
      goodsList: {
        items: [
          { expiryDate: '2027-03-01', isControlledSales: true },
          { expiryDate: null, isControlledSales: false },
        ],
      },
    });
  });
});
