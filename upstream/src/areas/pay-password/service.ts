/**
 * The payment password (PAY-14): six digits asked before the balance pays, set and reset with a code sent to the
 * buyer's own mobile. Only its scrypt hash is kept; wrong tries are counted on the row under its lock, so aliases of
 * one request, tabs and replicas share one count and no burst of guesses outruns the lock.
 */
import { Refusal } from '@pharma/domain/codes';
import { payPasswordLockedText, payPasswordWrongText, Wording } from '@pharma/domain/wording';
import type { Db } from '../../db/db';
import { ApiError } from '../../lib/http';
import { TooManyAttempts } from '../../lib/limits';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { SmsSender } from '../../lib/sms';
import { badCode, MAX_CODE_ATTEMPTS, sendCode, useCode } from '../registration/service';
import { latestCode } from '../registration/store';
import * as store from './store';

/** PAY-14: wrong tries before the password locks. */
export const MAX_FAILURES = 5;
/** PAY-14: how long a locked password stays locked, unless reset with a code first. */
export const LOCK_SECONDS = 3 * 60 * 60;

export const passwordRequired = () => new ApiError(400, Refusal.PAY_PASSWORD_REQUIRED, Wording.payPasswordRequired);
const locked = (seconds: number) => new TooManyAttempts(seconds, 'payPassword', payPasswordLockedText(seconds));
const noPhone = () => new ApiError(400, Refusal.PHONE_NOT_REGISTERED, '账号未绑定手机号，请先在基本资料中填写手机号');

/** The middle four digits hidden, as the page names the number a code went to. */
const maskPhone = (phone: string) => phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

async function ownRow(db: Db, userId: number) {
  const row = await store.status(db, userId);
  if (row === undefined) throw new Error(`payment password of missing user ${userId}`);
  return row;
}

/** What the account centre and the pay screen show: whether one is set, how long a lock lasts, where codes go. */
export async function status(db: Db, userId: number) {
  const row = await ownRow(db, userId);
  return { is_set: row.hash === null ? 0 : 1, locked_for: row.locked_for, phone: maskPhone(row.phone) };
}

/** Sends a code to the buyer's own mobile (AUTH-03's minute between codes applies). */
export async function sendSetCode(db: Db, sms: SmsSender | null, userId: number) {
  const { phone } = await ownRow(db, userId);
  if (!/^1[3-9]\d{9}$/.test(phone)) throw noPhone();
  await sendCode(db, sms, phone, 'pay_password');
  return maskPhone(phone);
}

/** Sets or resets the password with a code to the buyer's mobile; a reset lifts a lock. */
export async function setPassword(db: Db, userId: number, code: string, password: string): Promise<boolean> {
  const { phone, hash } = await ownRow(db, userId);
  // Hashed before the transaction, so that the code's lock is not held through the deliberately slow scrypt.
  const newHash = await hashPassword(password);
  const done = await db.transaction(async (tx) => {
    const row = await latestCode(tx, phone, 'pay_password', MAX_CODE_ATTEMPTS);
    if (!(await useCode(tx, row, code))) return false;
    await store.replaceHash(tx, userId, newHash);
    return true;
  });
  if (!done) throw badCode();
  return hash !== null;
}

/**
 * PAY-14: passes when `password` is the buyer's payment password, and throws otherwise. A wrong password and a
 * password sent for an account without one are answered and counted alike, so the answer never tells which.
 */
export async function verify(db: Db, userId: number, password: string | undefined): Promise<void> {
  if (password === undefined || password === '') throw passwordRequired();
  const outcome = await db.transaction(
    async (tx): Promise<{ passed: true } | { lockedFor: number } | { triesLeft: number }> => {
      const row = await store.lockRow(tx, userId);
      if (row === undefined) throw new Error(`payment password of missing user ${userId}`);
      if (row.locked_for > 0) return { lockedFor: row.locked_for };
      // Judged under the row's lock: the next try waits for this one's count.
      if ((await verifyPassword(password, row.hash ?? undefined)) && row.hash !== null) {
        await store.clearFailures(tx, userId);
        return { passed: true };
      }
      const counted = await store.countFailure(tx, userId, MAX_FAILURES, LOCK_SECONDS);
      return counted.locked_for > 0
        ? { lockedFor: counted.locked_for }
        : { triesLeft: MAX_FAILURES - counted.failures };
    },
  );
  if ('passed' in outcome) return;
  if ('lockedFor' in outcome) throw locked(outcome.lockedFor);
  throw new ApiError(400, Refusal.PAY_PASSWORD_WRONG, payPasswordWrongText(outcome.triesLeft), {
    tries_left: outcome.triesLeft,
  });
}
