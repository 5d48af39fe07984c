import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { send, type Seen } from '../../testkit/fake-upstream';
import { useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer, cartLine, cartList, order, visitor } from '../../testkit/fixtures';
import { openSse, type SseStream } from '../../testkit/sse';
import type { CartLineMapper } from './mappers';
import { SESSION_RECHECK_MS } from './live';

const { upstream, gw } = useGatewayOnFakeUpstream();

// Buyer 7 has a browser tab (WEB) and a phone (PHONE); buyer 8, another company's, a tab of their own (OTHER).
const WEB = 'Bearer web-7';
const PHONE = 'Bearer phone-7';
const OTHER = 'Bearer web-8';
const SUBSCRIBE = 'subscription { cartChanged { id count lines { id number } } }';

let sessions: Map<string, number>;
let carts: Map<number, CartLineMapper[]>;
let url: string;
const streams: SseStream[] = [];

const buyerOf = (seen: Seen): number | undefined => sessions.get(seen.authorization ?? '');
const cartReadsBy = (authorization: string) =>
  upstream.calls('GET', '/api/cart/list').filter((seen) => seen.authorization === authorization).length;

async function subscribe(authorization?: string, query = SUBSCRIBE): Promise<SseStream> {
  const before = gw.gateway.pubsub.activeSubscriptions();
  const stream = await openSse(`${url}/graphql`, query, authorization ? { authorization } : {});
  streams.push(stream);
  // Listening once the gateway counts it: a change made before would rightly not reach it.
  if (authorization) await vi.waitFor(() => expect(gw.gateway.pubsub.activeSubscriptions()).toBe(before + 1));
  return stream;
}

const add = (authorization: string, goodsId = '1') =>
  gw.gql(
    `mutation { addToCart(lines: [{ goodsId: "${goodsId}", number: 2 }]) { cart { count } } }`,
    {},
    {
      authorization,
    },
  );

beforeEach(async () => {
  sessions = new Map([
    [WEB, 7],
    [PHONE, 7],
    [OTHER, 8],
  ]);
  carts = new Map([
    [7, []],
    [8, []],
  ]);
  upstream.on('GET', '/api/user/base', (seen, res) => {
    const id = buyerOf(seen);
    send(res, 200, { code: 10000, message: '', data: id === undefined ? visitor() : buyer({ id }) });
  });
  upstream.on('GET', '/api/cart/list', (seen, res) => {
    const id = buyerOf(seen);
    if (id === undefined) return send(res, 401, { code: 10001, message: '请先登录', data: null });
    send(res, 200, { code: 10000, message: '', data: cartList(carts.get(id) ?? [], { user_id: id }) });
  });
  upstream.on('POST', '/api/cart', (seen, res) => {
    const id = buyerOf(seen);
    if (id === undefined) return send(res, 401, { code: 10001, message: '请先登录', data: null });
    const lines = carts.get(id) ?? [];
    lines.unshift(cartLine({ id: 100 + lines.length, number: 2 }));
    carts.set(id, lines);
    send(res, 200, { code: 10000, message: '加入购物车成功', data: { total: lines.length } });
  });
  url = await gw.listen();
});

afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
  vi.useRealTimers();
});

