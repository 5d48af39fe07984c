import { randomUUID } from 'node:crypto';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import {
  createPubSub,
  filter,
  map,
  pipe,
  Repeater,
  type PubSub,
  type PubSubEvent,
  type PubSubEventTarget,
} from 'graphql-yoga';
import { closeRedis, openRedis, RedisHealth } from './redis';
import type { Config } from './config';
import type { CartMapper } from './domains/cart/mappers';

/**
 * What a change of one buyer's cart tells that buyer's subscribers (ADR 0213): the cart as the changing operation
 * read it, or `null` when it did not read it, and the subscribers read it with their own sessions (CART-28).
 */
export interface CartEvent {
  cart: CartMapper | null;
}

/** Topics by name: `cartChanged` is routed by the buyer's id, which only the upstream gives (CART-27). */
export type GatewayTopics = {
  cartChanged: [buyerId: string, event: CartEvent];
};

/** What travels over Redis: the event, and the replica that published it (which has delivered it already). */
interface Sent {
  origin: string;
  event: CartEvent;
}

/** The topics as Redis carries them between replicas. */
type RemoteTopics = {
  cartChanged: [buyerId: string, sent: Sent];
};

type RemoteEventTarget = PubSubEventTarget<RemoteTopics>;

/** The gateway's events between replicas, as resolvers use them (the context's `pubsub`). */
export interface GatewayEvents {
  publish(topic: 'cartChanged', buyerId: string, event: CartEvent): void;
  /** A stream of the topic's events; it stops listening once the consumer returns it. */
  subscribe(topic: 'cartChanged', buyerId: string): Repeater<CartEvent>;
}

export interface GatewayPubSub {
  /** Yoga's pub/sub: through Redis when `REDIS_URL` is set, so every replica sees every event; else in-process. */
  readonly pubsub: GatewayEvents;
  /** Subscription streams this process serves now: the hook for the metrics' active-subscriptions gauge. */
  activeSubscriptions(): number;
  /**
   * Ends every subscription stream (each completes, so its client reconnects, to another replica while this one
   * stops), refuses new ones the same way, and quits the Redis connections. Calling it again changes nothing.
   */
  close(): Promise<void>;
}

export interface PubSubOptions {
  /** Redis's transport failures go to the log, never to a buyer: a lost event costs a stale second screen. */
  log?: (message: string, cause: unknown) => void;
  /** The gateway's watch on Redis (OPS-10), so an outage is logged once for all its connections; else one of its own. */
  health?: RedisHealth;
}

/**
 * The gateway's pub/sub from its configuration. With `REDIS_URL`, events travel over Redis pub/sub on two
 * connections of its own (a connection in subscriber mode can send nothing else; the limits' connection gives up
 * after 250 ms, which suits a login, not a stream), every channel under `REDIS_PREFIX:`: pub/sub channels ignore
 * Redis's database number, and deployments or test runs sharing a server must not hear each other.
 */
export function createGatewayPubSub(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX'>,
  options: PubSubOptions = {},
): GatewayPubSub {
  const log = options.log ?? ((message, cause) => console.warn(`[gateway] ${message}`, cause));
  // The streams being served, by their stop functions: counted for the metrics, ended by close().
  const live = new Set<() => void>();
  let closed = false;
  const counted = (events: Repeater<CartEvent>): Repeater<CartEvent> =>
    new Repeater<CartEvent>(async (push, stop) => {
      if (closed) {
        stop();
        return;
      }
      live.add(stop);
      void stop.then(() => events.return());
      try {
        for await (const event of events) await push(event);
      } finally {
        live.delete(stop);
        stop();
      }
    });
  const endStreams = () => {
    closed = true;
    for (const stop of live) stop();
  };
  const wrap = (pubsub: PubSub<GatewayTopics>): GatewayEvents => ({
    publish: (topic, buyerId, event) => pubsub.publish(topic, buyerId, event),
    subscribe: (topic, buyerId) => counted(pubsub.subscribe(topic, buyerId)),
  });

  if (!config.REDIS_URL) {
    return {
      pubsub: wrap(createPubSub<GatewayTopics>()),
      activeSubscriptions: () => live.size,
      close: async () => endStreams(),
    };
  }

  const health =
    options.health ??
    new RedisHealth({ warn: (message, cause) => log(message, cause), info: (message) => log(message, undefined) });
  const publisher = openRedis(
    config.REDIS_URL,
    { connectionName: 'gateway-publish', enableOfflineQueue: false },
    health,
  );
  // A SUBSCRIBE waits for Redis to come back rather than failing: the event target does not catch its SUBSCRIBE and
  // UNSUBSCRIBE calls, so a rejection would be unhandled. ioredis subscribes its channels again on reconnecting.
  const subscriber = openRedis(
    config.REDIS_URL,
    { connectionName: 'gateway-subscribe', maxRetriesPerRequest: null },
    health,
  );
  const redis = createRedisEventTarget<PubSubEvent<RemoteTopics, 'cartChanged'>>({
    publishClient: publisher,
    subscribeClient: subscriber,
  });
  const prefix = `${config.REDIS_PREFIX}:`;
  const target: RemoteEventTarget = {
    addEventListener: (type, callback) => redis.addEventListener(prefix + type, callback),
    removeEventListener: (type, callback) => redis.removeEventListener(prefix + type, callback),
    dispatchEvent: (event) => {
      // Redis away: the other replicas miss this change (their buyers' screens catch up on their next read), and the
      // outage is in the log once already, not once per cart change.
      if (!health.up) return true;
      // Published here rather than by the event target, which leaves PUBLISH's promise unhandled: a Redis outage
      // would then end the process.
      const channel = prefix + event.type;
      publisher
        .publish(channel, JSON.stringify(event.detail))
        .catch((error: unknown) => log(`Redis PUBLISH ${channel} failed`, error));
      return true;
    },
  };
  // OPS-12: this replica's own subscribers hear an event in the process, at once, whether or not Redis carries it;
  // Redis carries it to the other replicas, and the copy that comes back here is dropped by its origin.
  const local = createPubSub<GatewayTopics>();
  const remote = createPubSub<RemoteTopics>({ eventTarget: target });
  const origin = randomUUID();
  const fromElsewhere = (sent: Repeater<Sent>) =>
    pipe(
      sent,
      filter((one: Sent) => one.origin !== origin),
      map((one: Sent) => one.event),
    );
  const events: GatewayEvents = {
    publish: (topic, buyerId, event) => {
      local.publish(topic, buyerId, event);
      remote.publish(topic, buyerId, { origin, event });
    },
    subscribe: (topic, buyerId) =>
      counted(Repeater.merge([local.subscribe(topic, buyerId), fromElsewhere(remote.subscribe(topic, buyerId))])),
  };
  let closing: Promise<void> | undefined;
  return {
    pubsub: events,
    activeSubscriptions: () => live.size,
    close: () => {
      endStreams();
      health.close();
      closing ??= Promise.all([closeRedis(publisher), closeRedis(subscriber)]).then(() => undefined);
      return closing;
    },
  };
}
