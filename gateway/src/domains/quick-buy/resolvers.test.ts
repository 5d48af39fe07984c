import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer, cartLine, cartList, order, page } from '../../testkit/fixtures';
import type { QuickPurchaseItemMapper, RebuyPreviewLineMapper } from './mappers';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });
const AUTH = BUYER_AUTH;

const item = (overrides: Partial<QuickPurchaseItemMapper> = {}): QuickPurchaseItemMapper => ({
  goods_id: 12,
  name: '感冒灵颗粒',
  sccj: '华润三九医药股份有限公司',
  ypgg: '10g*9袋',
  bzdw: '盒',
  goods_image: 'https://img.example.com/12.jpg',
  last_price: 1250,
  last_number: 10,
  last_at: '2026-11-02T03:04:05.000Z',
  times: 3,
  price: 1300,
  stock: 40,
  is_buy: 1,
  ladder_price: [{ number: 20, price: 1200 }],
  ladder_price_type: 0,
  reason: null,
  ...overrides,
});

const previewLine = (overrides: Partial<RebuyPreviewLineMapper> = {}): RebuyPreviewLineMapper => ({
  goods_id: 1,
  name: '感冒灵颗粒',
  sccj: '华润三九医药股份有限公司',
  ypgg: '10g*9袋',
  bzdw: '盒',
  number: 30,
  price_then: 1200,
  price_now: 1350,
  price_change: 'up',
  stock: 100,
  state: 'ok',
  ladder_then: 0,
  ladder_now: null,
  ladder_change: 'none',
  reason: null,
  ...overrides,
});

describe('quick purchase (QUICK-01..QUICK-04)', () => {
  it('QUICK-02: passes paging, order and keyword on and answers the rows with money as Money', async () => {
    upstream.ok(
      'GET',
      '/api/user/fast_buy',
      page([item(), item({ goods_id: 13, is_buy: 0, price: null, stock: null, reason: '该商品已下架' })], {
        current_page: 2,
        per_page: 5,
        total: 7,
        last_page: 2,
      }),
    );
    const { body } = await gw.gql(
      `{ quickPurchase(page: 2, pageSize: 5, order: TIMES_BOUGHT, keyword: " gmlkl ") {
          total page pageSize
          items { id name manufacturer spec packingUnit image lastPrice { fen amount } lastQuantity lastOrderedAt
            timesBought price { amount } ladderPrices { number price { amount } } stock isBuyable unavailableReason } } }`,
      undefined,
      AUTH,
    );
    expect(body.errors).toBeUndefined();
    expect(upstream.query('GET', '/api/user/fast_buy')).toEqual({
      page: '2',
      page_size: '5',
      order: 'times',
      keyword: 'gmlkl',
    });
    expect(body.data).toEqual({
      quickPurchase: {
        total: 7,
        page: 2,
        pageSize: 5,
        items: [
          {
            id: '12',
            name: '感冒灵颗粒',
            manufacturer: '华润三九医药股份有限公司',
            spec: '10g*9袋',
            packingUnit: '盒',
            image: 'https://img.example.com/12.jpg',
            lastPrice: { fen: 1250, amount: '12.50' },
            lastQuantity: 10,
            lastOrderedAt: '2026-11-02T03:04:05.000Z',
            timesBought: 3,
            price: { amount: '13.00' },
            ladderPrices: [{ number: 20, price: { amount: '12.00' } }],
            stock: 40,
            isBuyable: true,
            unavailableReason: null,
          },
          expect.objectContaining({
            id: '13',
            price: null,
            stock: 0,
            isBuyable: false,
            unavailableReason: '该商品已下架',
          }),
        ],
      },
    });
  });

  it('refuses a page size over 50 before calling the upstream', async () => {
    const { body } = await gw.gql('{ quickPurchase(pageSize: 51) { total } }', undefined, AUTH);
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(upstream.calls('GET', '/api/user/fast_buy')).toHaveLength(0);
  });

  it('QUICK-03: quick add sends the quantity and answers the whole cart for the badge', async () => {
    upstream.ok('POST', '/api/cart/quick_add/12', { total: 1 }, '加入购物车成功');
    upstream.ok('GET', '/api/cart/list', cartList([cartLine()]));
    const { body } = await gw.gql(
      'mutation { quickAddToCart(goodsId: "12", number: 10) { message cart { id count } } }',
      undefined,
      AUTH,
    );
    expect(body.data).toEqual({ quickAddToCart: { message: '加入购物车成功', cart: { id: '7', count: 1 } } });
    expect(upstream.form('POST', '/api/cart/quick_add/12')).toEqual({ number: '10' });
  });

  it("QUICK-03: a quantity below 1 is refused and the cart's refusal reaches the buyer", async () => {
    const bad = await gw.gql('mutation { quickAddToCart(goodsId: "12", number: 0) { message } }', undefined, AUTH);
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(upstream.calls('POST', '/api/cart/quick_add/12')).toHaveLength(0);
    upstream.fail('POST', '/api/cart/quick_add/12', 400, { code: 40030, message: '该商品暂不可购买' });
    const refused = await gw.gql('mutation { quickAddToCart(goodsId: "12") { message } }', undefined, AUTH);
    expect(refused.body.errors?.[0]).toMatchObject({
      message: '该商品暂不可购买',
      extensions: { code: 'BUSINESS_ERROR' },
    });
  });
});

