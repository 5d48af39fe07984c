/** The payment password's row on the buyer's login (PAY-14); SQL only. */
import type { Queryable } from '../../db/db';

export interface PayPasswordRow {
  phone: string;
  hash: string | null;
  failures: number;
  /** Seconds the lock still holds; 0 when unlocked. */
  locked_for: number;
}

const ROW = `SELECT phone, pay_password_hash AS hash, pay_password_failures AS failures,
    GREATEST(0, COALESCE(ceil(extract(epoch FROM pay_password_locked_until - now())), 0))::int AS locked_for
  FROM users WHERE id = $1`;

/**
 * The buyer's payment password row, locked until the transaction ends: of several payments presenting a password at
 * once (aliases in one request, tabs, replicas), each waits for the one before and sees its count.
 */
export async function lockRow(tx: Queryable, userId: number): Promise<PayPasswordRow | undefined> {
  const [row] = await tx.query<PayPasswordRow>(`${ROW} FOR UPDATE`, [userId]);
  return row;
}

export async function status(q: Queryable, userId: number): Promise<PayPasswordRow | undefined> {
  const [row] = await q.query<PayPasswordRow>(ROW, [userId]);
  return row;
}

/** Counts a wrong try; the try that reaches `maxFailures` locks the password for `lockSeconds`. */
export async function countFailure(
  tx: Queryable,
  userId: number,
  maxFailures: number,
  lockSeconds: number,
): Promise<{ failures: number; locked_for: number }> {
  const [row] = await tx.query<{ failures: number; locked_for: number }>(
    `UPDATE users SET
       pay_password_failures = CASE WHEN pay_password_failures + 1 >= $2 THEN 0 ELSE pay_password_failures + 1 END,
       pay_password_locked_until = CASE WHEN pay_password_failures + 1 >= $2
         THEN now() + make_interval(secs => $3) ELSE NULL END
     WHERE id = $1
     RETURNING pay_password_failures AS failures,
       COALESCE(ceil(extract(epoch FROM pay_password_locked_until - now())), 0)::int AS locked_for`,
    [userId, maxFailures, lockSeconds],
  );
  if (row === undefined) throw new Error(`payment password of missing user ${userId}`);
  return row;
}

export async function clearFailures(tx: Queryable, userId: number): Promise<void> {
  await tx.query(
    'UPDATE users SET pay_password_failures = 0, pay_password_locked_until = NULL WHERE id = $1 AND pay_password_failures > 0',
    [userId],
  );
}

/** Sets the hash and lifts any lock: whoever proved the phone may pay again. */
export async function replaceHash(tx: Queryable, userId: number, hash: string): Promise<void> {
  await tx.query(
    `UPDATE users SET pay_password_hash = $2, pay_password_failures = 0, pay_password_locked_until = NULL
     WHERE id = $1`,
    [userId, hash],
  );
}
