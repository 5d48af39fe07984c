import { describe, expect, it } from 'vitest';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { goods, page } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream();

const offer = (id: number, joined: number) => ({
  ...goods({ id, price: 2000 }),
  group_buy: {
    id: id + 100,
    price: 1700,
    target_number: 100,
    joined_number: joined,
    start_at: '2026-11-20T12:00:00.000Z',
    end_at: '2026-12-06T12:00:00.000Z',
  },
});

describe('the group-buy zone', () => {
  it('maps each offer with its group price and target, in one upstream call', async () => {
    upstream.ok('GET', '/api/activity/group_buy', page([offer(3, 50), offer(4, 1)], { per_page: 2, total: 12 }));
    const { body } = await gw.gql(
      `{ groupBuyGoods(pageSize: 2) { total page pageSize
        items { goods { id price { fen } } groupBuyId groupPrice { fen amount } targetNumber joinedNumber startsAt endsAt } } }`,
    );
    expect(body).toEqual({
      data: {
        groupBuyGoods: {
          total: 12,
          page: 1,
          pageSize: 2,
          items: [
            {
              goods: { id: '3', price: { fen: 2000 } },
              groupBuyId: '103',
              groupPrice: { fen: 1700, amount: '17.00' },
              targetNumber: 100,
              joinedNumber: 50,
              startsAt: '2026-11-20T12:00:00.000Z',
              endsAt: '2026-12-06T12:00:00.000Z',
            },
            expect.objectContaining({ groupBuyId: '104', joinedNumber: 1 }),
          ],
        },
      },
    });
    expect(upstream.query('GET', '/api/activity/group_buy')).toEqual({ page: '1', page_size: '2' });
    expect(upstream.seen).toHaveLength(1);
  });

  it('refuses a page size over 50 before asking, and fails on goods without an offer', async () => {
    const tooMany = await gw.gql('{ groupBuyGoods(pageSize: 51) { total } }');
    expect(tooMany.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(upstream.seen).toHaveLength(0);
    upstream.ok('GET', '/api/activity/group_buy', page([goods({ id: 3 })]));
    const broken = await gw.gql('{ groupBuyGoods { total } }');
    expect(broken.body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
  });
});
