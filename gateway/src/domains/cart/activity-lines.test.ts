import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import {
  buyer,
  cartLine,
  combinationGroup,
  cartList,
  goods,
  order,
  orderLine,
  type CartLineInput,
} from '../../testkit/fixtures';
import type { CombinationItemMapper, CombinationMapper } from '../goods/mappers';
import type { CartLineMapper, CartMapper } from './mappers';

// Sets of a combination purchase (组合购, COMBINATION lines) and group-buy joins (拼团, GROUP_BUY lines).

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });
const AUTH = BUYER_AUTH;

const item = (id: number, name: string, perSet: number, price: number, stock = 100): CombinationItemMapper => ({
  ...goods({ id, name, number: stock }),
  combination: { number: perSet, price },
});

/** A bundle of two goods: 2 × 10.80 + 1 × 22.50 = 44.10 a set. */
function set(items = [item(11, '阿莫西林胶囊', 2, 1080), item(12, '布洛芬缓释胶囊', 1, 2250)]): CombinationMapper {
  return { ...combinationGroup({ goods_count: items.length }), gift_goods: null, goods: items };
}

function setLine(overrides: CartLineInput = {}): CartLineMapper {
  return cartLine(
    { id: 200, number: 3, price: 4410, type: 3, is_expired: 0, combination: set(), group_buy: null, ...overrides },
    { id: 11, name: '阿莫西林胶囊' },
  );
}

function joinLine(overrides: CartLineInput = {}): CartLineMapper {
  return cartLine(
    {
      id: 201,
      number: 10,
      price: 900,
      type: 2,
      is_expired: 0,
      combination: null,
      group_buy: {
        id: 8,
        price: 900,
        target_number: 100,
        joined_number: 50,
        start_at: '2026-11-20T00:00:00.000Z',
        end_at: '2026-12-04T00:00:00.000Z',
      },
      ...overrides,
    },
    { id: 31, name: '维生素C片', price: 1100 },
  );
}

/** A cart upstream whose list changes after each POST /api/cart, like the real one. */
function serveCart(...versions: CartMapper[]): void {
  let version = 0;
  upstream.on('GET', '/api/cart/list', (_s, res) =>
    send(res, 200, { code: 10000, message: '', data: versions[Math.min(version, versions.length - 1)] }),
  );
  upstream.on('POST', '/api/cart', (_s, res) => {
    version += 1;
    send(res, 200, { code: 10000, message: '加入购物车成功', data: { total: 1 } });
  });
}

const LINE_FIELDS = `id number type price { fen } total { fen } selected isAvailable goods { id }
  combination { group { id kind name setPrice { fen } } items { goods { id name stock } number price { fen } } }
  groupBuy { groupBuyId groupPrice { fen } targetNumber joinedNumber goods { id name } }`;