describe('buy again preview (QUICK-05..QUICK-07)', () => {
  it('QUICK-05: answers each goods then and now on the order', async () => {
    upstream.ok('GET', '/api/order/900', order({ status: 3 }));
    upstream.ok('GET', '/api/order/900/rebuy_preview', {
      order_id: 900,
      addable: 1,
      lines: [
        previewLine(),
        previewLine({
          goods_id: 2,
          price_now: null,
          price_change: 'same',
          state: 'gone',
          ladder_then: null,
          reason: '该商品暂不可购买',
        }),
        previewLine({
          goods_id: 3,
          number: 10,
          price_then: 1000,
          price_now: 900,
          price_change: 'down',
          state: 'short',
          stock: 4,
          ladder_now: { number: 10, price: 900 },
          ladder_change: 'reached',
          reason: '库存不足，最多可购买4件',
        }),
      ],
    });
    const { body } = await gw.gql(
      `{ order(id: "900") { id rebuyPreview { addableCount lines { goodsId quantity priceThen { amount }
          priceNow { amount } priceChange state stock ladderThen ladderNow { number price { amount } } ladderChange
          reason } } } }`,
      undefined,
      AUTH,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      order: {
        id: '900',
        rebuyPreview: {
          addableCount: 1,
          lines: [
            {
              goodsId: '1',
              quantity: 30,
              priceThen: { amount: '12.00' },
              priceNow: { amount: '13.50' },
              priceChange: 'UP',
              state: 'OK',
              stock: 100,
              ladderThen: false,
              ladderNow: null,
              ladderChange: 'NONE',
              reason: null,
            },
            expect.objectContaining({ goodsId: '2', priceNow: null, state: 'NOT_SOLD', ladderThen: null }),
            expect.objectContaining({
              goodsId: '3',
              priceChange: 'DOWN',
              state: 'SHORT',
              ladderNow: { number: 10, price: { amount: '9.00' } },
              ladderChange: 'REACHED',
              reason: '库存不足，最多可购买4件',
            }),
          ],
        },
      },
    });
  });

  it("QUICK-05: another company's order is null, and no preview is asked for", async () => {
    const { body } = await gw.gql('{ order(id: "901") { id rebuyPreview { addableCount } } }', undefined, AUTH);
    expect(body.data).toEqual({ order: null });
    expect(upstream.calls('GET', '/api/order/901/rebuy_preview')).toHaveLength(0);
  });

  it('an answer outside the description is the upstream unavailable, not a wrong diff', async () => {
    upstream.ok('GET', '/api/order/900', order({ status: 3 }));
    upstream.ok('GET', '/api/order/900/rebuy_preview', {
      order_id: 900,
      addable: 0,
      lines: [previewLine({ price_change: 'sideways' as RebuyPreviewLineMapper['price_change'] })],
    });
    const { body } = await gw.gql(
      '{ order(id: "900") { id rebuyPreview { lines { priceChange } } } }',
      undefined,
      AUTH,
    );
    expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
  });
});
