import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { OPENAPI_PATH } from '../src/app';
import type { Db } from '../src/db/db';
import type { InvoiceDto } from '../src/areas/invoices/service';
import { adminApp, call, login, makeBuyers, TEST_ADDRESS, testApp, userId, type Answer } from './testkit';
import { seedOrderStory } from '../src/seed/order-story';

interface Page<T> {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  data: T[];
}

const ADMIN_TOKEN = 'invoice-admin-token-for-tests';

// Answers are checked against upstream/openapi.yaml, as openapi.test.ts checks the other areas'.
const description: unknown = parseYaml(readFileSync(OPENAPI_PATH, 'utf8'));
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema({ ...(description as object), $id: 'https://upstream.test/openapi' });
function expectDescribed(response: string, res: Answer): void {
  const validate = ajv.compile({
    $ref: `https://upstream.test/openapi#/components/responses/${response}/content/application~1json/schema`,
  });
  expect(validate(res.body), ajv.errorsText(validate.errors)).toBe(true);
}

let app: FastifyInstance;
let admin: FastifyInstance;
let db: Db;
let demo: string;
let demo2: string;
const madeOrders: number[] = [];
const madeUsers: number[] = [];
const madeCompanies: number[] = [];

/** An order of one line (4 × ¥23.50, ¥10.00 freight, a ¥3.00 coupon), paid unless its status says not, for a buyer of the test's own. */
async function order(buyer: number, opts: { status?: 0 | 1 | 3; number?: number } = {}): Promise<number> {
  const status = opts.status ?? 1;
  const [goods] = await db.query<{ id: number }>('SELECT min(id) AS id FROM goods');
  const { id } = await seedOrderStory(db, {
    key: `invoice-test-${buyer}-${madeOrders.length}`,
    userId: buyer,
    placed: '2 days',
    status,
    lines: [
      {
        goods: {
          id: goods?.id ?? 1,
          name: '阿莫西林胶囊',
          sccj: '测试药业',
          ypgg: '0.25g*24粒',
          bzdw: '盒',
          price: 2350,
        },
        number: opts.number ?? 4,
      },
    ],
    steps:
      status === 0 ? {} : status === 1 ? { paid: '2 days' } : { paid: '2 days', shipped: '1 day', received: '1 hour' },
    payMethod: status === 0 ? undefined : 'alipay',
    freight: 1000,
    coupon: { id: 1, amount: 300 },
    address: TEST_ADDRESS,
  });
  madeOrders.push(id);
  return id;
}

const issue = (id: number, token = ADMIN_TOKEN) =>
  admin.inject({ method: 'POST', url: `/api/admin/invoice/${id}/issue`, headers: { 'x-admin-token': token } });
const reverse = (id: number) =>
  admin.inject({ method: 'POST', url: `/api/admin/invoice/${id}/reverse`, headers: { 'x-admin-token': ADMIN_TOKEN } });
const list = (token: string, query: Record<string, unknown> = {}) =>
  call<Page<InvoiceDto>>(app, 'GET', '/api/user/invoice', { token, query });
const pdf = (token: string, id: number) =>
  app.inject({ method: 'GET', url: `/api/user/invoice/${id}/pdf`, headers: { authorization: `Bearer ${token}` } });

async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, '');
}

beforeAll(async () => {
  ({ app, db } = await testApp());
  admin = await adminApp(db, ADMIN_TOKEN);
  [demo, demo2] = await Promise.all([login(app), login(app, 'demo2')]);
});

afterAll(async () => {
  await db.query('DELETE FROM invoices WHERE order_id = ANY($1::int[])', [madeOrders]);
  await db.query('DELETE FROM user_coupons WHERE used_order_id = ANY($1::int[])', [madeOrders]);
  await db.query('DELETE FROM orders WHERE id = ANY($1::int[])', [madeOrders]);
  await db.query('DELETE FROM users WHERE id = ANY($1::int[])', [madeUsers]);
  await db.query('DELETE FROM companies WHERE id = ANY($1::int[])', [madeCompanies]);
  await admin.close();
});

