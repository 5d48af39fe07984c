import { ApolloClient, ApolloLink } from '@apollo/client';
import { lastValueFrom, toArray } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCache } from '../../shared/apollo-cache';
import { createPersistedLink } from '../../shared/persisted-link';
import { serverSentEvents, sseLink } from '../../shared/sse-link';
import { CartBadgeFragment } from './CartBadge';
import { CartChangedSubscription, followCart, retryDelay } from './live-cart';

const encoder = new TextEncoder();

/** A `text/event-stream` answer whose body arrives in the given pieces. */
function eventStream(...chunks: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

/** The gateway's answer to a change: an empty cart, every field the cart's views read. */
const emptied = {
  cartChanged: {
    __typename: 'Cart',
    id: 'cart-1',
    count: 0,
    lines: [],
    summary: {
      __typename: 'CartSummary',
      selectedCount: 0,
      selectedTotal: { __typename: 'Money', fen: 0, amount: '0.00' },
      shippingShortfall: null,
      freeShipping: false,
      fullReductionTiers: [],
      discountTiers: [],
      amounts: {
        __typename: 'OrderAmounts',
        goods: { __typename: 'Money', fen: 0, amount: '0.00' },
        goodsFullReduction: { __typename: 'Money', fen: 0, amount: '0.00' },
        fullReduction: { __typename: 'Money', fen: 0, amount: '0.00' },
        discount: { __typename: 'Money', fen: 0, amount: '0.00' },
        freight: { __typename: 'Money', fen: 0, amount: '0.00' },
        payable: { __typename: 'Money', fen: 0, amount: '0.00' },
      },
    },
  },
};

/** The browser's client as app/apollo.ts builds it, in short: the persisted-query link, a transport by context. */
function client(): ApolloClient {
  const transport = new ApolloLink((operation, forward) => {
    const chosen: unknown = operation.getContext()['transport'];
    if (!(chosen instanceof ApolloLink)) throw new Error('a subscription travels through its own link');
    return chosen.request(operation, forward);
  });
  return new ApolloClient({ link: ApolloLink.from([createPersistedLink(), transport]), cache: createCache() });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('server-sent events', () => {
  it('reads messages split anywhere across chunks, skipping keep-alives', async () => {
    const stream = eventStream(
      ':\n\nevent: ne',
      'xt\r\ndata: {"a":\r\ndata: 1}\r\n\r',
      '\n:\n\nevent: complete\ndata:\n\n',
    );
    const messages = [];
    for await (const message of serverSentEvents(stream.body ?? new ReadableStream())) messages.push(message);
    expect(messages).toEqual([
      { event: 'next', data: '{"a":\n1}' },
      { event: 'complete', data: '' },
    ]);
  });
});

describe('CART-30: the live cart in the browser', () => {
  it('writes each event into the one Cart entry the badge reads, sent by hash over SSE', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      eventStream(':\n\n', `event: next\ndata: ${JSON.stringify({ data: emptied })}\n\n`, 'event: complete\ndata:\n\n'),
    );
    vi.stubGlobal('fetch', fetch);
    const apollo = client();
    const cartRef = { __typename: 'Cart', id: 'cart-1' } as const;
    apollo.cache.writeFragment({ fragment: CartBadgeFragment, data: { __typename: 'Cart', id: 'cart-1', count: 3 } });

    const results = await lastValueFrom(
      apollo.subscribe({ query: CartChangedSubscription, context: { transport: sseLink } }).pipe(toArray()),
    );
    expect(results).toHaveLength(1);
    expect(apollo.cache.readFragment({ fragment: CartBadgeFragment, from: cartRef })?.count).toBe(0);

    const init = fetch.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('accept')).toBe('text/event-stream');
    // SEC-20: the trusted document's hash, not its text.
    const body = JSON.parse(String(init?.body)) as { query?: string; extensions?: { persistedQuery?: unknown } };
    expect(body.query).toBeUndefined();
    expect(body.extensions?.persistedQuery).toEqual({
      version: 1,
      sha256Hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('reconnects after a stream ends and stops for good once the session has ended', async () => {
    vi.useFakeTimers();
    const refused = { errors: [{ message: '请先登录', extensions: { code: 'UNAUTHENTICATED', redirect: '/login' } }] };
    const answers = [
      eventStream('event: complete\ndata:\n\n'),
      eventStream(`event: next\ndata: ${JSON.stringify(refused)}\n\n`, 'event: complete\ndata:\n\n'),
    ];
    const fetch = vi.fn(async () => answers.shift() ?? eventStream());
    vi.stubGlobal('fetch', fetch);
    const apollo = client();
    const refetch = vi.spyOn(apollo, 'refetchQueries');

    const stop = followCart(apollo);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(retryDelay(1, () => 1));
    expect(fetch).toHaveBeenCalledTimes(2);
    // What changed while no stream was open is read again.
    expect(refetch).toHaveBeenCalledWith(expect.objectContaining({ include: 'active' }));
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    stop();
  });

  it('waits longer after each short-lived stream, up to a minute, drawn from the upper half', () => {
    expect(retryDelay(0, () => 0)).toBe(500);
    expect(retryDelay(0, () => 1)).toBe(1000);
    expect(retryDelay(3, () => 1)).toBe(8000);
    expect(retryDelay(20, () => 1)).toBe(60_000);
    expect(retryDelay(20, () => 0)).toBe(30_000);
  });
});
