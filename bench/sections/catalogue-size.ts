// Section 6: the catalogue at a wholesaler's size (ADR 0130). Each catalogue size on each store runs in a process of
// its own (bench/catalogue-child.ts), seeded as `SEED_GOODS=<n> npm start` seeds it, and measured over HTTP.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { CatalogueResult, CatalogueSpec } from '../lib/catalogue-spec';
import { runJsonChild } from '../lib/children';
import { fixed } from '../lib/stats';

const child = fileURLToPath(new URL('../catalogue-child.ts', import.meta.url));

/** The goods page of 50 at the upstream before this issue (docs/benchmarks.md, section 1's REST column). */
export const PAGE_BASELINE_RPS = 75;

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface CatalogueSection {
  markdown: string;
  results: CatalogueResult[];
  /** Why PostgreSQL was left out, when it was. */
  skipped?: string;
}

export async function measureCatalogueSize(options: {
  databaseUrl: string;
  sizes: readonly number[];
  seconds: number;
  log: (line: string) => void;
}): Promise<CatalogueSection> {
  const stores: CatalogueSpec['store'][] = ['pglite'];
  const postgres = await reachable(options.databaseUrl);
  if (postgres) stores.push('postgres');
  const results: CatalogueResult[] = [];
  for (const store of stores) {
    for (const goods of options.sizes) {
      options.log(`catalogue: ${store} at ${goods} goods`);
      const spec: CatalogueSpec = { store, goods, adminUrl: options.databaseUrl, seconds: options.seconds };
      results.push(await runJsonChild<CatalogueResult>(child, spec, `${store} at ${goods} goods`));
    }
  }
  const ms = (v: number) => fixed(v, 1);
  const rows = results.map(
    (r) =>
      `| ${r.store === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${r.goods.toLocaleString('en')} | ${fixed(r.seedSeconds, 1)} | ` +
      `${fixed(r.seedPeakMb, 0)} | ${ms(r.list.p50)} / ${ms(r.list.p95)} | ${ms(r.search.p50)} / ${ms(r.search.p95)} | ` +
      `${r.list.worst.label}: ${ms(r.list.worst.p95)} | ${fixed(r.page.rps, 0)} | ${r.page.p50} / ${r.page.p99} | ` +
      `${r.page.errors} | ${ms(r.detail.p50)} / ${ms(r.detail.p95)} | ${ms(r.deepPageP50)} |` +
      (r.flushed ? '' : ' (measured while PostgreSQL still flushed the seed: CHECKPOINT was refused)'),
  );
  const markdown = [
    'Each row is one process: a fresh store (PGlite on disk, as `npm start` keeps it; PostgreSQL in a database of its',
    'own) migrated, seeded and grown to the size as `SEED_GOODS=<n>` does on first start, then the real upstream over',
    'HTTP. Search is `GET /api/goods/list?keywords=…&page_size=20` and suggestions `GET /api/goods/search`, each over',
    'seven typed cases (感冒, gmlkl, b, 片, maker 华润, maker ynby, a miss), 40 requests per case after 3 warm-up, one',
    'at a time; p50 / p95 over all of them, and the slowest case. The goods page of 50 is',
    `\`GET /api/goods/list?page_size=50\` under autocannon, 10 connections, ${options.seconds} s. Detail is 200 goods spread`,
    'over the catalogue; page 200 is `page=200&page_size=50`. On PostgreSQL a CHECKPOINT after the seed flushes its',
    "writes before the measurement. Seed memory is the seeding process's peak RSS (PGlite",
    "runs inside it; PostgreSQL's own memory is not counted). Latencies in ms.",
    '',
    '| store | goods | seed s | seed peak MB | search p50 / p95 | suggestions p50 / p95 | slowest search case p95 | page of 50 req/s | page p50 / p99 | errors | detail p50 / p95 | page 200 p50 |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    postgres
      ? ''
      : `**PostgreSQL not measured:** nothing answered at the bench's DATABASE_URL (${new URL(options.databaseUrl).host}).`,
  ];
  return {
    markdown: markdown.join('\n').trim(),
    results,
    ...(postgres ? {} : { skipped: 'PostgreSQL unreachable' }),
  };
}
