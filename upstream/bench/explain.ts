/**
 * The plans of the catalogue's hot statements (ADR 0130), as the store functions send them: each function runs once
 * against a recording store, and each statement it sent is explained with its own parameters.
 *
 *   node --import tsx upstream/bench/explain.ts postgres://…/<database>   (a grown store, e.g. SEED_GOODS=500000)
 *   node --import tsx upstream/bench/explain.ts <PGlite data directory>
 */
import type { Db, Queryable, SqlValue } from '../src/db/db';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import * as store from '../src/areas/catalogue/store';

const where = process.argv[2];
if (where === undefined) throw new Error('explain.ts <postgres:// URL or PGlite data directory>');
const db: Db = /^postgres(ql)?:\/\//.test(where) ? openPostgres(where) : await openPglite(where);

/** A store that answers every statement and remembers them. */
function recording(): { q: Queryable; sent: { sql: string; params: readonly SqlValue[] }[] } {
  const sent: { sql: string; params: readonly SqlValue[] }[] = [];
  return {
    sent,
    q: {
      query: (sql, params = []) => {
        sent.push({ sql, params });
        return db.query(sql, params);
      },
      exec: (sql) => db.exec(sql),
      copy: (table, columns, rows) => db.copy(table, columns, rows),
    },
  };
}

const none = store.WHOLE_CATALOGUE;

/** A keyword's first page of 20, in the shape the service chooses for it. */
async function keywordPage(q: Queryable, keywords: string) {
  const { terms, goods } = await store.matchedTerms(db, 'name', keywords);
  const shape = store.pageShape(goods, await store.catalogueSize(db), 20, 0);
  return store.goodsPage(q, { ...none, terms }, 'default', 20, 0, shape);
}

const cases: [string, (q: Queryable) => Promise<unknown>][] = [
  ['Catching up the vocabulary (nothing stale)', (q) => store.catchUpSearchTerms(q)],
  ['Terms of a two-character keyword (感冒)', (q) => store.matchedTerms(q, 'name', '感冒')],
  ['Terms of a longer keyword (gmlkl)', (q) => store.matchedTerms(q, 'name', 'gmlkl')],
  ['Suggestions (gmlkl)', (q) => store.suggestions(q, 'name', 'gmlkl')],
  ['Suggestions (片, a third of the goods)', (q) => store.suggestions(q, 'name', '片')],
  ['A page of 20 of a keyword that matches few names (感冒)', (q) => keywordPage(q, '感冒')],
  ['A page of 20 of a keyword that matches a third of the goods (片)', (q) => keywordPage(q, '片')],
  ['The goods page of 50, whole catalogue', (q) => store.goodsPage(q, none, 'default', 50, 0)],
  ['The whole catalogue counted', (q) => store.catalogueSize(q)],
  [
    'A top-level category: page of 20 and count',
    async (q) => {
      const categoryIds = await store.categorySubtree(db, 1);
      const filter = { ...none, categoryId: 1, categoryIds };
      await store.goodsPage(q, filter, 'default', 20, 0);
      return store.countGoods(q, filter);
    },
  ],
  ['Page 200 of 50 by price', (q) => store.goodsPage(q, none, 'price_asc', 50, 199 * 50)],
  ['Goods detail', (q) => store.goodsDetail(q, 123_456)],
];

for (const [title, run] of cases) {
  const { q, sent } = recording();
  await run(q);
  console.log(`### ${title}\n`);
  for (const { sql, params } of sent) {
    const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params);
    console.log(['```', ...plan.map((row) => row['QUERY PLAN']), '```', ''].join('\n'));
  }
}
await db.close();
