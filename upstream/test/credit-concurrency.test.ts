import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db/db';
import {
  PAY_PASSWORD,
  TEST_ADDRESS,
  adminApp,
  call,
  makeBuyers,
  removeBuyers,
  signContract,
  testStore,
  unpaidOrder,
} from './testkit';

// CREDIT-04, CREDIT-06 under real concurrent transactions: PostgreSQL only, as test/concurrency.test.ts.
if (inject('databaseUrl') === null) throw new Error('the concurrency tests need PostgreSQL: set TEST_DATABASE_URL');

const ADMIN_TOKEN = 'admin-token-for-credit-concurrency';
let app: FastifyInstance;
let db: Db;
let companyId = 0;
const buyerIds: number[] = [];

beforeAll(async () => {
  db = await testStore();
  app = await adminApp(db, ADMIN_TOKEN, { bankAccount: { name: '测试', bank: '测试银行', account: '1' } });
  const [co] = await db.query<{ id: number }>("INSERT INTO companies (name) VALUES ('账期并发测试') RETURNING id");
  companyId = co?.id ?? 0;
});

afterAll(async () => {
  await db.query('DELETE FROM credit_lines WHERE company_id = $1', [companyId]);
  await db.query('DELETE FROM messages WHERE user_id = ANY($1::int[])', [buyerIds]);
  await removeBuyers(db, buyerIds);
  await app.close();
});

const admin = (url: string, form?: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'x-admin-token': ADMIN_TOKEN, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
  });

describe('credit terms under concurrency on PostgreSQL', () => {
  it('concurrent credit payments by the stores of one company never go over its line', async () => {
    const buyers = await makeBuyers(db, 6);
    buyerIds.push(...buyers.map((b) => b.id));
    await db.query('UPDATE users SET company_id = $1 WHERE id = ANY($2::int[])', [companyId, buyerIds]);
    const first = buyers[0];
    if (first === undefined) throw new Error('no buyer');
    await signContract(app, first.token);
    expect(
      (await admin('/api/admin/credit/line', { company_id: String(companyId), limit: '30000', term_days: '30' }))
        .statusCode,
    ).toBe(200);
    // Written one after another (order numbers come from the id), then paid all at once.
    const orders: number[] = [];
    for (const b of buyers) orders.push((await unpaidOrder(db, b.id, 10_000, TEST_ADDRESS)).id);
    const answers = await Promise.all(
      buyers.map((b, i) =>
        call(app, 'POST', `/api/order/${orders[i] ?? 0}/pay`, {
          token: b.token,
          form: { method: 'credit', pay_password: PAY_PASSWORD },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const [sum] = await db.query<{ used: number }>(
      'SELECT COALESCE(sum(amount), 0)::int AS used FROM credit_charges WHERE company_id = $1',
      [companyId],
    );
    expect(sum?.used).toBe(30_000);
  });

  it('concurrent confirmations of one repayment: exactly one clears it', async () => {
    const [buyer] = buyerIds;
    const [row] = await db.query<{ id: number }>(
      'INSERT INTO credit_repayments (company_id, user_id, amount) VALUES ($1, $2, 10000) RETURNING id',
      [companyId, buyer ?? 0],
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => admin(`/api/admin/credit/repayment/${row?.id ?? 0}/confirm`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    const [repaid] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM credit_repayments WHERE company_id = $1 AND status = 'confirmed'",
      [companyId],
    );
    expect(repaid?.n).toBe(1);
    const messages = await db.query('SELECT 1 FROM messages WHERE user_id = $1 AND title = $2', [
      buyer ?? 0,
      '账期还款已到账',
    ]);
    expect(messages).toHaveLength(1);
  });
});
