/** The SQL of the points mall: its goods, the pieces each buyer took, and the exchange's atomic steps. */
import type { Queryable } from '../../db/db';

export interface PointsGoodsRow {
  id: number;
  name: string;
  image: string | null;
  points: number;
  stock: number;
  per_buyer_limit: number | null;
  description: string;
  on_shelf: number;
  sort: number;
  /** Pieces the asking buyer already took; null for a visitor. */
  taken: number | null;
}

/** The goods' columns, with what the buyer `$1` took (null when `$1` is null: a visitor). */
const GOODS_COLUMNS = `g.id, g.name, g.image, g.points, g.stock, g.per_buyer_limit, g.description, g.on_shelf, g.sort,
  CASE WHEN $1::int IS NULL THEN NULL
       ELSE COALESCE((SELECT t.quantity FROM points_goods_taken t WHERE t.goods_id = g.id AND t.user_id = $1), 0)
  END AS taken`;

/** MALL-01: a page of the goods on the shelf, in the mall's order; with how many there are in all. */
export async function shelfPage(
  q: Queryable,
  userId: number | null,
  limit: number,
  offset: number,
): Promise<{ rows: PointsGoodsRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    q.query<PointsGoodsRow>(
      `SELECT ${GOODS_COLUMNS} FROM points_goods g WHERE g.on_shelf = 1 ORDER BY g.sort, g.id LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    ),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM points_goods WHERE on_shelf = 1'),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** One goods, on the shelf or not. */
export async function goodsById(q: Queryable, userId: number | null, id: number): Promise<PointsGoodsRow | undefined> {
  const [row] = await q.query<PointsGoodsRow>(`SELECT ${GOODS_COLUMNS} FROM points_goods g WHERE g.id = $2`, [
    userId,
    id,
  ]);
  return row;
}

/**
 * MALL-02: takes `quantity` pieces from the stock of a goods on the shelf, only if that many are left, in one
 * statement (a concurrent exchange waits for this row and then sees the lower stock). Answers undefined when it took
 * nothing.
 */
export async function takeStock(
  tx: Queryable,
  id: number,
  quantity: number,
): Promise<{ name: string; image: string | null; points: number; per_buyer_limit: number | null } | undefined> {
  const [row] = await tx.query<{ name: string; image: string | null; points: number; per_buyer_limit: number | null }>(
    `UPDATE points_goods SET stock = stock - $2 WHERE id = $1 AND on_shelf = 1 AND stock >= $2
     RETURNING name, image, points, per_buyer_limit`,
    [id, quantity],
  );
  return row;
}

/**
 * MALL-03: counts `quantity` more pieces as taken by the buyer, only while the total stays within `limit` (null:
 * no limit). The first exchange inserts the row; a concurrent one waits on it and re-checks the sum. Answers
 * undefined when the limit refused. The caller has checked `quantity <= limit` for the first insert.
 */
export async function countTaken(
  tx: Queryable,
  goodsId: number,
  userId: number,
  quantity: number,
  limit: number | null,
): Promise<number | undefined> {
  const [row] = await tx.query<{ quantity: number }>(
    `INSERT INTO points_goods_taken (goods_id, user_id, quantity) VALUES ($1, $2, $3)
     ON CONFLICT (goods_id, user_id) DO UPDATE SET quantity = points_goods_taken.quantity + EXCLUDED.quantity
       WHERE $4::int IS NULL OR points_goods_taken.quantity + EXCLUDED.quantity <= $4::int
     RETURNING quantity`,
    [goodsId, userId, quantity, limit],
  );
  return row?.quantity;
}

/**
 * MALL-02: takes `points` from the points of the buyer's company, only if it holds that many, in one statement.
 * Answers the company and its points after, or undefined when it holds fewer.
 */
export async function spendPoints(
  tx: Queryable,
  userId: number,
  points: number,
): Promise<{ company_id: number; points: number } | undefined> {
  const [row] = await tx.query<{ company_id: number; points: number }>(
    `UPDATE companies c SET points = c.points - $2 FROM users u
     WHERE u.id = $1 AND c.id = u.company_id AND c.points >= $2 RETURNING c.id AS company_id, c.points`,
    [userId, points],
  );
  return row;
}

export interface NewPointsOrder {
  userId: number;
  goodsId: number;
  name: string;
  image: string | null;
  unitPoints: number;
  quantity: number;
  consignee: string;
  phone: string;
  address: string;
}

export interface PointsOrderRow {
  id: number;
  order_sn: string;
  goods_id: number | null;
  goods_name: string;
  goods_image: string | null;
  unit_points: number;
  quantity: number;
  points: number;
  status: number;
  consignee: string | null;
  phone: string | null;
  address: string | null;
  created_at: Date | string;
}

const ORDER_COLUMNS = `id, order_sn, goods_id, goods_name, goods_image, unit_points, quantity, points, status, consignee,
  phone, address, created_at`;

/**
 * Writes the points order with its snapshots. The number is JF + the China-time day + the id, made in the same
 * statement as the row (a placeholder number would make concurrent exchanges wait on the unique index).
 */
export async function insertOrder(tx: Queryable, o: NewPointsOrder): Promise<PointsOrderRow> {
  const [row] = await tx.query<PointsOrderRow>(
    `WITH n AS (SELECT nextval(pg_get_serial_sequence('points_orders', 'id'))::int AS id)
     INSERT INTO points_orders (id, order_sn, user_id, goods_id, goods_name, goods_image, unit_points, quantity, points,
       consignee, phone, address)
     SELECT n.id, 'JF' || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(n.id::text, 6, '0'),
       $1, $2, $3, $4, $5::int, $6::int, $5::int * $6::int, $7, $8, $9
     FROM n RETURNING ${ORDER_COLUMNS}`,
    [o.userId, o.goodsId, o.name, o.image, o.unitPoints, o.quantity, o.consignee, o.phone, o.address],
  );
  if (row === undefined) throw new Error('the points order was not written');
  return row;
}

/** The points log's entry of a spend (type 2), linked to its points order. */
export async function logSpend(
  tx: Queryable,
  entry: { companyId: number; userId: number; points: number; balanceAfter: number; orderId: number; remark: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO points_log (company_id, user_id, type, change, balance_after, points_order_id, remark)
     VALUES ($1, $2, 2, $3, $4, $5, $6)`,
    [entry.companyId, entry.userId, -entry.points, entry.balanceAfter, entry.orderId, entry.remark],
  );
}

/** The points the buyer's company holds now; undefined for an unknown user. */
export async function companyPoints(q: Queryable, userId: number): Promise<number | undefined> {
  const [row] = await q.query<{ points: number }>(
    'SELECT c.points FROM users u JOIN companies c ON c.id = u.company_id WHERE u.id = $1',
    [userId],
  );
  return row?.points;
}

/** The name of a points goods, for its picture. */
export async function goodsName(q: Queryable, id: number): Promise<string | undefined> {
  const [row] = await q.query<{ name: string }>('SELECT name FROM points_goods WHERE id = $1', [id]);
  return row?.name;
}
