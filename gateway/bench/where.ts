/**
 * Where a gateway's CPU goes, from a V8 CPU profile (`--cpu-prof`): every sample's time is given to the first part of
 * the request path found on its stack, from the leaf up, so each millisecond is counted once. The parts are the
 * layers the bench reports separately (ADR 0503): the HTTP layer (Node's server and the socket writes, which on
 * loopback include the kernel's delivery to the peer), Yoga and @whatwg-node, envelop's hooks, GraphQL execution, the
 * gateway's own resolvers and plugins, the upstream client, metrics, logging and trace ids, the limits.
 *
 *   node --import tsx gateway/bench/where.ts <profile.cpuprofile>
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The parts, in the order a frame is tested against them; the first that matches names the frame. */
const PARTS: [part: string, matches: (frame: CallFrame) => boolean][] = [
  [
    'metrics (prom-client, prometheus plugin)',
    ({ url }) => /prom-client|@envelop\/prometheus|plugin-prometheus|metrics\.ts/.test(url),
  ],
  [
    'logging and trace ids (pino, logger.ts, audit.ts)',
    ({ url }) => /\/pino\/|logger\.ts|audit\.ts|redact\.ts/.test(url),
  ],
  [
    'limits (rate-limiter-flexible, cost budget, asker)',
    ({ url }) => /rate-limiter-flexible|\/limits\/|proxy-addr|forwarded/.test(url),
  ],
  ['upstream client (undici, RestClient, circuit)', ({ url }) => /undici|\/rest\/|opossum|dataloader/.test(url)],
  ['GraphQL execution (graphql-jit, graphql-js)', ({ url }) => /graphql-jit|node_modules\/graphql\//.test(url)],
  [
    'hooks (envelop, Yoga plugins, input rules)',
    ({ url }) => /@envelop\/core|plugins\/|@graphql-yoga\/plugin|@escape\.tech/.test(url),
  ],
  ['Yoga and @whatwg-node (request pipeline, Fetch API)', ({ url }) => /graphql-yoga|@whatwg-node/.test(url)],
  ['hot path (plans, body, answer)', ({ url }) => /hot-path\.ts/.test(url)],
  ['resolvers and context (domains, context.ts)', ({ url }) => /\/domains\/|context\.ts|gateway\/src\//.test(url)],
  [
    'HTTP layer (node:http, sockets, streams)',
    ({ url }) => /^node:(_http|net|internal\/(streams|stream_base|http))/.test(url),
  ],
];
const IDLE = new Set(['(idle)', '(program)', '(root)']);

export function whereItGoes(profile: Profile): { part: string; share: number }[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // Start-up (module loading, schema building) is no request's: the part that loads is left out.
  const loading = /node:internal\/modules|tsx|buildSchema|createGateway/;
  const totals = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((sample, index) => {
    const leaf = byId.get(sample);
    if (!leaf || IDLE.has(leaf.callFrame.functionName)) return;
    let part: string | undefined;
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)?.callFrame;
      if (!frame) break;
      if (loading.test(frame.url) || loading.test(frame.functionName)) return;
      part ??= PARTS.find(([, matches]) => matches(frame))?.[0];
    }
    const time = profile.timeDeltas[index] ?? 0;
    const name =
      leaf.callFrame.functionName === '(garbage collector)'
        ? 'garbage collection'
        : (part ?? 'other (Node internals, microtasks)');
    totals.set(name, (totals.get(name) ?? 0) + time);
    busy += time;
  });
  return [...totals]
    .map(([part, time]) => ({ part, share: time / Math.max(1, busy) }))
    .sort((a, b) => b.share - a.share);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = process.argv[2];
  if (!path) throw new Error('usage: where.ts <profile.cpuprofile>');
  for (const { part, share } of whereItGoes(JSON.parse(readFileSync(path, 'utf8')) as Profile))
    console.log(`${(share * 100).toFixed(1).padStart(5)}%  ${part}`);
}
