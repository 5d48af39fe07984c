import type { Queryable } from '../../db/db';
import type { CodePurpose } from '../../lib/sms';

// First key of the advisory locks that serialise code sends; the second is a hash of the phone and purpose.
const CODE_SEND_LOCK = 4010_0014;

export interface CodeRow {
  id: number;
  code_hash: string;
  usable: boolean;
}

export async function phoneRegistered(q: Queryable, phone: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM users WHERE phone = $1', [phone])).length > 0;
}

export async function usernameTaken(q: Queryable, username: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM users WHERE username = $1', [username])).length > 0;
}

export async function userIdByPhone(q: Queryable, phone: string): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
  return row?.id;
}

/** Holds the send lock of this phone and purpose until the transaction ends. */
export async function lockCodeSends(tx: Queryable, phone: string, purpose: CodePurpose): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [CODE_SEND_LOCK, `${purpose}:${phone}`]);
}

/** Seconds until another code may be sent, from the latest one sent within `windowSeconds`; undefined when none. */
export async function secondsUntilResend(
  tx: Queryable,
  phone: string,
  purpose: CodePurpose,
  windowSeconds: number,
): Promise<number | undefined> {
  const [last] = await tx.query<{ wait: number }>(
    `SELECT ceil(extract(epoch FROM created_at + make_interval(secs => $3) - now()))::int AS wait
     FROM verification_codes
     WHERE phone = $1 AND purpose = $2 AND created_at > now() - make_interval(secs => $3)
     ORDER BY id DESC LIMIT 1`,
    [phone, purpose, windowSeconds],
  );
  return last?.wait;
}

/** Stores a code's hash as the phone's only code for the purpose, and answers its id. */
export async function replaceCode(
  tx: Queryable,
  phone: string,
  purpose: CodePurpose,
  codeHash: string,
  ttlSeconds: number,
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO verification_codes (phone, purpose, code_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING id`,
    [phone, purpose, codeHash, ttlSeconds],
  );
  if (row === undefined) throw new Error('verification code not stored');
  // Only the latest code counts, so the earlier ones are dead weight.
  await tx.query('DELETE FROM verification_codes WHERE phone = $1 AND purpose = $2 AND id <> $3', [
    phone,
    purpose,
    row.id,
  ]);
  return row.id;
}

export async function deleteCode(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM verification_codes WHERE id = $1', [id]);
}

/**
 * The phone's latest code for the purpose, locked until the transaction ends: of two requests presenting it at once,
 * the second waits and then sees what the first did (the code used, the account made).
 */
export async function latestCode(
  tx: Queryable,
  phone: string,
  purpose: CodePurpose,
  maxAttempts: number,
): Promise<CodeRow | undefined> {
  const [row] = await tx.query<CodeRow>(
    `SELECT id, code_hash, (used_at IS NULL AND expires_at > now() AND attempts < $3) AS usable
     FROM verification_codes WHERE phone = $1 AND purpose = $2
     ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [phone, purpose, maxAttempts],
  );
  return row;
}

export async function countAttempt(tx: Queryable, codeId: number): Promise<void> {
  await tx.query('UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1', [codeId]);
}

export async function markUsed(tx: Queryable, codeId: number): Promise<void> {
  await tx.query('UPDATE verification_codes SET used_at = now() WHERE id = $1', [codeId]);
}

/** A new company (is_passed 1) with its first buyer; undefined when the username or phone was taken meanwhile. */
export async function insertBuyer(
  tx: Queryable,
  account: { company: string; username: string; passwordHash: string; name: string; phone: string },
): Promise<number | undefined> {
  const [company] = await tx.query<{ id: number }>(
    'INSERT INTO companies (name, is_passed) VALUES ($1, 1) RETURNING id',
    [account.company],
  );
  if (company === undefined) throw new Error('company not stored');
  const [user] = await tx.query<{ id: number }>(
    `INSERT INTO users (company_id, username, password_hash, name, phone) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING RETURNING id`,
    [company.id, account.username, account.passwordHash, account.name, account.phone],
  );
  return user?.id;
}

/**
 * STORE-03: a new store account of an existing company, named as the company's other stores are (contact（store）);
 * undefined when the username or phone was taken meanwhile.
 */
export async function insertStoreAccount(
  tx: Queryable,
  companyId: number,
  account: { username: string; passwordHash: string; name: string; store: string; phone: string },
): Promise<number | undefined> {
  const [user] = await tx.query<{ id: number }>(
    `INSERT INTO users (company_id, username, password_hash, name, phone) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING RETURNING id`,
    [companyId, account.username, account.passwordHash, `${account.name}（${account.store}）`, account.phone],
  );
  return user?.id;
}

/** Sets the password and ends every session of the buyer. */
export async function replacePassword(tx: Queryable, userId: number, passwordHash: string): Promise<void> {
  await tx.query('UPDATE users SET password_hash = $1 WHERE id = $2', [passwordHash, userId]);
  await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
}
