// Facets with counts (issue 29, FACET-01, ADR 0141): a PostgreSQL store of its own, migrated, seeded and grown to
// the size as `SEED_GOODS=<n>` does, then the real upstream over HTTP, one request at a time. Budgets: the facet
// counts of a keyword or a category, and a list page with three facets chosen, p95 at or under 50 ms.
import { grownPostgres, servingStore, timedGets } from '../lib/grown-store';
import { fixed, percentile } from '../lib/stats';

const DATABASE = 'facets_bench';
/** FACET-01's budget, ms. */
export const FACETS_P95_BUDGET_MS = 50;

type Stats = { p50: number; p95: number; samples: number };

export interface FacetsResult {
  goods: number;
  seedSeconds: number;
  /** GET /api/goods/facets for keywords (names, initials, a maker). */
  keyword: Stats;
  /** GET /api/goods/facets for top-level and sub categories. */
  category: Stats;
  /** The same with two facets already chosen. */
  chosen: Stats;
  /** GET /api/goods/list (20 goods) with three facets chosen, over keywords, categories and the whole catalogue. */
  listThree: Stats;
  /** GET /api/goods/facets for the whole catalogue: the worst case, outside the budget. */
  everything: Stats;
  /** The plain list of a category's and a keyword's first page, measured alongside: how loaded the machine was. */
  baseline: Stats;
  markdown: string;
}

const q = (s: string) => encodeURIComponent(s);

/** Measures the facets at `goods` goods on PostgreSQL at `adminUrl` (a database of its own, left for the next run). */
export async function measureFacets(options: {
  adminUrl: string;
  goods: number;
  samples?: number;
  /** Keep a store an earlier run grew to this size rather than seeding again. */
  reuse?: boolean;
  log?: (line: string) => void;
}): Promise<FacetsResult> {
  const log = options.log ?? (() => undefined);
  log(`facets: seeding ${options.goods} goods`);
  const { db, seedSeconds } = await grownPostgres({
    adminUrl: options.adminUrl,
    database: DATABASE,
    goods: options.goods,
    ...(options.reuse ? { reuse: true } : {}),
  });
  await db.exec('ANALYZE goods').catch(() => undefined);
  const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM goods');
  const categories = await db.query<{ id: number }>(
    "SELECT id FROM categories WHERE kind = 'normal' ORDER BY parent_id NULLS FIRST, sort, id",
  );
  const [maker] = await db.query<{ sccj: string }>(
    "SELECT sccj FROM goods WHERE name LIKE '%胶囊%' GROUP BY sccj ORDER BY count(*) DESC LIMIT 1",
  );
  const total = count?.n ?? 0;
  const samples = options.samples ?? 60;
  const spread = (paths: readonly string[]) => Array.from({ length: samples }, (_, i) => paths[i % paths.length] ?? '');
  const keywords = ['感冒', '阿莫西林', 'gmlkl', '胶囊', 'b'].map((k) => `/api/goods/facets?keywords=${q(k)}`);
  keywords.push(`/api/goods/facets?type=2&keywords=${q('华润')}`);
  const cats = categories.slice(0, 12).map((c) => `/api/goods/facets?category_id=${c.id}`);
  const chosen = [
    `/api/goods/facets?keywords=${q('胶囊')}&rx[]=RX&flag[]=stock`,
    `/api/goods/facets?category_id=${categories[0]?.id ?? 1}&price[]=P1&price[]=P2&flag[]=yb`,
    `/api/goods/facets?category_id=${categories[1]?.id ?? 2}&form[]=${q('片剂')}&rx[]=OTC_A`,
  ];
  const three = (base: string) => `${base}&form[]=${q('胶囊剂')}&flag[]=stock&price[]=P1&price[]=P2&price[]=P3`;
  const lists = [
    three(`/api/goods/list?page_size=20&keywords=${q('胶囊')}`),
    three(`/api/goods/list?page_size=20&category_id=${categories[1]?.id ?? 2}`),
    three('/api/goods/list?page_size=20'),
    `/api/goods/list?page_size=20&maker[]=${q(maker?.sccj ?? '')}&rx[]=RX&flag[]=yb`,
    `/api/goods/list?page_size=20&sort=price_asc&category_id=${categories[0]?.id ?? 1}&rx[]=OTC_A&flag[]=stock&price[]=P2`,
  ];
  return servingStore(db, async (pool) => {
    log('facets: measuring');
    await timedGets(pool, [...keywords, ...cats, ...chosen, ...lists]);
    const stats = (t: number[]): Stats => ({ p50: percentile(t, 50), p95: percentile(t, 95), samples: t.length });
    const result = {
      goods: total,
      seedSeconds,
      keyword: stats(await timedGets(pool, spread(keywords))),
      category: stats(await timedGets(pool, spread(cats))),
      chosen: stats(await timedGets(pool, spread(chosen))),
      listThree: stats(await timedGets(pool, spread(lists))),
      everything: stats(
        await timedGets(
          pool,
          Array.from({ length: 10 }, () => '/api/goods/facets'),
        ),
      ),
      baseline: stats(
        await timedGets(
          pool,
          spread([
            `/api/goods/list?page_size=20&category_id=${categories[0]?.id ?? 1}`,
            `/api/goods/list?page_size=20&keywords=${q('感冒')}`,
          ]),
        ),
      ),
    };
    const ms = (v: number) => fixed(v, 1);
    const row = (label: string, s: Stats, budget = '') => `| ${label} | ${ms(s.p50)} | ${ms(s.p95)} | ${budget} |`;
    const budget = `p95 ≤ ${FACETS_P95_BUDGET_MS}`;
    const markdown = [
      `PostgreSQL, ${total.toLocaleString('en')} goods (seeded in ${fixed(seedSeconds, 0)} s, the kept facet counts`,
      'folded in with it), the real upstream over HTTP, one request at a time; ms. A keyword matching names, a category',
      'and the whole catalogue read the kept counts (FACET-10); a maker keyword and any chosen value count the goods.',
      '',
      '| request | p50 | p95 | budget |',
      '|---|---|---|---|',
      row('facets of a keyword (names, initials, a maker)', result.keyword, budget),
      row('facets of a category (top-level and sub)', result.category, budget),
      row('facets with two or three values chosen', result.chosen),
      row('list page with three facets chosen', result.listThree, budget),
      row('facets of the whole catalogue (no keyword or category)', result.everything),
      row('baseline: the plain list of a category or a keyword, no facets', result.baseline),
    ].join('\n');
    return { ...result, markdown };
  });
}
