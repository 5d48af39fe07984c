import { Redis, type RedisOptions } from 'ioredis';

/** How long closing waits for Redis to acknowledge QUIT before dropping the connection. */
const QUIT_TIMEOUT_MS = 2000;

/**
 * One connection of the gateway's to Redis (ADR 0209). ioredis reconnects by itself and reports every failed
 * attempt; `outage` goes to the log once per outage, with the cause, and again only after Redis was back.
 */
export function openRedis(
  url: string,
  options: RedisOptions & { connectionName: string },
  log: (message: string, cause?: unknown) => void,
  outage: string,
): Redis {
  const redis = new Redis(url, options);
  let reported = false;
  redis.on('error', (error: unknown) => {
    if (!reported) log(outage, error);
    reported = true;
  });
  redis.on('ready', () => (reported = false));
  return redis;
}

/**
 * The connection for shared limits, the response cache and readiness, or null without REDIS_URL. A command waits at
 * most a quarter of a second (a reconnect included): a buyer's login must not hang on Redis, and the limiters fall
 * back to the process's own counts while it is away.
 */
export function connectRedis(url: string | undefined, log: (message: string, cause?: unknown) => void): Redis | null {
  if (url === undefined) return null;
  return openRedis(
    url,
    { commandTimeout: 250, maxRetriesPerRequest: 1, connectionName: 'gateway' },
    log,
    'Redis is not answering; limits fall back to this process until it is back',
  );
}

/** Closes a connection without holding a shutdown: QUIT when connected, for at most QUIT_TIMEOUT_MS, then drop. */
export async function closeRedis(connection: Redis): Promise<void> {
  // Not connected, there is nothing to flush: waiting for QUIT would only hold the shutdown.
  if (connection.status !== 'ready') {
    connection.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, QUIT_TIMEOUT_MS);
  });
  await Promise.race([connection.quit().catch(() => undefined), late]);
  clearTimeout(timer);
  connection.disconnect();
}
