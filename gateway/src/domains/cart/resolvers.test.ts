import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer, cartLine, cartList } from '../../testkit/fixtures';
import type { CartMapper } from './mappers';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });
const AUTH = BUYER_AUTH;

/** A cart upstream whose list changes after each POST, like the real one. */
function serveCart(...versions: CartMapper[]): void {
  let version = 0;
  upstream.on('GET', '/api/cart/list', (_s, res) =>
    send(res, 200, { code: 10000, message: '', data: versions[Math.min(version, versions.length - 1)] }),
  );
  const bump = (message: string, data: unknown) => (_s: unknown, res: Parameters<typeof send>[0]) => {
    version += 1;
    send(res, 200, { code: 10000, message, data });
  };
  upstream.on('POST', '/api/cart', bump('加入购物车成功', { total: 1 }));
  upstream.on('POST', '/api/cart/100/edit', bump('修改成功', cartLine({ id: 100, number: 3 })));
  upstream.on('POST', '/api/cart/batch_select', bump('', { updated: 1 }));
  upstream.on('POST', '/api/cart/batch_delete', bump('删除成功', { deleted: 1, total: 0 }));
}

const CART_FIELDS = `id count
  lines { id number price { amount } total { amount } selected isAvailable type nextTierHint freeShippingHint goods { id name } }
  summary { selectedCount selectedTotal { fen } shippingShortfall { amount } freeShipping
    fullReductionTiers { label reached shortfall { amount } } discountTiers { label reached } }`;

describe('reading the cart', () => {
  it('answers the cart under the buyer id, as the upstream priced it (CART-22)', async () => {
    serveCart(
      cartList(
        [
          cartLine(
            { id: 100, number: 8, price: 1300 },
            { ladder_price: [{ number: 10, price: 1100 }], ladder_price_type: 2 },
          ),
          cartLine({ id: 101, number: 1, price: 500 }, { id: 2, name: '板蓝根', is_buy: 0 }),
        ],
        {
          shipping_data: { shipping_amount: 80000, no_trans_order_amount: 0 },
          activity_data: { manjians: [{ amount: 30000, reduce: 3000 }], discounts: [] },
        },
      ),
    );
    const { body } = await gw.gql(`{ cart { ${CART_FIELDS} } }`, undefined, AUTH);
    expect(body).toEqual({
      data: {
        cart: {
          id: '7',
          count: 2,
          lines: [
            {
              id: '100',
              number: 8,
              price: { amount: '13.00' },
              total: { amount: '104.00' },
              selected: true,
              isAvailable: true,
              type: 'NORMAL',
              nextTierHint: '再买 2 盒 ¥11.00/盒',
              freeShippingHint: null,
              goods: { id: '1', name: '感冒灵颗粒' },
            },
            {
              id: '101',
              number: 1,
              price: { amount: '5.00' },
              total: { amount: '5.00' },
              selected: false,
              isAvailable: false,
              type: 'NORMAL',
              nextTierHint: null,
              freeShippingHint: null,
              goods: { id: '2', name: '板蓝根' },
            },
          ],
          summary: {
            selectedCount: 1,
            selectedTotal: { fen: 10400 },
            shippingShortfall: { amount: '696.00' },
            freeShipping: false,
            fullReductionTiers: [{ label: '满300减30', reached: false, shortfall: { amount: '196.00' } }],
            discountTiers: [],
          },
        },
      },
    });
    expect(upstream.query('GET', '/api/cart/list')).toEqual({ filters: '99999', new: '1' });
    expect(upstream.calls('GET', '/api/cart/list')[0]?.authorization).toBe('Bearer buyer-token');
  });

  it('fails with UNAUTHENTICATED for a visitor', async () => {
    upstream.ok('GET', '/api/user/base', { show: 0 });
    upstream.on('GET', '/api/cart/list', (_s, res) => {
      res.writeHead(401);
      res.end();
    });
    const { body } = await gw.gql('{ cart { id } }');
    expect(body.data).toBeNull();
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', redirect: '/login' });
  });
});

