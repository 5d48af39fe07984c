import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer, coupon, page } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });
const AUTH = BUYER_AUTH;

describe('the buyer’s coupons', () => {
  it('lists coupons of one status with cash and discount kinds, money and dates', async () => {
    upstream.ok(
      'GET',
      '/api/user/coupon',
      page(
        [
          coupon({ status: 2 }),
          coupon({
            id: 53,
            name: '满1000打95折',
            type: 2,
            amount: 0,
            discount: 95,
            min_amount: 100000,
            start_at: '2026-11-01 00:00:00',
            end_at: new Date(1_795_000_000_000).toISOString(),
            status: 2,
          }),
        ],
        { current_page: 1, per_page: 2, total: 3 },
      ),
    );
    const { body } = await gw.gql(
      `{ me { coupons(status: EXPIRED, pageSize: 2) { total page pageSize
        items { id name type amount { amount } discountPercent threshold { fen } startsAt endsAt status } } } }`,
      {},
      AUTH,
    );
    expect(body).toEqual({
      data: {
        me: {
          coupons: {
            total: 3,
            page: 1,
            pageSize: 2,
            items: [
              {
                id: '51',
                name: '满300减30',
                type: 'CASH',
                amount: { amount: '30.00' },
                discountPercent: null,
                threshold: { fen: 30000 },
                startsAt: '2026-11-01T00:00:00.000Z',
                endsAt: '2026-12-31T15:59:59.000Z',
                status: 'EXPIRED',
              },
              {
                id: '53',
                name: '满1000打95折',
                type: 'DISCOUNT',
                amount: null,
                discountPercent: 95,
                threshold: { fen: 100000 },
                // A time without a zone is China time; a number is unix seconds.
                startsAt: '2026-10-31T16:00:00.000Z',
                endsAt: new Date(1_795_000_000_000).toISOString(),
                status: 'EXPIRED',
              },
            ],
          },
        },
      },
    });
    expect(upstream.query('GET', '/api/user/coupon')).toEqual({ status: '2', page: '1', page_size: '2' });
  });

  it('asks for every status when none is given', async () => {
    upstream.ok('GET', '/api/user/coupon', page([coupon({ status: 1 })]));
    const { body } = await gw.gql('{ me { coupons { items { status } } } }', {}, AUTH);
    expect(body.data).toEqual({ me: { coupons: { items: [{ status: 'USED' }] } } });
    expect(upstream.query('GET', '/api/user/coupon')).toEqual({ page: '1', page_size: '20' });
  });

  it('counts the unused coupons once per operation', async () => {
    upstream.ok('GET', '/api/user/couponNum', { unused: 4, used: 1, expired: 2 });
    const { body } = await gw.gql('{ me { a: unusedCouponCount b: unusedCouponCount } }', {}, AUTH);
    expect(body.data).toEqual({ me: { a: 4, b: 4 } });
    expect(upstream.calls('GET', '/api/user/couponNum')).toHaveLength(1);
  });

  it('refuses a coupon kind outside the description', async () => {
    upstream.ok('GET', '/api/user/coupon', page([{ ...coupon(), type: 7 }]));
    const { body } = await gw.gql('{ me { coupons { items { name type } } } }', {}, AUTH);
    expect(body.errors?.[0]).toMatchObject({ extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
  });

  it('refuses a page size over 100 before calling the upstream', async () => {
    const { body } = await gw.gql('{ me { coupons(pageSize: 101) { total } } }', {}, AUTH);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(upstream.calls('GET', '/api/user/coupon')).toHaveLength(0);
  });
});
