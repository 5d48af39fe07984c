/** The SQL of WeChat bindings and of the OAuth states of bindings in progress. */
import type { Queryable } from '../../db/db';

export interface BindingRow {
  openid: string;
  nickname: string | null;
  bound_at: Date | string;
}

/**
 * Keeps a new state's hash for the session that asked for it. One binding is in progress per session: the session's
 * earlier state goes, and so do the user's expired ones, so the table stays as small as the live sessions.
 */
export async function insertState(
  tx: Queryable,
  stateHash: string,
  sessionHash: string,
  userId: number,
  ttlSeconds: number,
): Promise<void> {
  await tx.query('DELETE FROM wechat_states WHERE user_id = $1 AND (expires_at <= now() OR session_hash = $2)', [
    userId,
    sessionHash,
  ]);
  await tx.query(
    `INSERT INTO wechat_states (state_hash, session_hash, user_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [stateHash, sessionHash, userId, ttlSeconds],
  );
}

/** Deletes the state (it is used once, whatever comes of it) and answers whom it was for and whether it was live. */
export async function takeState(
  q: Queryable,
  stateHash: string,
): Promise<{ session_hash: string; user_id: number; live: boolean } | undefined> {
  const [row] = await q.query<{ session_hash: string; user_id: number; live: boolean }>(
    'DELETE FROM wechat_states WHERE state_hash = $1 RETURNING session_hash, user_id, expires_at > now() AS live',
    [stateHash],
  );
  return row;
}

export async function bindingOf(q: Queryable, userId: number): Promise<BindingRow | undefined> {
  const [row] = await q.query<BindingRow>('SELECT openid, nickname, bound_at FROM wechat_bindings WHERE user_id = $1', [
    userId,
  ]);
  return row;
}

/** The buyer the WeChat account is bound to, if any. */
export async function ownerOf(q: Queryable, openid: string): Promise<number | undefined> {
  const [row] = await q.query<{ user_id: number }>('SELECT user_id FROM wechat_bindings WHERE openid = $1', [openid]);
  return row?.user_id;
}

export async function lockUser(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

/** Binds (or rebinds) the buyer's WeChat and writes the text the base answer shows. */
export async function saveBinding(
  tx: Queryable,
  userId: number,
  b: { openid: string; unionid: string | null; nickname: string | null },
  shown: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO wechat_bindings (user_id, openid, unionid, nickname) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET openid = $2, unionid = $3, nickname = $4, bound_at = now()`,
    [userId, b.openid, b.unionid, b.nickname],
  );
  await tx.query('UPDATE users SET wechat = $2 WHERE id = $1', [userId, shown]);
}

/** Removes the buyer's binding; answers whether there was one. */
export async function removeBinding(tx: Queryable, userId: number): Promise<boolean> {
  const gone = await tx.query('DELETE FROM wechat_bindings WHERE user_id = $1 RETURNING user_id', [userId]);
  const shown = await tx.query('UPDATE users SET wechat = NULL WHERE id = $1 AND wechat IS NOT NULL RETURNING id', [
    userId,
  ]);
  return gone.length > 0 || shown.length > 0;
}

/** AUTH-12: keeps a registration's state; expired ones go as new ones come, so the table stays small. */
export async function insertSignupState(tx: Queryable, stateHash: string, ttlSeconds: number): Promise<void> {
  await tx.query('DELETE FROM wechat_signup_states WHERE expires_at <= now()');
  await tx.query(
    'INSERT INTO wechat_signup_states (state_hash, expires_at) VALUES ($1, now() + make_interval(secs => $2))',
    [stateHash, ttlSeconds],
  );
}

/** Deletes the registration's state (used once, whatever comes of it); answers whether it existed and was live. */
export async function takeSignupState(q: Queryable, stateHash: string): Promise<boolean> {
  const [row] = await q.query<{ live: boolean }>(
    'DELETE FROM wechat_signup_states WHERE state_hash = $1 RETURNING expires_at > now() AS live',
    [stateHash],
  );
  return row?.live === true;
}

export async function insertSignupIdentity(
  tx: Queryable,
  ticketHash: string,
  b: { openid: string; unionid: string | null; nickname: string | null },
  ttlSeconds: number,
): Promise<void> {
  await tx.query('DELETE FROM wechat_signup_identities WHERE expires_at <= now()');
  await tx.query(
    `INSERT INTO wechat_signup_identities (ticket_hash, openid, unionid, nickname, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [ticketHash, b.openid, b.unionid, b.nickname, ttlSeconds],
  );
}

/** Takes the identity a ticket names, if it is still live; the ticket is used up either way. */
export async function takeSignupIdentity(
  tx: Queryable,
  ticketHash: string,
): Promise<{ openid: string; unionid: string | null; nickname: string | null } | undefined> {
  const [row] = await tx.query<{ openid: string; unionid: string | null; nickname: string | null; live: boolean }>(
    `DELETE FROM wechat_signup_identities WHERE ticket_hash = $1
     RETURNING openid, unionid, nickname, expires_at > now() AS live`,
    [ticketHash],
  );
  return row?.live ? { openid: row.openid, unionid: row.unionid, nickname: row.nickname } : undefined;
}