describe('changing the cart', () => {
  const before = cartList([cartLine({ id: 100, number: 1 })]);
  const after = cartList([cartLine({ id: 100, number: 3 })]);

  it('adds goods with indexed params and answers the fresh cart and the upstream message', async () => {
    serveCart(before, after);
    const { body } = await gw.gql(
      `mutation { addToCart(lines: [{ goodsId: "1", number: 2, ladderPriceId: "9", isYj: false, type: SECKILL }, { goodsId: "4", number: 1 }]) {
        message cart { id count lines { number } } } }`,
      undefined,
      AUTH,
    );
    expect(body).toEqual({
      data: { addToCart: { message: '加入购物车成功', cart: { id: '7', count: 1, lines: [{ number: 3 }] } } },
    });
    const [post] = upstream.calls('POST', '/api/cart');
    expect(post?.rawBody).toContain(encodeURIComponent('params[0][goods_id]') + '=1');
    expect(post?.form).toEqual({
      params: [
        { goods_id: '1', number: '2', ladder_price_id: '9', is_yj: '0', type: '1' },
        { goods_id: '4', number: '1' },
      ],
    });
    // The cart is read after the change, never from before it.
    const order = upstream.seen.map((seen) => `${seen.method} ${seen.path}`);
    expect(order.indexOf('POST /api/cart')).toBeLessThan(order.lastIndexOf('GET /api/cart/list'));
  });

  it('refuses a quantity below 1 with BAD_USER_INPUT before calling the upstream', async () => {
    serveCart(before);
    for (const mutation of [
      'mutation { addToCart(lines: [{ goodsId: "1", number: 0 }]) { message } }',
      'mutation { updateCartLine(id: "100", number: -2) { message } }',
    ]) {
      const { body } = await gw.gql(mutation, undefined, AUTH);
      expect(body.errors?.[0]).toMatchObject({
        message: '数量必须是大于0的整数',
        extensions: { code: 'BAD_USER_INPUT', fields: { number: ['数量必须是大于0的整数'] } },
      });
    }
    expect(upstream.seen.filter((seen) => seen.method === 'POST')).toHaveLength(0);
  });

  it('passes the stock refusal of the upstream to the buyer', async () => {
    serveCart(before);
    upstream.fail('POST', '/api/cart', 400, { code: 40001, message: '库存不足，最多可购买5件' });
    const { body } = await gw.gql(
      'mutation { addToCart(lines: [{ goodsId: "1", number: 99 }]) { message } }',
      undefined,
      AUTH,
    );
    expect(body.errors?.[0]).toMatchObject({
      message: '库存不足，最多可购买5件',
      extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40001 },
    });
  });

  it('sets a line quantity', async () => {
    serveCart(before, after);
    const { body } = await gw.gql(
      'mutation { updateCartLine(id: "100", number: 3) { message cart { lines { number } } } }',
      undefined,
      AUTH,
    );
    expect(body.data).toEqual({ updateCartLine: { message: '修改成功', cart: { lines: [{ number: 3 }] } } });
    expect(upstream.form('POST', '/api/cart/100/edit')).toEqual({ params: { number: '3' }, new: '1' });
  });

  it('selects and removes lines with ids[] and answers a null message when the upstream said nothing', async () => {
    serveCart(before, after, cartList([]));
    const selected = await gw.gql(
      'mutation { selectCartLines(ids: ["100", "101"], selected: false) { message cart { count } } }',
      undefined,
      AUTH,
    );
    expect(selected.body.data).toEqual({ selectCartLines: { message: null, cart: { count: 1 } } });
    const [select] = upstream.calls('POST', '/api/cart/batch_select');
    expect(select?.rawBody).toBe(`${encodeURIComponent('ids[]')}=100&${encodeURIComponent('ids[]')}=101&is_selected=0`);

    const removed = await gw.gql(
      'mutation { removeCartLines(ids: ["100"]) { message cart { id count } } }',
      undefined,
      AUTH,
    );
    expect(removed.body.data).toEqual({ removeCartLines: { message: '删除成功', cart: { id: '7', count: 0 } } });
    expect(upstream.form('POST', '/api/cart/batch_delete')).toEqual({ ids: ['100'] });
  });
});

describe('the cost of a cart mutation (CART-22)', () => {
  it.each([
    ['addToCart', 'mutation { addToCart(lines: [{ goodsId: "1", number: 2 }]) { cart { id count } message } }'],
    ['updateCartLine', 'mutation { updateCartLine(id: "100", number: 3) { cart { id count } message } }'],
    ['selectCartLines', 'mutation { selectCartLines(ids: ["100"], selected: false) { cart { id } message } }'],
    ['removeCartLines', 'mutation { removeCartLines(ids: ["100"]) { cart { id summary { selectedCount } } } }'],
    ['addCombinationToCart', 'mutation { addCombinationToCart(combinationId: "4", sets: 1) { cart { id } } }'],
    ['joinGroupBuy', 'mutation { joinGroupBuy(groupBuyId: "8", number: 1) { cart { id lines { id } } } }'],
  ])('%s makes at most two upstream calls: the change, then the priced cart', async (_name, mutation) => {
    serveCart(cartList([cartLine({ id: 100 })]), cartList([cartLine({ id: 100, number: 3 })]));
    const { body } = await gw.gql(mutation, undefined, AUTH);
    expect(body.errors).toBeUndefined();
    const calls = upstream.seen.map((seen) => `${seen.method} ${seen.path}`);
    expect(calls.length, calls.join(', ')).toBeLessThanOrEqual(2);
    expect(calls.at(-1)).toBe('GET /api/cart/list');
  });
});

describe('copying lines to other stores of the company', () => {
  it("lists the company's other store accounts", async () => {
    upstream.ok('GET', '/api/user/stores', [
      { id: 9, username: 'demo3', name: '二号门店', store_name: '滨江店', address: '' },
    ]);
    const { body } = await gw.gql('{ me { storeAccounts { id username name } } }', {}, AUTH);
    expect(body.data).toEqual({ me: { storeAccounts: [{ id: '9', username: 'demo3', name: '二号门店' }] } });
  });

  it('sends the lines and the target stores in bracket notation and answers how many were copied', async () => {
    upstream.ok('POST', '/api/cart/copy', { copied: 2 }, '复制成功');
    const { body } = await gw.gql(
      'mutation { copyCartLines(ids: ["100", "101"], toUserIds: ["9"]) { copied message } }',
      {},
      AUTH,
    );
    expect(body.data).toEqual({ copyCartLines: { copied: 2, message: '复制成功' } });
    expect(upstream.form('POST', '/api/cart/copy')).toEqual({ ids: ['100', '101'], other_user_ids: ['9'] });
  });

  it('refuses an empty selection without calling the upstream', async () => {
    const { body } = await gw.gql('mutation { copyCartLines(ids: [], toUserIds: ["9"]) { copied } }', {}, AUTH);
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(upstream.calls('POST', '/api/cart/copy')).toHaveLength(0);
  });
});
