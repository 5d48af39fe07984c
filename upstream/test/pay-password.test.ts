import type { FastifyInstance } from 'fastify';
import { Refusal } from '@pharma/domain/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { LOCK_SECONDS, MAX_FAILURES } from '../src/areas/pay-password/service';
import {
  PAY_PASSWORD,
  call,
  freshPhone,
  login,
  makeBuyers,
  recordingSms,
  removeBuyers,
  testApp,
  unpaidOrder,
  type RecordingSms,
} from './testkit';

let app: FastifyInstance;
let db: Db;
let sms: RecordingSms;
const buyerIds: number[] = [];

beforeAll(async () => {
  sms = recordingSms();
  ({ app, db } = await testApp({ smsSender: sms }));
});

afterAll(async () => {
  await removeBuyers(db, buyerIds);
  await app.close();
});

/** A buyer of demo's company with a mobile of its own and ¥1,000.00 on the wallet; with demo's payment password. */
async function buyer(options: { withPassword: boolean } = { withPassword: true }) {
  const [made] = await makeBuyers(db, 1, 100_000);
  if (made === undefined) throw new Error('no buyer');
  buyerIds.push(made.id);
  const phone = freshPhone('1390571');
  await db.query('UPDATE users SET phone = $2 WHERE id = $1', [made.id, phone]);
  if (!options.withPassword) await db.query('UPDATE users SET pay_password_hash = NULL WHERE id = $1', [made.id]);
  return { ...made, phone };
}

const unpaid = async (userId: number, amount = 1234) => (await unpaidOrder(db, userId, amount)).id;

const pay = (token: string, orderId: number, password?: string) =>
  call<{ status: number; tries_left?: number; retry_after?: number }>(app, 'POST', `/api/order/${orderId}/pay`, {
    token,
    form: password === undefined ? { method: 'balance' } : { method: 'balance', pay_password: password },
  });

const balanceOf = async (id: number) =>
  (await db.query<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [id]))[0]?.balance;

