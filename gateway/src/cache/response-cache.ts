import type { GraphQLSchema } from 'graphql';
import type { Redis } from 'ioredis';
import { createInMemoryCache, useResponseCache, type Cache } from '@graphql-yoga/plugin-response-cache';
import type { Plugin } from 'graphql-yoga';
import type { ExecutionResult } from 'graphql';
import type { Counter } from 'prom-client';
import { sessionKeyOf } from '../limits/client';

const SECOND = 1000;

/**
 * CACHE-01: the root fields whose answers are the catalogue's and the site's, the same for everyone who may see
 * them, and how long each may be reused. Goods carry stock, so they are reused briefly; what an operator edits
 * (categories, banners, help) for minutes. Anything else a query asks for makes the whole answer uncached. Left out
 * on purpose: the seckill, group-buy and activity zones, whose counts (stock left, buyers joined) every order moves
 * in the upstream, where the gateway cannot see it happen.
 */
export const PUBLIC_FIELDS: Readonly<Record<string, number>> = {
  'Query.goods': 30 * SECOND,
  'Query.goodsList': 30 * SECOND,
  // FACET-01: reused as long as the list it counts, so a panel and its list answer from the same moment.
  'Query.goodsFacets': 30 * SECOND,
  'Query.searchSuggestions': 60 * SECOND,
  'Query.hotGoods': 30 * SECOND,
  'Query.everydayPriceGoods': 30 * SECOND,
  'Query.recommendedGoods': 30 * SECOND,
  'Query.combinationGroups': 30 * SECOND,
  'Query.combination': 30 * SECOND,
  'Query.controlledSalesSeriesList': 60 * SECOND,
  'Query.controlledSalesSeries': 60 * SECOND,
  'Query.controlledSalesAds': 5 * 60 * SECOND,
  'Query.categories': 5 * 60 * SECOND,
  'Query.navLinks': 5 * 60 * SECOND,
  'Query.hotSearches': 5 * 60 * SECOND,
  'Query.brands': 5 * 60 * SECOND,
  'Query.brand': 5 * 60 * SECOND,
  'Query.banners': 5 * 60 * SECOND,
  'Query.links': 5 * 60 * SECOND,
  'Query.helpCategories': 5 * 60 * SECOND,
  'Query.seller': 5 * 60 * SECOND,
  'Query.newsPosts': 5 * 60 * SECOND,
  'Query.helpArticle': 5 * 60 * SECOND,
  'Query.pageArticle': 5 * 60 * SECOND,
  'Query.newsArticle': 5 * 60 * SECOND,
};

/** Every root field not listed public gets a time of 0, which leaves any answer holding it uncached. */
function ttlPerSchemaCoordinate(schema: GraphQLSchema): Record<string, number> {
  const ttls: Record<string, number> = {};
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const name of Object.keys(type?.getFields() ?? {})) ttls[`${type?.name}.${name}`] = 0;
  }
  return { ...ttls, ...PUBLIC_FIELDS };
}

/**
 * A response cache in Redis that every replica shares (ADR 0209). Written here rather than taken from
 * @envelop/response-cache-redis, whose store keeps a set per type name that never expires and answers a type-wide
 * invalidation with KEYS: both unsafe on a shared production Redis. Each answer expires with its time; each entity
 * (`Goods:12`) keeps the answers that hold it, expiring with the longest of them, for mutations to invalidate.
 */
export function redisResponseCache(redis: Redis, prefix: string): Cache {
  const answerKey = (id: string) => `${prefix}:answer:${id}`;
  const entityKey = (typename: string, id: string | number) => `${prefix}:entity:${typename}:${id}`;
  return {
    async set(id, data, entities, ttl) {
      const pipeline = redis.pipeline();
      pipeline.set(answerKey(id), JSON.stringify(data), 'PX', ttl);
      for (const entity of entities) {
        if (entity.id === undefined) continue;
        const key = entityKey(entity.typename, entity.id);
        pipeline.sadd(key, id);
        // GT: an entity's list lives as long as the longest answer holding it.
        pipeline.pexpire(key, ttl, 'GT');
        pipeline.pexpire(key, ttl, 'NX');
      }
      await pipeline.exec();
    },
    async get(id) {
      const text = await redis.get(answerKey(id));
      if (text === null) return undefined;
      const parsed: ExecutionResult<Record<string, unknown>> = JSON.parse(text);
      return parsed;
    },
    async invalidate(entities) {
      const keys = [...entities].flatMap((entity) =>
        entity.id === undefined ? [] : [entityKey(entity.typename, entity.id)],
      );
      if (keys.length === 0) return;
      const answers = await Promise.all(keys.map((key) => redis.smembers(key)));
      const doomed = [...keys, ...answers.flat().map(answerKey)];
      await redis.del(doomed);
    },
  };
}

