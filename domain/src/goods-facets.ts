/**
 * Facets with counts (FACET-01..FACET-09, ADR 0141): what a purchaser narrows a goods list by, named once for the
 * store, the gateway and the screens.
 */

/**
 * Name endings and the dosage form (剂型) they mean, longest first within a family, so 缓释片 wins over 片. The
 * forms are written as the pharmacopoeia names them (片 → 片剂); modified-release and special tablets and capsules
 * stay forms of their own, as a purchaser asks for them by that name.
 */
const FORM_ENDINGS: readonly (readonly [string, string])[] = [
  ['分散片', '分散片'],
  ['缓释片', '缓释片'],
  ['肠溶片', '肠溶片'],
  ['咀嚼片', '咀嚼片'],
  ['泡腾片', '泡腾片'],
  ['薄膜衣片', '薄膜衣片'],
  ['含片', '含片'],
  ['喉片', '含片'],
  ['片', '片剂'],
  ['软胶囊', '软胶囊'],
  ['肠溶胶囊', '肠溶胶囊'],
  ['缓释胶囊', '缓释胶囊'],
  ['胶囊', '胶囊剂'],
  ['颗粒(无蔗糖)', '颗粒剂'],
  ['颗粒', '颗粒剂'],
  ['口服溶液', '口服溶液剂'],
  ['口服液', '口服液'],
  ['混悬液', '混悬剂'],
  ['滴眼液', '滴眼剂'],
  ['眼用凝胶', '眼用凝胶'],
  ['消毒液', '消毒剂'],
  ['液', '口服液'],
  ['糖浆', '糖浆剂'],
  ['露', '糖浆剂'],
  ['合剂', '合剂'],
  ['浆', '合剂'],
  ['滴剂', '滴剂'],
  ['乳膏', '乳膏剂'],
  ['软膏', '软膏剂'],
  ['乳胶剂', '乳胶剂'],
  ['凝胶', '凝胶剂'],
  ['膏', '膏剂'],
  ['洗剂', '洗剂'],
  ['气雾剂', '气雾剂'],
  ['滴丸', '滴丸'],
  ['浓缩丸', '浓缩丸'],
  ['水蜜丸', '水蜜丸'],
  ['丸', '丸剂'],
  ['散', '散剂'],
  ['水', '酊剂'],
  ['胶', '胶剂'],
];

/**
 * FACET-02: a medicine's dosage form from the form its name ends with (阿莫西林胶囊 → 胶囊剂, 硝苯地平缓释片 → 缓释片);
 * undefined when the name ends with none or is nothing but the form. Devices and herbal slices carry no dosage form:
 * the caller asks only for medicines.
 */
export function dosageFormOf(name: string): string | undefined {
  const trimmed = name.trim();
  for (const [ending, form] of FORM_ENDINGS) {
    if (trimmed.endsWith(ending) && trimmed.length > ending.length) return form;
  }
  return undefined;
}

/** FACET-03: the prescription classes, in the order the facet lists them. */
export const RX_CLASSES = [
  { code: 'RX', name: '处方药' },
  { code: 'OTC_A', name: '甲类OTC' },
  { code: 'OTC_B', name: '乙类OTC' },
] as const;

export type RxClassCode = (typeof RX_CLASSES)[number]['code'];

export function isRxClass(code: string): code is RxClassCode {
  return RX_CLASSES.some((c) => c.code === code);
}

export function rxClassName(code: string): string {
  return RX_CLASSES.find((c) => c.code === code)?.name ?? code;
}

/**
 * FACET-05: the price ranges (unit price, fen), each from `min` inclusive to `max` exclusive; the last has no top.
 * Wholesale unit prices of the catalogue run from a few yuan to a few hundred.
 */
export const PRICE_RANGES = [
  { code: 'P0', name: '5元以下', min: 0, max: 500 },
  { code: 'P1', name: '5-10元', min: 500, max: 1000 },
  { code: 'P2', name: '10-20元', min: 1000, max: 2000 },
  { code: 'P3', name: '20-50元', min: 2000, max: 5000 },
  { code: 'P4', name: '50-100元', min: 5000, max: 10000 },
  { code: 'P5', name: '100-200元', min: 10000, max: 20000 },
  { code: 'P6', name: '200元以上', min: 20000, max: null },
] as const;

export type PriceRangeCode = (typeof PRICE_RANGES)[number]['code'];

export function isPriceRange(code: string): code is PriceRangeCode {
  return PRICE_RANGES.some((r) => r.code === code);
}

/**
 * FACET-04: the yes/no facets. Each chosen flag keeps only goods that have it (AND); its count is the goods it
 * leaves given the other choices.
 */
export const FACET_FLAGS = [
  { code: 'yb', name: '医保' },
  { code: 'hm', name: '含麻' },
  { code: 'cold', name: '冷链' },
  { code: 'jxq', name: '近效期' },
  { code: 'kx', name: '控销' },
  { code: 'stock', name: '有货' },
] as const;

export type FacetFlag = (typeof FACET_FLAGS)[number]['code'];

export function isFacetFlag(code: string): code is FacetFlag {
  return FACET_FLAGS.some((f) => f.code === code);
}

/** FACET-01: the facets in the panel's order, with the names the screens show. */
export const FACETS = [
  { key: 'category', name: '分类' },
  { key: 'maker', name: '生产企业' },
  { key: 'dosageForm', name: '剂型' },
  { key: 'spec', name: '规格' },
  { key: 'brand', name: '品牌' },
  { key: 'price', name: '价格' },
  { key: 'rx', name: '处方/OTC' },
  { key: 'flag', name: '其他' },
] as const;

export type FacetKey = (typeof FACETS)[number]['key'];

/** FACET-07: values a facet may be narrowed by at once, and the longest value; more is refused (40200). */
export const FACET_MAX_VALUES = 20;
export const FACET_MAX_VALUE_LENGTH = 100;
/** FACET-06: the values a long facet (maker, spec) answers at most, most goods first; chosen ones always come. */
export const FACET_TOP_VALUES = 30;
