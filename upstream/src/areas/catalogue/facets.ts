/**
 * Facet counts (FACET-01..FACET-06, ADR 0141): for the goods a list's scope keeps (keyword, category, zone), each
 * facet value with the number of goods it leaves given the other facets' choices (disjunctive faceting), exact,
 * from one statement. The scope's goods are read once into a CTE; the facets nobody chose are counted in one pass
 * of GROUPING SETS over the goods every choice keeps, the flags beside them; a chosen facet is counted over the
 * goods the other choices keep, one aggregate each.
 */
import {
  FACET_FLAGS,
  FACET_TOP_VALUES,
  FACETS,
  PRICE_RANGES,
  rxClassName,
  type FacetFlag,
} from '@pharma/domain/goods-facets';
import type { Db, Queryable, SqlValue } from '../../db/db';
import { FACET_COLUMN, FLAG_SQL, facetPredicates, type FacetChoice, type ValueFacet } from './facet-filter';
import { keptCountsSql, keptScopes, refreshFacetIndex } from './facet-index';
import type { GoodsQuery } from './service';
import { catchUpSearchTerms, categorySubtree, matchedTerms, whereOf, type GoodsFilter } from './store';

const VALUE_FACETS: readonly ValueFacet[] = ['category', 'maker', 'dosageForm', 'spec', 'brand', 'price', 'rx'];

/** Facets whose values are many: the answer keeps the top FACET_TOP_VALUES of them, and every chosen one. */
const LONG_FACETS: ReadonlySet<ValueFacet> = new Set(['maker', 'spec', 'brand']);

export interface FacetValueCount {
  value: string;
  count: number;
  /** The store's name of a category or brand value. */
  label?: string;
}

export interface FacetCounts {
  /** The goods every choice keeps: the list's total. */
  total: number;
  values: Record<ValueFacet, FacetValueCount[]>;
  /** How many values the facet has in all, of which `values` may hold only the top (FACET-06). */
  distinct: Record<ValueFacet, number>;
  flags: Record<FacetFlag, number>;
}

interface CountRow {
  facet: string;
  value: string | null;
  n: number;
  /** The category's or brand's name, read with the counts. */
  label?: string | null;
  /** The facet's values in all (FACET-06), of which the answer may hold only the top ones. */
  distinct_values?: number | null;
}

/** The facet a multi-valued facet's chosen values are in, by facet. */
function chosenOf(c: FacetChoice, facet: ValueFacet): readonly (string | number)[] {
  switch (facet) {
    case 'category':
      return c.categories;
    case 'maker':
      return c.makers;
    case 'dosageForm':
      return c.dosageForms;
    case 'spec':
      return c.specs;
    case 'brand':
      return c.brands;
    case 'price':
      return c.prices;
    case 'rx':
      return c.rxClasses;
  }
}

/**
 * FACET-01: the counts of every facet over the goods `filter` keeps (its `facets` are the choices): kept counts where
 * the index holds the scope (FACET-10), counted from the goods otherwise.
 */
export async function facetCounts(db: Db, filter: GoodsFilter, choice: FacetChoice): Promise<FacetCounts> {
  const scopes = keptScopes(filter, choice);
  if (scopes !== undefined) {
    await refreshFacetIndex(db);
    const params: SqlValue[] = [scopes];
    return shape(
      await db.query<CountRow>(rankedSql('WITH', keptCountsSql('$1', scopes.length > 1), choice, params), params),
      choice,
    );
  }
  // The list's category subtree is read only here: the kept counts' category scope already holds it.
  const categoryIds =
    filter.categoryId === undefined
      ? undefined
      : (filter.categoryIds ?? (await categorySubtree(db, filter.categoryId)));
  return liveFacetCounts(db, categoryIds === undefined ? filter : { ...filter, categoryIds }, choice);
}

