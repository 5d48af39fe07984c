import type { Queryable } from '../../db/db';
import { hashToken } from '../../lib/auth';

export interface SiteRow {
  hot_line: string;
  qq1: string;
  qq2: string;
  quality_inspection_url: string | null;
  quality_inspection_msg: string | null;
  is_can_chat: number;
  login_url: string;
  /** SHELL-08: the embedded chat's address; null when online chat is not open. */
  chat_url: string | null;
  /** SHELL-08: the social account (公众号) and the follow link its QR code encodes; null when there is none. */
  social_account_name: string | null;
  social_account_url: string | null;
}

export interface BuyerRow {
  id: number;
  username: string;
  name: string;
  phone: string;
  face: string | null;
  wechat: string | null;
  message_count: number;
  ywy: string | null;
  customer: string | null;
  /** STORE-04: the store this login orders for; null for a company's own account. */
  store_name: string | null;
  company: string;
  address: string;
  is_passed: number;
  points: number;
  rank: number;
  is_special: number;
  is_show_youx: number;
  /** AFTER-01: whether the buyer may ask for after-sales. */
  is_after_sale: number;
  manager_name: string | null;
  manager_phone: string | null;
  manager_is_default: number | null;
  cart: number;
}

export async function siteConfig(q: Queryable): Promise<SiteRow> {
  const [row] = await q.query<SiteRow>(
    `SELECT hot_line, qq1, qq2, quality_inspection_url, quality_inspection_msg, is_can_chat, login_url,
       chat_url, social_account_name, social_account_url
     FROM site_config WHERE id = 1`,
  );
  if (row === undefined) throw new Error('site_config is empty: the store was not seeded');
  return row;
}

export async function buyer(q: Queryable, userId: number): Promise<BuyerRow | undefined> {
  const [row] = await q.query<BuyerRow>(
    `SELECT u.id, u.username, u.name, u.phone, u.face, u.wechat, u.ywy, u.customer, NULLIF(u.store_name, '') AS store_name,
       -- MSG-03: the unread count is the messages table's, never a stored counter.
       (SELECT count(*)::int FROM messages msg WHERE msg.user_id = u.id AND msg.read_at IS NULL) AS message_count,
       co.name AS company, co.address, co.is_passed, co.points, co.rank, co.is_special, co.is_show_youx, u.is_after_sale,
       m.name AS manager_name, m.phone AS manager_phone, m.is_default AS manager_is_default,
       (SELECT count(*)::int FROM cart_lines cl WHERE cl.user_id = u.id) AS cart
     FROM users u
     JOIN companies co ON co.id = u.company_id
     LEFT JOIN account_managers m ON m.id = co.account_manager_id
     WHERE u.id = $1`,
    [userId],
  );
  return row;
}

export async function credentials(
  q: Queryable,
  username: string,
): Promise<{ id: number; password_hash: string } | undefined> {
  const [row] = await q.query<{ id: number; password_hash: string }>(
    'SELECT id, password_hash FROM users WHERE username = $1',
    [username],
  );
  return row;
}

/** Stores a session of the buyer under the token's hash, and drops the buyer's expired ones. */
export async function insertSession(q: Queryable, token: string, userId: number, ttlSeconds: number): Promise<void> {
  // Expired sessions of this buyer are dead weight; dropping them here keeps the table small without a job.
  await q.query('DELETE FROM sessions WHERE user_id = $1 AND expires_at <= now()', [userId]);
  await q.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [hashToken(token), userId, ttlSeconds],
  );
}

/** Ends the session of this token; answers whether there was one. */
export async function deleteSession(q: Queryable, token: string): Promise<boolean> {
  return (await q.query('DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id', [hashToken(token)])).length > 0;
}

/** ACCOUNT-01: the contact of a login; false when the phone is another account's (users_phone_key). */
export async function updateContact(q: Queryable, userId: number, name: string, phone: string): Promise<boolean> {
  const [taken] = await q.query<{ id: number }>('SELECT id FROM users WHERE phone = $1 AND id <> $2 AND phone <> $3', [
    phone,
    userId,
    '',
  ]);
  if (taken !== undefined) return false;
  await q.query('UPDATE users SET name = $2, phone = $3 WHERE id = $1', [userId, name, phone]);
  return true;
}

export async function passwordHashOf(q: Queryable, userId: number): Promise<string | undefined> {
  const [row] = await q.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1 FOR UPDATE', [
    userId,
  ]);
  return row?.password_hash;
}

/** ACCOUNT-02: the new password, and every session of the buyer but the one that changed it ends. */
export async function changePassword(q: Queryable, userId: number, hash: string, keepToken: string): Promise<number> {
  await q.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, hash]);
  const ended = await q.query<{ user_id: number }>(
    'DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING user_id',
    [userId, hashToken(keepToken)],
  );
  return ended.length;
}
