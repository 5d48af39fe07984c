/**
 * One catalogue size on one store, in a process of its own so its memory is its own (bench section 6): seeds the
 * store as `SEED_GOODS=<goods> npm start` would, then serves the real upstream over HTTP and measures search,
 * suggestions, the goods page of 50 and the detail page. Prints a CatalogueResult as JSON on stdout.
 *
 *   node --import tsx bench/catalogue-child.ts '{"store":"pglite","goods":50000}'
 *   node --import tsx bench/catalogue-child.ts '{"store":"postgres","goods":50000,"adminUrl":"postgres://..."}'
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { createApp } from '../upstream/src/app';
import { BENCH_UPSTREAM_CONFIG, timedGets } from './lib/grown-store';
import type { Db } from '../upstream/src/db/db';
import { migrate } from '../upstream/src/db/migrate';
import { openPglite } from '../upstream/src/db/pglite';
import { openPostgres } from '../upstream/src/db/postgres';
import { growCatalogue } from '../upstream/src/seed/generated-goods';
import { seedIfEmpty } from '../upstream/src/seed/seed';
import { runLoad } from './lib/children';
import type { CatalogueResult, CatalogueSpec } from './lib/catalogue-spec';
import { percentile } from './lib/stats';

const spec = JSON.parse(process.argv[2] ?? '{}') as CatalogueSpec;
const DATABASE = 'catalogue_bench';

/** What buyers type: a name part, initials (long and one letter), a one-character name part, makers, a miss. */
const TYPED: { label: string; keywords: string; type: '1' | '2' }[] = [
  { label: 'name 感冒', keywords: '感冒', type: '1' },
  { label: 'initials gmlkl', keywords: 'gmlkl', type: '1' },
  { label: 'initials b', keywords: 'b', type: '1' },
  { label: 'name 片', keywords: '片', type: '1' },
  { label: 'maker 华润', keywords: '华润', type: '2' },
  { label: 'maker ynby', keywords: 'ynby', type: '2' },
  { label: 'miss qqqqzz', keywords: 'qqqqzz', type: '1' },
];
const WARMUP = 3;
const SAMPLES = 40;

async function openStore(): Promise<{ db: Db; cleanUp: () => Promise<void> }> {
  if (spec.store === 'pglite') {
    // On disk, as `npm start` keeps it.
    const dir = mkdtempSync(join(tmpdir(), 'catalogue-bench-'));
    const db = await openPglite(dir);
    return { db, cleanUp: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (spec.adminUrl === undefined) throw new Error('a PostgreSQL run needs adminUrl');
  const admin = new pg.Client({ connectionString: spec.adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  const url = new URL(spec.adminUrl);
  url.pathname = `/${DATABASE}`;
  // Left behind for the next run to drop: dropping it here would cut the pool's connections as it closes them.
  await admin.end();
  return { db: openPostgres(url.toString()), cleanUp: async () => undefined };
}

const config = BENCH_UPSTREAM_CONFIG;

/** Milliseconds of `count` GETs of one path in turn. */
const timed = (pool: Pool, path: string, count: number) => timedGets(pool, new Array<string>(count).fill(path));

async function cases(pool: Pool, pathOf: (keywords: string, type: string) => string) {
  const all: number[] = [];
  let worst = { label: '', p95: 0 };
  for (const c of TYPED) {
    const path = pathOf(encodeURIComponent(c.keywords), c.type);
    await timed(pool, path, WARMUP);
    const times = await timed(pool, path, SAMPLES);
    all.push(...times);
    const p95 = percentile(times, 95);
    if (p95 > worst.p95) worst = { label: c.label, p95 };
  }
  return { p50: percentile(all, 50), p95: percentile(all, 95), worst };
}

const { db, cleanUp } = await openStore();
try {
  const started = performance.now();
  await migrate(db);
  await seedIfEmpty(db);
  await growCatalogue(db, { target: spec.goods });
  const seedSeconds = (performance.now() - started) / 1000;
  // ru_maxrss: the process's peak, in kilobytes; for PostgreSQL the server's own memory is not in it.
  const seedPeakMb = process.resourceUsage().maxRSS / 1024;
  const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM goods');
  // The seed's writes flushed now rather than by the checkpointer during the measurement (a superuser's command;
  // without the right, the figures below include that flush, and the report says so).
  const flushed =
    spec.store === 'postgres'
      ? await db.exec('CHECKPOINT').then(
          () => true,
          () => false,
        )
      : true;

  const app = createApp({ db, config });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const pool = new Pool(address, { connections: 1 });
  try {
    const search = await cases(pool, (k, t) => `/api/goods/search?keywords=${k}&type=${t}`);
    const list = await cases(pool, (k, t) => `/api/goods/list?keywords=${k}&type=${t}&page_size=20`);
    const ids = Array.from({ length: 200 }, (_, i) => 1 + ((i * 7919) % (count?.n ?? 1)));
    const detail: number[] = [];
    for (const id of ids) detail.push(...(await timed(pool, `/api/goods/detail/${id}`, 1)));
    const deep = await timed(pool, `/api/goods/list?page=200&page_size=50`, 20);
    await timed(pool, '/api/goods/list?page_size=50', 20);
    const page = await runLoad({
      url: address,
      connections: 10,
      seconds: spec.seconds ?? 5,
      requests: [{ method: 'GET', path: '/api/goods/list?page_size=50', headers: {} }],
    });
    const result: CatalogueResult = {
      store: spec.store,
      goods: count?.n ?? 0,
      seedSeconds,
      seedPeakMb,
      search,
      list,
      detail: { p50: percentile(detail, 50), p95: percentile(detail, 95) },
      deepPageP50: percentile(deep, 50),
      flushed,
      page: { rps: page.rps, p50: page.p50, p99: page.p99, errors: page.errors },
    };
    process.stdout.write(JSON.stringify(result));
  } finally {
    await pool.close();
    await app.close();
  }
} finally {
  await db.close();
  await cleanUp();
}