describe('activity lines in the cart', () => {
  it('shows a set as one COMBINATION line with its goods, and a join as a GROUP_BUY line with its progress', async () => {
    serveCart(cartList([setLine(), joinLine(), cartLine({ id: 100 })]));
    const { body } = await gw.gql(
      `{ cart { count lines { ${LINE_FIELDS} } summary { selectedTotal { fen } } } }`,
      {},
      AUTH,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      cart: {
        count: 3,
        lines: [
          {
            id: '200',
            number: 3,
            type: 'COMBINATION',
            price: { fen: 4410 },
            total: { fen: 13230 },
            selected: true,
            isAvailable: true,
            goods: { id: '11' },
            combination: {
              group: { id: '4', kind: 'BUNDLE', name: '白云山组合装', setPrice: { fen: 4410 } },
              items: [
                { goods: { id: '11', name: '阿莫西林胶囊', stock: 100 }, number: 2, price: { fen: 1080 } },
                { goods: { id: '12', name: '布洛芬缓释胶囊', stock: 100 }, number: 1, price: { fen: 2250 } },
              ],
            },
            groupBuy: null,
          },
          {
            id: '201',
            number: 10,
            type: 'GROUP_BUY',
            price: { fen: 900 },
            total: { fen: 9000 },
            selected: true,
            isAvailable: true,
            goods: { id: '31' },
            combination: null,
            groupBuy: {
              groupBuyId: '8',
              groupPrice: { fen: 900 },
              targetNumber: 100,
              joinedNumber: 50,
              goods: { id: '31', name: '维生素C片' },
            },
          },
          expect.objectContaining({ id: '100', type: 'NORMAL', combination: null, groupBuy: null }),
        ],
        summary: { selectedTotal: { fen: 13230 + 9000 + 1250 } },
      },
    });
    // The set and the offer come with the cart: one upstream call for the whole cart.
    expect(upstream.calls('GET', '/api/cart/list')).toHaveLength(1);
    expect(upstream.seen).toHaveLength(1);
  });

  it('never counts a set whose goods lack stock for one set, nor a line whose activity ended', async () => {
    serveCart(
      cartList([
        setLine({ id: 200, combination: set([item(11, '阿莫西林胶囊', 2, 1080, 1), item(12, '布洛芬', 1, 2250)]) }),
        joinLine({ id: 201, is_expired: 1 }),
        setLine({ id: 202, is_expired: 1 }),
      ]),
    );
    const { body } = await gw.gql(
      '{ cart { lines { id selected isAvailable } summary { selectedCount selectedTotal { fen } } } }',
      {},
      AUTH,
    );
    expect(body.data).toEqual({
      cart: {
        lines: [
          { id: '200', selected: false, isAvailable: false },
          { id: '201', selected: false, isAvailable: false },
          { id: '202', selected: false, isAvailable: false },
        ],
        summary: { selectedCount: 0, selectedTotal: { fen: 0 } },
      },
    });
  });
});

describe('sets in stock', () => {
  it('tells how many whole sets the stock allows, the scarcest goods deciding, with the shared pricing rule', async () => {
    serveCart(
      cartList([
        setLine({ id: 200, combination: set([item(11, 'A', 2, 1080, 9), item(12, 'B', 1, 2250, 100)]) }),
        setLine({ id: 202, combination: set([item(11, 'A', 2, 1080, 1), item(12, 'B', 1, 2250, 100)]) }),
      ]),
    );
    const { body } = await gw.gql('{ cart { lines { id combination { setsInStock } } } }', {}, AUTH);
    expect(body.data).toEqual({
      cart: {
        lines: [
          { id: '200', combination: { setsInStock: 4 } },
          { id: '202', combination: { setsInStock: 0 } },
        ],
      },
    });
  });
});