/** FACET-01 counted from the goods themselves, for any scope and choice. */
export async function liveFacetCounts(q: Queryable, filter: GoodsFilter, choice: FacetChoice): Promise<FacetCounts> {
  const { sql: scopeSql, params } = whereOf({ ...filter, facets: undefined });
  const param = (value: SqlValue) => {
    params.push(value);
    return `$${params.length}`;
  };
  const predicates = facetPredicates(choice, param);
  const all = predicates.map((p) => p.sql);
  const whereAll = all.length === 0 ? '' : `WHERE ${all.join(' AND ')}`;
  const open = VALUE_FACETS.filter((f) => !predicates.some((p) => p.facet === f));
  const chosen = VALUE_FACETS.filter((f) => predicates.some((p) => p.facet === f));
  // One pass of GROUPING SETS over the goods every choice keeps: each open facet, each flag (its true group is its
  // count; a chosen flag's is the total, FACET-04) and the empty set, the total.
  const sets = [
    ...open.map((f) => ({ name: f, column: FACET_COLUMN[f] })),
    ...FACET_FLAGS.map((f) => ({ name: `flag:${f.code}`, column: `(${FLAG_SQL[f.code]})` })),
  ];
  const parts = [
    `SELECT CASE ${sets.map((x) => `WHEN GROUPING(${x.column}) = 0 THEN '${x.name}'`).join(' ')} ELSE '' END AS facet,
       CASE ${sets.map((x) => `WHEN GROUPING(${x.column}) = 0 THEN (${x.column})::text`).join(' ')} END AS value, count(*)::int AS n
     FROM base g ${whereAll}
     GROUP BY GROUPING SETS (${[...sets.map((x) => `(${x.column})`), '()'].join(', ')})`,
    // FACET-01: a chosen facet's values over the goods the other choices keep.
    ...chosen.map((f) => {
      const others = predicates.filter((p) => p.facet !== f).map((p) => p.sql);
      return `SELECT '${f}', ${FACET_COLUMN[f]}::text, count(*)::int
        FROM base g ${others.length === 0 ? '' : `WHERE ${others.join(' AND ')}`} GROUP BY ${FACET_COLUMN[f]}`;
    }),
  ];
  // The scope's goods, read once with the columns facets need; ranges and flags are worked out from them only.
  const base = `WITH base AS MATERIALIZED (
       SELECT g.category_id, g.sccj, g.dosage_form, g.ypgg, g.brand_id, g.price, g.rx_class, g.is_yb, g.is_hm,
         g.scope_class, g.expire_date, g.is_kx, g.number
       FROM goods g ${scopeSql}
     ),`;
  return shape(await q.query<CountRow>(rankedSql(base, parts.join('\nUNION ALL\n'), choice, params), params), choice);
}

/**
 * The statement answering `counted`'s rows (facet, value, n) with the long facets cut to their top values and every
 * chosen one (FACET-06), each with its facet's number of values and the category's or brand's name. The top values
 * are a top-N read per long facet, not a ranking of every value (a catalogue's makers are thousands). `head` opens
 * the WITH list (and may hold CTEs `counted` reads); `params` takes the statement's own parameters.
 */
function rankedSql(head: string, counted: string, choice: FacetChoice, params: SqlValue[]): string {
  const param = (value: SqlValue) => {
    params.push(value);
    return `$${params.length}`;
  };
  const long = param([...LONG_FACETS]);
  return `${head} counted AS MATERIALIZED (${counted})
     , distinct_values AS (SELECT facet, count(value)::int AS n FROM counted GROUP BY facet)
     , kept AS (
       SELECT u.facet, u.value, u.n FROM counted u
       WHERE u.facet <> ALL(${long}::text[]) OR (u.facet || ':' || u.value) = ANY(${param(longChosen(choice))}::text[])
       UNION
       SELECT t.facet, t.value, t.n FROM unnest(${long}::text[]) AS l (facet), LATERAL (
         SELECT u.facet, u.value, u.n FROM counted u WHERE u.facet = l.facet AND u.value IS NOT NULL
         ORDER BY u.n DESC, u.value COLLATE "C" LIMIT ${FACET_TOP_VALUES}
       ) t
     )
     SELECT k.facet, k.value, k.n, d.n AS distinct_values, COALESCE(c.name, b.name) AS label
     FROM kept k JOIN distinct_values d ON d.facet = k.facet
     LEFT JOIN categories c ON k.facet = 'category' AND c.id::text = k.value
     LEFT JOIN brands b ON k.facet = 'brand' AND b.id::text = k.value`;
}

/** The chosen values of the long facets as `facet:value`, which the answer keeps whatever their rank. */
function longChosen(choice: FacetChoice): string[] {
  return [...LONG_FACETS].flatMap((f) => chosenOf(choice, f).map((v) => `${f}:${v}`));
}