describe('the buyer’s invoices', () => {
  it('INVOICE-01, INVOICE-03: lists only the buyer’s own paid orders, issued (seeded) and 开票中, newest payment first', async () => {
    const res = await list(demo, { page_size: 50 });
    expect(res.status).toBe(200);
    expectDescribed('InvoiceList', res);
    const { data } = res.body.data;
    const states = new Set(data.map((i) => i.state));
    expect(states).toContain('issued');
    expect(states).toContain('pending');
    const demoId = await userId(db, 'demo');
    const own = await db.query<{ id: number }>('SELECT id FROM orders WHERE user_id = $1 AND status IN (1, 2, 3)', [
      demoId,
    ]);
    expect(new Set(data.map((i) => i.order_id))).toEqual(new Set(own.map((o) => o.id)));
    const issued = data.find((i) => i.state === 'issued');
    expect(issued).toMatchObject({
      state_text: '已开票',
      title: '仁心大药房连锁有限公司',
      tax_id: '91330106MA27XK8P1K',
    });
    expect(issued?.code).toMatch(/^\d{12}$/);
    expect(issued?.number).toMatch(/^\d{8}$/);
    expect(data.find((i) => i.state === 'pending')).toMatchObject({ state_text: '开票中', code: null, number: null });
    const paid = data.map((i) => i.paid_at ?? '');
    expect(paid).toEqual([...paid].sort().reverse());

    const other = await list(demo2, { page_size: 50 });
    const mine = new Set(data.map((i) => i.id));
    expect(other.body.data.data.length).toBeGreaterThan(0);
    expect(other.body.data.data.filter((i) => mine.has(i.id))).toEqual([]);
  });

  it('INVOICE-03: filters by state and by the start of the order number, and pages', async () => {
    const pending = await list(demo, { state: 'pending', page_size: 50 });
    expect(pending.body.data.data.length).toBeGreaterThan(0);
    expect(pending.body.data.data.every((i) => i.state === 'pending')).toBe(true);

    const all = await list(demo, { page_size: 50 });
    const target = all.body.data.data[0];
    if (target === undefined) throw new Error('demo has no invoices');
    const bySn = await list(demo, { order_sn: target.order_sn.slice(0, 12) });
    expect(bySn.body.data.data.map((i) => i.order_sn).every((sn) => sn.startsWith(target.order_sn.slice(0, 12)))).toBe(
      true,
    );
    expect(bySn.body.data.data.map((i) => i.id)).toContain(target.id);
    expect((await list(demo, { order_sn: target.order_sn.slice(1) })).body.data.total).toBe(0);

    const first = await list(demo, { page_size: 1 });
    expect(first.body.data).toMatchObject({ per_page: 1, total: all.body.data.total, last_page: all.body.data.total });

    const bad = await list(demo, { state: 'paid' });
    expect(bad.status).toBe(422);
    expect((await call(app, 'GET', '/api/user/invoice')).status).toBe(401);
  });
});

describe('the invoice PDF', () => {
  it('INVOICE-04, INVOICE-05: is a real PDF with the Chinese font embedded and the invoice’s words in it', async () => {
    const { data } = (await list(demo, { state: 'issued', page_size: 1 })).body.data;
    const invoice = data[0];
    if (invoice === undefined || invoice.number === null) throw new Error('demo has no issued invoice');
    const res = await pdf(demo, invoice.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${invoice.code}-${invoice.number}.pdf"; filename*=UTF-8''${encodeURIComponent(`电子发票-${invoice.code}-${invoice.number}.pdf`)}`,
    );
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = bytes.toString('latin1');
    // The font is embedded (TrueType outlines) as a subset: six capital letters and a plus before its name.
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
    expect(bytes.length).toBeLessThan(200_000);

    const text = await pdfText(bytes);
    expect(text).toContain('电子发票（普通发票）');
    expect(text).toContain('仁心大药房连锁有限公司');
    expect(text).toContain('91330106MA27XK8P1K');
    expect(text).toContain(invoice.number);
    expect(text).toContain(invoice.order_sn);
    expect(text).toContain('药采通医药科技有限公司（演示）');
  });

  it('INVOICE-04: lists goods, freight and promotions so the lines add up, with the total in figures and capitals', async () => {
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    madeUsers.push(buyer.id);
    const id = await order(buyer.id);
    expect((await issue(id)).statusCode).toBe(200);
    const text = await pdfText((await pdf(buyer.token, id)).rawPayload);
    // 4 × 23.50 = 94.00, freight 10.00, 3.00 off: 101.00 paid.
    for (const words of ['阿莫西林胶囊', '0.25g*24粒', '23.50', '94.00', '运输服务*运费', '10.00', '-3.00']) {
      expect(text).toContain(words);
    }
    expect(text).toContain('壹佰零壹圆整');
    expect(text).toContain('¥101.00');
  });

  it('INVOICE-04: another company’s invoice answers exactly as an unknown one (404), and 开票中 has no PDF yet (409)', async () => {
    const { data } = (await list(demo2, { state: 'issued', page_size: 1 })).body.data;
    const theirs = data[0];
    if (theirs === undefined) throw new Error('demo2 has no issued invoice');
    const foreign = await pdf(demo, theirs.id);
    const unknown = await pdf(demo, 2_000_000_000);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.json()).toMatchObject({ code: 404, message: '发票不存在' });
    expect((await pdf(demo, 0)).statusCode).toBe(404);
    expect((await list(demo, { order_sn: theirs.order_sn })).body.data.total).toBe(0);

    const pending = (await list(demo, { state: 'pending', page_size: 1 })).body.data.data[0];
    if (pending === undefined) throw new Error('demo has no pending invoice');
    const early = await pdf(demo, pending.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 40113, message: '发票开具中，暂无PDF，开具后即可下载' });
  });
});

