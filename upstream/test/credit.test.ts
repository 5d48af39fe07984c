import type { FastifyInstance } from 'fastify';
import { addDays, chinaDay } from '@pharma/domain/china-day';
import { Refusal } from '@pharma/domain/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHINA_TODAY } from '../src/db/china-day';
import type { Db } from '../src/db/db';
import {
  PAY_PASSWORD,
  TEST_ADDRESS,
  adminApp,
  call,
  insertBuyer,
  sessionFor,
  signContract,
  testStore,
  unpaidOrder,
} from './testkit';

const ADMIN_TOKEN = 'admin-token-for-credit-tests';
let app: FastifyInstance;
let db: Db;
const companies: number[] = [];
let made = 0;

beforeAll(async () => {
  db = await testStore();
  app = await adminApp(db, ADMIN_TOKEN, {
    bankAccount: { name: '药采通（测试账户）', bank: '测试银行', account: '6212 0000 1111 2222' },
  });
});

afterAll(async () => {
  await db.query('DELETE FROM credit_lines WHERE company_id = ANY($1::int[])', [companies]);
  const users = (
    await db.query<{ id: number }>('SELECT id FROM users WHERE company_id = ANY($1::int[])', [companies])
  ).map((u) => u.id);
  for (const table of ['money_log', 'messages', 'returns', 'orders', 'sessions', 'addresses']) {
    await db.query(`DELETE FROM ${table} WHERE user_id = ANY($1::int[])`, [users]);
  }
  await app.close();
});

/** A company of its own with one signed-in buyer (demo's payment password), its contract signed. */
async function company() {
  const tag = `cr_${Date.now().toString(36)}${(made += 1)}`;
  const [co] = await db.query<{ id: number }>("INSERT INTO companies (name) VALUES ('账期测试药房') RETURNING id");
  if (co === undefined) throw new Error('no company');
  companies.push(co.id);
  const id = await insertBuyer(db, tag, { companyId: co.id, name: '钱七' });
  const token = await sessionFor(db, id);
  await signContract(app, token);
  return { companyId: co.id, userId: id, token };
}

/** An unpaid order of the buyer at the amount to pay, to the test address. */
const unpaid = (userId: number, amount: number) => unpaidOrder(db, userId, amount, TEST_ADDRESS);

const admin = (method: 'GET' | 'POST', url: string, form?: Record<string, unknown>, token = ADMIN_TOKEN) =>
  app
    .inject({
      method,
      url,
      headers: { 'x-admin-token': token, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { payload: new URLSearchParams(form as Record<string, string>).toString() } : {}),
    })
    .then((res) => ({ status: res.statusCode, body: res.json<{ code: number; message: string; data: never }>() }));

const grant = (companyId: number, limit: number, termDays = 30) =>
  admin('POST', '/api/admin/credit/line', { company_id: companyId, limit, term_days: termDays });

const payCredit = (token: string, orderId: number, password: string | null = PAY_PASSWORD) =>
  call<{ status: number; pay_method: string }>(app, 'POST', `/api/order/${orderId}/pay`, {
    token,
    form: password === null ? { method: 'credit' } : { method: 'credit', pay_password: password },
  });

interface Account {
  line: {
    limit: number;
    term_days: number;
    used: number;
    available: number;
    overdue: number;
    next_due_date: string | null;
  } | null;
  charges: { order_id: number; amount: number; outstanding: number; due_date: string }[];
  repayments: { id: number; status: string; amount: number }[];
  bank_account: { account: string };
}
const accountOf = async (token: string) => (await call<Account>(app, 'GET', '/api/user/credit', { token })).body.data;

