/** The SQL of the buyer's messages. */
import type { Queryable } from '../../db/db';

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
