/** The SQL of a company's store accounts. */
import type { Queryable } from '../../db/db';

/** Another store account of the user's company, or undefined: an account of another company is as unknown. */
export async function companyStore(q: Queryable, userId: number, targetId: number): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN users me ON me.company_id = u.company_id
     WHERE me.id = $1 AND u.id = $2 AND u.id <> $1`,
    [userId, targetId],
  );
  return row?.id;
}

/** Ends one session (the one the buyer switched away from). */
export async function endSession(q: Queryable, tokenHash: string): Promise<void> {
  await q.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
}
