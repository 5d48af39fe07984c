import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { findSession, requireSession } from '../lib/auth';
import { ApiError, idField, iso, ok, parse, parseId } from '../lib/http';
import { page, pageField, pageSizeField } from '../lib/paging';

export const drawNotFound = () => new ApiError(404, 40400, '抽奖活动不存在');
export const drawNotStarted = () => new ApiError(400, 40021, '抽奖活动未开始');
export const drawEnded = () => new ApiError(400, 40022, '抽奖活动已结束');

/** The latest wins under a draw: enough to keep the list scrolling, few enough to read in one index range. */
export const NEW_RECORD_LIMIT = 20;

const drawQuery = z.object({ id: idField('抽奖活动编号必须是正整数') });
const adsQuery = z.object({ id: idField('抽奖活动编号必须是正整数').optional() });
const recordQuery = z.object({ page: pageField(), page_size: pageSizeField(50, 10) });

// 0 upcoming, 1 running, 2 ended, as the activities answer it; a draw is running from start_at up to, not
// including, end_at.
const STATUS_SQL = 'CASE WHEN d.end_at <= now() THEN 2 WHEN d.start_at <= now() THEN 1 ELSE 0 END';

interface PrizeRow {
  id: number;
  name: string;
  remarks: string | null;
  image: string | null;
  is_prize: number;
  stock: number | null;
}

const PRIZE_COLUMNS = 'p.id, p.name, p.remarks, p.image, p.is_prize, p.stock';

