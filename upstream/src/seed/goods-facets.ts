import type { Queryable } from '../db/db';
import { catalogueContext } from './build';
import { kindOf } from './business-scope';
import { normalTree } from './catalogue';
import { goodsFacetColumns } from './goods-classes';

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
  const ids: number[] = [];
  const forms: (string | null)[] = [];
  const classes: (string | null)[] = [];
  const yb: number[] = [];
  for (const g of goods) {
    const category = keyOf.get(g.category_id);
    const facts = goodsFacetColumns({
      name: g.name,
      category: category?.key ?? '',
      kind: kindOf(category?.top, g.pzwh),
    });
    ids.push(g.id);
    forms.push(facts.dosage_form);
    classes.push(facts.rx_class);
    yb.push(facts.is_yb);
  }
  await tx.query(
    `UPDATE goods g SET dosage_form = v.dosage_form, rx_class = v.rx_class, is_yb = v.is_yb
     FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS v(id, dosage_form, rx_class, is_yb)
     WHERE g.id = v.id`,
    [ids, forms, classes, yb],
  );
}
