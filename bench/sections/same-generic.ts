// 同品种比价 and the unit-price order (issue 29, COMPARE-03, COMPARE-04, ADR 0142): a PostgreSQL store of its own,
// migrated, seeded and grown to the size as `SEED_GOODS=<n>` does, then the real upstream over HTTP, one request at a
// time. Budget: the comparison's p95 at or under 20 ms at 50,000 goods.
import { grownPostgres, servingStore, timedGets } from '../lib/grown-store';
import { fixed, percentile } from '../lib/stats';

const DATABASE = 'same_generic_bench';
/** COMPARE-03's budget, ms. */
export const SAME_GENERIC_P95_BUDGET_MS = 20;

export interface SameGenericResult {
  goods: number;
  seedSeconds: number;
  /** GET /api/goods/same_generic/{id} (20 goods) for goods spread over the catalogue. */
  compare: { p50: number; p95: number; samples: number };
  /** The same with limit=50. */
  compare50: { p50: number; p95: number };
  /** GET /api/goods/list?sort=unit_price_asc&page_size=20 and a category's first page so sorted. */
  unitPriceList: { p50: number; p95: number };
  /** Goods carrying the most common name (the longest comparison). */
  largestName: { name: string; goods: number };
  markdown: string;
}

/** Measures the comparison at `goods` goods on PostgreSQL at `adminUrl` (a database of its own, left for the next run). */
export async function measureSameGeneric(options: {
  adminUrl: string;
  goods: number;
  samples?: number;
  log?: (line: string) => void;
}): Promise<SameGenericResult> {
  const log = options.log ?? (() => undefined);
  log(`same-generic: seeding ${options.goods} goods`);
  const { db, seedSeconds } = await grownPostgres({
    adminUrl: options.adminUrl,
    database: DATABASE,
    goods: options.goods,
  });
  await db.exec('CHECKPOINT').catch(() => undefined);
  const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM goods');
  const [largest] = await db.query<{ name: string; n: number }>(
    'SELECT name, count(*)::int AS n FROM goods GROUP BY name ORDER BY n DESC LIMIT 1',
  );
  const total = count?.n ?? 1;
  const samples = options.samples ?? 400;
  const ids = Array.from({ length: samples }, (_, i) => 1 + ((i * 7919) % total));
  return servingStore(db, async (pool) => {
    log('same-generic: measuring');
    await timedGets(
      pool,
      ids.slice(0, 20).map((id) => `/api/goods/same_generic/${id}`),
    );
    const compare = await timedGets(
      pool,
      ids.map((id) => `/api/goods/same_generic/${id}`),
    );
    const compare50 = await timedGets(
      pool,
      ids.slice(0, 200).map((id) => `/api/goods/same_generic/${id}?limit=50`),
    );
    const lists = [
      '/api/goods/list?sort=unit_price_asc&page_size=20',
      '/api/goods/list?sort=unit_price_asc&page_size=20&category_id=1',
      '/api/goods/list?sort=unit_price_asc&page_size=20&keywords=%E9%98%BF%E8%8E%AB%E8%A5%BF%E6%9E%97',
    ];
    await timedGets(pool, lists);
    const unitPriceList = await timedGets(
      pool,
      Array.from({ length: 60 }, (_, i) => lists[i % lists.length] ?? ''),
    );
    const stats = (t: number[]) => ({ p50: percentile(t, 50), p95: percentile(t, 95) });
    const result = {
      goods: total,
      seedSeconds,
      compare: { ...stats(compare), samples: compare.length },
      compare50: stats(compare50),
      unitPriceList: stats(unitPriceList),
      largestName: { name: largest?.name ?? '', goods: largest?.n ?? 0 },
    };
    const ms = (v: number) => fixed(v, 1);
    const markdown = [
      `PostgreSQL, ${total.toLocaleString('en')} goods (seeded in ${fixed(seedSeconds, 0)} s), the real upstream over`,
      `HTTP, one request at a time; ms. The most common name, ${result.largestName.name}, has`,
      `${result.largestName.goods.toLocaleString('en')} goods.`,
      '',
      '| request | p50 | p95 | budget |',
      '|---|---|---|---|',
      `| same_generic, 20 goods (${compare.length} goods spread over the catalogue) | ${ms(result.compare.p50)} | ${ms(result.compare.p95)} | p95 ≤ ${SAME_GENERIC_P95_BUDGET_MS} |`,
      `| same_generic, limit=50 | ${ms(result.compare50.p50)} | ${ms(result.compare50.p95)} | |`,
      `| list sorted by unit price (all, a category, a keyword) | ${ms(result.unitPriceList.p50)} | ${ms(result.unitPriceList.p95)} | |`,
    ].join('\n');
    return { ...result, markdown };
  });
}
