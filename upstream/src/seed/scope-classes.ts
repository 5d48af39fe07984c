import type { ScopeClassCode } from '@pharma/domain/business-scope';
import type { ProductKind } from './catalogue';

/** Starts of names whose goods have a class of their own, whatever their category (generated forms included). */
const CLASS_BY_NAME: readonly (readonly [string, ScopeClassCode])[] = [
  // Contains opium powder: a compound preparation with a controlled ingredient.
  ['复方甘草', 'SPECIAL_COMPOUND'],
  // Live bacteria kept at 2-8 °C.
  ['双歧杆菌三联活菌', 'COLD_CHAIN'],
  ['枯草杆菌二联活菌', 'BIOLOGICAL'],
  ['熊去氧胆酸', 'BIOCHEMICAL'],
  // Devices filed rather than registered (第一类).
  ['医用棉签', 'DEVICE_1'],
  ['医用脱脂纱布', 'DEVICE_1'],
  ['创可贴', 'DEVICE_1'],
  ['医用弹性绷带', 'DEVICE_1'],
  ['医用护腰带', 'DEVICE_1'],
  ['手动轮椅车', 'DEVICE_1'],
];

/** SCOPE-01: a goods' class from its product: its name, its subcategory of the normal tree and its kind. */
export function scopeClassOf(product: { name: string; category: string; kind: ProductKind }): ScopeClassCode {
  const named = CLASS_BY_NAME.find(([start]) => product.name.startsWith(start));
  if (named !== undefined) return named[1];
  switch (product.kind) {
    case 'S':
      return 'SLICES';
    case 'Z':
      return 'PATENT';
    case 'Q':
      return 'DEVICE_2';
    case 'H':
      return product.category === 'kj-ks' ? 'ANTIBIOTIC' : 'CHEMICAL';
  }
}