interface RecordRow {
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

const RECORD_SQL = `SELECT r.id, r.draw_id, d.name AS draw_name, r.created_at, p.id AS prize_id, p.name AS prize_name,
    p.remarks AS prize_remarks, p.image AS prize_image, p.is_prize, p.stock
  FROM draw_records r JOIN draws d ON d.id = r.draw_id JOIN draw_prizes p ON p.id = r.prize_id`;

interface DrawRow {
  id: number;
  name: string;
  remarks: string;
  start_at: Date | string;
  end_at: Date | string;
  status: 0 | 1 | 2;
}

interface PickablePrize {
  id: number;
  weight: number;
  stock: number | null;
  coupon_id: number | null;
}

/** Masks a buyer's name for the public list of wins: the first two characters, then `**`. */
export function maskName(username: string): string {
  return `${Array.from(username).slice(0, 2).join('')}**`;
}

/**
 * Picks by weight: `random(total)` lands in one prize's share of [0, total). Refuses an answer outside the range,
 * so a broken random source fails loudly instead of always giving the first or last prize.
 */
export function pickByWeight<P extends { weight: number }>(prizes: readonly P[], random: (max: number) => number): P {
  const total = prizes.reduce((sum, p) => sum + p.weight, 0);
  const n = random(total);
  if (!Number.isInteger(n) || n < 0 || n >= total)
    throw new Error(`draw random source gave ${n} outside [0, ${total})`);
  let rest = n;
  for (const prize of prizes) {
    if (rest < prize.weight) return prize;
    rest -= prize.weight;
  }
  throw new Error('pickByWeight: no prize to pick');
}

/** The lucky draw (抽奖, spec 2, 3, 4 and 7): the home pop-up, the draw's page, drawing and the buyer's records. */
export function drawRoutes(app: FastifyInstance, { db, config, drawRandom }: AppContext): void {
  const imageUrl = (image: string | null) =>
    image === null ? null : image.startsWith('/') ? `${config.publicUrl}${image}` : image;

  const prizeDto = (p: PrizeRow) => ({
    id: p.id,
    name: p.name,
    remarks: p.remarks,
    image: imageUrl(p.image),
    is_prize: p.is_prize === 1 ? 1 : 0,
    sold_out: p.stock === 0 ? 1 : 0,
  });

  // name and remarks repeat the prize's: the old client's draw answer carried them at the top (spec 7).
  const recordDto = (r: RecordRow) => ({
    id: r.id,
    draw_id: r.draw_id,
    draw_name: r.draw_name,
    prize: prizeDto({
      id: r.prize_id,
      name: r.prize_name,
      remarks: r.prize_remarks,
      image: r.prize_image,
      is_prize: r.is_prize,
      stock: r.stock,
    }),
    name: r.prize_name,
    remarks: r.prize_remarks,
    created_at: iso(r.created_at),
  });

  async function recordOf(q: Queryable, drawId: number, userId: number): Promise<RecordRow | undefined> {
    const [row] = await q.query<RecordRow>(`${RECORD_SQL} WHERE r.draw_id = $1 AND r.user_id = $2`, [drawId, userId]);
    return row;
  }

  /** Draws once for the buyer and answers the record's id, or the id of the buyer's earlier draw. */
  async function drawOnce(drawId: number, userId: number): Promise<{ recordId: number; fresh: boolean }> {
    return db.transaction(async (tx) => {
      const [draw] = await tx.query<{ status: 0 | 1 | 2 }>(
        `SELECT ${STATUS_SQL} AS status FROM draws d WHERE d.id = $1`,
        [drawId],
      );
      if (draw === undefined) throw drawNotFound();
      // An earlier draw is answered before the period is checked: a retry of a draw made in the draw's last second
      // must give its result, not 已结束.
      const earlier = await recordOf(tx, drawId, userId);
      if (earlier !== undefined) return { recordId: earlier.id, fresh: false };
      if (draw.status === 0) throw drawNotStarted();
      if (draw.status === 2) throw drawEnded();

      const prizes = await tx.query<PickablePrize & { is_prize: number }>(
        `SELECT id, weight, stock, coupon_id, is_prize FROM draw_prizes
         WHERE draw_id = $1 AND (stock IS NULL OR stock > 0) ORDER BY sort, id`,
        [drawId],
      );
      const consolation = prizes.find((p) => p.is_prize === 0 && p.stock === null);
      if (consolation === undefined)
        throw new Error(`draw ${drawId} has no consolation prize (is_prize 0, stock null)`);
      // The claim comes first, holding the consolation prize: a concurrent draw by the same buyer waits here on the
      // unique constraint until this one commits, then inserts nothing and answers this draw's record.
      const [claim] = await tx.query<{ id: number }>(
        `INSERT INTO draw_records (draw_id, user_id, prize_id) VALUES ($1, $2, $3)
         ON CONFLICT (draw_id, user_id) DO NOTHING RETURNING id`,
        [drawId, userId, consolation.id],
      );
      if (claim === undefined) {
        const first = await recordOf(tx, drawId, userId);
        if (first === undefined) throw new Error(`draw ${drawId}: the conflicting record of user ${userId} vanished`);
        return { recordId: first.id, fresh: false };
      }

      let won = pickByWeight(prizes, drawRandom);
      if (won.stock !== null) {
        // The guarded decrement is the stock check: of two draws of the last unit, the second re-reads the row after
        // the first commits, finds 0 and changes nothing, and its buyer gets the consolation prize instead.
        const [taken] = await tx.query<{ id: number }>(
          'UPDATE draw_prizes SET stock = stock - 1 WHERE id = $1 AND stock > 0 RETURNING id',
          [won.id],
        );
        if (taken === undefined) won = consolation;
      }
      if (won.id !== consolation.id) {
        await tx.query('UPDATE draw_records SET prize_id = $1 WHERE id = $2', [won.id, claim.id]);
      }
      if (won.coupon_id !== null) {
        // An ordinary granted coupon (via_center 0, as the seed's holdings): checkout and the wallet know it at once.
        await tx.query('INSERT INTO user_coupons (user_id, coupon_id, via_center) VALUES ($1, $2, 0)', [
          userId,
          won.coupon_id,
        ]);
      }
      return { recordId: claim.id, fresh: true };
    });
  }

  app.get('/api/draw/simple', async (request) => {
    const { userId } = await requireSession(db, request);
    // Several draws may overlap: the one ending soonest is the one to offer first.
    const [row] = await db.query<{ id: number; name: string; joined: boolean }>(
      `SELECT d.id, d.name,
         EXISTS (SELECT 1 FROM draw_records r WHERE r.draw_id = d.id AND r.user_id = $1) AS joined
       FROM draws d WHERE d.start_at <= now() AND d.end_at > now()
       ORDER BY d.end_at, d.id LIMIT 1`,
      [userId],
    );
    return ok(row === undefined ? null : { id: row.id, name: row.name, is_join: row.joined ? 1 : 0 });
  });

  app.get('/api/draw/:id/activity', async (request) => {
    const id = parseId((request.params as { id: string }).id);
    if (id === undefined) throw drawNotFound();
    const session = await findSession(db, request);
    const [[draw], prizes, record] = await Promise.all([
      db.query<DrawRow>(
        `SELECT d.id, d.name, d.remarks, d.start_at, d.end_at, ${STATUS_SQL} AS status FROM draws d WHERE d.id = $1`,
        [id],
      ),
      db.query<PrizeRow>(`SELECT ${PRIZE_COLUMNS} FROM draw_prizes p WHERE p.draw_id = $1 ORDER BY p.sort, p.id`, [id]),
      session === null ? Promise.resolve(undefined) : recordOf(db, id, session.userId),
    ]);
    if (draw === undefined) throw drawNotFound();
    return ok({
      id: draw.id,
      name: draw.name,
      remarks: draw.remarks,
      start_at: iso(draw.start_at),
      end_at: iso(draw.end_at),
      status: draw.status,
      prizes: prizes.map(prizeDto),
      // A visitor's answer says "unknown" rather than "not joined": only a session can have joined.
      is_join: session === null ? null : record === undefined ? 0 : 1,
      my_record: record === undefined ? null : recordDto(record),
    });
  });

  // The old client drew with a GET. The gateway retries GETs, which is safe because a buyer draws once per draw:
  // every later call answers the first record unchanged.
  app.get('/api/draw', async (request) => {
    const { userId } = await requireSession(db, request);
    const { id } = parse(drawQuery, request.query);
    const { recordId, fresh } = await drawOnce(id, userId);
    const [row] = await db.query<RecordRow>(`${RECORD_SQL} WHERE r.id = $1`, [recordId]);
    if (row === undefined) throw new Error(`draw record ${recordId} vanished after the draw`);
    return ok(recordDto(row), fresh ? '抽奖成功' : '您已参与过本次抽奖');
  });

  app.get('/api/draw/new_record', async (request) => {
    const { id } = parse(drawQuery, request.query);
    const [[draw], rows] = await Promise.all([
      db.query<{ id: number }>('SELECT id FROM draws WHERE id = $1', [id]),
      db.query<{ username: string; prize_name: string; created_at: Date | string }>(
        `SELECT u.username, p.name AS prize_name, r.created_at
         FROM draw_records r JOIN draw_prizes p ON p.id = r.prize_id JOIN users u ON u.id = r.user_id
         WHERE r.draw_id = $1 AND p.is_prize = 1
         ORDER BY r.created_at DESC, r.id DESC LIMIT $2`,
        [id, NEW_RECORD_LIMIT],
      ),
    ]);
    if (draw === undefined) throw drawNotFound();
    return ok(
      rows.map((r) => ({ username: maskName(r.username), prize_name: r.prize_name, created_at: iso(r.created_at) })),
    );
  });

  app.get('/api/draw/record', async (request) => {
    const { userId } = await requireSession(db, request);
    const q = parse(recordQuery, request.query);
    const [[count], rows] = await Promise.all([
      db.query<{ n: number }>('SELECT count(*)::int AS n FROM draw_records WHERE user_id = $1', [userId]),
      db.query<RecordRow>(
        `${RECORD_SQL} WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
        [userId, q.page_size, (q.page - 1) * q.page_size],
      ),
    ]);
    return ok(page(rows.map(recordDto), count?.n ?? 0, q.page, q.page_size));
  });

  // The draw page's advertisements are the banners of slot 'draw', the same for every draw; the id the old client
  // sent is checked for form only.
  app.get('/api/draw/ads', async (request) => {
    parse(adsQuery, request.query);
    const rows = await db.query<{ id: number; name: string; url: string | null }>(
      "SELECT id, name, url FROM banners WHERE slot = 'draw' ORDER BY sort, id",
    );
    return ok(
      rows.map((r) => ({
        id: r.id,
        image: `${config.publicUrl}/api/images/banner/${r.id}.svg`,
        url: r.url,
        title: r.name,
      })),
    );
  });
}
