/**
 * PAY-14: the demo buyers have set a payment password, as a buyer who pays from the balance has; it is public, like
 * their login passwords (README). A salt derived from the username keeps the rows reproducible.
 */
import { createHash, scryptSync } from 'node:crypto';
import type { Queryable } from '../db/db';
import { formatPasswordHash, SCRYPT_PARAMS } from '../lib/password';

export const DEMO_PAY_PASSWORD = '246810';

export async function seedPayPasswords(tx: Queryable): Promise<void> {
  const users = await tx.query<{ id: number; username: string }>(
    "SELECT id, username FROM users WHERE username IN ('demo', 'demo2', 'demo3', 'demo4') AND pay_password_hash IS NULL",
  );
  for (const user of users) {
    const salt = createHash('sha256').update(`seed-pay:${user.username}`).digest().subarray(0, 16);
    const hash = formatPasswordHash(salt, scryptSync(DEMO_PAY_PASSWORD, salt, SCRYPT_PARAMS.keylen, SCRYPT_PARAMS));
    await tx.query('UPDATE users SET pay_password_hash = $2 WHERE id = $1', [user.id, hash]);
  }
}
