/**
 * Search latency at the upstream: p50 and p95 of GET /api/goods/search and /api/goods/list?keywords= on the seeded
 * store (2,400 goods) and on a store grown to 50,000 goods, both PGlite in memory. Requests go through the real
 * Fastify app by inject (no socket), so the figures are routing, validation, SQL and serialisation.
 *
 *   node --import tsx upstream/bench/search.ts
 *
 * The larger store reuses the seed's catalogue: every seeded goods is copied under the other manufacturers of its
 * kind, in a fixed order, so names, initials and makers are real and the result is the same on every run.
 */
import type { FastifyInstance } from 'fastify';
import { createApp } from '../src/app';
import type { Config } from '../src/config';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { seedIfEmpty } from '../src/seed/seed';

const TARGET_GOODS = 50_000;
const WARMUP = 3;
const SAMPLES = 40;

const config: Config = {
  port: 0,
  dataDir: '/nonexistent',
  databaseUrl: undefined,
  publicUrl: 'http://bench.local',
  logLevel: 'silent',
  sessionTtlSeconds: 604800,
  bodyLimitBytes: 64 * 1024,
  smsTransport: 'log',
};

/** What buyers type: a name part, initials (short and long), a manufacturer, its initials, a miss. */
const TYPED: ['name' | 'initials' | 'maker' | 'miss', string][] = [
  ['name', '感冒'],
  ['initials', 'gmlkl'],
  ['initials', 'b'],
  ['name', '片'],
  ['maker', '华润'],
  ['maker', 'ynby'],
  ['miss', 'qqqqzz'],
];
/** Each search labelled by what was typed; a manufacturer is searched as search type 2, the rest as goods (type 1). */
const CASES = TYPED.map(([kind, keywords]) => ({
  label: `${kind} ${keywords}`,
  keywords,
  type: kind === 'maker' ? '2' : '1',
}));

async function grow(db: Db, target: number): Promise<number> {
  // Copies of the seeded goods under another manufacturer of the same kind of goods (same category tree root),
  // round after round, until the target count. Deterministic: ordered by id, makers ranked by name.
  for (let round = 1; ; round++) {
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM goods');
    if (n >= target) return n;
    await db.query(
      `WITH makers AS (
         SELECT sccj, sccj_py, category_id, row_number() OVER (PARTITION BY category_id ORDER BY sccj) AS k,
                count(*) OVER (PARTITION BY category_id) AS c
         FROM (SELECT DISTINCT sccj, sccj_py, category_id FROM goods WHERE id <= 2400) d
       ),
       src AS (
         SELECT g.*, row_number() OVER (ORDER BY g.id) AS rn FROM goods g WHERE g.id <= 2400
       )
       INSERT INTO goods (name, name_py, sccj, sccj_py, ypgg, bzdw, pzwh, ck_id, category_id, brand_id, is_buy,
         number, is_youx, type, is_dpby, qg_number, is_free_shipping, free_shipping_number, base_price, price,
         ladder_price_type, sales)
       SELECT s.name, s.name_py, m.sccj, m.sccj_py, s.ypgg, s.bzdw, s.pzwh, s.ck_id, s.category_id, NULL, s.is_buy,
         s.number, s.is_youx, s.type, 0, 0, 0, 0, s.base_price, s.price + $1 * 10, 0, (s.sales * 7 + $1 * 13) % 20000
       FROM src s JOIN makers m ON m.category_id = s.category_id AND m.k = 1 + (s.rn + $1) % m.c
       LIMIT $2`,
      [round, target - n],
    );
    await db.query(
      `INSERT INTO goods_categories (goods_id, category_id)
       SELECT g.id, g.category_id FROM goods g WHERE g.id > 2400 ON CONFLICT DO NOTHING`,
    );
  }
}

function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}

async function measure(app: FastifyInstance, url: string): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const start = process.hrtime.bigint();
    const res = await app.inject({ method: 'GET', url });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    if (i >= WARMUP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function run(label: string, db: Db, goods: number): Promise<string[]> {
  const app = createApp({ db, config });
  await app.ready();
  const rows: string[] = [];
  const all = { search: [] as number[], list: [] as number[] };
  for (const c of CASES) {
    const q = `keywords=${encodeURIComponent(c.keywords)}&type=${c.type}`;
    const search = await measure(app, `/api/goods/search?${q}`);
    const list = await measure(app, `/api/goods/list?${q}&page_size=20`);
    all.search.push(search.p95);
    all.list.push(list.p95);
    rows.push(
      `| ${label} | ${goods} | ${c.label} | ${search.p50.toFixed(1)} | ${search.p95.toFixed(1)} | ${list.p50.toFixed(1)} | ${list.p95.toFixed(1)} |`,
    );
  }
  await app.close();
  return rows;
}

async function main(): Promise<void> {
  const db = await openPglite(undefined);
  try {
    await migrate(db);
    await seedIfEmpty(db);
    const [{ n: seeded } = { n: 0 }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM goods');
    const rows = [
      '| store | goods | keyword | search p50 ms | search p95 ms | list p50 ms | list p95 ms |',
      '|---|---|---|---|---|---|---|',
    ];
    rows.push(...(await run('seeded', db, seeded)));
    const grown = await grow(db, TARGET_GOODS);
    await db.exec('ANALYZE');
    rows.push(...(await run('generated', db, grown)));
    console.log(`${SAMPLES} samples per cell after ${WARMUP} warm-up requests; PGlite in memory, in-process inject.`);
    console.log(rows.join('\n'));
  } finally {
    await db.close();
  }
}

await main();
