import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { page } from '../../testkit/fixtures';
import type { CenterCouponMapper, CouponMapper } from './mappers';

const { upstream, gw } = useGatewayOnFakeUpstream();

/** What a centre coupon and the coupon a buyer takes from it share: its terms. */
const TERMS: Omit<CouponMapper, 'id' | 'coupon_id' | 'status'> = {
  name: '领券中心 满199减15元券',
  type: 1,
  amount: 1500,
  discount: 100,
  min_amount: 19900,
  start_at: '2026-11-21T12:00:00.000Z',
  end_at: '2026-12-21T12:00:00.000Z',
};

function centerCoupon(overrides: Partial<CenterCouponMapper> = {}): CenterCouponMapper {
  return { id: 6, ...TERMS, total: 1000, remaining: 998, taken: 0, ...overrides };
}

const userCoupon: CouponMapper = { id: 77, coupon_id: 6, ...TERMS, status: 0 };

const CENTER = `query ($page: Int, $pageSize: Int) { couponCenter(page: $page, pageSize: $pageSize) {
  total page pageSize
  items { id name type amount { fen amount } discountPercent threshold { fen } startsAt endsAt total remaining taken }
} }`;
const TAKE = `mutation ($id: ID!) { takeCoupon(id: $id) {
  message coupon { id name type amount { fen } status } userErrors { code message }
} }`;

describe('the coupon centre', () => {
  it('lists centre coupons with stock, kind, money and whether the buyer took each, in one upstream call', async () => {
    const coupons = [
      centerCoupon({ taken: 1 }),
      centerCoupon({ id: 8, name: '满800享98折券', type: 2, amount: 0, discount: 98, remaining: 0, taken: 0 }),
    ];
    upstream.ok('GET', '/api/coupon/center', page(coupons, { current_page: 2, per_page: 2, total: 4, last_page: 2 }));
    const { body } = await gw.gql(CENTER, { page: 2, pageSize: 2 }, BUYER_AUTH);
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      couponCenter: {
        total: 4,
        page: 2,
        pageSize: 2,
        items: [
          {
            id: '6',
            name: '领券中心 满199减15元券',
            type: 'CASH',
            amount: { fen: 1500, amount: '15.00' },
            discountPercent: null,
            threshold: { fen: 19900 },
            startsAt: '2026-11-21T12:00:00.000Z',
            endsAt: '2026-12-21T12:00:00.000Z',
            total: 1000,
            remaining: 998,
            taken: true,
          },
          {
            id: '8',
            name: '满800享98折券',
            type: 'DISCOUNT',
            amount: null,
            discountPercent: 98,
            threshold: { fen: 19900 },
            startsAt: '2026-11-21T12:00:00.000Z',
            endsAt: '2026-12-21T12:00:00.000Z',
            total: 1000,
            remaining: 0,
            taken: false,
          },
        ],
      },
    });
    const calls = upstream.calls('GET', '/api/coupon/center');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query).toEqual({ page: '2', page_size: '2' });
    expect(calls[0]?.authorization).toBe(BUYER_AUTH.authorization);
    expect(upstream.seen).toHaveLength(1);
  });

  it('refuses a page size over 50 before asking the upstream', async () => {
    const { body } = await gw.gql(CENTER, { pageSize: 51 });
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(upstream.seen).toHaveLength(0);
  });

  it('fails as UPSTREAM_UNAVAILABLE when the page is not the contract’s shape', async () => {
    upstream.ok('GET', '/api/coupon/center', { current_page: 1, per_page: 20, total: 1, data: [{ id: 6 }] });
    const { body } = await gw.gql(CENTER);
    expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
  });
});

describe('taking a coupon', () => {
  it('answers the message and the buyer’s new coupon', async () => {
    upstream.ok('POST', '/api/coupon/6/take', userCoupon, '领取成功');
    const { body } = await gw.gql(TAKE, { id: '6' }, BUYER_AUTH);
    expect(body).toEqual({
      data: {
        takeCoupon: {
          message: '领取成功',
          coupon: { id: '77', name: '领券中心 满199减15元券', type: 'CASH', amount: { fen: 1500 }, status: 'UNUSED' },
          userErrors: [],
        },
      },
    });
    expect(upstream.calls('POST', '/api/coupon/6/take')[0]?.authorization).toBe(BUYER_AUTH.authorization);
  });

  it.each([
    [40011, 400, '已领取', 'ALREADY_TAKEN'],
    [40012, 400, '已领完', 'ALL_TAKEN'],
    [404, 404, '优惠券不存在', 'NOT_FOUND'],
  ])('turns the upstream’s %i into a userError the buyer reads', async (code, status, message, expected) => {
    upstream.fail('POST', '/api/coupon/6/take', status, { code, message });
    const { body } = await gw.gql(TAKE, { id: '6' }, BUYER_AUTH);
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      takeCoupon: { message, coupon: null, userErrors: [{ code: expected, message }] },
    });
  });

  it('keeps other refusals and a visitor’s take as errors of the contract', async () => {
    upstream.fail('POST', '/api/coupon/6/take', 401, { code: 10001, message: '请先登录' });
    const visitor = await gw.gql(TAKE, { id: '6' });
    expect(visitor.body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', redirect: '/login' });
    upstream.fail('POST', '/api/coupon/6/take', 400, { code: 40099, message: '活动未开始' });
    const other = await gw.gql(TAKE, { id: '6' }, BUYER_AUTH);
    expect(other.body.errors?.[0]?.extensions).toMatchObject({ code: 'BUSINESS_ERROR', upstreamCode: 40099 });
  });

  it('refuses an id that is not a coupon number without calling the upstream', async () => {
    const { body } = await gw.gql(TAKE, { id: '../../user/logout' }, BUYER_AUTH);
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(upstream.seen).toHaveLength(0);
  });
});
