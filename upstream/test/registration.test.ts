import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import * as service from '../src/areas/registration/service';
import { hashToken } from '../src/lib/auth';
import { call, freshPhone, login, recordingSms, testApp, testAppConfig, type Answer } from './testkit';

let app: FastifyInstance;
let db: Db;
const sms = recordingSms();
beforeAll(async () => ({ app, db } = await testApp({ smsSender: sms })));
afterEach(() => {
  sms.failNext = false;
});

let names = 0;
/** A username no other test uses (letters first, at most 20 characters). */
const freshUsername = () => `reg_${Date.now().toString(36)}${(names += 1)}`;

const sendCode = (phone: string, type: 1 | 2 = 1) =>
  call<{ expires_in: number; resend_in: number }>(app, 'POST', '/api/user/create_code', { form: { phone, type } });

interface LoginData {
  token: string;
  user: { id: number; username: string; name: string; phone: string; company: string; is_passed: number };
}

function registrationForm(phone: string, code: string) {
  return { phone, code, username: freshUsername(), password: 'abc12345', company: '测试大药房', name: '王测试' };
}

const register = (form: Record<string, unknown>) => call<LoginData>(app, 'POST', '/api/user/register', { form });

/** A registered buyer, with the answer of the registration. */
async function registered(): Promise<{
  phone: string;
  form: ReturnType<typeof registrationForm>;
  res: Answer<LoginData>;
}> {
  const phone = freshPhone();
  expect((await sendCode(phone)).status).toBe(200);
  const form = registrationForm(phone, sms.codeFor(phone));
  const res = await register(form);
  expect(res.body.code).toBe(10000);
  return { phone, form, res };
}

const businessError = (code: number, message: string) => ({ code, message, data: null });

const ageCodes = (phone: string, column: 'created_at' | 'expires_at', seconds: number) =>
  db.query(`UPDATE verification_codes SET ${column} = now() + make_interval(secs => $2) WHERE phone = $1`, [
    phone,
    seconds,
  ]);

