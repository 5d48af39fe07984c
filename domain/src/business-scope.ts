/**
 * Business scope (经营范围, SCOPE-01..SCOPE-06): the scope classes goods carry and a company's licences grant, in
 * the licence's order. This list is the one place the classes are named; the store keeps their codes.
 */
export const SCOPE_CLASSES = [
  { code: 'CHEMICAL', name: '化学药制剂' },
  { code: 'ANTIBIOTIC', name: '抗生素制剂' },
  { code: 'BIOCHEMICAL', name: '生化药品' },
  { code: 'BIOLOGICAL', name: '生物制品（除疫苗）' },
  { code: 'PATENT', name: '中成药' },
  { code: 'SLICES', name: '中药饮片' },
  { code: 'SPECIAL_COMPOUND', name: '含特殊药品复方制剂' },
  { code: 'COLD_CHAIN', name: '冷藏冷冻药品' },
  { code: 'DEVICE_1', name: '第一类医疗器械' },
  { code: 'DEVICE_2', name: '第二类医疗器械' },
  { code: 'DEVICE_3', name: '第三类医疗器械' },
] as const;

export type ScopeClassCode = (typeof SCOPE_CLASSES)[number]['code'];

const NAMES: ReadonlyMap<string, string> = new Map(SCOPE_CLASSES.map((c) => [c.code, c.name]));

export function isScopeClass(code: string): code is ScopeClassCode {
  return NAMES.has(code);
}

/** The class's name as licences write it; an unknown code (a newer store's) reads as itself. */
export function scopeClassName(code: string): string {
  return NAMES.get(code) ?? code;
}

/** SCOPE-02: the mark on goods outside the buyer's scope (cards, table rows, the detail page). */
export const OUT_OF_SCOPE_LABEL = '超出经营范围';

/** SCOPE-03: the refusal of adding goods outside the buyer's scope (40160); a set names its goods. */
export function outOfScopeText(goodsName?: string): string {
  return `${goodsName ?? '该商品'}超出贵公司经营范围，无法购买`;
}

/** SCOPE-04: the refusal of an order holding goods that went out of scope meanwhile (40161), naming them. */
export function outOfScopeOrderText(goodsNames: readonly string[]): string {
  return `${goodsNames.join('、')}超出贵公司经营范围，请移出购物车后再提交订单`;
}
