/**
 * Self-service registration and password reset by a code sent to the buyer's mobile (AUTH-02 to AUTH-07 in
 * docs/product.md). Rules and transactions over the store; no HTTP here.
 */
import { createHash, randomInt } from 'node:crypto';
import { Refusal } from '@pharma/domain/codes';
import { tooFrequentText, Wording } from '@pharma/domain/wording';
import type { Db, Queryable } from '../../db/db';
import { ApiError, formError } from '../../lib/http';
import { hashPassword } from '../../lib/password';
import { smsNotConfigured, type CodePurpose, type SmsSender } from '../../lib/sms';
import { useInvite } from '../stores/invites';
import { bindSignup } from '../wechat/service';
import { openSession } from '../user/service';
import * as store from './store';

/** AUTH-02: a code is valid for five minutes. */
export const CODE_TTL_SECONDS = 300;
/** AUTH-03: one code a minute per phone and purpose. */
export const RESEND_SECONDS = 60;
/** AUTH-04: wrong tries a code survives; the fifth kills it, so guessing six digits stays hopeless. */
export const MAX_CODE_ATTEMPTS = 5;

export const tooSoon = (seconds: number) => new ApiError(400, Refusal.CODE_TOO_FREQUENT, tooFrequentText(seconds));
export const badCode = () => new ApiError(400, Refusal.CODE_WRONG, Wording.codeWrong);
export const phoneTaken = () => new ApiError(400, Refusal.PHONE_REGISTERED, Wording.phoneRegistered);
export const phoneUnknown = () => new ApiError(400, Refusal.PHONE_NOT_REGISTERED, Wording.phoneNotRegistered);
const usernameTaken = () => formError({ username: ['该用户名已被使用'] });

/** AUTH-02: only the code's SHA-256 is stored. */
export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** A six-digit code (VAL-05). */
export const newCode = () => String(randomInt(1_000_000)).padStart(6, '0');

export const phoneRegistered = (q: Queryable, phone: string) => store.phoneRegistered(q, phone);

/**
 * Sends a code for the purpose (AUTH-02, AUTH-03, AUTH-07): refused for a registered phone (register) or an
 * unknown one (reset), and within a minute of the previous code. A send that fails keeps no code.
 */
export async function sendCode(
  db: Db,
  sms: SmsSender | null,
  phone: string,
  purpose: CodePurpose,
  code: string = newCode(),
): Promise<void> {
  if (sms === null) throw smsNotConfigured();
  const registered = await store.phoneRegistered(db, phone);
  if (purpose === 'register' && registered) throw phoneTaken();
  if (purpose === 'reset' && !registered) throw phoneUnknown();
  const issued = await db.transaction(async (tx): Promise<{ id: number } | { wait: number }> => {
    // Two sends at once must not both pass the one-minute check.
    await store.lockCodeSends(tx, phone, purpose);
    const wait = await store.secondsUntilResend(tx, phone, purpose, RESEND_SECONDS);
    // now() is when this transaction began, possibly before the send it waited for: hence the clamp.
    if (wait !== undefined) return { wait: Math.min(RESEND_SECONDS, Math.max(1, wait)) };
    return { id: await store.replaceCode(tx, phone, purpose, hashCode(code), CODE_TTL_SECONDS) };
  });
  if ('wait' in issued) throw tooSoon(issued.wait);
  try {
    await sms.sendCode(phone, code, purpose);
  } catch (error) {
    // The buyer got nothing: without the row they may ask again at once instead of waiting out the throttle.
    await store.deleteCode(db, issued.id);
    throw error;
  }
}

/**
 * Uses the code when it matches the phone's latest one (`row`, locked by store.latestCode), and answers whether it
 * did (AUTH-02, AUTH-04). A wrong code counts an attempt, which the caller must commit (return, not throw) for the
 * limit to hold.
 */
export async function useCode(tx: Queryable, row: store.CodeRow | undefined, code: string): Promise<boolean> {
  if (row === undefined || !row.usable) return false;
  if (row.code_hash !== hashCode(code)) {
    await store.countAttempt(tx, row.id);
    return false;
  }
  await store.markUsed(tx, row.id);
  return true;
}

