/** The SQL of variety requests (品种求购) and feedback (意见反馈); the rules are in ./service. */
import { rowById, type Queryable } from '../../db/db';

/** Variety request states (REQ-03). */
export const RequestStatus = { PENDING: 0, LISTED: 1, UNAVAILABLE: 2 } as const;
export type RequestStatusCode = (typeof RequestStatus)[keyof typeof RequestStatus];

export interface NewVarietyRequest {
  name: string;
  ypgg: string;
  sccj: string;
  pzwh: string;
  number: number;
  price: number | null;
  remark: string;
}

export interface VarietyRequestRow extends NewVarietyRequest {
  id: number;
  user_id: number;
  status: RequestStatusCode;
  goods_id: number | null;
  goods_name: string | null;
  goods_sccj: string | null;
  goods_ypgg: string | null;
  answer: string | null;
  created_at: Date | string;
  answered_at: Date | string | null;
}

const REQUEST_SQL = `SELECT r.id, r.user_id, r.name, r.ypgg, r.sccj, r.pzwh, r.number, r.price, r.remark, r.status,
    r.goods_id, g.name AS goods_name, g.sccj AS goods_sccj, g.ypgg AS goods_ypgg, r.answer, r.created_at, r.answered_at
  FROM variety_requests r LEFT JOIN goods g ON g.id = r.goods_id`;

/**
 * Inserts a request; answers undefined when the buyer already has a pending request for the same variety (the
 * partial unique index decides, so two concurrent submissions cannot both pass).
 */
export async function insertRequest(tx: Queryable, userId: number, r: NewVarietyRequest): Promise<number | undefined> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO variety_requests (user_id, name, ypgg, sccj, pzwh, number, price, remark)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (user_id, lower(name), lower(ypgg), lower(sccj)) WHERE status = 0 DO NOTHING RETURNING id`,
    [userId, r.name, r.ypgg, r.sccj, r.pzwh, r.number, r.price, r.remark],
  );
  return row?.id;
}

/** One request of the buyer; undefined for a missing or another buyer's request. */
export const findRequest = (q: Queryable, userId: number, id: number) =>
  rowById<VarietyRequestRow>(q, REQUEST_SQL, id, userId);

/** One request, whoever asked (operator calls). */
export const requestById = (q: Queryable, id: number) => rowById<VarietyRequestRow>(q, REQUEST_SQL, id);

/** A page of the buyer's requests, newest first, and how many there are. */
export async function listRequests(q: Queryable, userId: number, page: number, pageSize: number) {
  const [count] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM variety_requests WHERE user_id = $1', [
    userId,
  ]);
  const rows = await q.query<VarietyRequestRow>(
    `${REQUEST_SQL} WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
    [userId, pageSize, (page - 1) * pageSize],
  );
  return { rows, total: count?.n ?? 0 };
}

/**
 * Answers a pending request (REQ-03). The conditional UPDATE is the guard: of two answers to the same request one
 * changes the row and the other nothing. Answers the row's owner and name, or undefined when it was not pending.
 */
export async function answerRequest(
  tx: Queryable,
  id: number,
  status: typeof RequestStatus.LISTED | typeof RequestStatus.UNAVAILABLE,
  goodsId: number | null,
  answer: string | null,
) {
  const [row] = await tx.query<{ user_id: number; name: string }>(
    `UPDATE variety_requests SET status = $2, goods_id = $3, answer = $4, answered_at = now()
     WHERE id = $1 AND status = 0 RETURNING user_id, name`,
    [id, status, goodsId, answer],
  );
  return row;
}

export async function goodsExists(q: Queryable, goodsId: number): Promise<boolean> {
  const rows = await q.query<{ id: number }>('SELECT id FROM goods WHERE id = $1', [goodsId]);
  return rows.length > 0;
}

export interface NewFeedback {
  type: string;
  content: string;
  phone: string;
  /** VAL-03; null when not given. */
  email: string | null;
}

export interface FeedbackRow extends NewFeedback {
  id: number;
  user_id: number;
  reply: string | null;
  created_at: Date | string;
  replied_at: Date | string | null;
}

const FEEDBACK_SQL = 'SELECT id, user_id, type, content, phone, email, reply, created_at, replied_at FROM feedback';

export async function insertFeedback(tx: Queryable, userId: number, f: NewFeedback): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    'INSERT INTO feedback (user_id, type, content, phone, email) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [userId, f.type, f.content, f.phone, f.email],
  );
  if (row === undefined) throw new Error('INSERT INTO feedback answered no row');
  return row.id;
}

/** Attaches the pictures in the order the buyer chose them. */
export async function insertImages(tx: Queryable, feedbackId: number, fileIds: readonly number[]): Promise<void> {
  if (fileIds.length === 0) return;
  await tx.query(
    `INSERT INTO feedback_images (feedback_id, file_id, position)
     SELECT $1, f.id, f.n - 1 FROM unnest($2::int[]) WITH ORDINALITY AS f (id, n)`,
    [feedbackId, fileIds],
  );
}

export async function findFeedback(q: Queryable, userId: number, id: number): Promise<FeedbackRow | undefined> {
  const [row] = await q.query<FeedbackRow>(`${FEEDBACK_SQL} WHERE id = $1 AND user_id = $2`, [id, userId]);
  return row;
}

export async function feedbackById(q: Queryable, id: number): Promise<FeedbackRow | undefined> {
  const [row] = await q.query<FeedbackRow>(`${FEEDBACK_SQL} WHERE id = $1`, [id]);
  return row;
}

export async function listFeedback(q: Queryable, userId: number, page: number, pageSize: number) {
  const [count] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback WHERE user_id = $1', [userId]);
  const rows = await q.query<FeedbackRow>(
    `${FEEDBACK_SQL} WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, pageSize, (page - 1) * pageSize],
  );
  return { rows, total: count?.n ?? 0 };
}

export async function imagesOf(q: Queryable, feedbackIds: readonly number[]) {
  if (feedbackIds.length === 0) return [];
  return q.query<{ feedback_id: number; id: number; name: string; mime: string }>(
    `SELECT i.feedback_id, f.id, f.name, f.mime FROM feedback_images i JOIN files f ON f.id = i.file_id
     WHERE i.feedback_id = ANY($1::int[]) ORDER BY i.feedback_id, i.position`,
    [feedbackIds],
  );
}

/** Writes the platform's one reply (REQ-05); undefined when the feedback already had one or does not exist. */
export async function replyFeedback(tx: Queryable, id: number, reply: string) {
  const [row] = await tx.query<{ user_id: number; type: string }>(
    'UPDATE feedback SET reply = $2, replied_at = now() WHERE id = $1 AND reply IS NULL RETURNING user_id, type',
    [id, reply],
  );
  return row;
}
