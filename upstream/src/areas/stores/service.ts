/** Switching between the store accounts of one company (ACCOUNT-20 in docs/product.md). */
import type { Db } from '../../db/db';
import { hashToken } from '../../lib/auth';
import { notFound } from '../../lib/http';
import { openSession } from '../user/service';
import * as store from './store';

export const storeNotFound = () => notFound('门店账号不存在');

/**
 * ACCOUNT-20: signs in as another store of the buyer's own company without a password: a new session for that
 * store, and the session switched away from ends in the same transaction. A store of another company, the buyer's
 * own account and an unknown id are refused alike (404), and nothing changes.
 */
export async function switchStore(
  db: Db,
  ttlSeconds: number,
  session: { userId: number; token: string },
  targetId: number,
): Promise<{ userId: number; token: string }> {
  return db.transaction(async (tx) => {
    const target = await store.companyStore(tx, session.userId, targetId);
    if (target === undefined) throw storeNotFound();
    const token = await openSession(tx, ttlSeconds, target);
    await store.endSession(tx, hashToken(session.token));
    return { userId: target, token };
  });
}
