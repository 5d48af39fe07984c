import type { ScopeClassCode } from '@pharma/domain/business-scope';
import type { Queryable } from '../db/db';
import { catalogueContext } from './build';
import { normalTree, type ProductKind } from './catalogue';
import { scopeClassOf } from './scope-classes';

/**
 * The business-scope seed step (issue 28, SCOPE-01, SCOPE-06): the scope classes the demo companies' licences grant,
 * and each goods' class from its kind and category for a store seeded before goods had one (the catalogue step and
 * the generated catalogue now write it; for them this changes nothing). demo's company is a retail pharmacy chain without the
 * cold-chain licence, demo2's a community clinic without herbal slices or biological products, so each meets goods
 * outside its scope on the first page of the catalogue (双歧杆菌三联活菌胶囊; 丹参, 金银花).
 */

/** SCOPE-06: what each demo company's licences grant, in the licence's order (company ids of the seed). */
export const DEMO_SCOPES: Readonly<Record<number, readonly ScopeClassCode[]>> = {
  // 仁心大药房: a retail pharmacy chain, no cold chain, no class III devices.
  1: [
    'CHEMICAL',
    'ANTIBIOTIC',
    'BIOCHEMICAL',
    'BIOLOGICAL',
    'PATENT',
    'SLICES',
    'SPECIAL_COMPOUND',
    'DEVICE_1',
    'DEVICE_2',
  ],
  // 康宁社区诊所: a clinic of western medicine, no herbal slices, no biological products.
  2: ['CHEMICAL', 'ANTIBIOTIC', 'BIOCHEMICAL', 'PATENT', 'SPECIAL_COMPOUND', 'COLD_CHAIN', 'DEVICE_1', 'DEVICE_2'],
};

/** The product kind a stored goods was made as: devices and herbal slices by their tree, medicines by 国药准字. */
export function kindOf(topKey: string | undefined, pzwh: string | null): ProductKind {
  if (topKey === 'qx') return 'Q';
  if (topKey === 'yp') return 'S';
  return pzwh?.startsWith('国药准字Z') ? 'Z' : 'H';
}

export async function seedBusinessScope(tx: Queryable): Promise<void> {
  const ctx = catalogueContext();
  const keyOf = new Map<number, { key: string; top: string }>();
  for (const top of normalTree) {
    for (const child of top.children) keyOf.set(ctx.category(child.key), { key: child.key, top: top.key });
  }
  const goods = await tx.query<{ id: number; name: string; category_id: number; pzwh: string | null }>(
    'SELECT id, name, category_id, pzwh FROM goods ORDER BY id',
  );
  const ids: number[] = [];
  const classes: string[] = [];
  for (const g of goods) {
    const category = keyOf.get(g.category_id);
    ids.push(g.id);
    classes.push(scopeClassOf({ name: g.name, category: category?.key ?? '', kind: kindOf(category?.top, g.pzwh) }));
  }
  await tx.query(
    `UPDATE goods g SET scope_class = v.scope_class FROM unnest($1::int[], $2::text[]) AS v(id, scope_class)
     WHERE g.id = v.id AND g.scope_class <> v.scope_class`,
    [ids, classes],
  );
  for (const [companyId, granted] of Object.entries(DEMO_SCOPES)) {
    await tx.query('DELETE FROM business_scopes WHERE company_id = $1', [Number(companyId)]);
    await tx.query(
      `INSERT INTO business_scopes (company_id, scope_class, sort)
       SELECT $1, c.scope_class, c.sort - 1 FROM unnest($2::text[]) WITH ORDINALITY AS c(scope_class, sort)`,
      [Number(companyId), [...granted]],
    );
  }
}
