import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** A counter of `points` per `durationSeconds` per key; over it, the key is refused for `blockSeconds`. */
export interface Window {
  points: number;
  durationSeconds: number;
  blockSeconds: number;
}

export type LimiterFactory = (name: string, window: Window) => RateLimiterAbstract;

/**
 * Limiters whose counts every replica shares when Redis is configured (ADR 0209), each process's own otherwise. A
 * Redis that stops answering falls back to the process's memory instead of refusing or waving everyone through:
 * limits keep holding, per replica, until it is back.
 */
export function limiterFactory(redis: Redis | null, prefix = 'gw:limit'): LimiterFactory {
  return (name, window) => {
    const options = {
      keyPrefix: `${prefix}:${name}`,
      points: window.points,
      duration: window.durationSeconds,
      blockDuration: window.blockSeconds,
    };
    return redis === null
      ? new RateLimiterMemory(options)
      : new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) });
  };
}
