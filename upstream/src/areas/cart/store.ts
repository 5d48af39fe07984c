/** The SQL of the cart that is not about one line's goods (those are in lib/cart-lines). */
import type { Queryable } from '../../db/db';
import { LINE_SQL, type LineRow } from '../../lib/cart-lines';

/** The buyer's line with its goods, locked for a change; undefined when the buyer has no such line. */
export async function lockLine(tx: Queryable, userId: number, id: number): Promise<LineRow | undefined> {
  const [line] = await tx.query<LineRow>(`${LINE_SQL} WHERE c.id = $1 AND c.user_id = $2 FOR UPDATE OF c`, [
    id,
    userId,
  ]);
  return line;
}

export async function setLineNumber(tx: Queryable, userId: number, id: number, n: number): Promise<void> {
  await tx.query('UPDATE cart_lines SET number = $1, updated_at = now() WHERE id = $2 AND user_id = $3', [
    n,
    id,
    userId,
  ]);
}

/** Selects or unselects lines; a line of goods that cannot be bought now stays unselected (CART-01). */
export async function selectLines(q: Queryable, userId: number, ids: readonly number[], selected: number) {
  const rows = await q.query<{ id: number }>(
    `UPDATE cart_lines c
     SET is_selected = CASE WHEN $3 = 1 AND g.is_buy = 1 AND g.number > 0 THEN 1 ELSE 0 END, updated_at = now()
     FROM goods g
     WHERE g.id = c.goods_id AND c.user_id = $1 AND c.id = ANY($2::int[])
     RETURNING c.id`,
    [userId, ids, selected],
  );
  return rows.length;
}

export async function deleteLines(q: Queryable, userId: number, ids: readonly number[]): Promise<number> {
  const rows = await q.query<{ id: number }>(
    'DELETE FROM cart_lines WHERE user_id = $1 AND id = ANY($2::int[]) RETURNING id',
    [userId, ids],
  );
  return rows.length;
}

export interface GoodsLadder {
  price: number;
  ladder_price: LineRow['ladder_price'];
  ladder_price_type: number;
  bzdw: string;
}

export async function goodsLadder(q: Queryable, goodsId: number): Promise<GoodsLadder | undefined> {
  const [goods] = await q.query<GoodsLadder>(
    `SELECT g.price, g.ladder_price_type, g.bzdw,
       COALESCE((SELECT json_agg(json_build_object('number', lp.number, 'price', lp.price) ORDER BY lp.number)
         FROM ladder_prices lp WHERE lp.goods_id = g.id), '[]'::json) AS ladder_price
     FROM goods g WHERE g.id = $1`,
    [goodsId],
  );
  return goods;
}

interface StoreAccountRow {
  id: number;
  username: string;
  name: string;
  store_name: string;
  address: string;
}

// A store's default delivery address (the newest when none is default) on one line, as its address.
const STORE_COLUMNS = `u.id, u.username, u.name, u.store_name,
  COALESCE((SELECT a.province || a.city || a.district || a.address FROM addresses a
            WHERE a.user_id = u.id ORDER BY a.is_default DESC, a.id DESC LIMIT 1), '') AS address`;

const OTHER_STORES = `SELECT u.id, u.username, u.name FROM users u JOIN users me ON me.company_id = u.company_id
  WHERE me.id = $1 AND u.id <> $1`;

/** The other store accounts of the buyer's company, by id, with each store's name and default address (ACCOUNT-20). */
export function companyStores(q: Queryable, userId: number) {
  return q.query<StoreAccountRow>(
    `SELECT ${STORE_COLUMNS} FROM users u JOIN users me ON me.company_id = u.company_id
     WHERE me.id = $1 AND u.id <> $1 ORDER BY u.id`,
    [userId],
  );
}

/** The buyer's own store account, as the list of the others shows each (ACCOUNT-20). */
export async function ownStore(q: Queryable, userId: number): Promise<StoreAccountRow | undefined> {
  const [row] = await q.query<StoreAccountRow>(`SELECT ${STORE_COLUMNS} FROM users u WHERE u.id = $1`, [userId]);
  return row;
}

/** How many of `ids` are other store accounts of the buyer's company. */
export async function companyStoresAmong(q: Queryable, userId: number, ids: readonly number[]): Promise<number> {
  return (await q.query(`${OTHER_STORES} AND u.id = ANY($2::int[])`, [userId, ids])).length;
}
