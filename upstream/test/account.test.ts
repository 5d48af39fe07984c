import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { paymentsOf } from '../src/config';
import type { Db } from '../src/db/db';
import { newToken } from '../src/lib/auth';
import {
  call,
  clearCart,
  findGoods,
  freshPhone,
  login,
  postMultipart,
  testApp,
  testAppConfig,
  userId,
} from './testkit';

let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  ({ app, db } = await testApp());
});

/** A real one-pixel PNG: signature, IHDR, IDAT and IEND chunks (CRCs are not checked by content sniffing). */
export function tinyPng(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

interface Uploaded {
  id: number;
  name: string;
  mime: string;
  size: number;
  url: string;
}

async function upload(
  token: string,
  file: { name: string; type: string; bytes: Uint8Array } | undefined,
  purpose = 'qualification',
) {
  const res = await postMultipart(app, '/api/user/upload', token, { purpose }, file);
  return { status: res.statusCode, body: res.json<{ code: number; message: string; data: Uploaded }>() };
}

/** A company of its own with documents ending `days` from today (null: 长期), and a signed-in buyer of it. */
async function companyWith(docs: { kind: string; name: string; to: number | null; required?: 0 | 1 }[]) {
  const [company] = await db.query<{ id: number }>("INSERT INTO companies (name) VALUES ('测试诊所') RETURNING id");
  if (company === undefined) throw new Error('no company');
  const username = `qa_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const [user] = await db.query<{ id: number }>(
    `INSERT INTO users (company_id, username, password_hash, name)
     SELECT $1, $2, password_hash, '测试' FROM users WHERE username = 'demo' RETURNING id`,
    [company.id, username],
  );
  if (user === undefined) throw new Error('no user');
  for (const [sort, d] of docs.entries()) {
    await db.query(
      `INSERT INTO qualifications (company_id, kind, name, number, valid_from, valid_to, required, sort)
       VALUES ($1, $2, $3, 'N-1', DATE '2020-01-01',
         ((now() AT TIME ZONE 'UTC') + interval '8 hours')::date + $4::int, $5, $6)`,
      [company.id, d.kind, d.name, d.to, d.required ?? 1, sort],
    );
  }
  return { userId: user.id, username, token: await login(app, username, 'demo1234') };
}

interface Doc {
  id: number;
  name: string;
  status: string;
  days_left: number | null;
  review: { status: string; file_id: number } | null;
  file_id: number | null;
}

const zizhi = async (token: string) => (await call<Doc[]>(app, 'GET', '/api/user/zizhi', { token })).body.data;

const messagesOf = (id: number) =>
  db.query<{ title: string; dedupe_key: string }>(
    "SELECT title, dedupe_key FROM messages WHERE user_id = $1 AND dedupe_key LIKE 'qualification%' ORDER BY id",
    [id],
  );

describe('uploads (FILE-01, FILE-02)', () => {
  it('stores a PNG and a PDF judged by content and serves them back to the owner only', async () => {
    const demo = await login(app);
    const png = await upload(demo, { name: '../营业执照;扫描.png', type: 'image/png', bytes: tinyPng() });
    expect(png.status).toBe(200);
    expect(png.body.data).toMatchObject({ mime: 'image/png', name: '营业执照;扫描.png', size: tinyPng().length });
    expect(png.body.data.url).toBe(`/api/user/file/${png.body.data.id}`);
    // A PDF declared as an image is stored as the PDF it is.
    const pdf = await upload(demo, { name: 'gsp.jpg', type: 'image/jpeg', bytes: PDF });
    expect(pdf.body.data.mime).toBe('application/pdf');

    const read = await app.inject({
      method: 'GET',
      url: png.body.data.url,
      headers: { authorization: `Bearer ${demo}` },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['content-disposition']).toMatch(/^inline; filename="[A-Za-z0-9._-]+"; filename\*=UTF-8''/);
    expect(read.rawPayload.equals(Buffer.from(tinyPng()))).toBe(true);

    // Another company's buyer, and demo's own second store, get the answer of an unknown id.
    const other = await login(app, 'demo2');
    const theirs = await call(app, 'GET', png.body.data.url, { token: other });
    const unknown = await call(app, 'GET', '/api/user/file/99999999', { token: other });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    expect((await call(app, 'GET', png.body.data.url)).status).toBe(401);
  });

  it('refuses a wrong type, an empty file, an unknown purpose and a file over 5 MB, storing nothing', async () => {
    const demo = await login(app);
    const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM files');
    const script = await upload(demo, {
      name: 'x.png',
      type: 'image/png',
      bytes: Buffer.from('<script>alert(1)</script>'),
    });
    expect(script.status).toBe(422);
    expect(script.body).toMatchObject({ code: 422, message: '只能上传JPG、PNG图片或PDF文件' });
    const gif = await upload(demo, {
      name: 'a.gif',
      type: 'image/gif',
      bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
    });
    expect(gif.status).toBe(422);
    const empty = await upload(demo, { name: 'a.png', type: 'image/png', bytes: Buffer.alloc(0) });
    expect(empty.status).toBe(422);
    const purpose = await upload(demo, { name: 'a.png', type: 'image/png', bytes: tinyPng() }, 'avatar');
    expect(purpose.body).toMatchObject({ code: 422, data: { purpose: ['上传用途不正确'] } });
    const none = await upload(demo, undefined);
    expect(none.body).toMatchObject({ code: 422, data: { file: ['请选择要上传的文件'] } });
    const big = Buffer.concat([Buffer.from(tinyPng()), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(demo, { name: 'big.png', type: 'image/png', bytes: big });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({
      code: 422,
      message: '文件不能超过5MB',
      data: { file: ['文件不能超过5MB'], limit_bytes: 5 * 1024 * 1024 },
    });
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM files');
    expect(after[0]?.n).toBe(before[0]?.n);
    expect((await upload('', { name: 'a.png', type: 'image/png', bytes: tinyPng() })).status).toBe(401);
  });
});

describe('basic info (ACCOUNT-01, ACCOUNT-02)', () => {
  it('saves the contact name and a mobile or landline, and refuses a bad phone with its field message', async () => {
    const buyer = await companyWith([]);
    const phone = freshPhone('1370000');
    const saved = await call(app, 'POST', '/api/user/updateUserInfo', {
      token: buyer.token,
      form: { name: ' 王五 ', phone },
    });
    expect(saved.body).toEqual({ code: 10000, message: '保存成功', data: { name: '王五', phone } });
    const landline = await call(app, 'POST', '/api/user/updateUserInfo', {
      token: buyer.token,
      form: { name: '王五', phone: '0571-88886666' },
    });
    expect(landline.status).toBe(200);
    const bad = await call(app, 'POST', '/api/user/updateUserInfo', {
      token: buyer.token,
      form: { name: '', phone: '12345' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('请输入联系人姓名');
    const badPhone = await call(app, 'POST', '/api/user/updateUserInfo', {
      token: buyer.token,
      form: { name: '王五', phone: '12345' },
    });
    expect(badPhone.body).toMatchObject({ code: 422, message: '请输入正确的手机号码或固定电话（如 020-12345678）' });
    // demo's number belongs to demo: refused on the phone field, and nothing changes.
    const taken = await call(app, 'POST', '/api/user/updateUserInfo', {
      token: buyer.token,
      form: { name: '赵六', phone: '13905710001' },
    });
    expect(taken.body).toMatchObject({ code: 422, data: { phone: ['该手机号已被其他账号使用'] } });
    const [row] = await db.query<{ name: string; phone: string }>('SELECT name, phone FROM users WHERE id = $1', [
      buyer.userId,
    ]);
    expect(row).toEqual({ name: '王五', phone: '0571-88886666' });
  });

  it('changes the password after checking the old one, ending the other sessions only', async () => {
    const buyer = await companyWith([]);
    const other = await login(app, buyer.username, 'demo1234');
    const change = (form: Record<string, string>) =>
      call(app, 'POST', '/api/user/resetPassword', { token: buyer.token, form });
    expect((await change({ password: 'abc12345', password_confirmation: 'abc12345' })).body.message).toBe(
      '请输入原密码',
    );
    expect(
      (await change({ old_password: 'demo1234', password: 'short', password_confirmation: 'short' })).body.message,
    ).toBe('密码为8-20位，需包含字母和数字');
    expect(
      (await change({ old_password: 'demo1234', password: 'abc12345', password_confirmation: 'abc12346' })).body,
    ).toMatchObject({ code: 422, data: { password_confirmation: ['两次输入的新密码不一致'] } });
    const wrongOld = await change({
      old_password: 'wrong999',
      password: 'abc12345',
      password_confirmation: 'abc12345',
    });
    expect(wrongOld.body).toMatchObject({ code: 422, message: '原密码不正确' });
    expect((await call(app, 'GET', '/api/user/jyfw', { token: other })).status).toBe(200);

    const done = await change({ old_password: 'demo1234', password: 'abc12345', password_confirmation: 'abc12345' });
    expect(done.body).toEqual({ code: 10000, message: '密码修改成功', data: { ended_sessions: 1 } });
    expect((await call(app, 'GET', '/api/user/jyfw', { token: other })).status).toBe(401);
    expect((await call(app, 'GET', '/api/user/jyfw', { token: buyer.token })).status).toBe(200);
    await expect(login(app, buyer.username, 'demo1234')).rejects.toThrow();
    await login(app, buyer.username, 'abc12345');
  });

  it('answers the company’s business scope', async () => {
    const demo = await login(app);
    const scope = await call<{ name: string }[]>(app, 'GET', '/api/user/jyfw', { token: demo });
    expect(scope.body.data.map((s) => s.name)).toContain('中成药');
    expect((await call(app, 'GET', '/api/user/jyfw')).status).toBe(401);
  });
});

describe('qualification documents (QUAL-01..QUAL-05)', () => {
  it('opens each seeded document as a scan that names it in Chinese: title, number, company and validity', async () => {
    const demo = await login(app);
    const docs = await zizhi(demo);
    const gsp = docs.find((d) => d.name === 'GSP证书');
    expect(gsp?.file_id).toBeTypeOf('number');
    const read = await app.inject({
      method: 'GET',
      url: `/api/user/file/${gsp?.file_id ?? 0}`,
      headers: { authorization: `Bearer ${demo}` },
    });
    expect(read.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(read.rawPayload));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, '');
    for (const words of ['GSP证书', 'ZJ-GSP-2024-0368', '仁心大药房连锁有限公司', '有效期限', '样本']) {
      expect(text).toContain(words);
    }
  });

  it('tells valid, expiring (last 30 days) and expired, and warns in the base answer', async () => {
    const buyer = await companyWith([
      { kind: 'business_licence', name: '营业执照', to: null },
      { kind: 'drug_trading', name: '药品经营许可证', to: 31 },
      { kind: 'purchase_authorisation', name: '采购委托书', to: 30 },
      { kind: 'gsp', name: 'GSP证书', to: -1 },
      { kind: 'id_card', name: '法人身份证', to: 0, required: 0 },
    ]);
    const docs = await zizhi(buyer.token);
    expect(docs.map((d) => [d.name, d.status, d.days_left])).toEqual([
      ['营业执照', 'valid', null],
      ['药品经营许可证', 'valid', 31],
      ['采购委托书', 'expiring', 30],
      ['GSP证书', 'expired', -1],
      ['法人身份证', 'expiring', 0],
    ]);
    const base = await call<{ zizhi_alert: { blocking: number; message: string } }>(app, 'GET', '/api/user/base', {
      token: buyer.token,
    });
    expect(base.body.data.zizhi_alert).toMatchObject({
      level: 'expired',
      blocking: 1,
      message: '您的GSP证书已过期，请更新资质后再下单',
    });
  });

  it('writes one message per document entering its window, however often it is noticed', async () => {
    const buyer = await companyWith([
      { kind: 'gsp', name: 'GSP证书', to: 12 },
      { kind: 'business_licence', name: '营业执照', to: 400 },
    ]);
    // Signing in already noticed it; reading the list, the base and signing in again write nothing more.
    await Promise.all([zizhi(buyer.token), zizhi(buyer.token), call(app, 'GET', '/api/user/base', buyer)]);
    await login(app, buyer.username, 'demo1234');
    expect((await messagesOf(buyer.userId)).map((m) => m.title)).toEqual(['GSP证书即将到期']);
    // Once it expires, that is a new event with its own message.
    await db.query(
      "UPDATE qualifications SET valid_to = ((now() AT TIME ZONE 'UTC') + interval '8 hours')::date - 1 WHERE kind = 'gsp' AND company_id = (SELECT company_id FROM users WHERE id = $1)",
      [buyer.userId],
    );
    await zizhi(buyer.token);
    await zizhi(buyer.token);
    expect((await messagesOf(buyer.userId)).map((m) => m.title)).toEqual(['GSP证书即将到期', 'GSP证书已过期']);
  });

  it('seeds demo with one document expiring and demo2 with an expired GSP certificate', async () => {
    const demoDocs = await zizhi(await login(app));
    expect(demoDocs.filter((d) => d.status !== 'valid').map((d) => [d.name, d.status])).toEqual([
      ['采购委托书', 'expiring'],
    ]);
    const demo2Docs = await zizhi(await login(app, 'demo2'));
    expect(demo2Docs.filter((d) => d.status !== 'valid').map((d) => [d.name, d.status])).toEqual([
      ['GSP证书', 'expired'],
    ]);
  });

  it('refuses demo2’s order with 40401 and the reason, changing nothing', async () => {
    const demo2 = await login(app, 'demo2');
    await clearCart(db, 'demo2');
    const g = await findGoods(db, 'g.is_buy = 1 AND g.number > 50 AND g.type = 0');
    const added = await call<{ cart_id?: number }>(app, 'POST', '/api/cart', {
      token: demo2,
      form: { params: [{ goods_id: g.id, number: 1 }] },
    });
    expect(added.status).toBe(200);
    const lines = await db.query<{ id: number }>('SELECT id FROM cart_lines WHERE user_id = $1', [
      await userId(db, 'demo2'),
    ]);
    const [address] = await db.query<{ id: number }>(
      `INSERT INTO addresses (user_id, consignee, phone, province, city, district, address, is_default)
       VALUES ($1, '陈静', '13951620002', '江苏省', '南京市', '鼓楼区', '中山北路 105 号', 0) RETURNING id`,
      [await userId(db, 'demo2')],
    );
    const ordersBefore = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    const res = await call(app, 'POST', '/api/order', {
      token: demo2,
      form: { cart_ids: lines.map((l) => l.id), address_id: address?.id, idempotency_key: newToken() },
      arrayFormat: 'brackets',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 40401, message: '您的GSP证书已过期，请更新资质后再下单', data: null });
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0]?.n).toBe(ordersBefore[0]?.n);
    await clearCart(db, 'demo2');
    await db.query('DELETE FROM addresses WHERE id = $1', [address?.id ?? 0]);
  });

  it('puts a new scan under review, and the platform’s approval renews the document', async () => {
    const buyer = await companyWith([{ kind: 'gsp', name: 'GSP证书', to: -3 }]);
    const [doc] = await zizhi(buyer.token);
    if (doc === undefined) throw new Error('no document');
    const scan = await upload(buyer.token, { name: 'gsp.pdf', type: 'application/pdf', bytes: PDF });
    // A file for something else, or another user's, is refused; another company's document is unknown.
    const returnPhoto = await upload(buyer.token, { name: 'r.png', type: 'image/png', bytes: tinyPng() }, 'return');
    const wrongPurpose = await call(app, 'POST', `/api/user/zizhi/${doc.id}`, {
      token: buyer.token,
      form: { file_id: returnPhoto.body.data.id },
    });
    expect(wrongPurpose.status).toBe(422);
    const demo = await login(app);
    const foreign = await call(app, 'POST', `/api/user/zizhi/${doc.id}`, {
      token: demo,
      form: { file_id: scan.body.data.id },
    });
    const unknown = await call(app, 'POST', '/api/user/zizhi/99999999', { token: demo, form: { file_id: 1 } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);

    const sent = await call<Doc>(app, 'POST', `/api/user/zizhi/${doc.id}`, {
      token: buyer.token,
      form: { file_id: scan.body.data.id },
    });
    expect(sent.body.data).toMatchObject({
      status: 'expired',
      review: { status: 'pending', file_id: scan.body.data.id },
    });

    const review = (form: Record<string, string>, token?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/qualification/${doc.id}/review`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(token === undefined ? {} : { 'x-admin-token': token }),
        },
        payload: new URLSearchParams(form).toString(),
      });
    // Without a configured token the call is not open; with one, a wrong token is refused.
    expect((await review({ result: 'approve', valid_from: '2026-01-01' }, 'whatever')).json()).toMatchObject({
      code: 40301,
      message: '管理接口未开放（未配置ADMIN_TOKEN）',
    });
    const adminToken = 'a1-admin-token-for-tests';
    const admin = createApp({
      db,
      config: { ...testAppConfig, payments: { ...paymentsOf(testAppConfig), adminToken } },
    });
    await admin.ready();
    const reviewAs = (form: Record<string, string>, token: string) =>
      admin.inject({
        method: 'POST',
        url: `/api/admin/qualification/${doc.id}/review`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-admin-token': token },
        payload: new URLSearchParams(form).toString(),
      });
    expect((await reviewAs({ result: 'approve', valid_from: '2026-01-01' }, 'wrong-token-here')).statusCode).toBe(403);
    expect((await reviewAs({ result: 'approve', valid_from: 'soon' }, adminToken)).statusCode).toBe(422);
    const approved = await reviewAs(
      { result: 'approve', valid_from: '2026-01-01', valid_to: '2099-12-31', number: 'NEW-GSP-1' },
      adminToken,
    );
    expect(approved.json()).toMatchObject({ code: 10000, data: { id: doc.id, status: 'approved' } });
    const [renewed] = await zizhi(buyer.token);
    expect(renewed).toMatchObject({ status: 'valid', file_id: scan.body.data.id, review: { status: 'approved' } });
    expect((await messagesOf(buyer.userId)).map((m) => m.title)).toContain('GSP证书审核通过');
    // Nothing waits any more.
    expect((await reviewAs({ result: 'refuse', remark: '模糊' }, adminToken)).statusCode).toBe(404);
    await admin.close();
  });
});
