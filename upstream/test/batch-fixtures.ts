/** Goods of the tests' own with stock held in batches (BATCH-01), so stock changes never touch the seed's goods. */
import { CHINA_TODAY } from '../src/db/china-day';
import type { Db } from '../src/db/db';

export interface BatchGoods {
  goodsId: number;
  /** Batch ids in the order given (each with its report). */
  batchIds: number[];
}

/**
 * A goods copied from a plain seeded one, with one batch per entry: its quantity and how many days from today it
 * expires. The goods' stock is the sum and its expiry the nearest stocked batch's, as BATCH-02 and BATCH-05 keep them.
 */
export async function goodsWithBatches(
  db: Db,
  batches: readonly { quantity: number; expiresInDays: number }[],
  tag = '批次测试',
): Promise<BatchGoods> {
  const stock = batches.reduce((sum, b) => sum + b.quantity, 0);
  const [goods] = await db.query<{ id: number }>(
    `INSERT INTO goods (name, name_py, sccj, sccj_py, ypgg, bzdw, pzwh, category_id, is_buy, number, base_price, price)
     SELECT name || '（' || $2::text || '）', name_py, sccj, sccj_py, ypgg, bzdw, pzwh, category_id, 1, $1, 1000, 1000
     FROM goods g WHERE is_buy = 1 AND is_hm = 0 AND is_dpby = 0
       AND NOT EXISTS (SELECT 1 FROM ladder_prices lp WHERE lp.goods_id = g.id)
     ORDER BY id LIMIT 1 RETURNING id`,
    [stock, tag],
  );
  if (goods === undefined) throw new Error('could not copy a goods');
  const batchIds: number[] = [];
  for (const [i, b] of batches.entries()) {
    const batchNo = `T${goods.id}-${i + 1}`;
    await db.query(
      `INSERT INTO inspection_reports (goods_id, batch_no, report_no, lab, produced_on, expires_on, inspected_on,
         conclusion)
       VALUES ($1::int, $2, 'JYT' || $1::int::text || '-' || $3::int::text, '浙江省食品药品检验研究院', ${CHINA_TODAY} - 700 + $4::int,
         ${CHINA_TODAY} + $4::int, ${CHINA_TODAY} - 690 + $4::int, '符合规定')`,
      [goods.id, batchNo, i + 1, b.expiresInDays],
    );
    const [row] = await db.query<{ id: number }>(
      'INSERT INTO goods_batches (goods_id, batch_no, quantity) VALUES ($1, $2, $3) RETURNING id',
      [goods.id, batchNo, b.quantity],
    );
    batchIds.push(row?.id ?? 0);
  }
  await db.query(
    `UPDATE goods g SET expire_date = (SELECT min(r.expires_on) FROM goods_batches b
       JOIN inspection_reports r ON r.goods_id = b.goods_id AND r.batch_no = b.batch_no
       WHERE b.goods_id = g.id AND b.quantity > 0) WHERE g.id = $1`,
    [goods.id],
  );
  return { goodsId: goods.id, batchIds };
}

/** Each batch's quantity, in the order of the ids. */
export async function quantities(db: Db, batchIds: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ id: number; quantity: number }>(
    'SELECT id, quantity FROM goods_batches WHERE id = ANY($1::int[])',
    [batchIds],
  );
  return batchIds.map((id) => rows.find((r) => r.id === id)?.quantity ?? -1);
}
