import { dosageFormOf, type RxClassCode } from '@pharma/domain/goods-facets';
import type { ProductKind } from './catalogue';

/**
 * FACET-02..04: the dosage form, prescription class and medical-insurance mark of a product, from its name, its
 * subcategory of the normal tree and its kind, so that every maker's goods of one product (and its generated forms)
 * carry the same. Devices and herbal slices have no dosage form and no prescription class.
 */
interface ProductFacts {
  name: string;
  category: string;
  kind: ProductKind;
}

/** Subcategories whose chemical medicines are prescription-only: antibiotics, antivirals and chronic disease. */
const RX_CATEGORIES: ReadonlySet<string> = new Set(['kj-ks', 'kj-bd', 'xn-jy', 'xn-tz', 'mb-tnb', 'mb-sm']);

/** Starts of names prescription-only whatever their subcategory. */
const RX_NAMES: readonly string[] = [
  '阿司匹林肠溶',
  '复方甘草',
  '奥美拉唑',
  '塞来昔布',
  '熊去氧胆酸',
  '双歧杆菌三联活菌',
  '糠酸莫米松',
  '左氧氟沙星',
];

/** Starts of names of the class B OTC list (乙类): what a supermarket may also sell. */
const OTC_B_NAMES: readonly string[] = ['健胃消食', '金嗓子', '西瓜霜', '炉甘石', '维C银翘', '板蓝根'];

/** FACET-03: the prescription class; undefined for devices and herbal slices. */
export function rxClassOf(product: ProductFacts): RxClassCode | undefined {
  if (product.kind === 'Q' || product.kind === 'S') return undefined;
  if (RX_NAMES.some((start) => product.name.startsWith(start))) return 'RX';
  if (product.kind === 'H' && RX_CATEGORIES.has(product.category)) return 'RX';
  // Vitamins, minerals and tonics are class B, as are the mildest remedies named above.
  if (product.category.startsWith('wk-')) return 'OTC_B';
  if (OTC_B_NAMES.some((start) => product.name.startsWith(start))) return 'OTC_B';
  return 'OTC_A';
}

/** Herbal slices that are also foods (药食同源) and not reimbursed. */
const NOT_YB_SLICES: readonly string[] = ['枸杞子', '西洋参', '菊花'];

/** FACET-04: 1 when the product is on the medical-insurance list: prescription and class A medicines, most slices. */
export function isYbOf(product: ProductFacts): number {
  if (product.kind === 'Q') return 0;
  if (product.kind === 'S') return NOT_YB_SLICES.some((start) => product.name.startsWith(start)) ? 0 : 1;
  const rx = rxClassOf(product);
  return rx === 'RX' || rx === 'OTC_A' ? 1 : 0;
}

/** FACET-02: the dosage form of a medicine; null for devices, herbal slices and names without a form. */
export function seedDosageFormOf(product: ProductFacts): string | null {
  if (product.kind === 'Q' || product.kind === 'S') return null;
  return dosageFormOf(product.name) ?? null;
}

/** The three columns as the goods row stores them. */
export function goodsFacetColumns(product: ProductFacts): {
  dosage_form: string | null;
  rx_class: string | null;
  is_yb: number;
} {
  return { dosage_form: seedDosageFormOf(product), rx_class: rxClassOf(product) ?? null, is_yb: isYbOf(product) };
}
