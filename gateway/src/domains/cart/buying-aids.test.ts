import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer, couponOption, drawActivity } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });
const AUTH = BUYER_AUTH;

describe('the cart count', () => {
  it('CART-24: reads /api/cart/total without pricing the cart', async () => {
    upstream.ok('GET', '/api/cart/total', { total: 12 });
    const { body } = await gw.gql('{ me { cartCount } }', {}, AUTH);
    expect(body).toEqual({ data: { me: { cartCount: 12 } } });
    expect(upstream.calls('GET', '/api/cart/list')).toHaveLength(0);
  });
});

describe('the next tier hint', () => {
  it('CART-25: asks POST /api/cart/next_hint with the goods and quantity in the query', async () => {
    upstream.ok('POST', '/api/cart/next_hint', { hint: '再买 3 盒 ¥12.50/盒', next: { number: 5, price: 1250 } });
    const { body } = await gw.gql(
      '{ nextTierHint(goodsId: " 9 ", number: 2) { text number price { fen amount } } }',
      {},
      AUTH,
    );
    expect(body).toEqual({
      data: { nextTierHint: { text: '再买 3 盒 ¥12.50/盒', number: 5, price: { fen: 1250, amount: '12.50' } } },
    });
    const [call] = upstream.calls('POST', '/api/cart/next_hint');
    expect(call?.query).toEqual({ goods_id: '9', number: '2' });
    expect(call?.authorization).toBe(AUTH.authorization);
  });

  it('CART-25: answers null past the last tier, and for an id no goods can have without asking', async () => {
    upstream.ok('POST', '/api/cart/next_hint', { hint: null, next: null });
    expect((await gw.gql('{ nextTierHint(goodsId: "9", number: 99) { text } }', {}, AUTH)).body).toEqual({
      data: { nextTierHint: null },
    });
    expect((await gw.gql('{ nextTierHint(goodsId: "x", number: 1) { text } }', {}, AUTH)).body).toEqual({
      data: { nextTierHint: null },
    });
    expect(upstream.calls('POST', '/api/cart/next_hint')).toHaveLength(1);
  });

  it('CART-25: refuses a quantity below 1 with BAD_USER_INPUT', async () => {
    const { body } = await gw.gql('{ nextTierHint(goodsId: "9", number: 0) { text } }', {}, AUTH);
    expect(body.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
  });
});

describe('coupons for the cart selection', () => {
  it('CART-26: judges the buyer’s coupons against the selected lines (/api/user/availableCoupon)', async () => {
    upstream.ok('GET', '/api/user/availableCoupon', [
      couponOption(true),
      couponOption(false, { id: 52, name: '满1000减100', min_amount: 100000 }, '还差¥700.00可用'),
    ]);
    const { body } = await gw.gql(
      '{ cartCouponOptions(lineIds: ["3", "4"]) { usable reason coupon { id name } } }',
      {},
      AUTH,
    );
    expect(body).toEqual({
      data: {
        cartCouponOptions: [
          { usable: true, reason: null, coupon: { id: '51', name: '满300减30' } },
          { usable: false, reason: '还差¥700.00可用', coupon: { id: '52', name: '满1000减100' } },
        ],
      },
    });
    expect(upstream.query('GET', '/api/user/availableCoupon')).toEqual({ ids: ['3', '4'] });
  });

  it('CART-26: refuses a line id that is not a record id, without asking', async () => {
    const { body } = await gw.gql('{ cartCouponOptions(lineIds: ["3", "x"]) { usable } }', {}, AUTH);
    expect(body.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
    expect(upstream.calls('GET', '/api/user/availableCoupon')).toHaveLength(0);
  });
});

describe('the draw page’s advertisements', () => {
  it('DRAW-09: maps /api/draw/ads to banners, asked with the draw’s id', async () => {
    upstream.ok('GET', '/api/draw/3/activity', drawActivity());
    upstream.ok('GET', '/api/draw/ads', [
      { id: 8, image: 'http://upstream.test/api/images/banner/8.svg', url: '/lqzx', title: '领券中心' },
    ]);
    const { body } = await gw.gql('{ luckyDraw(id: "3") { id ads { id image url title } } }', {}, AUTH);
    expect(body).toEqual({
      data: {
        luckyDraw: {
          id: '3',
          ads: [{ id: '8', image: 'http://upstream.test/api/images/banner/8.svg', url: '/lqzx', title: '领券中心' }],
        },
      },
    });
    expect(upstream.query('GET', '/api/draw/ads')).toEqual({ id: '3' });
  });

  it('DRAW-09: a failing advertisement call leaves the draw itself whole', async () => {
    upstream.ok('GET', '/api/draw/3/activity', drawActivity());
    upstream.fail('GET', '/api/draw/ads', 500, { code: 500, message: 'boom' });
    const { body } = await gw.gql('{ luckyDraw(id: "3") { id name ads { id } } }', {}, AUTH);
    expect(body.data).toEqual({ luckyDraw: { id: '3', name: drawActivity().name, ads: null } });
    expect(body.errors?.[0]?.extensions?.['code']).toBe('UPSTREAM_UNAVAILABLE');
  });
});
