import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import type { InvoiceTitleDto } from '../src/areas/invoice-titles/service';
import type { InvoiceDto } from '../src/areas/invoices/service';
import { adminApp, call, makeBuyers, signContract, testApp } from './testkit';

const ADMIN_TOKEN = 'invoice-title-admin-token-for-tests';

interface Options {
  none_allowed: 0 | 1;
  none_reason: string | null;
  drug_names: string[];
  vat_special_allowed: 0 | 1;
  missing: string[];
}

let app: FastifyInstance;
let admin: FastifyInstance;
let db: Db;
/** Two store accounts of one company of the test's own, and a buyer of another company. */
let a1: { id: number; token: string; addressId: number };
let a2: { id: number; token: string; addressId: number };
let b1: { id: number; token: string; addressId: number };
const companies: number[] = [];
const users: number[] = [];
const orders: number[] = [];

const TITLE = {
  name: '杭州康宁大药房连锁有限公司',
  tax_id: '91330100716105852F',
  address: '浙江省杭州市西湖区文三路90号',
  phone: '0571-88886666',
  bank: '中国工商银行杭州文三路支行',
  bank_account: '1202 0212 0900 0012 345',
};

const readTitle = (token: string) => call<InvoiceTitleDto>(app, 'GET', '/api/user/invoice_title', { token });
const saveTitle = (token: string, form: Record<string, unknown>) =>
  call<InvoiceTitleDto>(app, 'POST', '/api/user/invoice_title', { token, form });
const options = (token: string, cartIds: number[]) =>
  call<Options>(app, 'GET', '/api/order/invoice_options', { token, query: { cart_ids: cartIds } });

