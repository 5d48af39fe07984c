import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer } from '../../testkit/fixtures';
import type { ReorderSuggestionMapper } from './mappers';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });

const item = (overrides: Partial<ReorderSuggestionMapper> = {}): ReorderSuggestionMapper => ({
  goods_id: 12,
  name: '感冒灵颗粒',
  sccj: '华润三九医药股份有限公司',
  ypgg: '10g*9袋',
  bzdw: '盒',
  goods_image: 'https://img.example.com/12.jpg',
  times: 4,
  last_day: '2026-11-14',
  interval_days: 14,
  usual_number: 20,
  due_day: '2026-11-28',
  days_left: -1,
  state: 'due',
  price: 1045,
  price_label: '限时9.5折',
  stock: 400,
  reason: null,
  ...overrides,
});

const QUERY = `query ($limit: Int) { reorderSuggestions(limit: $limit) {
  today total dueCount
  items { id name manufacturer spec packingUnit image timesBought lastPurchaseDate intervalDays usualQuantity dueDate
    daysLeft state price { fen amount } priceLabel stock isBuyable unavailableReason } } }`;

describe('reorderSuggestions (REORDER-01..REORDER-06)', () => {
  it('passes the limit on and answers the rows as the upstream computed and priced them', async () => {
    upstream.ok('GET', '/api/user/reorder', {
      today: '2026-11-29',
      total: 5,
      due: 3,
      items: [
        item(),
        item({
          goods_id: 13,
          state: 'soon',
          days_left: 2,
          price: null,
          price_label: null,
          stock: 0,
          reason: '该商品已下架',
        }),
      ],
    });
    const { body } = await gw.gql(QUERY, { limit: 2 }, BUYER_AUTH);
    expect(body.errors).toBeUndefined();
    expect(upstream.query('GET', '/api/user/reorder')).toEqual({ limit: '2' });
    expect(body.data).toEqual({
      reorderSuggestions: {
        today: '2026-11-29',
        total: 5,
        dueCount: 3,
        items: [
          {
            id: '12',
            name: '感冒灵颗粒',
            manufacturer: '华润三九医药股份有限公司',
            spec: '10g*9袋',
            packingUnit: '盒',
            image: 'https://img.example.com/12.jpg',
            timesBought: 4,
            lastPurchaseDate: '2026-11-14',
            intervalDays: 14,
            usualQuantity: 20,
            dueDate: '2026-11-28',
            daysLeft: -1,
            state: 'DUE',
            price: { fen: 1045, amount: '10.45' },
            priceLabel: '限时9.5折',
            stock: 400,
            isBuyable: true,
            unavailableReason: null,
          },
          expect.objectContaining({
            id: '13',
            state: 'DUE_SOON',
            price: null,
            isBuyable: false,
            unavailableReason: '该商品已下架',
          }),
        ],
      },
    });
  });

  it('asks for 100 without a limit and refuses a limit outside 1..100 before asking', async () => {
    upstream.ok('GET', '/api/user/reorder', { today: '2026-11-29', total: 0, due: 0, items: [] });
    const { body } = await gw.gql(QUERY, {}, BUYER_AUTH);
    expect(body.errors).toBeUndefined();
    expect(upstream.query('GET', '/api/user/reorder')).toEqual({ limit: '100' });
    const refused = await gw.gql(QUERY, { limit: 101 }, BUYER_AUTH);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(upstream.calls('GET', '/api/user/reorder')).toHaveLength(1);
  });

  it('fails with UNAUTHENTICATED for a visitor', async () => {
    upstream.ok('GET', '/api/user/base', { show: 0 });
    upstream.on('GET', '/api/user/reorder', (_s, res) => {
      res.writeHead(401);
      res.end();
    });
    const { body } = await gw.gql('{ reorderSuggestions { total } }');
    expect(body.data).toBeNull();
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', redirect: '/login' });
  });
});
