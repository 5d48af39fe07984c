import { Redis, type RedisOptions } from 'ioredis';

/** How long closing waits for Redis to acknowledge QUIT before dropping the connection. */
const QUIT_TIMEOUT_MS = 2000;

/** Where the state of Redis is told: one line when it goes away, one when it is back (OPS-10). */
export interface RedisHealthLog {
  warn(message: string, cause?: unknown): void;
  info(message: string): void;
}

/**
 * OPS-10: whether the gateway's Redis connections are usable, told once per outage. Every connection of the gateway
 * (shared limits and cache, publish, subscribe) is watched by one of these, so an outage is one warning and the
 * recovery one info line however many connections and requests see it; between the two, callers ask `up` and skip
 * Redis instead of failing on it.
 */
export class RedisHealth {
  private readonly connections = new Set<Redis>();
  /** `down` from the first failure until every connection is ready again; `unknown` until the first connection. */
  private state: 'unknown' | 'up' | 'down' = 'unknown';
  private closing = false;

  constructor(
    private readonly log: RedisHealthLog,
    private readonly onChange: (up: boolean) => void = () => undefined,
  ) {}

  /** True while every watched connection is ready (and there is at least one). */
  get up(): boolean {
    if (this.connections.size === 0) return false;
    for (const connection of this.connections) if (connection.status !== 'ready') return false;
    return true;
  }

  watch(connection: Redis): Redis {
    this.connections.add(connection);
    const lost = (cause?: unknown) => {
      if (this.closing || this.state === 'down') return;
      this.state = 'down';
      this.log.warn(
        'Redis is unreachable: the response cache is bypassed, limits are kept in this process (sign-in and ' +
          'code checks are refused) and live cart events reach this replica only, until it is back',
        cause,
      );
      this.onChange(false);
    };
    connection.on('error', (error: unknown) => lost(error));
    // A connection Redis closed says so with `close` and no error (a shutdown of the server).
    connection.on('close', () => lost());
    connection.on('ready', () => {
      if (!this.up) return;
      if (this.state === 'down') this.log.info('Redis is back: shared cache, limits and live cart events resume');
      if (this.state !== 'up') this.onChange(true);
      this.state = 'up';
    });
    return connection;
  }

  /** The gateway is closing its connections: what follows is not an outage. */
  close(): void {
    this.closing = true;
  }
}

/**
 * The connection for shared limits and the response cache (ADR 0209, ADR 0214), or null without REDIS_URL. A command
 * waits at most `commandTimeout` ms (REDIS_COMMAND_TIMEOUT_MS, 250 by default). Only the first connection is waited
 * for (the requests of a gateway just started find their limits): from its first success or failure on, commands fail
 * at once while Redis is disconnected (no offline queue: a buyer must not wait for a reconnect), and every caller goes
 * on without Redis.
 */
export function connectRedis(url: string | undefined, health: RedisHealth, commandTimeout: number): Redis | null {
  if (url === undefined) return null;
  const redis = openRedis(url, { connectionName: 'gateway', commandTimeout }, health);
  const failFast = () => {
    redis.options.enableOfflineQueue = false;
  };
  redis.once('ready', failFast);
  redis.once('error', failFast);
  return redis;
}

/** One connection of the gateway's to Redis, watched by `health`. ioredis reconnects by itself. */
export function openRedis(url: string, options: RedisOptions & { connectionName: string }, health: RedisHealth) {
  return health.watch(new Redis(url, { maxRetriesPerRequest: 1, ...options }));
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
