/**
 * Gateway CPU per operation, the number the performance budget is written in (≤ 0.3 ms per single-resource
 * operation). The gateway runs alone in a child process; a fake upstream and the load run here, so only the
 * gateway's own work is counted (read from /proc, Linux only).
 *
 *   node --import tsx gateway/bench/cpu.ts [requests=20000] [concurrency=10] [name filter] [profile dir]
 *
 * With a profile dir, the gateway writes a V8 CPU profile there (open it in Chrome DevTools, or sum it by layer with
 * `node --import tsx gateway/bench/where.ts <file>`).
 *
 * Beside the gateway, two processes to compare it with (ADR 0503): the floor (gateway/bench/floor.ts: node:http, one
 * undici call and JSON, no GraphQL: what any relay of one goods pays) and a gateway with the trusted documents' hot
 * path off, which sends them through Yoga as before.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { FakeUpstream } from '../src/testkit/fake-upstream';
import { activity, buyer, cartLine, cartList, checkout, goods, order, page } from '../src/testkit/fixtures';

const total = Number(process.argv[2] ?? 20_000);
const concurrency = Number(process.argv[3] ?? 10);
const TICKS_PER_SECOND = 100;

const upstream = await FakeUpstream.start();
upstream.ok('GET', '/api/goods/detail/1', goods());
upstream.ok('GET', '/api/user/base', buyer());
upstream.ok(
  'GET',
  '/api/cart/list',
  cartList(
    Array.from({ length: 20 }, (_, i) =>
      cartLine({ id: i + 1, number: i + 1 }, { id: i + 1, ladder_price: [{ number: 10, price: 1100 }] }),
    ),
  ),
);
const orderLines = Array.from({ length: 5 }, (_, i) =>
  order().lines.map((line) => ({ ...line, goods_id: i + 1 })),
).flat();
upstream.ok('GET', '/api/order/900', order({ lines: orderLines }));
upstream.ok(
  'GET',
  '/api/order',
  page(
    Array.from({ length: 10 }, (_, i) => order({ id: 900 + i, lines: orderLines })),
    { per_page: 10 },
  ),
);
upstream.ok(
  'POST',
  '/api/cart/checkout',
  checkout({
    lines: Array.from({ length: 20 }, (_, i) =>
      cartLine({ id: i + 1, number: i + 1 }, { id: i + 1, ladder_price: [{ number: 10, price: 1100 }] }),
    ),
  }),
);
// A page of the goods list as the bench's overhead section asks for it (bench/sections/overhead.ts, PAGE_FIELDS):
// 50 different goods, most with tags and three ladder tiers, some of them favourites and some in activities.
const TAGS = [
  { name: '优' as const, describe: '优选好药', is_show: 1 as const, color: '#e4393c' },
  { name: '满' as const, describe: null, is_show: 1 as const, color: '' },
  { name: '新' as const, describe: '新品上架', is_show: 0 as const, color: '#1677ff' },
];
const pageGoods = Array.from({ length: 50 }, (_, i) =>
  goods({
    id: 1000 + i,
    name: `感冒灵颗粒 ${i + 1}`,
    number: (i * 37) % 800,
    is_buy: i % 7 === 0 ? 0 : 1,
    price: 1250 + i * 10,
    base_price: 1500 + i * 10,
    ladder_price: [
      { number: 10, price: 1200 + i * 10 },
      { number: 50, price: 1150 + i * 10 },
      { number: 100, price: 1100 + i * 10 },
    ],
    goods_image: [`https://img.example.com/${1000 + i}.jpg`, `https://img.example.com/${1000 + i}-2.jpg`],
    tags: i % 4 === 3 ? [] : TAGS.slice(0, 1 + (i % 3)),
  }),
);
upstream.ok('GET', '/api/goods/list', page(pageGoods, { per_page: 50, total: 2000, last_page: 40 }));
upstream.ok('GET', '/api/favorite/check', { ids: pageGoods.filter((_, i) => i % 5 === 0).map((g) => g.id) });
upstream.ok(
  'GET',
  '/api/goods/activities',
  pageGoods.map((g, i) => ({
    goods_id: g.id,
    activities:
      i % 3 === 0
        ? [
            activity({ id: 1 + (i % 4) }),
            activity({
              id: 10,
              type: 'discount',
              type_name: '折扣',
              name: '9折',
              discount: 90,
              threshold: null,
              reduce: null,
            }),
          ]
        : [],
  })),
);
// The fake upstream records every request; the bench does not need them.
upstream.seen.push = () => 0;

const GOODS = '{ goods(id: "1") { id name manufacturer stock isBuyable price { amount } } }';
// The operation of bench/sections/overhead.ts (its PAGE_FIELDS), sent with n = 50 as that section sends it.
const GOODS_PAGE = `query Page($n: Int) { goodsList(page: 1, pageSize: $n) { total items { id name manufacturer spec packingUnit stock isBuyable price { fen amount } images ladderPriceType ladderPrices { number price { fen amount } } tags { name description color } isFavorite activities { type title } } } }`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
// The goods(id) document as a published manifest (SEC-22), so it can also be sent by hash as Apollo's link does.
const trusted = mkdtempSync(join(tmpdir(), 'gateway-cpu-'));
writeFileSync(join(trusted, 'bench.json'), JSON.stringify({ [sha256(GOODS)]: GOODS }));

const profileDir = process.argv[5];
const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];

/** Where a case is sent: the gateway, the gateway with its hot path off (ADR 0503), or the bare relay under both. */
type Target = 'gateway' | 'yoga' | 'floor';
interface Child {
  url: string;
  pid: number;
  stop(): void;
}
async function start(target: Target): Promise<Child> {
  const script = target === 'floor' ? './floor.ts' : './server.ts';
  // The response cache off: the gateway's own work on every request (bench/run.ts does the same).
  const settings = {
    PERSISTED_DOCUMENTS_DIR: trusted,
    RESPONSE_CACHE: 'off',
    ...(target === 'yoga' ? { HOT_PATH: 'off' } : {}),
  };
  const child = spawn(
    process.execPath,
    [
      // Each process writes its own profile, named by its pid.
      ...nodeArgs,
      '--import',
      'tsx',
      fileURLToPath(new URL(script, import.meta.url)),
      upstream.url,
      JSON.stringify(settings),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
  });
  return { url, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') };
}
const children = new Map<Target, Child>();
async function childFor(target: Target): Promise<Child> {
  let child = children.get(target);
  if (!child) children.set(target, (child = await start(target)));
  return child;
}

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

const pools = new Map<string, Pool>();
async function run(
  url: string,
  query: string,
  count: number,
  byHash: boolean,
  variables?: Record<string, unknown>,
): Promise<void> {
  let pool = pools.get(url);
  if (!pool) pools.set(url, (pool = new Pool(url, { connections: concurrency })));
  const body = JSON.stringify(
    byHash
      ? { variables, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } } }
      : { query, variables },
  );
  let next = 0;
  const client = pool;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) {
        const response = await client.request({
          method: 'POST',
          path: '/graphql',
          headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
          body,
        });
        const text = await response.body.text();
        if (response.statusCode !== 200 || text.includes('"errors"')) throw new Error(text);
      }
    }),
  );
}