describe('the payment password (PAY-14)', () => {
  it('tells the buyer whether one is set and where codes go, never the password', async () => {
    const token = await login(app);
    const res = await call<Record<string, unknown>>(app, 'GET', '/api/user/pay_password', { token });
    expect(res.body.data).toEqual({ is_set: 1, locked_for: 0, phone: '139****0001' });
    expect(JSON.stringify(res.body)).not.toMatch(/hash|scrypt/);
  });

  it('asks for it before the balance pays, and pays with the right one', async () => {
    const b = await buyer();
    const order = await unpaid(b.id);
    const missing = await pay(b.token, order);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: Refusal.PAY_PASSWORD_REQUIRED, message: '请输入支付密码' });
    expect(await balanceOf(b.id)).toBe(100_000);

    const paid = await pay(b.token, order, PAY_PASSWORD);
    expect(paid.status).toBe(200);
    expect(paid.body.data.status).toBe(1);
    expect(await balanceOf(b.id)).toBe(100_000 - 1234);
  });

  it('answers a password sent for an account without one exactly as a wrong one', async () => {
    const withOne = await buyer();
    const withNone = await buyer({ withPassword: false });
    const wrong = await pay(withOne.token, await unpaid(withOne.id), '135792');
    const none = await pay(withNone.token, await unpaid(withNone.id), '135792');
    expect(none.status).toBe(wrong.status);
    expect(none.body).toEqual(wrong.body);
    expect(wrong.body).toMatchObject({ code: Refusal.PAY_PASSWORD_WRONG, message: '支付密码错误，还可尝试4次' });
  });

  it('locks after five wrong tries with Retry-After, even for the right one, until reset with a code', async () => {
    const b = await buyer();
    const order = await unpaid(b.id);
    for (let left = MAX_FAILURES - 1; left >= 1; left -= 1) {
      expect((await pay(b.token, order, '975310')).body.data.tries_left).toBe(left);
    }
    const fifth = await pay(b.token, order, '975310');
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe('支付密码错误次数过多，已锁定，请180分钟后再试，或用短信验证码重设支付密码');
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(LOCK_SECONDS - 60);
    const right = await pay(b.token, order, PAY_PASSWORD);
    expect(right.status).toBe(429);
    expect(await balanceOf(b.id)).toBe(100_000);

    // A reset with a code sent to the buyer's own mobile lifts the lock.
    const sent = await call<{ phone: string }>(app, 'POST', '/api/user/pay_password/code', { token: b.token });
    expect(sent.status).toBe(200);
    expect(sent.body.data.phone).toBe(`${b.phone.slice(0, 3)}****${b.phone.slice(7)}`);
    expect(sms.sent.at(-1)).toMatchObject({ phone: b.phone, purpose: 'pay_password' });
    const reset = await call(app, 'POST', '/api/user/pay_password', {
      token: b.token,
      form: { code: sms.codeFor(b.phone), password: '808182', password_confirmation: '808182' },
    });
    expect(reset.body).toMatchObject({ code: 10000, message: '支付密码已重设', data: { is_set: 1, locked_for: 0 } });
    expect((await pay(b.token, order, '808182')).status).toBe(200);
  });

  it('sets one with a code, refusing weak or mismatched passwords and a wrong code on their fields', async () => {
    const b = await buyer({ withPassword: false });
    const status = await call<{ is_set: number }>(app, 'GET', '/api/user/pay_password', { token: b.token });
    expect(status.body.data.is_set).toBe(0);
    await call(app, 'POST', '/api/user/pay_password/code', { token: b.token });
    const code = sms.codeFor(b.phone);
    const set = (form: Record<string, string>) => call(app, 'POST', '/api/user/pay_password', { token: b.token, form });

    const weak = await set({ code, password: '123456', password_confirmation: '123456' });
    expect(weak.status).toBe(422);
    expect(weak.body.data).toEqual({ password: ['支付密码为6位数字，不能是相同或连续的数字'] });
    const mismatch = await set({ code, password: '246813', password_confirmation: '246812' });
    expect(mismatch.body.data).toEqual({ password_confirmation: ['两次输入的支付密码不一致'] });
    const badCode = await set({
      code: code === '000000' ? '111111' : '000000',
      password: '246813',
      password_confirmation: '246813',
    });
    expect(badCode.body).toMatchObject({ code: Refusal.CODE_WRONG });

    const done = await set({ code, password: '246813', password_confirmation: '246813' });
    expect(done.body).toMatchObject({ code: 10000, message: '支付密码已设置', data: { is_set: 1 } });
    expect((await pay(b.token, await unpaid(b.id), '246813')).status).toBe(200);
  });

  it('judges no password for another company’s order, and counts no try for it', async () => {
    const b = await buyer();
    const demo2 = await login(app, 'demo2');
    const res = await pay(demo2, await unpaid(b.id), '975310');
    expect(res.status).toBe(404);
    const [row] = await db.query<{ failures: number }>(
      "SELECT pay_password_failures AS failures FROM users WHERE username = 'demo2'",
    );
    expect(row?.failures).toBe(0);
  });

  it('lets no burst of guesses at once outrun the lock: four are judged wrong, the fifth locks, the rest are refused', async () => {
    const b = await buyer();
    const order = await unpaid(b.id);
    const guesses = Array.from({ length: 12 }, (_, i) => String(100_000 + i * 7919));
    const answers = await Promise.all(guesses.map((guess) => pay(b.token, order, guess)));
    // Each try is judged under the buyer's row lock, one after another, whatever order they arrive in: four are told
    // they are wrong, the fifth locks the password, and every later one is refused by the lock without being judged.
    // (The right password inside such a burst would clear the count when judged before the lock, as any right
    // password does, so the burst holds wrong guesses only: what an attacker sends.)
    expect(answers.filter((a) => a.body.code === Refusal.PAY_PASSWORD_WRONG)).toHaveLength(MAX_FAILURES - 1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(guesses.length - (MAX_FAILURES - 1));
    // The right password, sent after the burst, is refused by the lock too, and nothing is paid.
    expect((await pay(b.token, order, PAY_PASSWORD)).status).toBe(429);
    expect(await balanceOf(b.id)).toBe(100_000);
  });
});
