import type { Queryable } from '../db/db';

/**
 * The two running-balance logs: the table holding each balance, the log's owner column and its change column, and
 * the holders among the seeded usernames ($1).
 */
const LEDGERS = [
  {
    log: 'money_log',
    change: 'amount',
    owner: 'user_id',
    table: 'users',
    balance: 'balance',
    holders: 'SELECT id FROM users WHERE username = ANY($1::text[])',
    what: "'money of ' || h.username",
  },
  {
    log: 'points_log',
    change: 'change',
    owner: 'company_id',
    table: 'companies',
    balance: 'points',
    holders: 'SELECT company_id FROM users WHERE username = ANY($1::text[])',
    what: "'points of company ' || h.id",
  },
] as const;

/**
 * WALLET-08: restates the running balances (balance_after) of the seeded buyers' money logs and their companies'
 * points logs in time order. The seed writes history step by step, each step at its own dates (a recharge months
 * ago, payments and refunds days ago, a voucher redeemed in between), so an entry written later may be dated
 * earlier; read newest first, each entry's balance must be the one before it plus its amount. Throws when a log
 * does not end at the balance it is the history of, or dips below zero: then the seed's story contradicts itself.
 * Run in the seed only, over its own buyers: a live store's entries are written in time order as they happen.
 */
export async function restateLedgers(tx: Queryable, usernames: readonly string[]): Promise<void> {
  const wrong: { what: string }[] = [];
  for (const l of LEDGERS) {
    await tx.query(
      `UPDATE ${l.log} e SET balance_after = r.running FROM (
         SELECT id, (sum(${l.change}) OVER (PARTITION BY ${l.owner} ORDER BY created_at, id))::int AS running
         FROM ${l.log} WHERE ${l.owner} IN (${l.holders})) r
       WHERE e.id = r.id`,
      [usernames],
    );
    const unbalanced = await tx.query<{ what: string }>(
      `SELECT ${l.what} AS what FROM ${l.table} h
       WHERE h.id IN (${l.holders}) AND (
         h.${l.balance} <> COALESCE((SELECT balance_after FROM ${l.log} WHERE ${l.owner} = h.id
                                     ORDER BY created_at DESC, id DESC LIMIT 1), 0)
         OR EXISTS (SELECT 1 FROM ${l.log} WHERE ${l.owner} = h.id AND balance_after < 0))`,
      [usernames],
    );
    wrong.push(...unbalanced);
  }
  if (wrong.length > 0) {
    throw new Error(`seed: the history does not add up to the balance: ${wrong.map((w) => w.what).join(', ')}`);
  }
}
