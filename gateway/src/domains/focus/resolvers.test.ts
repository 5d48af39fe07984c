import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';

const { upstream, gw } = useGatewayOnFakeUpstream();

const common = {
  rnss: [{ name: '感冒灵', url: '/search?keyword=感冒灵' }],
  nav: [
    { id: 1, name: '首页', url: '/', image: '', is_open: 0, children: [] },
    { id: 2, name: '秒杀', url: '', image: 'https://img/2.png', is_open: 1, children: [] },
  ],
  category: [
    {
      id: 10,
      name: '中西成药',
      logo: 'https://img/c.png',
      logo1: '',
      children: [{ id: 11, name: '感冒用药', logo: '', logo1: null, children: [] }],
    },
  ],
  category_yx: [{ id: 20, name: '优选', logo: '', logo1: null, children: [] }],
  category_zy: [],
  category_qx: [{ id: 40, name: '器械', logo: null, logo1: null, children: [] }],
  brand: [{ id: 3, name: '999', logo: 'https://img/b.png' }],
  timestamp: 1_795_000_000,
};

describe('the header lists', () => {
  it('reads categories, nav links, hot searches and brands from one /api/focus/common call', async () => {
    upstream.ok('GET', '/api/focus/common', common);
    const { body } = await gw.gql(`{
      categories { id name icon children { id name icon children { id } } }
      devices: categories(tree: DEVICES) { id children { id } }
      preferred: categories(tree: PREFERRED) { name }
      navLinks { id name url image opensNewWindow }
      hotSearches { name url }
      brands { id name logo }
    }`);
    expect(body).toEqual({
      data: {
        categories: [
          {
            id: '10',
            name: '中西成药',
            icon: 'https://img/c.png',
            children: [{ id: '11', name: '感冒用药', icon: null, children: [] }],
          },
        ],
        devices: [{ id: '40', children: [] }],
        preferred: [{ name: '优选' }],
        navLinks: [
          { id: '1', name: '首页', url: '/', image: null, opensNewWindow: false },
          { id: '2', name: '秒杀', url: null, image: 'https://img/2.png', opensNewWindow: true },
        ],
        hotSearches: [{ name: '感冒灵', url: '/search?keyword=感冒灵' }],
        brands: [{ id: '3', name: '999', logo: 'https://img/b.png' }],
      },
    });
    expect(upstream.calls('GET', '/api/focus/common')).toHaveLength(1);
  });

  it('reads each banner slot from its own path', async () => {
    upstream.ok('GET', '/api/focus', [{ id: 1, image: 'https://img/h.jpg', url: '/yx', name: '优选专区' }]);
    upstream.ok('GET', '/api/focus/xrtj', [{ id: 2, image: 'https://img/x.jpg', url: null, name: '' }]);
    const { body } = await gw.gql(
      '{ home: banners(slot: HOME) { id image url title } newUser: banners(slot: NEW_USER) { id url title } }',
    );
    expect(body.data).toEqual({
      home: [{ id: '1', image: 'https://img/h.jpg', url: '/yx', title: '优选专区' }],
      newUser: [{ id: '2', url: null, title: '' }],
    });
  });

  it('reads the showcase, the top-right ads, the login picture and the brand zone from their slots', async () => {
    for (const [slot, id] of [
      ['demo', 3],
      ['right', 4],
      ['login', 5],
      ['ppzq', 6],
    ] as const) {
      upstream.ok('GET', `/api/focus/${slot}`, [
        { id, image: `https://img/${slot}.svg`, url: '/hdmb?id=1', name: slot },
      ]);
    }
    const { body } = await gw.gql(
      `{ showcase: banners(slot: SHOWCASE) { id } right: banners(slot: RIGHT) { id }
         login: banners(slot: LOGIN) { id } brandZone: banners(slot: BRAND_ZONE) { id } }`,
    );
    expect(body.data).toEqual({
      showcase: [{ id: '3' }],
      right: [{ id: '4' }],
      login: [{ id: '5' }],
      brandZone: [{ id: '6' }],
    });
  });

  it('reads footer links and help categories', async () => {
    upstream.ok('GET', '/api/global/links', [{ name: '国家药监局', url: 'https://www.nmpa.gov.cn' }]);
    upstream.ok('GET', '/api/article/category', [
      { id: 1, name: '新手指南', children: [{ id: 9, title: '会员注册' }] },
    ]);
    const { body } = await gw.gql('{ links { name url } helpCategories { id name articles { id title } } }');
    expect(body.data).toEqual({
      links: [{ name: '国家药监局', url: 'https://www.nmpa.gov.cn' }],
      helpCategories: [{ id: '1', name: '新手指南', articles: [{ id: '9', title: '会员注册' }] }],
    });
    expect(upstream.query('GET', '/api/article/category')).toEqual({ category_id: '3' });
  });

  it('returns the lists that answered when the buyer could not be read', async () => {
    upstream.on('GET', '/api/user/base', (_s, res) => send(res, 502, 'bad gateway'));
    upstream.ok('GET', '/api/focus/common', common);
    const { body } = await gw.gql('{ me { id } brands { id } }');
    expect(body.data).toEqual({ me: null, brands: [{ id: '3' }] });
    expect(body.errors).toEqual([
      expect.objectContaining({ path: ['me'], extensions: { code: 'UPSTREAM_UNAVAILABLE' } }),
    ]);
  });
});