describe('the operator’s calls', () => {
  it('INVOICE-02: issues a paid order’s invoice once, with a message to the buyer; concurrent issues make one', async () => {
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    madeUsers.push(buyer.id);
    const id = await order(buyer.id);
    expect((await issue(id, 'wrong-token-wrong-token')).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `/api/admin/invoice/${id}/issue` })).statusCode).toBe(404);

    const answers = await Promise.all([issue(id), issue(id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const done = answers.find((a) => a.statusCode === 200);
    const refused = answers.find((a) => a.statusCode === 400);
    expect(refused?.json()).toMatchObject({ code: 40111 });
    const body = done?.json<Answer['body']>();
    if (body === undefined) throw new Error('no issue answer');
    expectDescribed('OneInvoice', { status: 200, body, headers: {} });
    expect(body.data).toMatchObject({ id, state: 'issued', amount: 2350 * 4 + 700, title: '仁心大药房连锁有限公司' });
    const messages = await db.query<{ title: string }>(
      "SELECT title FROM messages WHERE user_id = $1 AND dedupe_key = 'invoice-issued:' || $2::text",
      [buyer.id, id],
    );
    expect(messages).toEqual([{ title: '电子发票已开具' }]);
    expect((await list(buyer.token)).body.data.data).toMatchObject([{ id, state: 'issued' }]);
  });

  it('INVOICE-02: refuses an unpaid order (40110) and a buyer without a 统一社会信用代码 (40112)', async () => {
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    madeUsers.push(buyer.id);
    expect((await issue(await order(buyer.id, { status: 0 }))).json()).toMatchObject({ code: 40110 });
    expect((await issue(2_000_000_000)).statusCode).toBe(404);

    const [company] = await db.query<{ id: number }>("INSERT INTO companies (name) VALUES ('无税号诊所') RETURNING id");
    if (company === undefined) throw new Error('no company');
    madeCompanies.push(company.id);
    await db.query('UPDATE users SET company_id = $2 WHERE id = $1', [buyer.id, company.id]);
    const id = await order(buyer.id);
    const refused = await issue(id);
    expect(refused.json()).toMatchObject({ code: 40112, message: '购买方未登记统一社会信用代码，不能开票' });
    expect((await list(buyer.token)).body.data.data.find((i) => i.id === id)).toMatchObject({
      state: 'pending',
      title: '无税号诊所',
      tax_id: null,
    });
  });

  it('INVOICE-07: reverses an issued invoice only once every unit of its order was refunded', async () => {
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    madeUsers.push(buyer.id);
    const id = await order(buyer.id, { status: 3, number: 4 });
    expect((await reverse(id)).json()).toMatchObject({ code: 40111 });
    await issue(id);
    const [line] = await db.query<{ id: number }>('SELECT id FROM order_lines WHERE order_id = $1', [id]);
    const refund = (number: number) =>
      db.query(
        `INSERT INTO returns (user_id, order_id, order_line_id, number, reason, refund_amount, status, refunded_at)
         VALUES ($1, $2, $3, $4, '其他', 0, 4, now())`,
        [buyer.id, id, line?.id ?? 0, number],
      );
    await refund(3);
    expect((await reverse(id)).json()).toMatchObject({ code: 40114, message: '订单尚未全额退款，不能红冲' });
    await refund(1);
    const done = await reverse(id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ data: { state: 'reversed', state_text: '已红冲' } });
    expect(done.json<{ data: InvoiceDto }>().data.red_number).toMatch(/^\d{8}$/);
    expect((await reverse(id)).json()).toMatchObject({ code: 40111 });
    expect((await list(buyer.token, { state: 'reversed' })).body.data.data.map((i) => i.id)).toEqual([id]);
    const text = await pdfText((await pdf(buyer.token, id)).rawPayload);
    expect(text).toContain('全额红冲');
    await db.query('DELETE FROM returns WHERE order_id = $1', [id]);
  });
});
