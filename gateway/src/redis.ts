import { Redis } from 'ioredis';

/**
 * The connection for shared limits and readiness (ADR 0209), or null without REDIS_URL. A command waits at most a
 * quarter of a second (a reconnect included): a buyer's login must not hang on Redis, and the limiters fall back to
 * the process's own counts while it is away.
 */
export function connectRedis(url: string | undefined, log: (message: string, cause?: unknown) => void): Redis | null {
  if (url === undefined) return null;
  const redis = new Redis(url, { commandTimeout: 250, maxRetriesPerRequest: 1, connectionName: 'gateway' });
  let reported = false;
  // ioredis reconnects by itself; one line per outage is enough for the log.
  redis.on('error', (error: unknown) => {
    if (!reported) log('Redis is not answering; limits fall back to this process until it is back', error);
    reported = true;
  });
  redis.on('ready', () => (reported = false));
  return redis;
}