describe('POST /api/user/create_code', () => {
  it('sends a 6-digit code for registration, valid 300 s, and keeps only its sha256', async () => {
    const phone = freshPhone();
    const res = await sendCode(phone);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 10000, message: '验证码已发送', data: { expires_in: 300, resend_in: 60 } });
    const code = sms.codeFor(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(sms.sent.at(-1)?.purpose).toBe('register');
    const rows = await db.query<{ code_hash: string; purpose: string; ttl: number; attempts: number }>(
      `SELECT code_hash, purpose, round(extract(epoch FROM expires_at - created_at))::int AS ttl, attempts
       FROM verification_codes WHERE phone = $1`,
      [phone],
    );
    expect(rows).toEqual([
      { code_hash: createHash('sha256').update(code).digest('hex'), purpose: 'register', ttl: 300, attempts: 0 },
    ]);
  });

  it('refuses a malformed mobile number or type with a form error, and sends nothing', async () => {
    const before = sms.sent.length;
    for (const phone of ['12900001234', '1390000123', '139000012345', '0571-8877665', 'abcdefghijk', '']) {
      const res = await sendCode(phone);
      expect(res.status, phone).toBe(422);
      expect(res.body.data, phone).toEqual({ phone: [phone === '' ? '请输入手机号' : '请输入正确的手机号'] });
    }
    const badType = await call(app, 'POST', '/api/user/create_code', { form: { phone: freshPhone(), type: 3 } });
    expect(badType.status).toBe(422);
    expect(badType.body.data).toEqual({ type: ['验证码类型不正确'] });
    expect(sms.sent.length).toBe(before);
  });

  it('type 1 for a registered number is 40033, type 2 for an unknown number is 40034', async () => {
    const before = sms.sent.length;
    const taken = await sendCode('13905710001', 1);
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual(businessError(40033, '该手机号已注册'));
    const unknown = await sendCode(freshPhone(), 2);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(businessError(40034, '该手机号未注册'));
    expect(sms.sent.length).toBe(before);
  });

  it('a second code within 60 s is 40030 with the seconds left; after 60 s it is sent and replaces the first', async () => {
    const phone = freshPhone();
    await sendCode(phone);
    const first = sms.codeFor(phone);
    const again = await sendCode(phone);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(40030);
    const left = Number(/^发送过于频繁，请(\d+)秒后再试$/.exec(again.body.message)?.[1]);
    expect(left).toBeGreaterThanOrEqual(59);
    expect(left).toBeLessThanOrEqual(60);

    await ageCodes(phone, 'created_at', -45);
    expect((await sendCode(phone)).body).toEqual(businessError(40030, '发送过于频繁，请15秒后再试'));
    expect(sms.sent.filter((s) => s.phone === phone)).toHaveLength(1);

    await ageCodes(phone, 'created_at', -61);
    expect((await sendCode(phone)).status).toBe(200);
    const second = sms.codeFor(phone);
    // Only the latest code counts: the first one no longer registers anyone (unless both drew the same digits).
    if (second !== first) expect((await register(registrationForm(phone, first))).body.code).toBe(40031);
    expect((await register(registrationForm(phone, second))).body.code).toBe(10000);
  });

  it('a failed send keeps no code, so the buyer may ask again at once', async () => {
    const phone = freshPhone();
    sms.failNext = true;
    const failed = await sendCode(phone);
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual(businessError(500, '系统繁忙，请稍候再试'));
    expect(await db.query('SELECT 1 FROM verification_codes WHERE phone = $1', [phone])).toEqual([]);
    expect((await sendCode(phone)).status).toBe(200);
  });

  it('SMS_TRANSPORT=none answers 40032 and stores no code', async () => {
    const off = createApp({ db, config: { ...testAppConfig, smsTransport: 'none' } });
    await off.ready();
    const phone = freshPhone();
    const res = await call(off, 'POST', '/api/user/create_code', { form: { phone, type: 1 } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(businessError(40032, '短信服务暂未开通'));
    expect(await db.query('SELECT 1 FROM verification_codes WHERE phone = $1', [phone])).toEqual([]);
    await off.close();
  });

  it('the default log transport writes the code to the server log, where a developer can read it', async () => {
    const dev = createApp({ db, config: testAppConfig });
    await dev.ready();
    const info = vi.spyOn(dev.log, 'info');
    const phone = freshPhone();
    expect((await call(dev, 'POST', '/api/user/create_code', { form: { phone, type: 1 } })).status).toBe(200);
    const line = info.mock.calls.map((c) => c[1]).find((m) => typeof m === 'string' && m.endsWith(`→ ${phone}`));
    const code = /^验证码 (\d{6}) → /.exec(String(line))?.[1];
    expect(code).toBeDefined();
    expect((await register(registrationForm(phone, code ?? ''))).body.code).toBe(10000);
    await dev.close();
  });

  it('SMS_TRANSPORT is read by the config module: log by default, none, or a startup error', () => {
    expect(loadConfig({}).smsTransport).toBe('log');
    expect(loadConfig({ SMS_TRANSPORT: 'none' }).smsTransport).toBe('none');
    expect(() => loadConfig({ SMS_TRANSPORT: 'aliyun' })).toThrow(/SMS_TRANSPORT/);
  });
});

describe('GET /api/user/phone/{value}', () => {
  it('answers whether a number belongs to an account', async () => {
    expect((await call(app, 'GET', '/api/user/phone/13905710001')).body).toEqual({
      code: 10000,
      message: 'success',
      data: { registered: 1 },
    });
    expect((await call(app, 'GET', `/api/user/phone/${freshPhone()}`)).body.data).toEqual({ registered: 0 });
    const { phone } = await registered();
    expect((await call(app, 'GET', `/api/user/phone/${phone}`)).body.data).toEqual({ registered: 1 });
  });

  it('refuses what is not a mobile number', async () => {
    const res = await call(app, 'GET', '/api/user/phone/1234');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code: 422, message: '请输入正确的手机号', data: { phone: ['请输入正确的手机号'] } });
  });
});

