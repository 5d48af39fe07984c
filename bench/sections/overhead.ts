// Section 1: the gateway against the direct REST call it wraps, side by side, and the gateway's CPU per operation.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLoad, startGatewayProcess, startListening, type GatewayProcess } from '../lib/children';
import { whereItGoes, type Profile } from '../../gateway/bench/where';
import type { LoadRequest, LoadResult } from '../lib/load-spec';
import { cpuMs } from '../lib/proc';
import { Pool } from 'undici';
import { fixed, percentile, timeEach } from '../lib/stats';

/** Latencies of `count` requests one after another on one kept-alive connection, in ms with sub-ms resolution. */
async function sequential(origin: string, request: LoadRequest, count: number): Promise<number[]> {
  const pool = new Pool(origin, { connections: 1 });
  const send = async () => {
    const response = await pool.request({
      method: request.method,
      path: request.path,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    await response.body.arrayBuffer();
    if (response.statusCode !== 200) throw new Error(`${request.path} answered ${response.statusCode}`);
  };
  try {
    await timeEach(100, send);
    return await timeEach(count, send);
  } finally {
    await pool.close();
  }
}

const GOODS_FIELDS = 'id name manufacturer spec packingUnit stock isBuyable price { fen amount } images';
const PAGE_FIELDS = `total items { ${GOODS_FIELDS} ladderPriceType ladderPrices { number price { fen amount } } tags { name description color } isFavorite activities { type title } }`;

const GOODS_QUERY = `query Goods($id: ID!) { goods(id: $id) { ${GOODS_FIELDS} } }`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A manifest of the goods(id) document, as a mobile app version publishes one (SEC-22): the gateway process is
 * started with this directory as PERSISTED_DOCUMENTS_DIR, so the same operation can be sent by hash.
 */
export function trustedDocumentsDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-trusted-'));
  writeFileSync(join(dir, 'bench.json'), JSON.stringify({ [sha256(GOODS_QUERY)]: GOODS_QUERY }));
  return dir;
}

export interface OverheadOptions {
  upstreamUrl: string;
  gateway: GatewayProcess;
  token: string;
  seconds: number;
}

function graphqlRequest(query: string, variables: Record<string, unknown>, token: string): LoadRequest {
  return {
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  };
}

/** The same operation as Apollo's persisted-query link sends it: the hash of a trusted document, no text. */
function persistedRequest(query: string, variables: Record<string, unknown>, token: string): LoadRequest {
  const persistedQuery = { version: 1, sha256Hash: sha256(query) };
  return {
    ...graphqlRequest(query, variables, token),
    body: JSON.stringify({ variables, extensions: { persistedQuery } }),
  };
}

/**
 * A process of gateway/bench/ started by hand (startGatewayProcess starts only the gateway, without node flags): the
 * floor relay, or the gateway with a CPU profile.
 */
async function startChild(script: string, args: string[], nodeArgs: string[] = []): Promise<GatewayProcess> {
  const path = fileURLToPath(new URL(`../../gateway/bench/${script}`, import.meta.url));
  return startListening(process.execPath, [...nodeArgs, '--import', 'tsx', path, ...args], script);
}

/**
 * CPU per operation at 10 connections of each of `targets` (each with its own request), measured in alternating
 * rounds after a 1 s warm-up of each: on a shared machine the load moves, and alternation spreads it over all of them.
 */
async function cpuPerOpOf(
  targets: { process: GatewayProcess; request: LoadRequest }[],
  seconds: number,
  rounds = 3,
): Promise<number[]> {
  for (const { process, request } of targets)
    await runLoad({ url: process.url, connections: 10, seconds: 1, requests: [request] });
  const spent = targets.map(() => ({ cpu: 0, requests: 0 }));
  for (let round = 0; round < rounds; round++) {
    for (const [index, { process, request }] of targets.entries()) {
      const before = cpuMs(process.pid);
      const result = await runLoad({
        url: process.url,
        connections: 10,
        seconds: Math.max(1, Math.round(seconds / rounds)),
        requests: [request],
      });
      if (result.errors > 0) throw new Error(`${result.errors} errors from ${process.url}`);
      const total = spent[index];
      if (total) {
        total.cpu += cpuMs(process.pid) - before;
        total.requests += result.requests;
      }
    }
  }
  return spent.map(({ cpu, requests }) => cpu / Math.max(1, requests));
}

interface Pair {
  label: string;
  connections: number;
  direct: LoadResult;
  gateway: LoadResult;
  cpuPerOp: number;
}

export interface OverheadResult {
  pairs: Pair[];
  /** At 10 connections, the load the notes' comparison figures were taken at. */
  singleCpuMs: number;
  /** At 1 connection, where each request pays the fixed per-wake-up costs alone. */
  singleCpuMsAt1: number;
  /** goods(id) sent by its trusted document's hash, at 10 connections (SEC-20), answered from its plan (ADR 0503). */
  trustedCpuMs: number;
  /** The same in alternating rounds with the same through Yoga (the hot path off) and the floor relay (no GraphQL). */
  trustedAlternatedCpuMs: number;
  trustedThroughYogaCpuMs: number;
  floorCpuMs: number;
  addedP50At1: number;
  /** goods(id) by hash over the direct REST call, one connection, p50. */
  trustedAddedP50At1: number;
  markdown: string;
}

export async function measureOverhead(options: OverheadOptions): Promise<OverheadResult> {
  const { upstreamUrl, gateway, token, seconds } = options;
  const direct = (path: string): LoadRequest => ({
    method: 'GET',
    path,
    headers: { authorization: `Bearer ${token}` },
  });
  const cases: { label: string; connections: number; rest: LoadRequest; graphql: LoadRequest }[] = [];
  for (const connections of [1, 10]) {
    cases.push({
      label: 'goods(id) vs GET /api/goods/detail/{id}',
      connections,
      rest: direct('/api/goods/detail/1'),
      graphql: graphqlRequest(GOODS_QUERY, { id: '1' }, token),
    });
  }
  cases.push({
    label: 'goods(id) by trusted-document hash vs GET /api/goods/detail/{id}',
    connections: 10,
    rest: direct('/api/goods/detail/1'),
    graphql: persistedRequest(GOODS_QUERY, { id: '1' }, token),
  });
  cases.push({
    label:
      'goodsList(pageSize: 50) with tags, ladder prices, favourite flags and activities vs GET /api/goods/list?page_size=50',
    connections: 10,
    rest: direct('/api/goods/list?page=1&page_size=50'),
    graphql: graphqlRequest(
      `query Page($n: Int) { goodsList(page: 1, pageSize: $n) { ${PAGE_FIELDS} } }`,
      { n: 50 },
      token,
    ),
  });

  // autocannon's percentiles are whole milliseconds, too coarse for a 1 ms budget: the one-connection p50 is also
  // measured one request after another with sub-millisecond timing, alternating sides so drift hits both.
  const precise = { rest: [] as number[], graphql: [] as number[], trusted: [] as number[] };
  const first = cases[0];
  const trusted = persistedRequest(GOODS_QUERY, { id: '1' }, token);
  if (first) {
    for (let round = 0; round < 4; round++) {
      precise.rest.push(...(await sequential(upstreamUrl, first.rest, 250)));
      precise.graphql.push(...(await sequential(gateway.url, first.graphql, 250)));
      precise.trusted.push(...(await sequential(gateway.url, trusted, 250)));
    }
  }
  const restP50 = percentile(precise.rest, 50);
  const gatewayP50 = percentile(precise.graphql, 50);
  const trustedP50 = percentile(precise.trusted, 50);

  const pairs: Pair[] = [];
  for (const c of cases) {
    // A short warm-up of each side first, so JIT and connection pools are in their steady state.
    await runLoad({ url: upstreamUrl, connections: c.connections, seconds: 1, requests: [c.rest] });
    const restResult = await runLoad({ url: upstreamUrl, connections: c.connections, seconds, requests: [c.rest] });
    await runLoad({ url: gateway.url, connections: c.connections, seconds: 1, requests: [c.graphql] });
    const before = cpuMs(gateway.pid);
    const gatewayResult = await runLoad({
      url: gateway.url,
      connections: c.connections,
      seconds,
      requests: [c.graphql],
    });
    const cpuPerOp = (cpuMs(gateway.pid) - before) / Math.max(1, gatewayResult.requests);
    pairs.push({ label: c.label, connections: c.connections, direct: restResult, gateway: gatewayResult, cpuPerOp });
  }

  const single = pairs.filter((p) => p.label.startsWith('goods(id) vs'));
  const singleCpuMs = single.find((p) => p.connections === 10)?.cpuPerOp ?? Number.NaN;
  const singleCpuMsAt1 = single.find((p) => p.connections === 1)?.cpuPerOp ?? Number.NaN;
  const trustedCpuMs = pairs.find((p) => p.label.includes('by trusted-document hash'))?.cpuPerOp ?? Number.NaN;

  // Where the trusted operation's CPU goes (ADR 0503): the floor any relay of one goods pays, the same operation
  // through Yoga, and a CPU profile of the gateway answering it, summed by layer (gateway/bench/where.ts).
  const settings = JSON.stringify({ PERSISTED_DOCUMENTS_DIR: trustedDocumentsDir(), RESPONSE_CACHE: 'off' });
  const floor = await startChild('floor.ts', [upstreamUrl]);
  const throughYoga = await startGatewayProcess(upstreamUrl, {
    settings: { PERSISTED_DOCUMENTS_DIR: trustedDocumentsDir(), RESPONSE_CACHE: 'off', HOT_PATH: 'off' },
  });
  let compared: number[];
  try {
    compared = await cpuPerOpOf(
      [
        { process: floor, request: { ...trusted, body: JSON.stringify({ variables: { id: '1' } }) } },
        { process: gateway, request: trusted },
        { process: throughYoga, request: trusted },
      ],
      seconds * 2,
    );
  } finally {
    await Promise.all([floor.stop(), throughYoga.stop()]);
  }
  const [floorCpuMs = Number.NaN, hotCpuMs = Number.NaN, trustedThroughYogaCpuMs = Number.NaN] = compared;
  const profileDir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
  const profiled = await startChild(
    'server.ts',
    [upstreamUrl, settings],
    ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  );
  let profiledCpuMs: number;
  let parts: { part: string; share: number }[] = [];
  try {
    [profiledCpuMs = Number.NaN] = await cpuPerOpOf([{ process: profiled, request: trusted }], seconds, 1);
  } finally {
    await profiled.stop();
  }
  try {
    const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
    if (file !== undefined) parts = whereItGoes(JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as Profile);
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
  }
  const rows = pairs.map((p) => {
    const ratio = p.gateway.rps / p.direct.rps;
    const errors = p.direct.errors + p.gateway.errors;
    return `| ${p.label} | ${p.connections} | ${fixed(p.direct.rps, 0)} | ${fixed(p.gateway.rps, 0)} | ${fixed(ratio, 2)} | ${p.direct.p50} / ${p.direct.p99} | ${p.gateway.p50} / ${p.gateway.p99} | ${fixed(p.gateway.p50 - p.direct.p50, 1)} | ${fixed(p.cpuPerOp, 3)} | ${errors} |`;
  });
  const markdown = [
    `autocannon in its own process, ${seconds} s per side after a 1 s warm-up, same connections; the gateway alone in`,
    "its process over the real upstream (PGlite, seeded). CPU is the gateway process's user + system time from",
    '/proc over the measured run, divided by the operations it answered. Latencies in ms (autocannon has 1 ms',
    'resolution, so a p50 of 0 means under 1 ms).',
    '',
    '| case | conns | REST req/s | gateway req/s | ratio | REST p50 / p99 | gateway p50 / p99 | added p50 | gateway CPU ms/op | errors |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `One connection, one request after another (1,000 each side after 100 warm-up, sub-millisecond timing from the`,
    `bench process): goods(id) through the gateway p50 **${fixed(gatewayP50, 2)} ms** (p99 ${fixed(percentile(precise.graphql, 99), 2)}),`,
    `GET /api/goods/detail/1 direct p50 **${fixed(restP50, 2)} ms** (p99 ${fixed(percentile(precise.rest, 99), 2)}): the gateway adds`,
    `**${fixed(gatewayP50 - restP50, 2)} ms** at p50.`,
    '',
    `The same goods(id) sent by its trusted document's hash: p50 **${fixed(trustedP50, 2)} ms** (p99`,
    `${fixed(percentile(precise.trusted, 99), 2)}), **${fixed(trustedP50 - restP50, 2)} ms** above the direct call.`,
    '',
    "### Where the trusted operation's CPU goes",
    '',
    `goods(id) by trusted-document hash at 10 connections, ${seconds * 2} s per process in three alternating rounds after a 1 s warm-up: the floor is`,
    'gateway/bench/floor.ts (node:http reads the POST, undici asks the upstream for the goods, the answer is reshaped',
    'and written back: what any relay of one goods pays, with no GraphQL); "through Yoga" is the gateway with the',
    "trusted documents' hot path off (ADR 0503).",
    '',
    '| process | CPU ms/op |',
    '|---|---|',
    `| floor: node:http + one undici call + JSON | ${fixed(floorCpuMs, 3)} |`,
    `| gateway, trusted document from its plan (hot path, ADR 0503) | ${fixed(hotCpuMs, 3)} |`,
    `| gateway, trusted document through Yoga (hot path off) | ${fixed(trustedThroughYogaCpuMs, 3)} |`,
    '',
    `A CPU profile of a gateway answering the same load (${fixed(profiledCpuMs, 3)} ms/op with the profiler on), each`,
    "sample given to the first layer found from its frame up (gateway/bench/where.ts), start-up left out; a layer's",
    "ms/op is its share of the hot path's figure above. The HTTP layer's socket writes include the kernel's delivery",
    'to the peer on loopback.',
    '',
    '| layer | share | ms/op |',
    '|---|---|---|',
    ...parts.map(({ part, share }) => `| ${part} | ${fixed(share * 100, 1)} % | ${fixed(share * hotCpuMs, 3)} |`),
    '',
    'The goods page through the gateway makes three upstream calls (the list, one favourites check and one',
    'activities read for the whole page); the REST column is the list call alone, so it flatters REST: a REST',
    'client drawing the same page makes the other two calls as well.',
  ].join('\n');
  return {
    pairs,
    singleCpuMs,
    singleCpuMsAt1,
    trustedCpuMs,
    trustedAlternatedCpuMs: hotCpuMs,
    trustedThroughYogaCpuMs,
    floorCpuMs,
    addedP50At1: gatewayP50 - restP50,
    trustedAddedP50At1: trustedP50 - restP50,
    markdown,
  };
}
