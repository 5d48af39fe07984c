import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGatewayPubSub, type CartEvent, type GatewayPubSub } from './pubsub';
import { cartList } from './testkit/fixtures';
import { within } from './testkit/sse';

const opened: GatewayPubSub[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((pubsub) => pubsub.close()));
});

function open(config: Parameters<typeof createGatewayPubSub>[0]): GatewayPubSub {
  const pubsub = createGatewayPubSub(config, { log: () => undefined });
  opened.push(pubsub);
  return pubsub;
}

const EVENT: CartEvent = { cart: cartList([], { user_id: 7 }) };

describe('the pub/sub in one process (no REDIS_URL)', () => {
  it('delivers an event to the subscribers of its buyer only, and counts the streams it serves', async () => {
    const { pubsub, activeSubscriptions } = open({ REDIS_URL: undefined, REDIS_PREFIX: 'gw' });
    const seven = pubsub.subscribe('cartChanged', '7');
    const eight = pubsub.subscribe('cartChanged', '8');
    const sevenNext = within(seven, 1000);
    const eightNext = within(eight, 200);
    expect(activeSubscriptions()).toBe(2);
    pubsub.publish('cartChanged', '7', EVENT);
    expect(await sevenNext).toEqual(EVENT);
    expect(await eightNext).toBe('none');
    await seven.return();
    await eight.return();
    expect(activeSubscriptions()).toBe(0);
  });

  it('ends every stream on close and each one opened after, so clients reconnect elsewhere', async () => {
    const events = open({ REDIS_URL: undefined, REDIS_PREFIX: 'gw' });
    const stream = events.pubsub.subscribe('cartChanged', '7');
    const ended = stream.next();
    await vi.waitFor(() => expect(events.activeSubscriptions()).toBe(1));
    await events.close();
    expect(await ended).toEqual({ done: true, value: undefined });
    expect(events.activeSubscriptions()).toBe(0);
    expect(await events.pubsub.subscribe('cartChanged', '7').next()).toEqual({ done: true, value: undefined });
    await events.close();
  });
});

// Through Redis (prefixes, leaving channels, Redis gone): tests/live-cart-replicas.test.ts, where Redis is required.
