/**
 * Facet counts kept rather than counted (FACET-10, ADR 0143): a list opened on the whole catalogue, a category or a
 * keyword, before any choice, reads its counts from `facet_counts` instead of grouping up to half a million goods.
 * Writers only mark the goods they change (migration 0048); the read folds the marks in first, with the facet
 * columns and marks the live counts group by (facet-filter.ts), so both ways answer the same numbers.
 */
import { FACET_FLAGS } from '@pharma/domain/goods-facets';
import { CHINA_TODAY } from '../../db/china-day';
import type { Db, Queryable } from '../../db/db';
import { NEAR_EXPIRY_DAYS } from '../../lib/goods';
import { FACET_COLUMN, FLAG_SQL, hasFacets, type FacetChoice, type ValueFacet } from './facet-filter';
import { keywordOnly, type GoodsFilter } from './store';

const FOLD_LOCK = 4010_0029;
const COUNTED_FACETS: readonly ValueFacet[] = ['category', 'maker', 'dosageForm', 'spec', 'brand', 'price', 'rx'];

/** Facet and value in one text, parted by the unit separator. */
const fact = (facet: string, value: string) => `'${facet}' || chr(31) || ${value}`;

/**
 * The facts one goods (`g`) is counted under, as the live counts' rows name them: facet '' (every goods, the total),
 * each facet's value (none when the goods has no value), 'flag:<code>' with 'true' for each mark it carries.
 */
const FACTS_SQL = `array_remove(ARRAY[${[
  fact('', "''"),
  ...COUNTED_FACETS.map((f) => fact(f, `(${FACET_COLUMN[f]})::text`)),
  ...FACET_FLAGS.map((f) => `CASE WHEN ${FLAG_SQL[f.code]} THEN ${fact(`flag:${f.code}`, "'true'")} END`),
].join(', ')}], NULL)`;

/**
 * One statement, one snapshot: the marked goods' old contributions (as folded in last) come off and their present
 * ones (from goods, absent once deleted) go on; a count falling to 0 stays a row until the statement after.
 */
const FOLD_SQL = `WITH RECURSIVE done AS (
    DELETE FROM facet_goods_stale RETURNING goods_id
  ), ids AS (
    SELECT DISTINCT goods_id FROM done
  ), old AS (
    DELETE FROM facet_goods f USING ids WHERE f.goods_id = ids.goods_id RETURNING f.scopes, f.facts
  ), above AS (
    SELECT id, id AS under FROM categories
    UNION ALL SELECT c.parent_id, above.under FROM categories c JOIN above ON c.id = above.id WHERE c.parent_id IS NOT NULL
  ), cats AS (
    SELECT gc.goods_id, array_agg(DISTINCT 'cat:' || above.id) AS scopes
    FROM goods_categories gc JOIN ids ON ids.goods_id = gc.goods_id JOIN above ON above.under = gc.category_id
    GROUP BY gc.goods_id
  ), new AS (
    INSERT INTO facet_goods (goods_id, scopes, facts)
    SELECT g.id, ARRAY['all', 'name:' || g.name] || COALESCE(c.scopes, '{}'), ${FACTS_SQL}
    FROM goods g JOIN ids ON ids.goods_id = g.id LEFT JOIN cats c ON c.goods_id = g.id
    RETURNING scopes, facts
  ), delta AS (
    SELECT s AS scope, f AS fact, sum(x.d)::int AS d
    FROM (SELECT scopes, facts, -1 AS d FROM old UNION ALL SELECT scopes, facts, 1 FROM new) x,
      unnest(x.scopes) s, unnest(x.facts) f
    GROUP BY 1, 2
  )
  INSERT INTO facet_counts (scope, facet, value, n)
  SELECT scope, split_part(fact, chr(31), 1), substr(fact, strpos(fact, chr(31)) + 1), d FROM delta WHERE d <> 0
  ON CONFLICT (scope, facet, value) DO UPDATE SET n = facet_counts.n + excluded.n`;

/**
 * FACET-10: folds the goods marked since the last fold into the counts, and on a new China day the goods entering
 * or leaving the near-expiry window (近效期). One fold at a time; a reader waiting for another's fold then finds
 * nothing left to do and reads counts as fresh as the moment it was let in.
 */
export async function refreshFacetIndex(db: Db): Promise<void> {
  const [state] = await db.query<{ fresh: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM facet_goods_stale) AND s.folded_on IS NOT DISTINCT FROM ${CHINA_TODAY} AS fresh
     FROM facet_state s`,
  );
  if (state?.fresh) return;
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [FOLD_LOCK]);
    await markNewDay(tx);
    await tx.query(FOLD_SQL);
    await tx.query('DELETE FROM facet_counts WHERE n = 0');
  });
}

/** The goods whose 近效期 mark differs between the day last folded and today: those expiring between the two. */
async function markNewDay(tx: Queryable): Promise<void> {
  const window = (edge: string) =>
    `(g.expire_date >= least(s.folded_on, t.today)${edge} AND g.expire_date < greatest(s.folded_on, t.today)${edge})`;
  await tx.query(
    `INSERT INTO facet_goods_stale (goods_id)
     SELECT g.id FROM goods g, facet_state s, (SELECT ${CHINA_TODAY} AS today) t
     WHERE s.folded_on IS NOT NULL AND s.folded_on <> t.today
       AND (${window('')} OR ${window(` + ${NEAR_EXPIRY_DAYS}`)})`,
  );
  await tx.query(`UPDATE facet_state SET folded_on = ${CHINA_TODAY}`);
}

/**
 * The kept scopes a list's facets can be read from, summed: the whole catalogue, one category (its subtree is in
 * the scope), or the names a keyword matched; undefined when anything else narrows the list (a zone, a maker
 * keyword, a keyword within a category, a facet chosen), which the live counts answer.
 */
export function keptScopes(filter: GoodsFilter, choice: FacetChoice): string[] | undefined {
  if (hasFacets(choice) || !keywordOnly({ ...filter, categoryId: undefined, facets: undefined })) return undefined;
  if (filter.terms !== undefined) {
    return filter.field === 'name' && filter.categoryId === undefined
      ? filter.terms.map((t) => `name:${t}`)
      : undefined;
  }
  return filter.categoryId === undefined ? ['all'] : [`cat:${filter.categoryId}`];
}

/**
 * The kept counts of `scopes` (a parameter) as the rows the live statement's GROUPING SETS give (facetCounts); one
 * scope is read straight from the index, several (a keyword's names) summed.
 */
export const keptCountsSql = (scopes: string, many: boolean) =>
  many
    ? `SELECT facet, value, sum(n)::int AS n FROM facet_counts WHERE scope = ANY(${scopes}::text[]) GROUP BY facet, value`
    : `SELECT facet, value, n FROM facet_counts WHERE scope = (${scopes}::text[])[1]`;