export interface Registration {
  phone: string;
  code: string;
  username: string;
  password: string;
  company: string;
  name: string;
  /** AUTH-12: the ticket of the WeChat to bind, when the visitor registers with WeChat. */
  wechat_ticket?: string | undefined;
}

/**
 * A registration's steps around making the account (AUTH-05, STORE-03), which `make` does with the password hashed.
 * A wrong code counts a try and commits only that; anything `make` throws undoes the whole transaction, so the buyer
 * keeps the code for another try.
 */
async function withRegisterCode<T>(
  db: Db,
  form: { phone: string; code: string; username: string; password: string },
  make: (tx: Queryable, passwordHash: string) => Promise<T>,
): Promise<T> {
  // Read first for the common case; the unique index settles a race.
  if (await store.usernameTaken(db, form.username)) throw usernameTaken();
  // Hashed before the transaction, so that the code's lock is not held through the deliberately slow scrypt.
  const passwordHash = await hashPassword(form.password);
  const made = await db.transaction(async (tx) => {
    // The code's lock comes first: a registration of this number that committed meanwhile is seen after it.
    const row = await store.latestCode(tx, form.phone, 'register', MAX_CODE_ATTEMPTS);
    if (await store.phoneRegistered(tx, form.phone)) throw phoneTaken();
    if (!(await useCode(tx, row, form.code))) return null;
    return { account: await make(tx, passwordHash) };
  });
  if (made === null) throw badCode();
  return made.account;
}

/** AUTH-05: makes the company and the buyer with a register code, and opens their session in the same transaction. */
export async function register(
  db: Db,
  sessionTtlSeconds: number,
  form: Registration,
): Promise<{ userId: number; token: string }> {
  return withRegisterCode(db, form, async (tx, passwordHash) => {
    const userId = await store.insertBuyer(tx, { ...form, passwordHash });
    // Lost a race on the username or the number; throwing also gives the code back for another try.
    if (userId === undefined) throw (await store.phoneRegistered(tx, form.phone)) ? phoneTaken() : usernameTaken();
    if (form.wechat_ticket) await bindSignup(tx, form.wechat_ticket, userId);
    return { userId, token: await openSession(tx, sessionTtlSeconds, userId) };
  });
}

export interface StoreRegistration {
  phone: string;
  code: string;
  username: string;
  password: string;
  name: string;
  store: string;
  invite: string;
}

/**
 * STORE-03: registers a new store account into the company whose live invitation it brings, with a register code,
 * and opens its session, in one transaction. The code is used first: a wrong code counts a try and nothing else;
 * a dead invitation then undoes the whole transaction, so the buyer keeps the code for another try.
 */
export async function registerStore(
  db: Db,
  sessionTtlSeconds: number,
  form: StoreRegistration,
): Promise<{ userId: number; token: string; company: string }> {
  return withRegisterCode(db, form, async (tx, passwordHash) => {
    const invited = await useInvite(tx, form.invite);
    if (invited === undefined) throw formError({ invite_code: ['邀请码无效或已过期，请向总部索取新的邀请码'] });
    const userId = await store.insertStoreAccount(tx, invited.companyId, { ...form, passwordHash });
    if (userId === undefined) throw (await store.phoneRegistered(tx, form.phone)) ? phoneTaken() : usernameTaken();
    return { userId, token: await openSession(tx, sessionTtlSeconds, userId), company: invited.company };
  });
}

/** AUTH-06: sets a new password with a reset code and ends every session of the buyer. */
export async function resetPassword(db: Db, form: { phone: string; code: string; password: string }): Promise<void> {
  if (!(await store.phoneRegistered(db, form.phone))) throw phoneUnknown();
  const passwordHash = await hashPassword(form.password);
  const reset = await db.transaction(async (tx) => {
    const row = await store.latestCode(tx, form.phone, 'reset', MAX_CODE_ATTEMPTS);
    const userId = await store.userIdByPhone(tx, form.phone);
    if (userId === undefined) throw phoneUnknown();
    if (!(await useCode(tx, row, form.code))) return false;
    // Signed out everywhere: whoever held a session, perhaps the reason for the reset, loses it.
    await store.replacePassword(tx, userId, passwordHash);
    return true;
  });
  if (!reset) throw badCode();
}
