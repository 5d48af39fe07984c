import { ladderQuantityLabels, type LadderReading } from '../../shared/goods-detail';

/** COMPARE-05: at or under this many packs in stock a goods reads 库存紧张. */
export const LOW_STOCK = 50;

export type StockState = '有货' | '库存紧张' | '缺货';

/** COMPARE-05: the stock as a purchaser scans it: 缺货 at none, 库存紧张 at LOW_STOCK or fewer, otherwise 有货. */
export function stockState(stock: number): StockState {
  if (stock <= 0) return '缺货';
  return stock <= LOW_STOCK ? '库存紧张' : '有货';
}

/** COMPARE-05: a card shows this many ladder tiers and then 更多 (the rest are on the detail page). */
export const CARD_TIERS = 2;

export interface TierLine {
  /** The quantities the tier holds for, as CATALOG-04 writes them (1-4盒, 50盒及以上). */
  quantities: string;
  amount: string;
}

/**
 * COMPARE-05: the first `shown` ladder tiers of a goods as ranges (CATALOG-04), and whether more follow. The ranges
 * are read over every tier, so a tier cut off still closes the one before it.
 */
export function firstTiers(
  type: LadderReading,
  tiers: readonly { number: number; price: { amount: string } }[],
  unit: string,
  shown: number = CARD_TIERS,
): { lines: TierLine[]; more: boolean } {
  const labels = ladderQuantityLabels(
    type,
    tiers.map((t) => t.number),
    unit,
  );
  const lines = tiers.slice(0, shown).map((tier, i) => ({ quantities: labels[i] ?? '', amount: tier.price.amount }));
  return { lines, more: tiers.length > shown };
}

/** COMPARE-05: 件装量 as written on a carton: 300盒/件; null when not recorded. */
export function packQuantityLabel(packQuantity: number | null | undefined, unit: string | null): string | null {
  return packQuantity === null || packQuantity === undefined ? null : `${packQuantity}${unit ?? ''}/件`;
}
