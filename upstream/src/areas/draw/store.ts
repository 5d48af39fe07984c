import type { Queryable } from '../../db/db';

/** 0 upcoming, 1 running, 2 ended: running from start_at up to, not including, end_at. */
export type DrawStatus = 0 | 1 | 2;

const STATUS_SQL = 'CASE WHEN d.end_at <= now() THEN 2 WHEN d.start_at <= now() THEN 1 ELSE 0 END';

export interface PrizeRow {
  id: number;
  name: string;
  remarks: string | null;
  image: string | null;
  is_prize: number;
  stock: number | null;
}

export interface RecordRow {
  id: number;
  draw_id: number;
  draw_name: string;
  created_at: Date | string;
  prize_id: number;
  prize_name: string;
  prize_remarks: string | null;
  prize_image: string | null;
  is_prize: number;
  stock: number | null;
}

export interface DrawRow {
  id: number;
  name: string;
  remarks: string;
  start_at: Date | string;
  end_at: Date | string;
  status: DrawStatus;
}

/** A prize that may still be won, with what picking and granting it needs. */
export interface PickablePrize {
  id: number;
  weight: number;
  stock: number | null;
  coupon_id: number | null;
  is_prize: number;
}

export interface WinRow {
  username: string;
  prize_name: string;
  created_at: Date | string;
}

const RECORD_SQL = `SELECT r.id, r.draw_id, d.name AS draw_name, r.created_at, p.id AS prize_id, p.name AS prize_name,
    p.remarks AS prize_remarks, p.image AS prize_image, p.is_prize, p.stock
  FROM draw_records r JOIN draws d ON d.id = r.draw_id JOIN draw_prizes p ON p.id = r.prize_id`;

export async function drawStatus(q: Queryable, drawId: number): Promise<DrawStatus | undefined> {
  const [row] = await q.query<{ status: DrawStatus }>(`SELECT ${STATUS_SQL} AS status FROM draws d WHERE d.id = $1`, [
    drawId,
  ]);
  return row?.status;
}

export async function findDraw(q: Queryable, drawId: number): Promise<DrawRow | undefined> {
  const [row] = await q.query<DrawRow>(
    `SELECT d.id, d.name, d.remarks, d.start_at, d.end_at, ${STATUS_SQL} AS status FROM draws d WHERE d.id = $1`,
    [drawId],
  );
  return row;
}

export function prizesOf(q: Queryable, drawId: number): Promise<PrizeRow[]> {
  return q.query<PrizeRow>(
    'SELECT p.id, p.name, p.remarks, p.image, p.is_prize, p.stock FROM draw_prizes p WHERE p.draw_id = $1 ORDER BY p.sort, p.id',
    [drawId],
  );
}

export async function recordOf(q: Queryable, drawId: number, userId: number): Promise<RecordRow | undefined> {
  const [row] = await q.query<RecordRow>(`${RECORD_SQL} WHERE r.draw_id = $1 AND r.user_id = $2`, [drawId, userId]);
  return row;
}

export async function recordById(q: Queryable, recordId: number): Promise<RecordRow | undefined> {
  const [row] = await q.query<RecordRow>(`${RECORD_SQL} WHERE r.id = $1`, [recordId]);
  return row;
}

export function recordsOfUser(q: Queryable, userId: number, limit: number, offset: number): Promise<RecordRow[]> {
  return q.query<RecordRow>(
    `${RECORD_SQL} WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
}

export async function countRecordsOfUser(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM draw_records WHERE user_id = $1', [
    userId,
  ]);
  return row?.n ?? 0;
}

export function pickablePrizes(q: Queryable, drawId: number): Promise<PickablePrize[]> {
  return q.query<PickablePrize>(
    `SELECT id, weight, stock, coupon_id, is_prize FROM draw_prizes
     WHERE draw_id = $1 AND (stock IS NULL OR stock > 0) ORDER BY sort, id`,
    [drawId],
  );
}

/**
 * Inserts the buyer's record holding `prizeId`, and answers its id; undefined when the buyer already has one. A
 * concurrent claim by the same buyer waits on the unique constraint until the first commits, then inserts nothing.
 */
export async function claimRecord(
  q: Queryable,
  drawId: number,
  userId: number,
  prizeId: number,
): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO draw_records (draw_id, user_id, prize_id) VALUES ($1, $2, $3)
     ON CONFLICT (draw_id, user_id) DO NOTHING RETURNING id`,
    [drawId, userId, prizeId],
  );
  return row?.id;
}

/**
 * Takes one unit of a prize's stock, and answers whether there was one. The guarded decrement is the stock check:
 * of two draws of the last unit, the second re-reads the row after the first commits, finds 0 and changes nothing.
 */
export async function takePrizeUnit(q: Queryable, prizeId: number): Promise<boolean> {
  const taken = await q.query('UPDATE draw_prizes SET stock = stock - 1 WHERE id = $1 AND stock > 0 RETURNING id', [
    prizeId,
  ]);
  return taken.length > 0;
}

export async function setRecordPrize(q: Queryable, recordId: number, prizeId: number): Promise<void> {
  await q.query('UPDATE draw_records SET prize_id = $1 WHERE id = $2', [prizeId, recordId]);
}

/** An ordinary granted coupon (via_center 0, as the seed's holdings): checkout and the wallet know it at once. */
export async function grantCoupon(q: Queryable, userId: number, couponId: number): Promise<void> {
  await q.query('INSERT INTO user_coupons (user_id, coupon_id, via_center) VALUES ($1, $2, 0)', [userId, couponId]);
}

/** The running draw ending soonest (then the lowest id), and whether the buyer has drawn in it. */
export async function runningDraw(
  q: Queryable,
  userId: number,
): Promise<{ id: number; name: string; joined: boolean } | undefined> {
  const [row] = await q.query<{ id: number; name: string; joined: boolean }>(
    `SELECT d.id, d.name,
       EXISTS (SELECT 1 FROM draw_records r WHERE r.draw_id = d.id AND r.user_id = $1) AS joined
     FROM draws d WHERE d.start_at <= now() AND d.end_at > now()
     ORDER BY d.end_at, d.id LIMIT 1`,
    [userId],
  );
  return row;
}

export async function drawExists(q: Queryable, drawId: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM draws WHERE id = $1', [drawId])).length > 0;
}

/** The latest wins (consolation entries left out), newest first, ties by the later record first. */
export function latestWins(q: Queryable, drawId: number, limit: number): Promise<WinRow[]> {
  return q.query<WinRow>(
    `SELECT u.username, p.name AS prize_name, r.created_at
     FROM draw_records r JOIN draw_prizes p ON p.id = r.prize_id JOIN users u ON u.id = r.user_id
     WHERE r.draw_id = $1 AND p.is_prize = 1
     ORDER BY r.created_at DESC, r.id DESC LIMIT $2`,
    [drawId, limit],
  );
}

/** The banners of slot 'draw', the same for every draw. */
export function drawBanners(q: Queryable): Promise<{ id: number; name: string; url: string | null }[]> {
  return q.query("SELECT id, name, url FROM banners WHERE slot = 'draw' ORDER BY sort, id");
}
