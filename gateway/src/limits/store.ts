import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** A counter of `points` per `durationSeconds` per key; over it, the key is refused for `blockSeconds`. */
export interface Window {
  points: number;
  durationSeconds: number;
  blockSeconds: number;
}

/**
 * `failClosed`: while the shared store is unreachable the limiter refuses (rejects with an Error, not a
 * RateLimiterRes) instead of counting in this process's memory (SEC-06, ADR 0214).
 */
export type LimiterFactory = (name: string, window: Window, options?: { failClosed?: boolean }) => RateLimiterAbstract;

/**
 * Limiters whose counts every replica shares when Redis is configured (ADR 0209), each process's own otherwise. A
 * Redis that stops answering falls back to the process's memory at once (no command waits for a reconnect) instead of
 * refusing or waving everyone through: limits keep holding, per replica, until it is back (ADR 0214). A fail-closed
 * limiter has no such fallback: per-replica counts that start afresh at each outage would multiply a guesser's tries.
 */
export function limiterFactory(redis: Redis | null, prefix = 'gw:limit'): LimiterFactory {
  return (name, window, { failClosed = false } = {}) => {
    const options = {
      keyPrefix: `${prefix}:${name}`,
      points: window.points,
      duration: window.durationSeconds,
      blockDuration: window.blockSeconds,
    };
    return redis === null
      ? new RateLimiterMemory(options)
      : new RateLimiterRedis({
          ...options,
          storeClient: redis,
          // Counted in memory at once while Redis is not ready; a fail-closed limiter instead tries Redis, which
          // fails at once once the first connection was made or lost (redis.ts).
          ...(failClosed ? {} : { rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) }),
        });
  };
}