/**
 * OPS-11: the shared cache while Redis is away. Reads miss and writes and invalidations are skipped, at once (the
 * connection has no offline queue), and a command that fails anyway is a miss too: a buyer's answer never waits on
 * or fails for the cache. Entries cached before the outage expire with their time (at most five minutes); an
 * invalidation skipped meanwhile is not replayed.
 */
export function bypassedWhileDown(cache: Cache, up: () => boolean): Cache & { bypassed: () => boolean } {
  return {
    bypassed: () => !up(),
    async get(id) {
      if (!up()) return undefined;
      try {
        return await cache.get(id);
      } catch {
        return undefined;
      }
    },
    async set(...args) {
      if (!up()) return;
      try {
        await cache.set(...args);
      } catch {
        // Not stored: the next request asks the upstream again.
      }
    },
    async invalidate(entities) {
      if (!up()) return;
      try {
        await cache.invalidate(entities);
      } catch {
        // What stays cached expires with its time.
      }
    },
  };
}

/**
 * Counts lookups by outcome for the operators (OPS-02), and keeps the invalidations still on their way to Redis:
 * the plugin starts them without waiting, and an answer to a mutation must not leave before the entries it
 * invalidates are gone, or the buyer's next read, on any replica, could still see the old answer.
 */
function tracked(cache: Cache & { bypassed?: () => boolean }, lookups: Counter<'outcome'>) {
  const pending = new Set<Promise<unknown>>();
  const wrapped: Cache = {
    set: (...args) => cache.set(...args),
    invalidate: (entities) => {
      const done = Promise.resolve(cache.invalidate(entities));
      pending.add(done);
      void done.finally(() => pending.delete(done));
      return done;
    },
    get: async (id) => {
      const found = await cache.get(id);
      lookups.inc({ outcome: found ? 'hit' : cache.bypassed?.() ? 'bypassed' : 'miss' });
      return found;
    },
  };
  // Nothing on its way (nearly every request): nothing to wait for, and no promise made for it.
  const invalidated = () => (pending.size === 0 ? undefined : Promise.allSettled([...pending]).then(() => undefined));
  return { cache: wrapped, invalidated };
}

/**
 * CACHE-01: public answers reused for their time, per buyer (a buyer's prices and favourites are theirs; visitors
 * share one entry), in Redis when configured so every replica reuses and invalidates the same entries. A mutation
 * answering an entity (`Goods:12` after a cart change or an order) drops every cached answer that held it.
 */
export function usePublicResponseCache(options: {
  schema: GraphQLSchema;
  redis: Redis | null;
  /** Whether Redis answers now (OPS-10); while it does not, the cache is bypassed (OPS-11). */
  redisUp: () => boolean;
  prefix: string;
  lookups: Counter<'outcome'>;
  /** The answer says whether it was a hit (extensions.responseCache), for tests and development. */
  exposeMetadata: boolean;
}): Plugin {
  const store =
    options.redis === null
      ? createInMemoryCache({ max: 5000 })
      : bypassedWhileDown(redisResponseCache(options.redis, options.prefix), options.redisUp);
  const { cache, invalidated } = tracked(store, options.lookups);
  const responseCache = useResponseCache({
    cache,
    // From the request itself: Yoga asks before the GraphQL context (and its `asker`) exists.
    session: (request) => sessionKeyOf(request),
    ttl: 0,
    ttlPerSchemaCoordinate: ttlPerSchemaCoordinate(options.schema),
    includeExtensionMetadata: options.exposeMetadata,
  });
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(responseCache);
      // After the cache's own hook, which starts the invalidation: the answer waits for it.
      addPlugin({ onExecute: () => ({ onExecuteDone: invalidated }) });
    },
  };
}