/** A goods to order plainly (no ladder, activity or ephedrine), a drug or a device by its approval number. */
async function goods(kind: 'drug' | 'device'): Promise<{ id: number; name: string }> {
  const [row] = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM goods g WHERE is_buy = 1 AND is_hm = 0 AND number >= 300 AND is_dpby = 0
     AND pzwh LIKE $1 AND NOT EXISTS (SELECT 1 FROM ladder_prices lp WHERE lp.goods_id = g.id)
     AND NOT EXISTS (SELECT 1 FROM goods_activities ga WHERE ga.goods_id = g.id)
     ORDER BY id LIMIT 1`,
    [kind === 'drug' ? '国药准字%' : '%械%'],
  );
  if (row === undefined) throw new Error(`the seed has no plain ${kind}`);
  return row;
}

async function cartWith(token: string, goodsId: number): Promise<number[]> {
  await call(app, 'POST', '/api/cart', { token, form: { params: [{ goods_id: goodsId, number: 2 }] } });
  const list = await call<{ data: { id: number }[] }>(app, 'GET', '/api/cart/list', { token });
  return list.body.data.data.map((l) => l.id);
}

let keys = 0;
async function place(buyer: typeof a1, cartIds: number[], invoiceType: number) {
  const res = await call<{ id: number; invoice_type: number }>(app, 'POST', '/api/order', {
    token: buyer.token,
    form: {
      cart_ids: cartIds,
      address_id: buyer.addressId,
      invoice_type: invoiceType,
      idempotency_key: `title-${Date.now()}-${++keys}`,
    },
    arrayFormat: 'brackets',
  });
  if (res.status === 200) orders.push(res.body.data.id);
  return res;
}

const markPaid = (orderId: number) =>
  db.query("UPDATE orders SET status = 1, paid_at = now(), pay_method = 'alipay' WHERE id = $1", [orderId]);
const invoicesOf = async (token: string) =>
  (await call<{ data: InvoiceDto[] }>(app, 'GET', '/api/user/invoice', { token, query: { page_size: 50 } })).body.data
    .data;

async function companyWith(name: string, count: number) {
  const [company] = await db.query<{ id: number }>(
    "INSERT INTO companies (name, tax_id) VALUES ($1, '91330106MA27XK8P1K') RETURNING id",
    [name],
  );
  if (company === undefined) throw new Error('no company');
  companies.push(company.id);
  const buyers = await makeBuyers(db, count);
  for (const b of buyers) {
    users.push(b.id);
    await db.query('UPDATE users SET company_id = $2 WHERE id = $1', [b.id, company.id]);
  }
  const first = buyers[0];
  if (first === undefined) throw new Error('no buyer');
  await signContract(app, first.token);
  return buyers;
}

beforeAll(async () => {
  ({ app, db } = await testApp());
  admin = await adminApp(db, ADMIN_TOKEN);
  const [first, second] = await companyWith('测试抬头药房甲', 2);
  const [other] = await companyWith('测试抬头药房乙', 1);
  if (first === undefined || second === undefined || other === undefined) throw new Error('no buyers');
  [a1, a2, b1] = [first, second, other];
});

afterAll(async () => {
  await db.query('DELETE FROM invoices WHERE order_id = ANY($1::int[])', [orders]);
  await db.query('DELETE FROM order_lines WHERE order_id = ANY($1::int[])', [orders]);
  await db.query('DELETE FROM orders WHERE id = ANY($1::int[])', [orders]);
  await db.query('DELETE FROM cart_lines WHERE user_id = ANY($1::int[])', [users]);
  await db.query('DELETE FROM invoice_titles WHERE company_id = ANY($1::int[])', [companies]);
  await admin.close();
});

describe('the company’s invoice title', () => {
  it('INVOICE-10: before one is kept, starts from the company’s name and licence number, incomplete for a 专票', async () => {
    const res = await readTitle(a1.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      saved: 0,
      name: '测试抬头药房甲',
      tax_id: '91330106MA27XK8P1K',
      address: '',
      updated_at: null,
      missing: ['注册地址', '注册电话', '开户银行', '银行账号'],
    });
    expect((await call(app, 'GET', '/api/user/invoice_title')).status).toBe(401);
  });

  it('VAL-27..VAL-30: names each wrong field and keeps nothing', async () => {
    const res = await saveTitle(a1.token, {
      name: ' ',
      tax_id: '91330100716105852G',
      phone: '88886666',
      bank_account: '6222-0212',
      address: '路'.repeat(101),
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      name: ['请填写发票抬头名称'],
      tax_id: ['纳税人识别号校验位不正确，请核对营业执照上的统一社会信用代码'],
      phone: ['请输入正确的注册电话（手机号或固定电话，如 0571-88886666）'],
      bank_account: ['银行账号应为8-30位数字'],
      address: ['注册地址最多100个字'],
    });
    const shape = await saveTitle(a1.token, { ...TITLE, tax_id: '91330100716105852' });
    expect(shape.body.data).toEqual({ tax_id: [expect.stringContaining('18位统一社会信用代码')] });
    expect((await readTitle(a1.token)).body.data.saved).toBe(0);
  });

  it('INVOICE-10: one per company: another store edits it, another company neither reads nor changes it', async () => {
    const saved = await saveTitle(a1.token, { ...TITLE, bank: '', bank_account: '' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ saved: 1, name: TITLE.name, missing: ['开户银行', '银行账号'] });

    const seen = await readTitle(a2.token);
    expect(seen.body.data).toMatchObject({ saved: 1, name: TITLE.name, tax_id: TITLE.tax_id });
    const edited = await saveTitle(a2.token, { ...TITLE, bank: '', bank_account: '', phone: '13812345678' });
    expect(edited.body.data.phone).toBe('13812345678');
    expect((await readTitle(a1.token)).body.data.phone).toBe('13812345678');

    const other = await readTitle(b1.token);
    expect(other.body.data).toMatchObject({ saved: 0, name: '测试抬头药房乙' });
    await saveTitle(b1.token, { name: '乙公司', tax_id: '9144030071526726XG' });
    expect((await readTitle(b1.token)).body.data.name).toBe('乙公司');
    expect((await readTitle(a1.token)).body.data).toMatchObject({ name: TITLE.name, tax_id: TITLE.tax_id });
  });
});

describe('the invoice chosen at checkout', () => {
  it('INVOICE-10: 不开发票 is refused with a drug (40115), allowed for devices, and such an order has no invoice', async () => {
    const drug = await goods('drug');
    const drugCart = await cartWith(b1.token, drug.id);
    const offered = await options(b1.token, drugCart);
    expect(offered.body.data).toMatchObject({ none_allowed: 0, drug_names: [drug.name] });
    expect(offered.body.data.none_reason).toContain('按GSP规定须开具发票');

    const refused = await place(b1, drugCart, 0);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 40115, message: expect.stringContaining(drug.name) });
    // Nothing was taken: the lines are still in the cart.
    expect((await options(b1.token, drugCart)).body.data.drug_names).toEqual([drug.name]);
    await db.query('DELETE FROM cart_lines WHERE user_id = $1', [b1.id]);

    const device = await goods('device');
    const deviceCart = await cartWith(b1.token, device.id);
    expect((await options(b1.token, deviceCart)).body.data).toMatchObject({ none_allowed: 1, none_reason: null });
    const placed = await place(b1, deviceCart, 0);
    expect(placed.status).toBe(200);
    expect(placed.body.data.invoice_type).toBe(0);
    await markPaid(placed.body.data.id);
    expect((await invoicesOf(b1.token)).map((i) => i.order_id)).not.toContain(placed.body.data.id);
  });

  it('INVOICE-10: another buyer’s cart ids are as unknown as missing ones', async () => {
    const drug = await goods('drug');
    const cart = await cartWith(a1.token, drug.id);
    expect((await options(b1.token, cart)).body.data).toMatchObject({ none_allowed: 1, drug_names: [] });
    await db.query('DELETE FROM cart_lines WHERE user_id = $1', [a1.id]);
  });

  it('INVOICE-11..INVOICE-13: a 专票 waits for a complete title; the invoice and its PDF use the title kept with the order', async () => {
    const drug = await goods('drug');
    const cart = await cartWith(a1.token, drug.id);
    expect((await options(a1.token, cart)).body.data).toMatchObject({
      vat_special_allowed: 0,
      missing: ['开户银行', '银行账号'],
    });
    const refused = await place(a1, cart, 2);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 40116, message: expect.stringContaining('开户银行、银行账号') });

    await saveTitle(a2.token, TITLE);
    expect((await options(a1.token, cart)).body.data).toMatchObject({ vat_special_allowed: 1, missing: [] });
    const placed = await place(a1, cart, 2);
    expect(placed.status).toBe(200);
    const orderId = placed.body.data.id;

    // The title changes after ordering; the order's invoice keeps what it was ordered with.
    await saveTitle(a1.token, { ...TITLE, name: '改名后的公司', address: '新地址1号' });
    await markPaid(orderId);
    const pending = (await invoicesOf(a1.token)).find((i) => i.order_id === orderId);
    expect(pending).toMatchObject({
      state: 'pending',
      kind: 2,
      kind_text: '增值税电子专用发票',
      title: TITLE.name,
      tax_id: TITLE.tax_id,
      address_phone: `${TITLE.address} ${TITLE.phone}`,
      bank_account: `${TITLE.bank} 1202021209000012345`,
    });
    const issued = await admin.inject({
      method: 'POST',
      url: `/api/admin/invoice/${orderId}/issue`,
      headers: { 'x-admin-token': ADMIN_TOKEN },
    });
    expect(issued.statusCode).toBe(200);
    expect((await invoicesOf(a1.token)).find((i) => i.order_id === orderId)).toMatchObject({
      state: 'issued',
      title: TITLE.name,
      address_phone: `${TITLE.address} ${TITLE.phone}`,
    });

    const pdf = await app.inject({
      method: 'GET',
      url: `/api/user/invoice/${orderId}/pdf`,
      headers: { authorization: `Bearer ${a1.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain('电子发票（增值税专用发票）');
    expect(flat).toContain(`地址、电话：${TITLE.address}${TITLE.phone}`);
    expect(flat).toContain(`开户行及账号：${TITLE.bank}1202021209000012345`);
    expect(flat).not.toContain('新地址1号');
    // Another company's buyer gets no PDF of it.
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/user/invoice/${orderId}/pdf`,
      headers: { authorization: `Bearer ${b1.token}` },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('INVOICE-01: an order that says nothing of the invoice asks for the ordinary one', async () => {
    const drug = await goods('drug');
    const cart = await cartWith(b1.token, drug.id);
    const res = await call<{ id: number; invoice_type: number }>(app, 'POST', '/api/order', {
      token: b1.token,
      form: { cart_ids: cart, address_id: b1.addressId, idempotency_key: `title-default-${Date.now()}` },
      arrayFormat: 'brackets',
    });
    expect(res.status).toBe(200);
    orders.push(res.body.data.id);
    expect(res.body.data.invoice_type).toBe(1);
  });
});
