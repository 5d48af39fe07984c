// What operators rely on (SEC-23, SEC-24, PAY-13): log lines without secrets at any level, an audit line for each
// lockout, refused record id, operator call and payment held, and the list of payments kept for a refund.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { paymentsOf } from '../src/config';
import type { Db } from '../src/db/db';
import type { PaymentProvider } from '../src/lib/payments';
import { call, login, testAppConfig, testStore, userId } from './testkit';

const ADMIN_TOKEN = 'operations-admin-token-0123456789';

/** A provider whose every notification is genuine: the body says what was paid (the signature is not the point). */
const trustingAlipay: PaymentProvider = {
  method: 'alipay',
  createPayment: () => Promise.reject(new Error('not used')),
  verifyNotice: (notice) => {
    const body = notice.body as { order_sn: string; trade_no: string; amount: string };
    return { ok: true, payment: { orderSn: body.order_sn, tradeNo: body.trade_no, amount: Number(body.amount) } };
  },
};

const lines: Record<string, unknown>[] = [];
let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  db = await testStore();
  app = createApp({
    db,
    config: {
      ...testAppConfig,
      logLevel: 'debug',
      payments: { ...paymentsOf(testAppConfig), adminToken: ADMIN_TOKEN },
    },
    paymentProviders: [trustingAlipay],
    logDestination: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  app.get('/test/log', async (request) => {
    request.log.debug(
      { headers: request.headers, note: '身份证 11010519491231002X', buyer: { phone: '13812345678' } },
      'code sent to 13812345678',
    );
    return { ok: true };
  });
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  lines.length = 0;
});

const events = (event: string) => lines.filter((line) => line['event'] === event);

describe('SEC-23: redaction at every level', () => {
  it('writes debug lines (the request URL, headers, fields, message) with phones, ID numbers and cookies redacted', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/test/log?phone=13812345678&id_card=11010519491231002X',
      headers: { cookie: 'token=sessiontoken123', authorization: 'Bearer bearertoken456' },
    });
    expect(res.statusCode).toBe(200);
    // At debug, Fastify also logs each request with its URL: the query's phone and ID number go too.
    expect(lines).toContainEqual(expect.objectContaining({ level: 20, msg: 'code sent to 138****5678' }));
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'incoming request',
        req: expect.objectContaining({ url: '/test/log?phone=138****5678&id_card=[redacted]' }),
      }),
    );
    const text = JSON.stringify(lines);
    for (const secret of ['13812345678', '11010519491231002X', 'sessiontoken123', 'bearertoken456']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('SEC-24: audit lines', () => {
  it('writes login.locked with the request id when an account is locked', async () => {
    const username = `locked${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 10; i++) {
      await call(app, 'POST', '/api/user/login', { form: { username, password: `wrong-${i}` } });
    }
    const refused = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'req-lock-1' },
      payload: `username=${username}&password=wrong-10`,
    });
    expect(refused.statusCode).toBe(429);
    expect(events('login.locked')).toEqual([
      expect.objectContaining({ level: 30, reqId: 'req-lock-1', rule: 'loginPair', audit: true }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('wrong-10');
  });

  it("writes record.refused when a buyer names another company's order", async () => {
    const [foreign] = await db.query<{ id: number }>('SELECT id FROM orders WHERE user_id = $1 LIMIT 1', [
      await userId(db, 'demo2'),
    ]);
    const id = foreign?.id ?? 2_000_000_000;
    const token = await login(app);
    const res = await app.inject({
      method: 'GET',
      url: `/api/order/${id}`,
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'req-foreign-1' },
    });
    expect(res.statusCode).toBe(404);
    expect(events('record.refused')).toEqual([
      expect.objectContaining({ level: 30, reqId: 'req-foreign-1', route: '/api/order/:id', id: String(id) }),
    ]);
  });

  it('writes operator.action for every operator call, refused ones included, never with the token', async () => {
    const ok = await app.inject({
      method: 'GET',
      url: '/api/admin/payment/unapplied',
      headers: { 'x-admin-token': ADMIN_TOKEN, 'x-request-id': 'req-op-1' },
    });
    expect(ok.statusCode).toBe(200);
    const refused = await app.inject({
      method: 'GET',
      url: '/api/admin/payment/unapplied',
      headers: { 'x-admin-token': 'a-wrong-token-0123456789', 'x-request-id': 'req-op-2' },
    });
    expect(refused.statusCode).toBe(403);
    expect(events('operator.action')).toEqual([
      expect.objectContaining({ reqId: 'req-op-1', route: '/api/admin/payment/unapplied', status: 200 }),
      expect.objectContaining({ reqId: 'req-op-2', status: 403 }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(ADMIN_TOKEN);
    expect(JSON.stringify(lines)).not.toContain('a-wrong-token');
  });
});

describe('PAY-13: payments kept unapplied are listed for operators', () => {
  it('holds money for an order already paid, writes payment.held, and lists it with the count for the gauge', async () => {
    const [paid] = await db.query<{ order_sn: string; pay_amount: number }>(
      'SELECT order_sn, pay_amount FROM orders WHERE status IN (1, 2, 3) ORDER BY id LIMIT 1',
    );
    if (paid === undefined) throw new Error('the seed has no paid order');
    const tradeNo = `T${randomBytes(8).toString('hex')}`;
    const notice = await app.inject({
      method: 'POST',
      url: '/api/payment/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `order_sn=${paid.order_sn}&trade_no=${tradeNo}&amount=${paid.pay_amount}`,
    });
    expect(notice.body).toBe('success');
    expect(events('payment.held')).toEqual([
      expect.objectContaining({ method: 'alipay', orderSn: paid.order_sn, tradeNo, amount: paid.pay_amount }),
    ]);

    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/payment/unapplied',
      headers: { 'x-admin-token': ADMIN_TOKEN },
    });
    const body = list.json<{
      data: { count: number; amount: number; items: { trade_no: string; order_sn: string }[] };
    }>();
    expect(body.data.items).toContainEqual(expect.objectContaining({ trade_no: tradeNo, order_sn: paid.order_sn }));
    const [held] = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM payments WHERE NOT applied');
    expect(body.data.count).toBe(Number(held?.n));

    const summary = await call<{ count: number; amount: number }>(app, 'GET', '/api/ops/payments/unapplied');
    expect(summary.body.data).toEqual({ count: body.data.count, amount: body.data.amount });
    // Without the token the list is refused; the summary names no buyer, order or trade.
    expect((await call(app, 'GET', '/api/admin/payment/unapplied')).status).toBe(403);
    expect(JSON.stringify(summary.body)).not.toContain(tradeNo);
  });
});