function shape(rows: readonly CountRow[], choice: FacetChoice): FacetCounts {
  const values: Record<ValueFacet, FacetValueCount[]> = {
    category: [],
    maker: [],
    dosageForm: [],
    spec: [],
    brand: [],
    price: [],
    rx: [],
  };
  const flags: Record<FacetFlag, number> = { yb: 0, hm: 0, cold: 0, jxq: 0, kx: 0, stock: 0 };
  let total = 0;
  const distinct: Record<ValueFacet, number> = { ...EMPTY_DISTINCT };
  for (const row of rows) {
    if (row.facet === '') {
      total = row.n;
      continue;
    }
    if (row.facet.startsWith('flag:')) {
      const flag = FACET_FLAGS.find((f) => `flag:${f.code}` === row.facet);
      if (flag !== undefined && row.value === 'true') flags[flag.code] = row.n;
      continue;
    }
    const facet = VALUE_FACETS.find((f) => f === row.facet);
    // A goods without the facet's value (no brand, no dosage form) is not a value of it.
    if (facet === undefined || row.value === null) continue;
    values[facet].push({ value: row.value, count: row.n, ...(row.label ? { label: row.label } : {}) });
    distinct[facet] = row.distinct_values ?? 0;
  }
  for (const f of VALUE_FACETS) {
    // FACET-03: a chosen value the other choices leave no goods of is still listed, with 0, so it can be cleared.
    for (const picked of chosenOf(choice, f).map(String)) {
      if (!values[f].some((v) => v.value === picked)) {
        values[f].push({ value: picked, count: 0 });
        distinct[f] += 1;
      }
    }
    // Most goods first, then by value (code-point order, as the statement ranks them), so equal counts list stably.
    values[f].sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  }
  return { total, values, distinct, flags };
}

const EMPTY_DISTINCT: Record<ValueFacet, number> = {
  category: 0,
  maker: 0,
  dosageForm: 0,
  spec: 0,
  brand: 0,
  price: 0,
  rx: 0,
};

export interface FacetValueDto {
  value: string;
  name: string;
  count: number;
  selected: boolean;
}

export interface FacetDto {
  key: ValueFacet | 'flag';
  name: string;
  values: FacetValueDto[];
  /** Values of the facet left out of `values` (FACET-06: a long facet answers its top ones). */
  more: number;
}

export interface FacetsDto {
  total: number;
  facets: FacetDto[];
}

/**
 * FACET-01: the facets of what a list query keeps, as GET /api/goods/facets answers them: the keyword becomes the
 * names (or makers) it matches (SEARCH-02) and the category its subtree, as the list does (CATALOG-05), so each
 * count is the total the list answers with that value chosen too.
 */
export async function goodsFacets(db: Db, query: GoodsQuery, choice: FacetChoice): Promise<FacetsDto> {
  const { keywords, ...rest } = query;
  const filter: GoodsFilter = { ...rest, facets: undefined };
  let counts: FacetCounts | undefined;
  if (keywords !== '') {
    await catchUpSearchTerms(db);
    const matched = await matchedTerms(db, filter.field, keywords);
    if (matched.terms.length > 0) filter.terms = matched.terms;
    else counts = emptyCounts(choice);
  }
  counts ??= await facetCounts(db, filter, choice);
  const picked = (f: ValueFacet) => new Set(chosenOf(choice, f).map(String));
  const facets: FacetDto[] = VALUE_FACETS.map((key) => {
    const chosenValues = picked(key);
    return {
      key,
      name: FACETS.find((f) => f.key === key)?.name ?? key,
      values: counts.values[key].map((v) => ({
        value: v.value,
        name: nameOf(key, v),
        count: v.count,
        selected: chosenValues.has(v.value),
      })),
      more: counts.distinct[key] - counts.values[key].length,
    };
  });
  facets.push({
    key: 'flag',
    name: FACETS.find((f) => f.key === 'flag')?.name ?? '',
    values: FACET_FLAGS.map((f) => ({
      value: f.code,
      name: f.name,
      count: counts.flags[f.code],
      selected: choice.flags.includes(f.code),
    })),
    more: 0,
  });
  return { total: counts.total, facets };
}

function emptyCounts(choice: FacetChoice): FacetCounts {
  return shape([{ facet: '', value: null, n: 0 }], choice);
}

/** The names the buyer reads: categories' and brands' from the store, ranges' and classes' from the domain. */
function nameOf(facet: ValueFacet, v: FacetValueCount): string {
  switch (facet) {
    case 'price':
      return PRICE_RANGES.find((r) => r.code === v.value)?.name ?? v.value;
    case 'rx':
      return rxClassName(v.value);
    default:
      return v.label ?? v.value;
  }
}
