import type { Queryable } from '../db/db';

/**
 * Writes columns the seed works out per goods, for many goods in one statement (a statement per goods would take
 * minutes on a grown catalogue). `types` names each column with its SQL type; each row's `set` holds its values.
 */
export async function updateGoodsColumns(
  tx: Queryable,
  types: Readonly<Record<string, 'int' | 'text'>>,
  rows: readonly { id: number; set: Readonly<Record<string, string | number | null>> }[],
): Promise<void> {
  const columns = Object.entries(types);
  const names = columns.map(([name]) => name).join(', ');
  await tx.query(
    `UPDATE goods g SET ${columns.map(([name]) => `${name} = v.${name}`).join(', ')}
     FROM unnest($1::int[], ${columns.map(([, type], i) => `$${i + 2}::${type}[]`).join(', ')}) AS v(id, ${names})
     WHERE g.id = v.id`,
    [rows.map((r) => r.id), ...columns.map(([name]) => rows.map((r) => r.set[name] ?? null))],
  );
}
