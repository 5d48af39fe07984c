import { Redis } from 'ioredis';

/** Whether a Redis answers at `url` within two seconds: `npm test` and the suites that need one ask this. */
export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The failed connect rejects below; the same failure as an event is no news.
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
