import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../rest/client';
import { activity, goods, page } from '../../testkit/fixtures';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';

const { upstream, gw } = useGatewayOnFakeUpstream();

function campaign(overrides: Partial<Schemas['Campaign']> = {}): Schemas['Campaign'] {
  return {
    id: 7,
    kind: 'cashback',
    title: '满额返现 采购有礼',
    subtitle: '满1000返30',
    rules: ['每笔订单只返现一次'],
    discount: null,
    start_at: '2026-11-20T00:00:00.000Z',
    end_at: '2026-12-20T00:00:00.000Z',
    status: 1,
    banners: [{ id: 40, name: '满额返现', url: null, image: 'http://up/api/images/banner/40.svg' }],
    tiers: [
      { amount: 100000, cashback: 3000 },
      { amount: 300000, cashback: 12000 },
    ],
    sections: [],
    activities: [],
    ...overrides,
  };
}

const notFound = () => upstream.fail('GET', '/api/campaign/9', 404, { code: 404, message: '活动不存在或已结束' });

describe('campaigns (PROMO)', () => {
  it('PROMO-01: maps the current cashback with its tiers as Money and its goods page, in two calls', async () => {
    upstream.ok('GET', '/api/campaign/current/cashback', campaign());
    upstream.ok(
      'GET',
      '/api/campaign/7/goods',
      page([{ ...goods({ id: 3, price: 2000 }), campaign_price: null }], { per_page: 20, total: 41 }),
    );
    const { body } = await gw.gql(`{ currentCampaign(kind: CASHBACK) {
      id kind title rules running startsAt discountPercent banners { title image url }
      cashbackTiers { threshold { amount } cashback { fen amount } }
      goods(page: 1) { total page pageSize items { goods { id } campaignPrice { fen } } } } }`);
    expect(body).toEqual({
      data: {
        currentCampaign: {
          id: '7',
          kind: 'CASHBACK',
          title: '满额返现 采购有礼',
          rules: ['每笔订单只返现一次'],
          running: true,
          startsAt: '2026-11-20T00:00:00.000Z',
          discountPercent: null,
          banners: [{ title: '满额返现', image: 'http://up/api/images/banner/40.svg', url: null }],
          cashbackTiers: [
            { threshold: { amount: '1000.00' }, cashback: { fen: 3000, amount: '30.00' } },
            { threshold: { amount: '3000.00' }, cashback: { fen: 12000, amount: '120.00' } },
          ],
          goods: { total: 41, page: 1, pageSize: 20, items: [{ goods: { id: '3' }, campaignPrice: null }] },
        },
      },
    });
    expect(upstream.query('GET', '/api/campaign/7/goods')).toEqual({ page: '1', page_size: '20' });
  });

  it('PROMO-03: the welfare goods carry their campaign price; a section filter reaches the upstream', async () => {
    upstream.ok('GET', '/api/campaign/current/welfare', campaign({ id: 8, kind: 'welfare', discount: 94, tiers: [] }));
    upstream.ok(
      'GET',
      '/api/campaign/8/goods',
      page([{ ...goods({ id: 5, price: 1999 }), campaign_price: 1879 }], { per_page: 10, total: 1 }),
    );
    const { body } = await gw.gql(`{ currentCampaign(kind: WELFARE) { discountPercent
      goods(sectionId: " 12 ", pageSize: 10) { items { goods { price { amount } } campaignPrice { fen amount } } } } }`);
    expect(body.data).toEqual({
      currentCampaign: {
        discountPercent: 94,
        goods: { items: [{ goods: { price: { amount: '19.99' } }, campaignPrice: { fen: 1879, amount: '18.79' } }] },
      },
    });
    expect(upstream.query('GET', '/api/campaign/8/goods')).toEqual({ page: '1', page_size: '10', section_id: '12' });
  });

  it('PROMO-04: the hub answers sections with their first goods and featured activities', async () => {
    upstream.ok(
      'GET',
      '/api/campaign/current/hub',
      campaign({
        id: 9,
        kind: 'hub',
        tiers: [],
        sections: [
          {
            id: 12,
            name: '抗菌消炎',
            describe: '门诊常用',
            goods_count: 30,
            goods: [{ ...goods({ id: 5 }), campaign_price: null }],
          },
        ],
        activities: [{ ...activity({ id: 3 }), price: null, goods_count: 8 }],
      }),
    );
    const { body } = await gw.gql(`{ currentCampaign(kind: HUB) { kind
      sections { id name description goodsCount goods { goods { id } } } activities { id title goodsCount } } }`);
    expect(body.data).toEqual({
      currentCampaign: {
        kind: 'HUB',
        sections: [
          { id: '12', name: '抗菌消炎', description: '门诊常用', goodsCount: 30, goods: [{ goods: { id: '5' } }] },
        ],
        activities: [{ id: '3', title: '满300减20', goodsCount: 8 }],
      },
    });
  });

  it('PROMO-05: a template of another kind, an unknown or ended one, or a malformed id is null', async () => {
    upstream.ok('GET', '/api/campaign/7', campaign({ kind: 'zone_template', tiers: [] }));
    notFound();
    const zone = await gw.gql('{ campaignTemplate(id: "7", kind: ZONE) { title kind } }');
    expect(zone.body.data).toEqual({ campaignTemplate: { title: '满额返现 采购有礼', kind: 'ZONE_TEMPLATE' } });
    const wrongKind = await gw.gql('{ campaignTemplate(id: "7", kind: ACTIVITY) { title } }');
    expect(wrongKind.body).toEqual({ data: { campaignTemplate: null } });
    const ended = await gw.gql('{ campaignTemplate(id: "9", kind: ZONE) { title } }');
    expect(ended.body).toEqual({ data: { campaignTemplate: null } });
    const before = upstream.seen.length;
    const malformed = await gw.gql('{ campaignTemplate(id: "7 or 1", kind: ZONE) { title } }');
    expect(malformed.body).toEqual({ data: { campaignTemplate: null } });
    expect(upstream.seen).toHaveLength(before);
  });

  it('refuses a page size over 50 or a malformed section before asking for goods', async () => {
    upstream.ok('GET', '/api/campaign/current/cashback', campaign());
    const big = await gw.gql('{ currentCampaign(kind: CASHBACK) { goods(pageSize: 51) { total } } }');
    expect(big.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const section = await gw.gql('{ currentCampaign(kind: CASHBACK) { goods(sectionId: "x") { total } } }');
    expect(section.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(upstream.calls('GET', '/api/campaign/7/goods')).toHaveLength(0);
  });
});