const operations: [
  name: string,
  query: string,
  byHash?: boolean,
  variables?: Record<string, unknown>,
  target?: Target,
][] = [
  [
    'floor: node:http + one undici call + JSON, no GraphQL (gateway/bench/floor.ts)',
    GOODS,
    false,
    { id: '1' },
    'floor',
  ],
  ['__typename (no upstream: the HTTP and Yoga floor)', '{ __typename }'],
  ['goods(id) (single resource)', GOODS],
  ['goods(id) by trusted-document hash (single resource, SEC-20)', GOODS, true],
  ['goods(id) by trusted-document hash through Yoga (hot path off)', GOODS, true, undefined, 'yoga'],
  [
    'goods page of 50 (tags, ladder prices, favourite flags, activities: 3 upstream calls)',
    GOODS_PAGE,
    false,
    { n: 50 },
  ],
  ['me (single resource)', '{ me { id username company } }'],
  [
    'cart, 20 lines priced',
    '{ cart { id count lines { id number price { amount } total { amount } selected nextTierHint } summary { selectedCount selectedTotal { amount } } } }',
  ],
  [
    'order(id), 5 lines (single resource)',
    '{ order(id: "900") { id orderSn status statusText createdAt amounts { payable { amount } } lines { name number price { amount } total { amount } } address { fullAddress } } }',
  ],
  [
    'orders, 10 orders of 5 lines',
    '{ orders(pageSize: 10) { total items { id orderSn status statusText createdAt amounts { payable { amount } } lines { name number total { amount } } } } }',
  ],
  [
    'orderPreview, 20 lines priced',
    '{ orderPreview(cartLineIds: ["1"]) { lines { id number price { amount } total { amount } } amounts { payable { amount } } addresses { id isDefault } coupons { usable reason coupon { id name } } } }',
  ],
];
const only = process.argv[4];
try {
  for (const [name, query, byHash = false, variables, target = 'gateway'] of operations.filter(
    ([name]) => !only || name.includes(only),
  )) {
    const child = await childFor(target);
    await run(child.url, query, 5_000, byHash, variables);
    const before = cpuMs(child.pid);
    const started = performance.now();
    await run(child.url, query, total, byHash, variables);
    const seconds = (performance.now() - started) / 1000;
    const perOp = (cpuMs(child.pid) - before) / total;
    console.log(
      `${name}: ${perOp.toFixed(3)} ms ${target === 'floor' ? 'relay' : 'gateway'} CPU per operation, ${Math.round(total / seconds)} operations/s`,
    );
  }
} finally {
  // Also when a case fails: the child processes would otherwise outlive the harness.
  for (const child of children.values()) child.stop();
  await Promise.all([...pools.values()].map((pool) => pool.close()));
  await upstream.close();
}
