import type { Queryable } from '../db/db';
import { catalogueContext } from './build';
import { kindOf } from './business-scope';
import { normalTree } from './catalogue';
import { goodsFacetColumns } from './goods-classes';
import { updateGoodsColumns } from './goods-columns';

/**
 * The goods_facets seed step (issue 29, FACET-02..04): each goods' dosage form, prescription class and 医保 mark
 * for a store seeded before goods had them (migration 0046). The catalogue step and the generated catalogue now
 * write them, so on a store seeded since this changes nothing.
 */
export async function seedGoodsFacets(tx: Queryable): Promise<void> {
  const ctx = catalogueContext();
  const keyOf = new Map<number, { key: string; top: string }>();
  for (const top of normalTree) {
    for (const child of top.children) keyOf.set(ctx.category(child.key), { key: child.key, top: top.key });
  }
  const goods = await tx.query<{ id: number; name: string; category_id: number; pzwh: string | null }>(
    'SELECT id, name, category_id, pzwh FROM goods WHERE dosage_form IS NULL AND rx_class IS NULL ORDER BY id',
  );
  await updateGoodsColumns(
    tx,
    { dosage_form: 'text', rx_class: 'text', is_yb: 'int' },
    goods.map((g) => {
      const category = keyOf.get(g.category_id);
      const set = goodsFacetColumns({
        name: g.name,
        category: category?.key ?? '',
        kind: kindOf(category?.top, g.pzwh),
      });
      return { id: g.id, set };
    }),
  );
}
