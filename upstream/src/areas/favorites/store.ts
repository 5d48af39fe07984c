import type { Queryable } from '../../db/db';
import { GOODS_COLUMNS, type GoodsRow } from '../../lib/goods';

export function goodsByIds(q: Queryable, ids: readonly number[]): Promise<GoodsRow[]> {
  return q.query<GoodsRow>(`SELECT ${GOODS_COLUMNS} FROM goods g WHERE g.id = ANY($1::int[])`, [ids]);
}

export async function countFavorites(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ total: number }>('SELECT count(*)::int AS total FROM favorites WHERE user_id = $1', [
    userId,
  ]);
  return row?.total ?? 0;
}

/** The buyer's favourite goods, the latest chosen first. */
export function favoriteGoods(q: Queryable, userId: number, limit: number, offset: number): Promise<GoodsRow[]> {
  return q.query<GoodsRow>(
    `SELECT ${GOODS_COLUMNS} FROM favorites f JOIN goods g ON g.id = f.goods_id
     WHERE f.user_id = $1 ORDER BY f.created_at DESC, f.goods_id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
}

/** Adds favourites; one already there stays, keeping its date (the page's order is when the buyer first chose it). */
export async function addFavorites(q: Queryable, userId: number, goodsIds: readonly number[]): Promise<void> {
  await q.query(
    `INSERT INTO favorites (user_id, goods_id) SELECT $1, unnest($2::int[]) ON CONFLICT (user_id, goods_id) DO NOTHING`,
    [userId, goodsIds],
  );
}

export async function removeFavorites(q: Queryable, userId: number, goodsIds: readonly number[]): Promise<void> {
  await q.query('DELETE FROM favorites WHERE user_id = $1 AND goods_id = ANY($2::int[])', [userId, goodsIds]);
}

export async function favoriteIdsAmong(q: Queryable, userId: number, goodsIds: readonly number[]): Promise<number[]> {
  const rows = await q.query<{ goods_id: number }>(
    'SELECT goods_id FROM favorites WHERE user_id = $1 AND goods_id = ANY($2::int[]) ORDER BY goods_id',
    [userId, goodsIds],
  );
  return rows.map((r) => r.goods_id);
}