describe('POST /api/user/register', () => {
  it('creates the company and the buyer, signs them in as login does, and the password opens the account', async () => {
    const { phone, form, res } = await registered();
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('注册成功');
    expect(res.body.data.user).toMatchObject({
      username: form.username,
      name: '王测试',
      phone,
      company: '测试大药房',
      is_passed: 1,
      admin: null,
      token: res.body.data.token,
    });
    expect(res.headers['set-cookie']).toBe(
      `token=${res.body.data.token}; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax`,
    );
    const base = await call<{ show: number; username: string }>(app, 'GET', '/api/user/base', {
      token: res.body.data.token,
    });
    expect(base.body.data).toMatchObject({ show: 1, username: form.username });
    const [row] = await db.query<{ password_hash: string; is_passed: number; code_used: boolean }>(
      `SELECT u.password_hash, co.is_passed,
         (SELECT used_at IS NOT NULL FROM verification_codes WHERE phone = u.phone) AS code_used
       FROM users u JOIN companies co ON co.id = u.company_id WHERE u.username = $1`,
      [form.username],
    );
    expect(row?.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row?.is_passed).toBe(1);
    expect(row?.code_used).toBe(true);
    expect(await login(app, form.username, 'abc12345')).toMatch(/^[\w-]{40,}$/);
    expect(
      (await call(app, 'POST', '/api/user/login', { form: { username: form.username, password: 'x1234567' } })).status,
    ).toBe(422);
  });

  it('a used code does not register a second account', async () => {
    const { phone, form } = await registered();
    // The number is taken now; even with it freed, the code stays used.
    await db.query("UPDATE users SET phone = '' WHERE phone = $1", [phone]);
    const again = await register({ ...registrationForm(phone, form.code) });
    expect(again.body).toEqual(businessError(40031, '验证码错误或已过期'));
  });

  it('applies every field rule with a Chinese message, before looking at the code', async () => {
    const phone = freshPhone();
    await sendCode(phone);
    const good = registrationForm(phone, sms.codeFor(phone));
    const cases: [Record<string, string>, string, string][] = [
      [{ username: '1abcd' }, 'username', '用户名为4-20位字母、数字或下划线，且不以数字开头'],
      [{ username: 'abc' }, 'username', '用户名为4-20位字母、数字或下划线，且不以数字开头'],
      [{ username: 'a'.repeat(21) }, 'username', '用户名为4-20位字母、数字或下划线，且不以数字开头'],
      [{ username: 'ab-cd' }, 'username', '用户名为4-20位字母、数字或下划线，且不以数字开头'],
      [{ username: '' }, 'username', '请输入用户名'],
      [{ password: 'abcdefgh' }, 'password', '密码为8-20位，需包含字母和数字'],
      [{ password: '12345678' }, 'password', '密码为8-20位，需包含字母和数字'],
      [{ password: 'abc1234' }, 'password', '密码为8-20位，需包含字母和数字'],
      [{ password: `a${'1'.repeat(20)}` }, 'password', '密码为8-20位，需包含字母和数字'],
      [{ company: '药' }, 'company', '企业名称为2-50个字'],
      [{ company: '药'.repeat(51) }, 'company', '企业名称为2-50个字'],
      [{ name: '王' }, 'name', '联系人姓名为2-20个字'],
      [{ name: '王'.repeat(21) }, 'name', '联系人姓名为2-20个字'],
      [{ phone: '23900001234' }, 'phone', '请输入正确的手机号'],
      [{ code: '' }, 'code', '请输入验证码'],
    ];
    for (const [change, field, message] of cases) {
      const res = await register({ ...good, ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body, JSON.stringify(change)).toEqual({ code: 422, message, data: { [field]: [message] } });
    }
    const taken = await register({ ...good, username: 'demo' });
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({ code: 422, message: '该用户名已被使用', data: { username: ['该用户名已被使用'] } });
    // None of that cost the buyer a try: the code still registers.
    const [row] = await db.query<{ attempts: number }>('SELECT attempts FROM verification_codes WHERE phone = $1', [
      phone,
    ]);
    expect(row?.attempts).toBe(0);
    expect((await register(good)).body.code).toBe(10000);
  });

  it('accepts the rules at their edges', async () => {
    const phone = freshPhone();
    await sendCode(phone);
    const res = await register({
      ...registrationForm(phone, sms.codeFor(phone)),
      username: `_${Date.now().toString(36)}`.padEnd(20, 'x'),
      password: 'A1!#$%&*()-=+[]{};:,'.slice(0, 20),
      company: '药店',
      name: '王'.repeat(20),
    });
    expect(res.body.code).toBe(10000);
  });

  it('a wrong code is 40031 and counts a try; the 5th wrong try kills the code', async () => {
    const phone = freshPhone();
    await sendCode(phone);
    const code = sms.codeFor(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    const form = registrationForm(phone, code);
    for (let i = 1; i <= 5; i += 1) {
      const res = await register({ ...form, code: wrong });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(businessError(40031, '验证码错误或已过期'));
      const [row] = await db.query<{ attempts: number }>('SELECT attempts FROM verification_codes WHERE phone = $1', [
        phone,
      ]);
      expect(row?.attempts).toBe(i);
    }
    expect((await register(form)).body).toEqual(businessError(40031, '验证码错误或已过期'));
    expect(await db.query('SELECT 1 FROM users WHERE phone = $1', [phone])).toEqual([]);
  });

  it('four wrong tries still leave the right code working', async () => {
    const phone = freshPhone();
    await sendCode(phone);
    const code = sms.codeFor(phone);
    const form = registrationForm(phone, code);
    for (let i = 0; i < 4; i += 1) await register({ ...form, code: code === '999999' ? '999998' : '999999' });
    expect((await register(form)).body.code).toBe(10000);
  });

  it('an expired code is 40031', async () => {
    const phone = freshPhone();
    await sendCode(phone);
    await ageCodes(phone, 'expires_at', -1);
    const res = await register(registrationForm(phone, sms.codeFor(phone)));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(businessError(40031, '验证码错误或已过期'));
  });

  it('no code at all is 40031', async () => {
    const res = await register(registrationForm(freshPhone(), '123456'));
    expect(res.body).toEqual(businessError(40031, '验证码错误或已过期'));
  });

  it('a number registered after the code was sent is 40033, and no second account is made', async () => {
    const phone = freshPhone();
    await sendCode(phone);
    const other = await registered();
    await db.query('UPDATE users SET phone = $1 WHERE username = $2', [phone, other.form.username]);
    const res = await register(registrationForm(phone, sms.codeFor(phone)));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(businessError(40033, '该手机号已注册'));
    expect(await db.query('SELECT 1 FROM users WHERE phone = $1', [phone])).toHaveLength(1);
  });
});

describe('POST /api/user/forget', () => {
  const forget = (form: Record<string, unknown>) => call(app, 'POST', '/api/user/forget', { form });

  it('sets the new password, ends every session, and the old password no longer opens the account', async () => {
    const { phone, form, res } = await registered();
    const sessions = [res.body.data.token, await login(app, form.username, 'abc12345')];
    expect((await sendCode(phone, 2)).status).toBe(200);
    expect(sms.sent.at(-1)).toMatchObject({ phone, purpose: 'reset' });
    const done = await forget({ phone, code: sms.codeFor(phone), password: 'newpass99' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ code: 10000, message: '密码重置成功', data: null });

    for (const token of sessions) expect((await call(app, 'GET', '/api/cart/total', { token })).status).toBe(401);
    expect(
      await db.query('SELECT 1 FROM sessions WHERE user_id = $1', [res.body.data.user.id]),
      'no session left',
    ).toEqual([]);
    const old = await call(app, 'POST', '/api/user/login', { form: { username: form.username, password: 'abc12345' } });
    expect(old.status).toBe(422);
    expect(await login(app, form.username, 'newpass99')).toMatch(/^[\w-]{40,}$/);
  });

  it('the reset code works once', async () => {
    const { phone, form } = await registered();
    await sendCode(phone, 2);
    const code = sms.codeFor(phone);
    expect((await forget({ phone, code, password: 'first1234' })).status).toBe(200);
    expect((await forget({ phone, code, password: 'second1234' })).body).toEqual(
      businessError(40031, '验证码错误或已过期'),
    );
    expect(await login(app, form.username, 'first1234')).toBeTruthy();
  });

  it('a registration code does not reset a password, nor a reset code register', async () => {
    const { phone, form } = await registered();
    // The registration code is used, but a fresh one of the wrong purpose must not work either.
    await db.query(
      `INSERT INTO verification_codes (phone, purpose, code_hash, expires_at)
       VALUES ($1, 'register', $2, now() + interval '5 minutes')`,
      [phone, createHash('sha256').update('424242').digest('hex')],
    );
    const res = await forget({ phone, code: '424242', password: 'other1234' });
    expect(res.body).toEqual(businessError(40031, '验证码错误或已过期'));
    expect(await login(app, form.username, 'abc12345')).toBeTruthy();
  });

  it('a wrong code is 40031, counts a try, and the password stays', async () => {
    const { phone, form } = await registered();
    await sendCode(phone, 2);
    const code = sms.codeFor(phone);
    const res = await forget({ phone, code: code === '000000' ? '000001' : '000000', password: 'other1234' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(businessError(40031, '验证码错误或已过期'));
    const [row] = await db.query<{ attempts: number }>(
      "SELECT attempts FROM verification_codes WHERE phone = $1 AND purpose = 'reset'",
      [phone],
    );
    expect(row?.attempts).toBe(1);
    expect(await login(app, form.username, 'abc12345')).toBeTruthy();
  });

  it('an expired reset code is 40031', async () => {
    const { phone } = await registered();
    await sendCode(phone, 2);
    await db.query("UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE phone = $1", [phone]);
    expect((await forget({ phone, code: sms.codeFor(phone), password: 'other1234' })).body.code).toBe(40031);
  });

  it('an unknown number is 40034; a weak password or a bad number a form error', async () => {
    const unknown = await forget({ phone: freshPhone(), code: '123456', password: 'other1234' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(businessError(40034, '该手机号未注册'));
    const weak = await forget({ phone: '13905710001', code: '123456', password: 'short1' });
    expect(weak.status).toBe(422);
    expect(weak.body.data).toEqual({ password: ['密码为8-20位，需包含字母和数字'] });
    const bad = await forget({ phone: '1390571000', code: '123456', password: 'other1234' });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({ phone: ['请输入正确的手机号'] });
  });

  it('a reset of another buyer leaves demo signed in', async () => {
    const token = await login(app);
    const { phone } = await registered();
    await sendCode(phone, 2);
    await forget({ phone, code: sms.codeFor(phone), password: 'other1234' });
    expect(await db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [hashToken(token)])).toHaveLength(1);
  });
});

// The code rules, exercised on the service without HTTP (AUTH-02, AUTH-03, AUTH-04).
describe('verification codes (the service)', () => {
  const form = (phone: string, code: string) => ({
    phone,
    code,
    username: freshUsername(),
    password: 'abc12345',
    company: '测试大药房',
    name: '王测试',
  });
  const storedCodes = (phone: string) =>
    db.query<{ code_hash: string; attempts: number }>(
      'SELECT code_hash, attempts FROM verification_codes WHERE phone = $1',
      [phone],
    );

  it('stores only the sha256 of the code it sends', async () => {
    const phone = freshPhone();
    await service.sendCode(db, sms, phone, 'register', '246810');
    expect(sms.codeFor(phone)).toBe('246810');
    expect(await storedCodes(phone)).toEqual([
      { code_hash: createHash('sha256').update('246810').digest('hex'), attempts: 0 },
    ]);
    expect(service.hashCode('246810')).toBe(createHash('sha256').update('246810').digest('hex'));
  });

  it('sends one code a minute per phone: a second is refused with the seconds left (40030)', async () => {
    const phone = freshPhone();
    await service.sendCode(db, sms, phone, 'register', '111111');
    await expect(service.sendCode(db, sms, phone, 'register', '222222')).rejects.toMatchObject({
      status: 400,
      code: 40030,
      message: '发送过于频繁，请60秒后再试',
    });
    await ageCodes(phone, 'created_at', -61);
    await service.sendCode(db, sms, phone, 'register', '333333');
    expect((await storedCodes(phone)).map((c) => c.code_hash)).toEqual([service.hashCode('333333')]);
  });

  it('refuses an expired code (40031)', async () => {
    const phone = freshPhone();
    await service.sendCode(db, sms, phone, 'register', '135790');
    await ageCodes(phone, 'expires_at', -1);
    await expect(service.register(db, 3600, form(phone, '135790'))).rejects.toMatchObject({ code: 40031 });
  });

  it('counts every wrong try, and the fifth kills the code', async () => {
    const phone = freshPhone();
    await service.sendCode(db, sms, phone, 'register', '975310');
    for (let i = 1; i <= service.MAX_CODE_ATTEMPTS; i += 1) {
      await expect(service.register(db, 3600, form(phone, '000000'))).rejects.toMatchObject({ code: 40031 });
      expect((await storedCodes(phone))[0]?.attempts).toBe(i);
    }
    await expect(service.register(db, 3600, form(phone, '975310'))).rejects.toMatchObject({ code: 40031 });
  });

  it('registers with the right code once; the used code does not reset a password or register again', async () => {
    const phone = freshPhone();
    await service.sendCode(db, sms, phone, 'register', '864200');
    const made = await service.register(db, 3600, form(phone, '864200'));
    expect(made.token).toMatch(/^[\w-]{20,}$/);
    await expect(service.register(db, 3600, form(phone, '864200'))).rejects.toMatchObject({ code: 40033 });
    await expect(service.resetPassword(db, { phone, code: '864200', password: 'xyz98765' })).rejects.toMatchObject({
      code: 40031,
    });
  });
});