describe('Subscription.cartChanged', () => {
  it('CART-27: a tab receives the cart a change through the same buyer’s phone read, with no read of its own', async () => {
    const tab = await subscribe(WEB);
    expect(tab.status).toBe(200);
    await add(PHONE);
    expect(await tab.next()).toEqual({
      event: 'next',
      data: { data: { cartChanged: { id: '7', count: 1, lines: [{ id: '100', number: 2 }] } } },
    });
    // CART-28: the mutation's own read went to the tab as it was.
    expect(cartReadsBy(PHONE)).toBe(1);
    expect(cartReadsBy(WEB)).toBe(0);
  });

  it('CART-27: another buyer’s subscriber receives nothing of it, and then their own cart only', async () => {
    const mine = await subscribe(WEB);
    const theirs = await subscribe(OTHER);
    await add(PHONE);
    expect((await mine.next()).data?.data).toEqual({ cartChanged: expect.objectContaining({ id: '7', count: 1 }) });
    expect(await theirs.quiet(300)).toBe(true);
    await add(OTHER, '5');
    expect((await theirs.next()).data?.data).toEqual({ cartChanged: expect.objectContaining({ id: '8', count: 1 }) });
    expect(await mine.quiet(100)).toBe(true);
  });

  it('CART-27: refuses a visitor with UNAUTHENTICATED and listens to nothing', async () => {
    const stream = await subscribe(undefined);
    expect(await stream.next()).toEqual({
      event: 'next',
      data: {
        errors: [expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED', redirect: '/login' } })],
      },
    });
    expect((await stream.next()).event).toBe('complete');
    expect(gw.gateway.pubsub.activeSubscriptions()).toBe(0);
  });

  it('CART-27: refuses a session the upstream no longer knows', async () => {
    upstream.fail('GET', '/api/user/base', 401, { code: 10001, message: '请先登录' });
    const expired = await openSse(`${url}/graphql`, SUBSCRIBE, { authorization: 'Bearer expired' });
    streams.push(expired);
    for (const refused of [expired, await subscribe(undefined)]) {
      expect((await refused.next()).data?.errors?.[0]?.extensions).toEqual({
        code: 'UNAUTHENTICATED',
        redirect: '/login',
      });
    }
  });

  it('completes every stream when the gateway stops, so each client reconnects to another replica', async () => {
    const tab = await subscribe(WEB);
    await gw.gateway.pubsub.close();
    expect((await tab.next()).event).toBe('complete');
    expect(gw.gateway.pubsub.activeSubscriptions()).toBe(0);
  });

  it('stops listening when the client goes, and counts what it serves', async () => {
    const tab = await subscribe(WEB);
    await subscribe(PHONE);
    expect(gw.gateway.pubsub.activeSubscriptions()).toBe(2);
    tab.close();
    await vi.waitFor(() => expect(gw.gateway.pubsub.activeSubscriptions()).toBe(1));
  });
});

describe('CART-28: changes made outside the cart mutations', () => {
  const PLACE = `mutation { placeOrder(input: { cartLineIds: ["100"], addressId: "31", idempotencyKey: "key-0001" }) {
    order { id } } }`;

  beforeEach(() => {
    upstream.on('POST', '/api/order', (seen, res) => {
      carts.set(buyerOf(seen) ?? 0, []);
      send(res, 200, { code: 10000, message: '下单成功', data: order() });
    });
  });

  it('an order placed without asking for the cart is announced, and each screen reads the cart itself', async () => {
    carts.set(7, [cartLine({ id: 100 })]);
    const tab = await subscribe(WEB);
    const { body } = await gw.gql(PLACE, {}, { authorization: PHONE });
    expect(body.errors).toBeUndefined();
    expect((await tab.next()).data?.data).toEqual({ cartChanged: { id: '7', count: 0, lines: [] } });
    // Read once, by the tab's own session; the phone asked for no cart and read none.
    expect(cartReadsBy(WEB)).toBe(1);
    expect(cartReadsBy(PHONE)).toBe(0);
  });

  it('an order whose answer reads the cart publishes that read and nothing more', async () => {
    carts.set(7, [cartLine({ id: 100 })]);
    const tab = await subscribe(WEB);
    await gw.gql(PLACE.replace('order { id }', 'order { id } cart { count }'), {}, { authorization: PHONE });
    expect((await tab.next()).data?.data).toEqual({ cartChanged: { id: '7', count: 0, lines: [] } });
    expect(await tab.quiet(200)).toBe(true);
    expect(upstream.calls('GET', '/api/cart/list')).toHaveLength(1);
  });

  it('a refused order announces nothing', async () => {
    upstream.fail('POST', '/api/order', 400, { code: 40005, message: '没有可下单的商品' });
    const tab = await subscribe(WEB);
    await gw.gql(PLACE, {}, { authorization: PHONE });
    expect(await tab.quiet(300)).toBe(true);
  });

  it('CART-19: lines copied to another store reach that store’s screens, read with their own session', async () => {
    sessions.set('Bearer store-9', 9);
    carts.set(9, [cartLine({ id: 300 })]);
    upstream.ok('POST', '/api/cart/copy', { copied: 1 }, '复制成功');
    const store = await subscribe('Bearer store-9');
    const mine = await subscribe(WEB);
    await gw.gql(
      'mutation { copyCartLines(ids: ["100"], toUserIds: [" 9 ", "009"]) { copied } }',
      {},
      {
        authorization: WEB,
      },
    );
    expect((await store.next()).data?.data).toEqual({
      cartChanged: { id: '9', count: 1, lines: [{ id: '300', number: 1 }] },
    });
    // One event for the store however its id was written; the copying buyer's own cart did not change.
    expect(await store.quiet(200)).toBe(true);
    expect(await mine.quiet(0)).toBe(true);
  });
});

describe('CART-29: the session of a stream', () => {
  it('ends the stream quietly once its session has ended', async () => {
    const tab = await subscribe(WEB);
    sessions.delete(WEB);
    upstream.ok('POST', '/api/order', order());
    await gw.gql(
      'mutation { placeOrder(input: { cartLineIds: ["100"], addressId: "31", idempotencyKey: "key-0002" }) { order { id } } }',
      {},
      {
        authorization: PHONE,
      },
    );
    expect((await tab.next()).event).toBe('complete');
    await vi.waitFor(() => expect(gw.gateway.pubsub.activeSubscriptions()).toBe(0));
  });

  it('confirms its session with a read of its own once the last confirmation is older than the recheck time', async () => {
    const tab = await subscribe(WEB);
    await add(PHONE);
    await tab.next();
    expect(cartReadsBy(WEB)).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_RECHECK_MS + 1000 });
    await add(PHONE, '2');
    expect((await tab.next()).data?.data).toEqual({ cartChanged: expect.objectContaining({ count: 2 }) });
    expect(cartReadsBy(WEB)).toBe(1);
    // Confirmed again: the next change goes out as published.
    await add(PHONE, '3');
    await tab.next();
    expect(cartReadsBy(WEB)).toBe(1);
  });

  it('ends the stream when its session now belongs to another buyer', async () => {
    const tab = await subscribe(WEB);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_RECHECK_MS + 1000 });
    sessions.set(WEB, 9);
    await add(PHONE);
    expect((await tab.next()).event).toBe('complete');
  });

  it('reads each event through loaders of its own, not memos of an earlier event', async () => {
    let favourite = false;
    upstream.on('GET', '/api/favorite/check', (_seen, res) =>
      send(res, 200, { code: 10000, message: '', data: { ids: favourite ? [1] : [] } }),
    );
    const tab = await subscribe(WEB, 'subscription { cartChanged { lines { goods { id isFavorite } } } }');
    await add(PHONE);
    expect((await tab.next()).data?.data).toEqual({
      cartChanged: { lines: [{ goods: { id: '1', isFavorite: false } }] },
    });
    favourite = true;
    await add(PHONE);
    expect((await tab.next()).data?.data).toEqual({
      cartChanged: { lines: [{ goods: { id: '1', isFavorite: true } }, { goods: { id: '1', isFavorite: true } }] },
    });
  });
});