describe('credit terms (账期)', () => {
  it('a company without a line sees none, and cannot pay on credit (40192)', async () => {
    const buyer = await company();
    expect(await accountOf(buyer.token)).toMatchObject({ line: null, charges: [], repayments: [] });
    const order = await unpaid(buyer.userId, 1000);
    const screen = await call<{ methods: { code: string }[]; credit: unknown }>(
      app,
      'GET',
      `/api/order/${order.id}/pay`,
      {
        token: buyer.token,
      },
    );
    expect(screen.body.data.methods.map((m) => m.code)).not.toContain('credit');
    expect(screen.body.data.credit).toBeNull();
    expect((await payCredit(buyer.token, order.id)).body.code).toBe(Refusal.CREDIT_NO_LINE);
  });

  it('the operator grants a line; an order paid on credit uses it and falls due after the term', async () => {
    const buyer = await company();
    expect((await grant(buyer.companyId, 100_000, 30)).body.data).toMatchObject({ limit: 100_000, available: 100_000 });
    const order = await unpaid(buyer.userId, 40_000);
    const screen = await call<{ methods: { code: string; name: string }[]; credit: { available: number } }>(
      app,
      'GET',
      `/api/order/${order.id}/pay`,
      { token: buyer.token },
    );
    expect(screen.body.data.methods[1]).toMatchObject({ code: 'credit', name: '账期支付' });
    expect(screen.body.data.credit.available).toBe(100_000);
    // PAY-14 as for the balance: no password, then a wrong one, are refused before anything is charged.
    expect((await payCredit(buyer.token, order.id, null)).body.code).toBe(Refusal.PAY_PASSWORD_REQUIRED);
    expect((await payCredit(buyer.token, order.id, '000000')).body.code).toBe(Refusal.PAY_PASSWORD_WRONG);
    const paid = await payCredit(buyer.token, order.id);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 1, pay_method: 'credit' });
    const account = await accountOf(buyer.token);
    expect(account.line).toMatchObject({ limit: 100_000, used: 40_000, available: 60_000, overdue: 0 });
    expect(account.line?.next_due_date).toBe(addDays(chinaDay(), 30));
    expect(account.charges).toEqual([
      expect.objectContaining({ order_id: order.id, amount: 40_000, outstanding: 40_000 }),
    ]);
    expect(account.bank_account.account).toBe('6212 0000 1111 2222');
  });

  it('refuses an order over the available line with 40190, naming what is available', async () => {
    const buyer = await company();
    await grant(buyer.companyId, 50_000);
    await payCredit(buyer.token, (await unpaid(buyer.userId, 30_000)).id);
    const over = await unpaid(buyer.userId, 20_001);
    const res = await payCredit(buyer.token, over.id);
    expect(res.body).toMatchObject({ code: Refusal.CREDIT_OVER_LINE, message: expect.stringContaining('¥200.00') });
    expect((await accountOf(buyer.token)).line?.used).toBe(30_000);
  });

  it('an overdue amount blocks new credit orders with the amount to repay (40191); a confirmed repayment clears it', async () => {
    const buyer = await company();
    await grant(buyer.companyId, 100_000, 10);
    const first = await unpaid(buyer.userId, 12_345);
    await payCredit(buyer.token, first.id);
    await db.query(`UPDATE credit_charges SET due_date = ${CHINA_TODAY} - 3 WHERE order_id = $1`, [first.id]);
    expect((await accountOf(buyer.token)).line).toMatchObject({ overdue: 12_345, available: 87_655 });
    const next = await unpaid(buyer.userId, 100);
    const refused = await payCredit(buyer.token, next.id);
    expect(refused.body).toMatchObject({ code: Refusal.CREDIT_OVERDUE, message: expect.stringContaining('¥123.45') });

    const tooMuch = await call(app, 'POST', '/api/user/credit/repayment', {
      token: buyer.token,
      form: { amount: 12_346 },
    });
    expect(tooMuch.status).toBe(422);
    const reported = await call<{ id: number; status: string }>(app, 'POST', '/api/user/credit/repayment', {
      token: buyer.token,
      form: { amount: 12_345, payer_name: '账期测试药房' },
    });
    expect(reported.body.data.status).toBe('pending');
    // Reported is not repaid: the block holds until the operator confirms the money arrived.
    expect((await payCredit(buyer.token, next.id)).body.code).toBe(Refusal.CREDIT_OVERDUE);
    const pending = await admin('GET', '/api/admin/credit/repayments');
    expect(pending.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: reported.body.data.id })]));
    const url = `/api/admin/credit/repayment/${reported.body.data.id}/confirm`;
    expect((await admin('POST', url)).status).toBe(200);
    expect((await admin('POST', url)).body.code).toBe(Refusal.CREDIT_REPAYMENT_DECIDED);
    expect((await accountOf(buyer.token)).line).toMatchObject({ overdue: 0, used: 0, available: 100_000 });
    expect((await payCredit(buyer.token, next.id)).status).toBe(200);
  });

  it('a rejected repayment does not count and tells the buyer why', async () => {
    const buyer = await company();
    await grant(buyer.companyId, 10_000);
    await payCredit(buyer.token, (await unpaid(buyer.userId, 5_000)).id);
    const reported = await call<{ id: number }>(app, 'POST', '/api/user/credit/repayment', {
      token: buyer.token,
      form: { amount: 5_000 },
    });
    const res = await admin('POST', `/api/admin/credit/repayment/${reported.body.data.id}/reject`, {
      reason: '未查到到账',
    });
    expect(res.body.data).toMatchObject({ status: 'rejected', reject_reason: '未查到到账' });
    expect((await accountOf(buyer.token)).line?.used).toBe(5_000);
  });

  it('a refund of a credit order gives the line back instead of the balance', async () => {
    const buyer = await company();
    await grant(buyer.companyId, 100_000);
    const order = await unpaid(buyer.userId, 30_000);
    await payCredit(buyer.token, order.id);
    const [ret] = await db.query<{ id: number }>(
      `INSERT INTO returns (user_id, order_id, order_line_id, number, reason, refund_amount, status)
       VALUES ($1, $2, $3, 1, '其他', 30000, 3) RETURNING id`,
      [buyer.userId, order.id, order.lineIds[0] ?? 0],
    );
    expect((await admin('POST', `/api/admin/return/${ret?.id ?? 0}/refund`)).status).toBe(200);
    expect((await accountOf(buyer.token)).line).toMatchObject({ used: 0, available: 100_000 });
    const [wallet] = await db.query<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [buyer.userId]);
    expect(wallet?.balance).toBe(0);
  });

  it('the statement lists the month’s credit orders and repayments, as .xlsx and PDF', async () => {
    const buyer = await company();
    await grant(buyer.companyId, 100_000);
    await payCredit(buyer.token, (await unpaid(buyer.userId, 20_000)).id);
    const month = chinaDay().slice(0, 7);
    const xlsx = await app.inject({
      method: 'GET',
      url: `/api/user/credit/statement?month=${month}&format=xlsx`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(encodeURIComponent('账期对账单'));
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const pdf = await app.inject({
      method: 'GET',
      url: `/api/user/credit/statement?month=${month}&format=pdf`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const empty = await call(app, 'GET', '/api/user/credit/statement?month=2001-01&format=pdf', { token: buyer.token });
    expect(empty.body).toMatchObject({ code: Refusal.EXPORT_EMPTY });
  });

  it("another company's repayments and orders are unknown to a buyer; the operator calls need ADMIN_TOKEN", async () => {
    const mine = await company();
    const theirs = await company();
    await grant(mine.companyId, 100_000);
    await grant(theirs.companyId, 100_000);
    const theirOrder = await unpaid(theirs.userId, 1_000);
    expect((await payCredit(mine.token, theirOrder.id)).status).toBe(404);
    await payCredit(theirs.token, theirOrder.id);
    expect((await accountOf(mine.token)).charges).toEqual([]);
    expect(
      (await admin('POST', '/api/admin/credit/line', { company_id: 99999999, limit: 1, term_days: 1 })).status,
    ).toBe(404);
    expect((await admin('POST', '/api/admin/credit/repayment/99999999/confirm')).status).toBe(404);
    expect(
      (
        await grant(mine.companyId, 1, 1).then(() =>
          admin('GET', '/api/admin/credit/repayments', undefined, 'wrong-token-wrong-token!'),
        )
      ).status,
    ).toBe(403);
  });
});
