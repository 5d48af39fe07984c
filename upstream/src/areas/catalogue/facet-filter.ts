/**
 * The facets a goods list is narrowed by (FACET-01..FACET-07, ADR 0141): what the REST query carries and the SQL
 * each chosen facet adds. Values of one facet are alternatives (OR); facets combine with AND.
 */
import {
  FACET_MAX_VALUE_LENGTH,
  FACET_MAX_VALUES,
  isFacetFlag,
  isPriceRange,
  isRxClass,
  PRICE_RANGES,
  type FacetFlag,
  type PriceRangeCode,
  type RxClassCode,
} from '@pharma/domain/goods-facets';
import { z } from 'zod';
import { CHINA_TODAY } from '../../db/china-day';
import type { SqlValue } from '../../db/db';
import { listOf, wholeNumber } from '../../lib/http';
import { NEAR_EXPIRY_DAYS } from '../../lib/goods';

/** The chosen values of each facet; an empty list leaves that facet open. */
export interface FacetChoice {
  categories: readonly number[];
  makers: readonly string[];
  dosageForms: readonly string[];
  specs: readonly string[];
  brands: readonly number[];
  prices: readonly PriceRangeCode[];
  rxClasses: readonly RxClassCode[];
  flags: readonly FacetFlag[];
}

/** The multi-valued facets: each one's values are counted given the other facets' choices. */
export type ValueFacet = 'category' | 'maker' | 'dosageForm' | 'spec' | 'brand' | 'price' | 'rx';

export const NO_FACETS: FacetChoice = {
  categories: [],
  makers: [],
  dosageForms: [],
  specs: [],
  brands: [],
  prices: [],
  rxClasses: [],
  flags: [],
};

export const hasFacets = (c: FacetChoice): boolean =>
  Object.values(c).some((values: readonly unknown[]) => values.length > 0);

// FACET-07: at most FACET_MAX_VALUES values per facet, each at most FACET_MAX_VALUE_LENGTH characters.
const text = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(FACET_MAX_VALUE_LENGTH, `筛选值最多${FACET_MAX_VALUE_LENGTH}个字符`);
const values = <T extends z.ZodType>(item: T, message: string) => listOf(item, message, FACET_MAX_VALUES).optional();
const code = <T extends string>(is: (s: string) => s is T, message: string) =>
  z.string({ error: message }).refine((s): s is T => is(s), message);

/** The REST query's facet parameters (`maker[]=`...), merged into a list's or the facets' own query schema. */
export const facetQueryShape = {
  cat: values(wholeNumber('分类不存在', 1), '分类不存在'),
  maker: values(text('生产企业不正确'), '生产企业不正确'),
  form: values(text('剂型不正确'), '剂型不正确'),
  spec: values(text('规格不正确'), '规格不正确'),
  brand: values(wholeNumber('品牌不存在', 1), '品牌不存在'),
  price: values(code(isPriceRange, '价格区间不正确'), '价格区间不正确'),
  rx: values(code(isRxClass, '处方类别不正确'), '处方类别不正确'),
  flag: values(code(isFacetFlag, '筛选条件不正确'), '筛选条件不正确'),
};

type FacetQuery = { [K in keyof typeof facetQueryShape]?: z.output<(typeof facetQueryShape)[K]> };

const unique = <T>(list: readonly T[] | undefined): T[] => [...new Set(list ?? [])];

/** The choice a parsed query carries, each value once. */
export function facetChoiceOf(q: FacetQuery): FacetChoice {
  return {
    categories: unique(q.cat),
    makers: unique(q.maker),
    dosageForms: unique(q.form),
    specs: unique(q.spec),
    brands: unique(q.brand),
    prices: unique(q.price),
    rxClasses: unique(q.rx),
    flags: unique(q.flag),
  };
}

/** FACET-05: the price range a unit price falls in, as SQL over `g`. */
export const PRICE_RANGE_SQL = `CASE ${PRICE_RANGES.map(
  (r) => `WHEN g.price >= ${r.min}${r.max === null ? '' : ` AND g.price < ${r.max}`} THEN '${r.code}'`,
).join(' ')} END`;

/** FACET-04: each flag as SQL over `g`; 近效期 is the near-expiry zone's own rule (CATALOG-01), 冷链 SCOPE-01's class. */
export const FLAG_SQL: Record<FacetFlag, string> = {
  yb: 'g.is_yb = 1',
  hm: 'g.is_hm = 1',
  cold: "g.scope_class = 'COLD_CHAIN'",
  // Today as a subquery: worked out once per statement, not once per goods.
  jxq: `(g.expire_date < (SELECT ${CHINA_TODAY} + ${NEAR_EXPIRY_DAYS}) AND g.expire_date >= (SELECT ${CHINA_TODAY}))`,
  kx: 'g.is_kx = 1',
  stock: 'g.number > 0',
};

/** The column over `g` each multi-valued facet groups by (FACET-01). */
export const FACET_COLUMN: Record<ValueFacet, string> = {
  category: 'g.category_id',
  maker: 'g.sccj',
  dosageForm: 'g.dosage_form',
  spec: 'g.ypgg',
  brand: 'g.brand_id',
  price: `(${PRICE_RANGE_SQL})`,
  rx: 'g.rx_class',
};

/**
 * The SQL each chosen multi-valued facet adds over `g`, by facet, with its parameters numbered by `param`; the
 * flags' SQL under 'flags'. Price ranges are literal bounds (codes checked), so the price index may serve them.
 */
export function facetPredicates(
  c: FacetChoice,
  param: (value: SqlValue) => string,
): { facet: ValueFacet | 'flags'; sql: string }[] {
  const out: { facet: ValueFacet | 'flags'; sql: string }[] = [];
  if (c.categories.length > 0)
    out.push({ facet: 'category', sql: `g.category_id = ANY(${param([...c.categories])}::int[])` });
  if (c.makers.length > 0) out.push({ facet: 'maker', sql: `g.sccj = ANY(${param([...c.makers])}::text[])` });
  if (c.dosageForms.length > 0) {
    out.push({ facet: 'dosageForm', sql: `g.dosage_form = ANY(${param([...c.dosageForms])}::text[])` });
  }
  if (c.specs.length > 0) out.push({ facet: 'spec', sql: `g.ypgg = ANY(${param([...c.specs])}::text[])` });
  if (c.brands.length > 0) out.push({ facet: 'brand', sql: `g.brand_id = ANY(${param([...c.brands])}::int[])` });
  if (c.prices.length > 0) {
    const ranges = PRICE_RANGES.filter((r) => c.prices.includes(r.code)).map(
      (r) => `(g.price >= ${r.min}${r.max === null ? '' : ` AND g.price < ${r.max}`})`,
    );
    out.push({ facet: 'price', sql: `(${ranges.join(' OR ')})` });
  }
  if (c.rxClasses.length > 0) out.push({ facet: 'rx', sql: `g.rx_class = ANY(${param([...c.rxClasses])}::text[])` });
  if (c.flags.length > 0) out.push({ facet: 'flags', sql: c.flags.map((f) => FLAG_SQL[f]).join(' AND ') });
  return out;
}
