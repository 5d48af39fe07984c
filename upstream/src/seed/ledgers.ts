import type { Queryable } from '../db/db';

/**
 * WALLET-08: restates the running balances (balance_after) of the seeded buyers' money logs and their companies'
 * points logs in time order. The seed writes history step by step, each step at its own dates (a recharge months
 * ago, payments and refunds days ago, a voucher redeemed in between), so an entry written later may be dated
 * earlier; read newest first, each entry's balance must be the one before it plus its amount. Throws when a log
 * does not end at the balance it is the history of, or dips below zero: then the seed's story contradicts itself.
 * Run in the seed only, over its own buyers: a live store's entries are written in time order as they happen.
 */
export async function restateLedgers(tx: Queryable, usernames: readonly string[]): Promise<void> {
  await tx.query(
    `UPDATE money_log m SET balance_after = r.running FROM (
       SELECT id, (sum(amount) OVER (PARTITION BY user_id ORDER BY created_at, id))::int AS running
       FROM money_log WHERE user_id IN (SELECT id FROM users WHERE username = ANY($1::text[]))) r
     WHERE m.id = r.id`,
    [usernames],
  );
  await tx.query(
    `UPDATE points_log p SET balance_after = r.running FROM (
       SELECT id, (sum(change) OVER (PARTITION BY company_id ORDER BY created_at, id))::int AS running
       FROM points_log WHERE company_id IN (SELECT company_id FROM users WHERE username = ANY($1::text[]))) r
     WHERE p.id = r.id`,
    [usernames],
  );
  const wrong = await tx.query<{ what: string }>(
    `SELECT 'money of ' || u.username AS what FROM users u
     WHERE u.username = ANY($1::text[]) AND (
       u.balance <> COALESCE((SELECT balance_after FROM money_log WHERE user_id = u.id
                              ORDER BY created_at DESC, id DESC LIMIT 1), 0)
       OR EXISTS (SELECT 1 FROM money_log WHERE user_id = u.id AND balance_after < 0))
     UNION ALL
     SELECT 'points of company ' || c.id FROM companies c
     WHERE c.id IN (SELECT company_id FROM users WHERE username = ANY($1::text[])) AND (
       c.points <> COALESCE((SELECT balance_after FROM points_log WHERE company_id = c.id
                             ORDER BY created_at DESC, id DESC LIMIT 1), 0)
       OR EXISTS (SELECT 1 FROM points_log WHERE company_id = c.id AND balance_after < 0))`,
    [usernames],
  );
  if (wrong.length > 0) {
    throw new Error(`seed: the history does not add up to the balance: ${wrong.map((w) => w.what).join(', ')}`);
  }
}
