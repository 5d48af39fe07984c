import type { IncomingMessage, ServerResponse } from 'node:http';
import { request } from 'undici';
import { Refusal } from '@pharma/domain/codes';

/** How long one check may take; a dependency slower than this is as good as down for a buyer. */
const CHECK_TIMEOUT_MS = 1000;
/** Load balancers ask every second or two per replica: the answer is reused this long instead of re-asked. */
const REUSE_MS = 1000;
/**
 * A documented, public and cheap call: what it answers does not matter, only whether the upstream refuses the
 * gateway's secret on it (SEC-16 checks the secret before any route runs).
 */
const SECRET_PROBE_PATH = '/api/global/seller';

type Check = 'ok' | 'down' | 'refused';

interface Verdict {
  ready: boolean;
  checks: Record<string, Check>;
  /** What still works, worse: Redis away (OPS-01, OPS-10). */
  degraded: string[];
}

/**
 * OPS-14: the upstream refusing the gateway's `UPSTREAM_SECRET` (code 40101), seen by readiness's probe or by any
 * call. One error line per episode names the variable, never its value; it stays refused until a probe is served.
 */
export class UpstreamSecretWatch {
  private refused = false;

  constructor(private readonly log: (message: string) => void) {}

  get isRefused(): boolean {
    return this.refused;
  }

  refusedNow(): void {
    if (!this.refused) {
      this.log(
        "the upstream refuses this gateway's UPSTREAM_SECRET (code 40101): set the same UPSTREAM_SECRET on the " +
          'gateway and the upstream; /readyz answers 503 until it is accepted',
      );
    }
    this.refused = true;
  }

  acceptedNow(): void {
    this.refused = false;
  }
}

/**
 * `/readyz` (OPS-01): 200 while this replica can serve buyers; 503 when the upstream's /healthz does not answer 200
 * within a second, when the upstream refuses the gateway's secret, or from the moment the process stops. Redis down is
 * degraded service, not unreadiness: every replica shares it, and a load balancer would take them all out at once
 * (contract.md, ADR 0214). `/healthz` stays liveness, so nobody restarts the process for an outage elsewhere.
 */
export function readiness(options: {
  upstreamUrl: string;
  /** The gateway's `UPSTREAM_SECRET`, sent with the probe as with every call (SEC-18). */
  secret: string | undefined;
  secretWatch: UpstreamSecretWatch;
  /** Null without REDIS_URL; else whether its connections are ready now (OPS-10). */
  redisUp: (() => boolean) | null;
  draining: () => boolean;
}) {
  const upstreamHealth = new URL('/healthz', options.upstreamUrl).href;
  const base = new URL(options.upstreamUrl);
  const secretProbe = new URL(`${base.pathname.replace(/\/+$/, '')}${SECRET_PROBE_PATH}`, base.origin).href;
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
  /** False only for the upstream's own refusal of the secret; any other answer, or none, says nothing of it. */
  const secretAccepted = async (): Promise<boolean> => {
    try {
      const answer = await request(secretProbe, {
        headers: options.secret === undefined ? {} : { 'x-gateway-secret': options.secret },
        signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
      if (answer.statusCode !== 401) {
        await answer.body.dump();
        return true;
      }
      const body: unknown = await answer.body.json().catch(() => null);
      return !(
        typeof body === 'object' &&
        body !== null &&
        'code' in body &&
        body.code === Refusal.GATEWAY_SECRET_REQUIRED
      );
    } catch {
      return true;
    }
  };
  const check = async (): Promise<Verdict> => {
    const [upstreamUp, accepted] = await Promise.all([upstream(), secretAccepted()]);
    if (accepted) options.secretWatch.acceptedNow();
    else options.secretWatch.refusedNow();
    const checks: Verdict['checks'] = {
      upstream: upstreamUp ? 'ok' : 'down',
      upstreamSecret: accepted ? 'ok' : 'refused',
    };
    const degraded: string[] = [];
    if (options.redisUp !== null) {
      const redisUp = options.redisUp();
      checks['redis'] = redisUp ? 'ok' : 'down';
      if (!redisUp) degraded.push('redis');
    }
    return { ready: upstreamUp && accepted, checks, degraded };
  };

  return async (_req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // A stopping replica says so first, so the load balancer sends the next buyer elsewhere (OPS-03).
    if (options.draining()) {
      res.writeHead(503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ status: 'stopping', ready: false }));
      return;
    }
    const now = Date.now();
    if (last === undefined || now - last.at > REUSE_MS) last = { at: now, verdict: check() };
    const verdict = await last.verdict;
    res.writeHead(verdict.ready ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(
      JSON.stringify({
        status: verdict.ready ? (verdict.degraded.length > 0 ? 'degraded' : 'ready') : 'not ready',
        ready: verdict.ready,
        degraded: verdict.degraded,
        checks: verdict.checks,
      }),
    );
  };
}
