/** The SQL of the buyer's messages. */
import type { Queryable, SqlValue } from '../../db/db';

export type MessageKind = 'system' | 'order' | 'promotion';

export interface NewMessage {
  kind: MessageKind;
  title: string;
  body: string;
  /** A page of the site the message leads to, such as /order/info/12. */
  link?: string;
  /** Set for an event that may be noticed more than once; a second message with the same key is not written. */
  dedupeKey?: string;
}

/**
 * Writes a message for one user, in the caller's transaction so the message exists exactly when its event does.
 * Answers false when a message with the same dedupe key already exists.
 */
export async function postMessage(tx: Queryable, userId: number, m: NewMessage): Promise<boolean> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO messages (user_id, kind, title, body, link, dedupe_key) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING RETURNING id`,
    [userId, m.kind, m.title, m.body, m.link ?? null, m.dedupeKey ?? null],
  );
  return rows.length > 0;
}

/** How many of the user's messages are unread (the top bar's and side bar's count). */
export async function unreadCount(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
  return row?.n ?? 0;
}

export interface MessageDto {
  id: number;
  kind: MessageKind;
  title: string;
  body: string;
  link: string | null;
  is_read: 0 | 1;
  read_at: string | null;
  created_at: string;
}

interface MessageRow {
  id: number;
  kind: MessageKind;
  title: string;
  body: string;
  link: string | null;
  read_at: Date | string | null;
  created_at: Date | string;
}

const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toDto(row: MessageRow): MessageDto {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    is_read: row.read_at === null ? 0 : 1,
    read_at: row.read_at === null ? null : toIso(row.read_at),
    created_at: toIso(row.created_at),
  };
}

/** One page of the user's messages, newest first (by when the event happened), of one kind or all; with how many there are in all. */
export async function listMessages(
  q: Queryable,
  userId: number,
  kind: MessageKind | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: MessageDto[]; total: number }> {
  const where = kind === undefined ? 'user_id = $1' : 'user_id = $1 AND kind = $2';
  const params: SqlValue[] = kind === undefined ? [userId] : [userId, kind];
  const [count] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE ${where}`, params);
  const rows = await q.query<MessageRow>(
    `SELECT id, kind, title, body, link, read_at, created_at FROM messages WHERE ${where}
     ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  return { rows: rows.map(toDto), total: count?.n ?? 0 };
}

/** Unread messages of the user by kind (kinds without any are 0). */
export async function unreadByKind(q: Queryable, userId: number): Promise<Record<MessageKind, number>> {
  const rows = await q.query<{ kind: MessageKind; n: number }>(
    'SELECT kind, count(*)::int AS n FROM messages WHERE user_id = $1 AND read_at IS NULL GROUP BY kind',
    [userId],
  );
  const counts: Record<MessageKind, number> = { system: 0, order: 0, promotion: 0 };
  for (const row of rows) counts[row.kind] = row.n;
  return counts;
}

/**
 * Marks one of the user's messages read (a message read before keeps its first reading time). Answers false when
 * the user has no such message: another user's id is as unknown as a missing one.
 */
export async function markRead(q: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    'UPDATE messages SET read_at = COALESCE(read_at, now()) WHERE user_id = $1 AND id = $2 RETURNING id',
    [userId, id],
  );
  return rows.length > 0;
}

/** Marks every unread message of the user read, of one kind or all; answers how many it marked. */
export async function markAllRead(q: Queryable, userId: number, kind: MessageKind | undefined): Promise<number> {
  const rows = await q.query<{ id: number }>(
    kind === undefined
      ? 'UPDATE messages SET read_at = now() WHERE user_id = $1 AND read_at IS NULL RETURNING id'
      : 'UPDATE messages SET read_at = now() WHERE user_id = $1 AND kind = $2 AND read_at IS NULL RETURNING id',
    kind === undefined ? [userId] : [userId, kind],
  );
  return rows.length;
}
