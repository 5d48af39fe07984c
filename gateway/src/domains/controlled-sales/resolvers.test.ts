import { describe, expect, it } from 'vitest';
import { goods, page } from '../../testkit/fixtures';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';

const { upstream, gw } = useGatewayOnFakeUpstream();

const series = [
  { id: 1, name: '感冒发热', logo: null, goods_count: 40, ad_ids: [28, 29] },
  { id: 13, name: '消化系统', logo: 'https://img.example.com/c13.png', goods_count: 31, ad_ids: [30] },
  { id: 21, name: '妇儿用药', logo: '', goods_count: 8, ad_ids: [] },
];

const ad = (id: number, name: string) => ({
  id,
  image: `https://img.example.com/banner/${id}.svg`,
  url: `/list/info/${id}`,
  name,
});

describe('the controlled-sales series', () => {
  it('controlledSalesSeriesList maps the index of /kxzq/new from GET /api/goods/kx_categories', async () => {
    upstream.ok('GET', '/api/goods/kx_categories', series);
    const { body } = await gw.gql('{ controlledSalesSeriesList { id name logo goodsCount adIds } }');
    expect(body).toEqual({
      data: {
        controlledSalesSeriesList: [
          { id: '1', name: '感冒发热', logo: null, goodsCount: 40, adIds: ['28', '29'] },
          { id: '13', name: '消化系统', logo: 'https://img.example.com/c13.png', goodsCount: 31, adIds: ['30'] },
          { id: '21', name: '妇儿用药', logo: null, goodsCount: 8, adIds: [] },
        ],
      },
    });
    expect(upstream.seen).toHaveLength(1);
  });

  it('the index, two series and the goods of one page cost one series call and one list call', async () => {
    upstream.ok('GET', '/api/goods/kx_categories', series);
    upstream.ok('GET', '/api/goods/list', page([goods({ id: 7, is_kx: 1 })], { total: 31 }));
    const { body } = await gw.gql(`{
      controlledSalesSeriesList { id }
      digestive: controlledSalesSeries(id: "13") { name goodsCount }
      cold: controlledSalesSeries(id: " 1 ") { name }
      goodsList(filter: { zone: CONTROLLED_SALES, categoryId: "13" }, pageSize: 20) { total items { id } }
    }`);
    expect(body.data).toEqual({
      controlledSalesSeriesList: [{ id: '1' }, { id: '13' }, { id: '21' }],
      digestive: { name: '消化系统', goodsCount: 31 },
      cold: { name: '感冒发热' },
      goodsList: { total: 31, items: [{ id: '7' }] },
    });
    expect(upstream.calls('GET', '/api/goods/kx_categories')).toHaveLength(1);
    expect(upstream.calls('GET', '/api/goods/list')).toHaveLength(1);
    expect(upstream.query('GET', '/api/goods/list')).toMatchObject({ is_kx: '1', category_id: '13' });
    expect(upstream.seen).toHaveLength(2);
  });

  it('an unknown series is null, not an error; an id that is no number is null without asking', async () => {
    upstream.ok('GET', '/api/goods/kx_categories', series);
    const { body } = await gw.gql('{ controlledSalesSeries(id: "999") { name } }');
    expect(body).toEqual({ data: { controlledSalesSeries: null } });
    const odd = await gw.gql('{ controlledSalesSeries(id: "abc") { name } }');
    expect(odd.body).toEqual({ data: { controlledSalesSeries: null } });
    expect(upstream.seen).toHaveLength(1);
  });

  it('a broken series answer nulls the index only, beside an UPSTREAM_UNAVAILABLE error', async () => {
    upstream.ok('GET', '/api/goods/kx_categories', [{ id: 1 }]);
    upstream.ok('GET', '/api/focus/kxzq_ad', [ad(20, '控销专区 限时返利')]);
    const { body } = await gw.gql('{ controlledSalesSeriesList { id } controlledSalesAds(ids: ["20"]) { id } }');
    expect(body.data).toEqual({ controlledSalesSeriesList: null, controlledSalesAds: [{ id: '20' }] });
    expect(body.errors?.[0]).toMatchObject({
      path: ['controlledSalesSeriesList'],
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
  });
});

describe('the controlled-sales advertisements', () => {
  it('controlledSalesAds asks GET /api/focus/kxzq_ad once for the ids, each once, in the order given', async () => {
    upstream.ok('GET', '/api/focus/kxzq_ad', [ad(30, '肠胃用药 控销专供'), ad(20, '控销专区 限时返利')]);
    const { body } = await gw.gql('{ controlledSalesAds(ids: ["30", " 20", "30", "x", "0"]) { id image url title } }');
    expect(body).toEqual({
      data: {
        controlledSalesAds: [
          {
            id: '30',
            image: 'https://img.example.com/banner/30.svg',
            url: '/list/info/30',
            title: '肠胃用药 控销专供',
          },
          {
            id: '20',
            image: 'https://img.example.com/banner/20.svg',
            url: '/list/info/20',
            title: '控销专区 限时返利',
          },
        ],
      },
    });
    const calls = upstream.calls('GET', '/api/focus/kxzq_ad');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query).toEqual({ ids: ['30', '20'] });
  });

  it('no ids, or none that could name an advertisement, is an empty list without asking', async () => {
    const { body } = await gw.gql(
      '{ none: controlledSalesAds(ids: []) { id } odd: controlledSalesAds(ids: ["a", "-1"]) { id } }',
    );
    expect(body).toEqual({ data: { none: [], odd: [] } });
    expect(upstream.seen).toHaveLength(0);
  });

  it('more than 20 ids is BAD_USER_INPUT without asking', async () => {
    const ids = Array.from({ length: 21 }, (_, i) => String(i + 1));
    const { body } = await gw.gql('query Ads($ids: [ID!]!) { controlledSalesAds(ids: $ids) { id } }', { ids });
    expect(body.errors?.[0]).toMatchObject({
      message: '一次最多显示20个广告',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(upstream.seen).toHaveLength(0);
  });
});
