import type { GoodsFacetKey, GoodsFilter, GoodsFlag, GoodsPriceRange, PrescriptionClass } from '../gql/graphql';

/**
 * FACET-08: the facets a buyer chose, held in the list's address (`maker=...&maker=...&flag=IN_STOCK`), so reload,
 * back and a shared link keep them. Values are read defensively: unknown codes, blanks, overlong values and more
 * than FACET_MAX_VALUES per facet are dropped rather than sent, so a hand-edited address never breaks the page.
 */

/** The address key of each facet. */
export const FACET_PARAMS: Record<GoodsFacetKey, string> = {
  CATEGORY: 'cat',
  MAKER: 'maker',
  DOSAGE_FORM: 'form',
  SPEC: 'spec',
  BRAND: 'brand',
  PRICE: 'price',
  PRESCRIPTION: 'rx',
  FLAG: 'flag',
};

const FACET_MAX_VALUES = 20;
const FACET_MAX_LENGTH = 100;

const PRICE_RANGES: readonly GoodsPriceRange[] = [
  'BELOW_5',
  'FROM_5_TO_10',
  'FROM_10_TO_20',
  'FROM_20_TO_50',
  'FROM_50_TO_100',
  'FROM_100_TO_200',
  'FROM_200',
];
const CLASSES: readonly PrescriptionClass[] = ['PRESCRIPTION', 'OTC_A', 'OTC_B'];
const FLAGS: readonly GoodsFlag[] = [
  'MEDICAL_INSURANCE',
  'CONTAINS_EPHEDRINE',
  'COLD_CHAIN',
  'NEAR_EXPIRY',
  'CONTROLLED_SALES',
  'IN_STOCK',
];

const oneOf =
  <T extends string>(list: readonly T[]) =>
  (value: string): T | undefined =>
    list.find((item) => item === value);
const text = (value: string): string | undefined => (value === '' ? undefined : value);
const id = (value: string): string | undefined => (/^[1-9]\d{0,9}$/.test(value) ? value : undefined);

/** Each facet's values from the address, cleaned. */
function read<T>(params: URLSearchParams, key: GoodsFacetKey, accept: (value: string) => T | undefined): T[] {
  const out: T[] = [];
  for (const raw of params.getAll(FACET_PARAMS[key])) {
    const value = raw.trim();
    if (value.length > FACET_MAX_LENGTH) continue;
    const accepted = accept(value);
    if (accepted !== undefined && !out.includes(accepted)) out.push(accepted);
    if (out.length === FACET_MAX_VALUES) break;
  }
  return out;
}

/** The filter fields the address's facets choose; a facet without values is left out. */
export function facetFilterFrom(params: URLSearchParams): GoodsFilter {
  const filter: GoodsFilter = {};
  const categories = read(params, 'CATEGORY', id);
  const makers = read(params, 'MAKER', text);
  const dosageForms = read(params, 'DOSAGE_FORM', text);
  const specs = read(params, 'SPEC', text);
  const brands = read(params, 'BRAND', id);
  const priceRanges = read(params, 'PRICE', oneOf(PRICE_RANGES));
  const prescriptionClasses = read(params, 'PRESCRIPTION', oneOf(CLASSES));
  const flags = read(params, 'FLAG', oneOf(FLAGS));
  if (categories.length > 0) filter.categories = categories;
  if (makers.length > 0) filter.makers = makers;
  if (dosageForms.length > 0) filter.dosageForms = dosageForms;
  if (specs.length > 0) filter.specs = specs;
  if (brands.length > 0) filter.brands = brands;
  if (priceRanges.length > 0) filter.priceRanges = priceRanges;
  if (prescriptionClasses.length > 0) filter.prescriptionClasses = prescriptionClasses;
  if (flags.length > 0) filter.flags = flags;
  return filter;
}

/** True when the address chooses any facet value. */
export function hasFacets(params: URLSearchParams): boolean {
  return Object.keys(facetFilterFrom(params)).length > 0;
}

/** The address with `value` of facet `key` chosen or cleared, back on the first page. */
export function toggleFacet(params: URLSearchParams, key: GoodsFacetKey, value: string): URLSearchParams {
  const name = FACET_PARAMS[key];
  const next = new URLSearchParams(params);
  const values = next.getAll(name);
  next.delete(name);
  const kept = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  for (const v of kept) next.append(name, v);
  next.delete('page');
  return next;
}

/** The address without any facet, back on the first page (清除筛选). */
export function clearFacets(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(FACET_PARAMS)) next.delete(name);
  next.delete('page');
  return next;
}
