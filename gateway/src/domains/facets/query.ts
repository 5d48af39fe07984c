import { FACET_MAX_VALUES } from '@pharma/domain/goods-facets';
import { badUserInput } from '../../errors';
import type {
  GoodsFacetKey,
  GoodsFilter,
  GoodsFlag,
  GoodsPriceRange,
  PrescriptionClass,
} from '../../generated/resolvers';

/** FACET-05: the upstream's price-range code of each range. */
export const PRICE_CODES: Record<GoodsPriceRange, string> = {
  BELOW_5: 'P0',
  FROM_5_TO_10: 'P1',
  FROM_10_TO_20: 'P2',
  FROM_20_TO_50: 'P3',
  FROM_50_TO_100: 'P4',
  FROM_100_TO_200: 'P5',
  FROM_200: 'P6',
};

/** FACET-03: the upstream's code of each class. */
export const RX_CODES: Record<PrescriptionClass, 'RX' | 'OTC_A' | 'OTC_B'> = {
  PRESCRIPTION: 'RX',
  OTC_A: 'OTC_A',
  OTC_B: 'OTC_B',
};

/** FACET-04: the upstream's code of each mark. */
export const FLAG_CODES: Record<GoodsFlag, string> = {
  MEDICAL_INSURANCE: 'yb',
  CONTAINS_EPHEDRINE: 'hm',
  COLD_CHAIN: 'cold',
  NEAR_EXPIRY: 'jxq',
  CONTROLLED_SALES: 'kx',
  IN_STOCK: 'stock',
};

/** The upstream's facet of each key (GoodsFacets.facets[].key). */
export const FACET_KEYS: Record<string, GoodsFacetKey> = {
  category: 'CATEGORY',
  maker: 'MAKER',
  dosageForm: 'DOSAGE_FORM',
  spec: 'SPEC',
  brand: 'BRAND',
  price: 'PRICE',
  rx: 'PRESCRIPTION',
  flag: 'FLAG',
};

/** The facet parameters of GET /api/goods/list and /api/goods/facets (cat[]=...), as qs writes them. */
export interface FacetListQuery {
  cat?: string[];
  maker?: string[];
  form?: string[];
  spec?: string[];
  brand?: string[];
  price?: string[];
  rx?: string[];
  flag?: string[];
}

const FIELD_NAMES: Record<string, string> = {
  categories: '分类',
  makers: '生产企业',
  dosageForms: '剂型',
  specs: '规格',
  brands: '品牌',
};

/** Each value once, trimmed, blanks left out; more than FACET_MAX_VALUES is refused (FACET-07). */
function valuesOf(field: string, list: readonly string[] | null | undefined): string[] | undefined {
  if (list === null || list === undefined) return undefined;
  const values = [...new Set(list.map((v) => v.trim()).filter((v) => v !== ''))];
  if (values.length > FACET_MAX_VALUES) {
    throw badUserInput({ [field]: [`${FIELD_NAMES[field] ?? '筛选条件'}最多选择${FACET_MAX_VALUES}项`] });
  }
  return values.length === 0 ? undefined : values;
}

/** FACET-01: the facet parameters a filter's chosen values become; nothing for a filter without them. */
export function facetListQuery(filter: GoodsFilter | null | undefined): FacetListQuery {
  if (filter === null || filter === undefined) return {};
  const query: FacetListQuery = {};
  const set = (key: keyof FacetListQuery, values: string[] | undefined) => {
    if (values !== undefined) query[key] = values;
  };
  set('cat', valuesOf('categories', filter.categories));
  set('maker', valuesOf('makers', filter.makers));
  set('form', valuesOf('dosageForms', filter.dosageForms));
  set('spec', valuesOf('specs', filter.specs));
  set('brand', valuesOf('brands', filter.brands));
  set(
    'price',
    valuesOf(
      'priceRanges',
      filter.priceRanges?.map((r) => PRICE_CODES[r]),
    ),
  );
  set(
    'rx',
    valuesOf(
      'prescriptionClasses',
      filter.prescriptionClasses?.map((c) => RX_CODES[c]),
    ),
  );
  set(
    'flag',
    valuesOf(
      'flags',
      filter.flags?.map((f) => FLAG_CODES[f]),
    ),
  );
  return query;
}

const invert = (map: Record<string, string>): Map<string, string> =>
  new Map(Object.entries(map).map(([name, code]) => [code, name]));

const PRICE_NAMES = invert(PRICE_CODES);
const RX_NAMES = invert(RX_CODES);
const FLAG_NAMES = invert(FLAG_CODES);

/** A value as the filter's field takes it: the enum's name for ranges, classes and marks, the value otherwise. */
export function filterValueOf(key: GoodsFacetKey, value: string): string {
  switch (key) {
    case 'PRICE':
      return PRICE_NAMES.get(value) ?? value;
    case 'PRESCRIPTION':
      return RX_NAMES.get(value) ?? value;
    case 'FLAG':
      return FLAG_NAMES.get(value) ?? value;
    default:
      return value;
  }
}
