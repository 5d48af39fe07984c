import { createHash, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { ApiError, formError, ok, parse } from '../lib/http';
import { hashPassword } from '../lib/password';
import { smsNotConfigured, type CodePurpose } from '../lib/sms';
import { openSession, signedIn } from './user';

export const CODE_TTL_SECONDS = 300;
export const RESEND_SECONDS = 60;
/** Wrong tries a code survives; the fifth kills it, so guessing six digits stays hopeless. */
export const MAX_CODE_ATTEMPTS = 5;
// First key of the advisory locks that serialise code sends; the second is a hash of the phone and purpose.
const CODE_SEND_LOCK = 4010_0014;

export const tooSoon = (seconds: number) => new ApiError(400, 40030, `发送过于频繁，请${seconds}秒后再试`);
export const badCode = () => new ApiError(400, 40031, '验证码错误或已过期');
export const phoneTaken = () => new ApiError(400, 40033, '该手机号已注册');
export const phoneUnknown = () => new ApiError(400, 40034, '该手机号未注册');
const usernameTaken = () => formError({ username: ['该用户名已被使用'] });

const MOBILE = /^1[3-9]\d{9}$/;
const USERNAME = /^[A-Za-z_][A-Za-z0-9_]{3,19}$/;
const PASSWORD_RULE = '密码为8-20位，需包含字母和数字';
const PHONE_RULE = '请输入正确的手机号';

/** A text field: `missing` when absent or blank, `rule` when present but not valid; trimmed unless a password. */
function textField(missing: string, rule: string, valid: (s: string) => boolean, trim = true) {
  const text = z.string({ error: missing });
  return (trim ? text.trim() : text).superRefine((s, ctx) => {
    if (s.trim() === '') ctx.addIssue({ code: 'custom', message: missing });
    else if (!valid(s)) ctx.addIssue({ code: 'custom', message: rule });
  });
}

const chars = (s: string) => [...s].length;
const phoneField = () => textField('请输入手机号', PHONE_RULE, (s) => MOBILE.test(s));
const codeField = () => textField('请输入验证码', '请输入验证码', () => true);
// Printable ASCII without spaces, so that what the buyer typed is what a keyboard on another device can type again.
const passwordField = () =>
  textField(
    '请输入密码',
    PASSWORD_RULE,
    (s) => /^[\x21-\x7e]{8,20}$/.test(s) && /[A-Za-z]/.test(s) && /\d/.test(s),
    false,
  );

const createCodeBody = z.object(
  {
    phone: phoneField(),
    type: z
      .union([z.literal('1'), z.literal('2'), z.literal(1), z.literal(2)], { error: '验证码类型不正确' })
      .transform((t): CodePurpose => (String(t) === '1' ? 'register' : 'reset')),
  },
  { error: '请输入手机号' },
);

const registerBody = z.object(
  {
    phone: phoneField(),
    code: codeField(),
    username: textField('请输入用户名', '用户名为4-20位字母、数字或下划线，且不以数字开头', (s) => USERNAME.test(s)),
    password: passwordField(),
    company: textField('请输入企业名称', '企业名称为2-50个字', (s) => chars(s) >= 2 && chars(s) <= 50),
    name: textField('请输入联系人姓名', '联系人姓名为2-20个字', (s) => chars(s) >= 2 && chars(s) <= 20),
  },
  { error: '请填写注册信息' },
);

const forgetBody = z.object(
  { phone: phoneField(), code: codeField(), password: passwordField() },
  { error: '请填写手机号、验证码和新密码' },
);

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

async function phoneRegistered(q: Queryable, phone: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM users WHERE phone = $1', [phone])).length > 0;
}

interface CodeRow {
  id: number;
  code_hash: string;
  usable: boolean;
}

/**
 * The phone's latest code for the purpose, locked until the transaction ends: of two requests presenting it at once,
 * the second waits and then sees what the first did (the code used, the account made).
 */
async function latestCode(tx: Queryable, phone: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
  const [row] = await tx.query<CodeRow>(
    `SELECT id, code_hash, (used_at IS NULL AND expires_at > now() AND attempts < $3) AS usable
     FROM verification_codes WHERE phone = $1 AND purpose = $2
     ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [phone, purpose, MAX_CODE_ATTEMPTS],
  );
  return row;
}

/**
 * Uses the code when it matches, and answers whether it did. A wrong code counts an attempt, which the caller must
 * commit (return, not throw) for the limit to hold.
 */
async function useCode(tx: Queryable, row: CodeRow | undefined, code: string): Promise<boolean> {
  if (row === undefined || !row.usable) return false;
  if (row.code_hash !== hashCode(code)) {
    await tx.query('UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1', [row.id]);
    return false;
  }
  await tx.query('UPDATE verification_codes SET used_at = now() WHERE id = $1', [row.id]);
  return true;
}

/** Self-service registration and password reset by a code sent to the buyer's mobile (spec 1, 5 and 7). */
export function registrationRoutes(app: FastifyInstance, { db, config, sms }: AppContext): void {
  app.post('/api/user/create_code', async (request) => {
    const { phone, type: purpose } = parse(createCodeBody, request.body);
    if (sms === null) throw smsNotConfigured();
    const registered = await phoneRegistered(db, phone);
    if (purpose === 'register' && registered) throw phoneTaken();
    if (purpose === 'reset' && !registered) throw phoneUnknown();
    const code = String(randomInt(1_000_000)).padStart(6, '0');
    const issued = await db.transaction(async (tx): Promise<{ id: number } | { wait: number }> => {
      // Two sends at once must not both pass the 60 s check.
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [CODE_SEND_LOCK, `${purpose}:${phone}`]);
      const [last] = await tx.query<{ wait: number }>(
        `SELECT ceil(extract(epoch FROM created_at + make_interval(secs => $3) - now()))::int AS wait
         FROM verification_codes
         WHERE phone = $1 AND purpose = $2 AND created_at > now() - make_interval(secs => $3)
         ORDER BY id DESC LIMIT 1`,
        [phone, purpose, RESEND_SECONDS],
      );
      // now() is when this transaction began, possibly before the send it waited for: hence the clamp.
      if (last !== undefined) return { wait: Math.min(RESEND_SECONDS, Math.max(1, last.wait)) };
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO verification_codes (phone, purpose, code_hash, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING id`,
        [phone, purpose, hashCode(code), CODE_TTL_SECONDS],
      );
      if (row === undefined) throw new Error('verification code not stored');
      // Only the latest code counts, so the earlier ones are dead weight.
      await tx.query('DELETE FROM verification_codes WHERE phone = $1 AND purpose = $2 AND id <> $3', [
        phone,
        purpose,
        row.id,
      ]);
      return row;
    });
    if ('wait' in issued) throw tooSoon(issued.wait);
    try {
      await sms.sendCode(phone, code, purpose);
    } catch (error) {
      // The buyer got nothing: without the row they may ask again at once instead of waiting out the throttle.
      await db.query('DELETE FROM verification_codes WHERE id = $1', [issued.id]);
      throw error;
    }
    return ok({ expires_in: CODE_TTL_SECONDS, resend_in: RESEND_SECONDS }, '验证码已发送');
  });

  app.get('/api/user/phone/:value', async (request) => {
    const { phone } = parse(z.object({ phone: phoneField() }), { phone: (request.params as { value: string }).value });
    return ok({ registered: (await phoneRegistered(db, phone)) ? 1 : 0 });
  });

  app.post('/api/user/register', async (request, reply) => {
    const body = parse(registerBody, request.body);
    // Read first for the common case; the unique index below settles a race.
    if ((await db.query('SELECT 1 FROM users WHERE username = $1', [body.username])).length > 0) throw usernameTaken();
    // Hashed before the transaction, so that the code's lock is not held through the deliberately slow scrypt.
    const passwordHash = await hashPassword(body.password);
    const made = await db.transaction(async (tx) => {
      const code = await latestCode(tx, body.phone, 'register');
      // After the code's lock: a registration of this number that committed meanwhile is seen here.
      if (await phoneRegistered(tx, body.phone)) throw phoneTaken();
      if (!(await useCode(tx, code, body.code))) return null;
      const [company] = await tx.query<{ id: number }>(
        'INSERT INTO companies (name, is_passed) VALUES ($1, 1) RETURNING id',
        [body.company],
      );
      if (company === undefined) throw new Error('company not stored');
      const [user] = await tx.query<{ id: number }>(
        `INSERT INTO users (company_id, username, password_hash, name, phone) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING RETURNING id`,
        [company.id, body.username, passwordHash, body.name, body.phone],
      );
      // Lost a race on the username or the number; throwing also gives the code back for another try.
      if (user === undefined) throw (await phoneRegistered(tx, body.phone)) ? phoneTaken() : usernameTaken();
      return { userId: user.id, token: await openSession(tx, config, user.id) };
    });
    if (made === null) throw badCode();
    return ok(await signedIn(db, config, reply, made.userId, made.token), '注册成功');
  });

  app.post('/api/user/forget', async (request) => {
    const body = parse(forgetBody, request.body);
    if (!(await phoneRegistered(db, body.phone))) throw phoneUnknown();
    const passwordHash = await hashPassword(body.password);
    const reset = await db.transaction(async (tx) => {
      const code = await latestCode(tx, body.phone, 'reset');
      const [user] = await tx.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [body.phone]);
      if (user === undefined) throw phoneUnknown();
      if (!(await useCode(tx, code, body.code))) return false;
      await tx.query('UPDATE users SET password_hash = $1 WHERE id = $2', [passwordHash, user.id]);
      // Signed out everywhere: whoever held a session, perhaps the reason for the reset, loses it.
      await tx.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
      return true;
    });
    if (!reset) throw badCode();
    return ok(null, '密码重置成功');
  });
}
