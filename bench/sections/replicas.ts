// Section 10 (issue 14): two gateway processes sharing one Redis, as docker-compose.yml runs them. A cached goods
// page against the same page asked of the upstream each time; 1,000 live-cart streams across both replicas and how
// long a cart change takes to reach each; the mixed load of section 7 spread over both replicas.
import { randomUUID } from 'node:crypto';
import { GoodsListDocument } from '../../web/src/gql/graphql';
import { openSse, type SseStream } from '../../gateway/src/testkit/sse';
import { runLoad, startGatewayProcess, type GatewayProcess } from '../lib/children';
import { cpuMs, rssMb } from '../lib/proc';
import { fixed, percentile } from '../lib/stats';
import { loadMix, text } from './load-held';

export interface ReplicasResult {
  markdown: string;
  cachedSpeedup: number;
  subscriptionP99Ms: number;
  loadRps: number;
  loadP99Ms: number;
  loadErrors: number;
}

const goodsPage = JSON.stringify({
  query: text(GoodsListDocument),
  operationName: 'GoodsList',
  variables: { page: 1, pageSize: 50 },
});

export async function measureReplicas(options: {
  upstreamUrl: string;
  redisUrl: string;
  /** Buyers' session tokens: the first holds the 1,000 streams, all of them take part in the load. */
  tokens: string[];
  goodsId: number;
  subscribers: number;
  loadSeconds: number;
}): Promise<ReplicasResult> {
  const prefix = `bench-${randomUUID()}`;
  const shared = { REDIS_URL: options.redisUrl, REDIS_PREFIX: prefix };
  const replicas: GatewayProcess[] = await Promise.all([
    startGatewayProcess(options.upstreamUrl, { settings: shared }),
    startGatewayProcess(options.upstreamUrl, { settings: shared }),
  ]);
  const uncached = await startGatewayProcess(options.upstreamUrl, { settings: { RESPONSE_CACHE: 'off' } });
  const streams: SseStream[] = [];
  try {
    const [a, b] = replicas as [GatewayProcess, GatewayProcess];
    // A visitor's goods page of 50, as the list page asks for it: answered from Redis, then from the upstream.
    const page = {
      method: 'POST' as const,
      path: '/graphql',
      headers: { 'content-type': 'application/json' },
      body: goodsPage,
    };
    const cachedRun = await runLoad({ url: a.url, connections: 1, seconds: 5, requests: [page] });
    const uncachedRun = await runLoad({ url: uncached.url, connections: 1, seconds: 5, requests: [page] });
    const cachedSpeedup = cachedRun.rps / Math.max(1, uncachedRun.rps);

    // 1,000 tabs and phones of one buyer, half on each replica; the change goes through replica a.
    const token = options.tokens[0] ?? '';
    const subscription = 'subscription LiveCart { cartChanged { count lines { id number goods { id } } } }';
    for (let i = 0; i < options.subscribers; i++) {
      streams.push(
        await openSse(`${(i % 2 === 0 ? a : b).url}/graphql`, subscription, { authorization: `Bearer ${token}` }),
      );
    }
    // Every stream has subscribed (its replica's pub/sub listens) before the change is made.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const changed = async (number: number) => {
      const arrivals = streams.map((stream) => stream.next(10_000).then(() => performance.now()));
      const started = performance.now();
      const answer = await fetch(`${a.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          query: `mutation { addToCart(lines: [{ goodsId: "${options.goodsId}", number: ${number} }]) { cart { count } } }`,
        }),
      });
      const body = await answer.text();
      if (body.includes('"errors"')) throw new Error(`addToCart failed: ${body.slice(0, 200)}`);
      return (await Promise.all(arrivals)).map((at) => at - started);
    };
    await changed(1);
    const delays = await changed(1);
    const subscriptionP50Ms = percentile(delays, 50);
    const subscriptionP99Ms = percentile(delays, 99);
    for (const stream of streams.splice(0)) stream.close();

    // Section 7's mix over both replicas at once, as a load balancer would spread it.
    const mix = await loadMix(replicas[0]?.url ?? '', options.tokens);
    const before = replicas.map((replica) => ({ cpu: cpuMs(replica.pid), rss: rssMb(replica.pid) }));
    const runs = await Promise.all(
      replicas.map((replica) =>
        runLoad({
          url: replica.url,
          connections: 5,
          seconds: options.loadSeconds,
          requests: mix,
          tokens: options.tokens,
        }),
      ),
    );
    const after = replicas.map((replica) => ({ cpu: cpuMs(replica.pid), rss: rssMb(replica.pid) }));
    const loadRps = runs.reduce((sum, run) => sum + run.rps, 0);
    const loadP99Ms = Math.max(...runs.map((run) => run.p99));
    const loadErrors = runs.reduce((sum, run) => sum + run.errors, 0);
    const requests = runs.reduce((sum, run) => sum + run.requests, 0);
    const cpuPerOp = before.reduce((sum, { cpu }, i) => sum + (after[i]?.cpu ?? cpu) - cpu, 0) / Math.max(1, requests);

    const markdown = [
      'Two gateway processes (production settings) on one Redis and the seeded upstream; all on this 2-core machine,',
      'with the load generator, so the replicas share two cores with everything else.',
      '',
      '| measure | result |',
      '|---|---|',
      `| Goods page of 50 (visitor), 1 connection, cached | ${fixed(cachedRun.rps, 0)} req/s, p50 ${cachedRun.p50} ms, p99 ${cachedRun.p99} ms |`,
      `| The same page with RESPONSE_CACHE=off | ${fixed(uncachedRun.rps, 0)} req/s, p50 ${uncachedRun.p50} ms, p99 ${uncachedRun.p99} ms |`,
      `| Cached ÷ uncached throughput | ${fixed(cachedSpeedup, 1)}× |`,
      `| ${options.subscribers} live-cart streams (half per replica): change to event, p50 / p99 | ${fixed(subscriptionP50Ms, 0)} ms / ${fixed(subscriptionP99Ms, 0)} ms |`,
      `| Section 7's mix over both replicas, ${options.loadSeconds} s, 2 × 5 connections, ${options.tokens.length} buyers | ${fixed(loadRps, 0)} req/s, p50 ${Math.max(...runs.map((run) => run.p50))} ms, p99 ${loadP99Ms} ms, ${loadErrors} errors |`,
      `| Gateway CPU per operation under that load (both replicas) | ${fixed(cpuPerOp, 2)} ms |`,
      `| Replica RSS before → after | ${before.map(({ rss }, i) => `${fixed(rss, 0)} → ${fixed(after[i]?.rss ?? rss, 0)} MB`).join(', ')} |`,
    ].join('\n');
    return { markdown, cachedSpeedup, subscriptionP99Ms, loadRps, loadP99Ms, loadErrors };
  } finally {
    for (const stream of streams) stream.close();
    await Promise.all([...replicas, uncached].map((gateway) => gateway.stop()));
  }
}