describe('adding a set and joining a group-buy', () => {
  it('adds sets as one type-3 line and answers the fresh cart in two upstream calls', async () => {
    serveCart(cartList([]), cartList([setLine({ number: 2 })]));
    const { body } = await gw.gql(
      'mutation { addCombinationToCart(combinationId: "4", sets: 2) { message cart { id count lines { type number combination { group { id } } } } } }',
      {},
      AUTH,
    );
    expect(body).toEqual({
      data: {
        addCombinationToCart: {
          message: '加入购物车成功',
          cart: { id: '7', count: 1, lines: [{ type: 'COMBINATION', number: 2, combination: { group: { id: '4' } } }] },
        },
      },
    });
    expect(upstream.calls('POST', '/api/cart').map((c) => c.form)).toEqual([
      { params: [{ type: '3', combination_id: '4', number: '2' }] },
    ]);
    // The POST, then the cart read once (with the buyer base alongside it).
    expect(upstream.calls('GET', '/api/cart/list')).toHaveLength(1);
    const order = upstream.seen.map((seen) => `${seen.method} ${seen.path}`);
    expect(order.indexOf('POST /api/cart')).toBeLessThan(order.indexOf('GET /api/cart/list'));
  });

  it('joins a group-buy with a type-2 line', async () => {
    serveCart(cartList([]), cartList([joinLine({ number: 5 })]));
    const { body } = await gw.gql(
      'mutation { joinGroupBuy(groupBuyId: "8", number: 5) { message cart { lines { type number groupBuy { groupBuyId } } } } }',
      {},
      AUTH,
    );
    expect(body.data).toEqual({
      joinGroupBuy: {
        message: '加入购物车成功',
        cart: { lines: [{ type: 'GROUP_BUY', number: 5, groupBuy: { groupBuyId: '8' } }] },
      },
    });
    expect(upstream.form('POST', '/api/cart')).toEqual({
      params: [{ type: '2', group_buy_id: '8', number: '5' }],
    });
    expect(upstream.calls('GET', '/api/cart/list')).toHaveLength(1);
  });

  it('refuses fewer than one set or unit with BAD_USER_INPUT before calling the upstream', async () => {
    serveCart(cartList([]));
    const sets = await gw.gql('mutation { addCombinationToCart(combinationId: "4", sets: 0) { message } }', {}, AUTH);
    expect(sets.body.errors?.[0]).toMatchObject({
      message: '组数必须是大于0的整数',
      extensions: { code: 'BAD_USER_INPUT', fields: { sets: ['组数必须是大于0的整数'] } },
    });
    const units = await gw.gql('mutation { joinGroupBuy(groupBuyId: "8", number: -1) { message } }', {}, AUTH);
    expect(units.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { number: ['数量必须是大于0的整数'] },
    });
    expect(upstream.seen.filter((seen) => seen.method === 'POST')).toHaveLength(0);
  });

  it.each([
    [40001, '阿莫西林胶囊库存不足，最多可购买4组'],
    [40013, '该组合购活动已结束'],
  ])('passes the upstream refusal %i to the buyer as addToCart does', async (code, message) => {
    serveCart(cartList([]));
    upstream.fail('POST', '/api/cart', 400, { code, message });
    const { body } = await gw.gql(
      'mutation { addCombinationToCart(combinationId: "4", sets: 9) { message } }',
      {},
      AUTH,
    );
    expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BUSINESS_ERROR', upstreamCode: code } });
    // A refused add reads no cart.
    expect(upstream.calls('GET', '/api/cart/list')).toHaveLength(0);
  });

  it('answers a visitor with UNAUTHENTICATED', async () => {
    upstream.fail('POST', '/api/cart', 401, { code: 10001, message: '请先登录' });
    const { body } = await gw.gql('mutation { joinGroupBuy(groupBuyId: "8", number: 1) { message } }');
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', redirect: '/login' });
  });
});

describe('an order with a set and a group-buy join', () => {
  it('shows each goods of the set with its set, and the group-buy of a joined goods', async () => {
    upstream.ok(
      'GET',
      '/api/order/900',
      order({
        lines: [
          orderLine({
            goods_id: 11,
            name: '阿莫西林胶囊',
            number: 6,
            price: 1080,
            total: 6480,
            combination: { id: 4, name: '白云山组合装', number: 2, sets: 3 },
            group_buy_id: null,
          }),
          orderLine({
            goods_id: 31,
            name: '维生素C片',
            number: 10,
            price: 900,
            total: 9000,
            combination: null,
            group_buy_id: 8,
          }),
          orderLine({ goods_id: 1, name: '感冒灵颗粒', number: 1, price: 1250, total: 1250 }),
        ],
      }),
    );
    const { body } = await gw.gql(
      '{ order(id: "900") { lines { goodsId number combination { id name number sets } groupBuyId } } }',
      {},
      AUTH,
    );
    expect(body.data).toEqual({
      order: {
        lines: [
          {
            goodsId: '11',
            number: 6,
            combination: { id: '4', name: '白云山组合装', number: 2, sets: 3 },
            groupBuyId: null,
          },
          { goodsId: '31', number: 10, combination: null, groupBuyId: '8' },
          { goodsId: '1', number: 1, combination: null, groupBuyId: null },
        ],
      },
    });
  });
});
