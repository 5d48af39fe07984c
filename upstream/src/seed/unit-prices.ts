import { packUnits } from '@pharma/domain/unit-price';
import type { Queryable } from '../db/db';
import { updateGoodsColumns } from './goods-columns';

/** Packs in one carton (件装量) by the pack's unit: a box carton holds hundreds, a device carton a few. */
const CARTONS: Record<string, readonly number[]> = {
  盒: [100, 200, 240, 300, 400, 600],
  瓶: [50, 60, 100, 120, 200],
  支: [100, 200, 300, 400],
  袋: [20, 30, 40, 50],
  包: [50, 100, 200],
  卷: [50, 100],
  件: [20, 50],
  台: [4, 6, 10],
};

/**
 * COMPARE-05: the seed's pack quantity (件装量) of goods `id` sold by `unit`, drawn from the id alone (no draw of the
 * seed's generator, so every other column of the catalogue stays as it was).
 */
export function seedCartonQuantity(id: number, unit: string): number {
  const sizes = CARTONS[unit] ?? [50, 100];
  return sizes[(Math.imul(id, 2654435761) >>> 0) % sizes.length] ?? 100;
}

/** COMPARE-01, COMPARE-05: the units, counting word and pack quantity of a seeded goods, as its columns. */
export function unitPriceColumns(
  id: number,
  spec: string,
  unit: string,
): { units_per_pack: number | null; unit_word: string | null; carton_qty: number } {
  const pack = packUnits(spec);
  return {
    units_per_pack: pack?.units ?? null,
    unit_word: pack?.word ?? null,
    carton_qty: seedCartonQuantity(id, unit),
  };
}

/**
 * The unit_prices seed step (issue 29, COMPARE-01, COMPARE-05): each goods' units per pack, counting word and pack
 * quantity for a store seeded before goods had them (migration 0047), and for the demo catalogue. The generated
 * catalogue writes them itself, so this changes nothing there.
 */
export async function seedUnitPrices(tx: Queryable): Promise<void> {
  const goods = await tx.query<{ id: number; ypgg: string; bzdw: string }>(
    'SELECT id, ypgg, bzdw FROM goods WHERE carton_qty IS NULL ORDER BY id',
  );
  await updateGoodsColumns(
    tx,
    { units_per_pack: 'int', unit_word: 'text', carton_qty: 'int' },
    goods.map((g) => ({ id: g.id, set: unitPriceColumns(g.id, g.ypgg, g.bzdw) })),
  );
}
