import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Redis } from 'ioredis';
import { request } from 'undici';

/** How long one check may take; a dependency slower than this is as good as down for a buyer. */
const CHECK_TIMEOUT_MS = 1000;
/** Load balancers ask every second or two per replica: the answer is reused this long instead of re-asked. */
const REUSE_MS = 1000;

interface Verdict {
  ready: boolean;
  checks: Record<string, 'ok' | 'down'>;
}

/**
 * `/readyz` (OPS-01): 200 when the upstream (its own /healthz, which asks its store) and Redis, when configured,
 * answer; 503 otherwise, so a load balancer stops sending buyers here while `/healthz` keeps saying the process
 * lives and nobody restarts it for an outage elsewhere.
 */
export function readiness(options: { upstreamUrl: string; redis: Redis | null; draining: () => boolean }) {
  const upstreamHealth = new URL('/healthz', options.upstreamUrl).href;
  let last: { at: number; verdict: Promise<Verdict> } | undefined;

  const upstream = async (): Promise<boolean> => {
    try {
      const answer = await request(upstreamHealth, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      await answer.body.dump();
      return answer.statusCode === 200;
    } catch {
      return false;
    }
  };
  const redis = async (client: Redis): Promise<boolean> => {
    try {
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    }
  };
  const check = async (): Promise<Verdict> => {
    const [upstreamUp, redisUp] = await Promise.all([
      upstream(),
      options.redis === null ? Promise.resolve(null) : redis(options.redis),
    ]);
    const checks: Verdict['checks'] = { upstream: upstreamUp ? 'ok' : 'down' };
    if (redisUp !== null) checks['redis'] = redisUp ? 'ok' : 'down';
    return { ready: Object.values(checks).every((state) => state === 'ok'), checks };
  };

  return async (_req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // A stopping replica says so first, so the load balancer sends the next buyer elsewhere (OPS-03).
    if (options.draining()) {
      res.writeHead(503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ status: 'stopping' }));
      return;
    }
    const now = Date.now();
    if (last === undefined || now - last.at > REUSE_MS) last = { at: now, verdict: check() };
    const verdict = await last.verdict;
    res.writeHead(verdict.ready ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ status: verdict.ready ? 'ready' : 'not ready', checks: verdict.checks }));
  };
}
