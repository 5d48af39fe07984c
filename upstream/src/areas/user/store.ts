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
  company: string;
  address: string;
  is_passed: number;
  points: number;
  rank: number;
  is_special: number;
  is_show_youx: number;
  manager_name: string | null;
  manager_phone: string | null;
  manager_is_default: number | null;
  cart: number;
}

export async function siteConfig(q: Queryable): Promise<SiteRow> {
  const [row] = await q.query<SiteRow>(
    `SELECT hot_line, qq1, qq2, quality_inspection_url, quality_inspection_msg, is_can_chat, login_url
     FROM site_config WHERE id = 1`,
  );
  if (row === undefined) throw new Error('site_config is empty: the store was not seeded');
  return row;
}

export async function buyer(q: Queryable, userId: number): Promise<BuyerRow | undefined> {
  const [row] = await q.query<BuyerRow>(
    `SELECT u.id, u.username, u.name, u.phone, u.face, u.wechat, u.message_count, u.ywy, u.customer,
       co.name AS company, co.address, co.is_passed, co.points, co.rank, co.is_special, co.is_show_youx,
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
