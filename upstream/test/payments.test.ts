import { createHash, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { DEMO_SELLER, loadConfig, type AlipayConfig, type PaymentsConfig, type WechatPayConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { AlipayProvider } from '../src/areas/payments/alipay';
import { encryptResource, signedMessage, WechatPayProvider } from '../src/areas/payments/wechatpay';
import { insertFile } from '../src/areas/files/store';
import { configuredProviders } from '../src/areas/payments/providers';
import { fenToYuan, yuanToFen } from '../src/lib/payments';
import type { OrderDto } from '../src/areas/orders/service';
import { PAY_PASSWORD, call, login, testAppConfig, testStore, unpaidOrder, userId } from './testkit';

// Every key is made here: the tests play Alipay and WeChat Pay with key pairs of their own.
const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const alipayApp = rsa();
const alipayPlatform = rsa();
const wechatMerchant = rsa();
const wechatPlatform = rsa();
const API_V3_KEY = randomBytes(16).toString('hex');
const ADMIN_TOKEN = 'admin-token-for-payment-tests';

const alipay: AlipayConfig = {
  appId: '2021000000000001',
  privateKey: alipayApp.privateKey,
  alipayPublicKey: alipayPlatform.publicKey,
  gateway: 'https://openapi.alipay.com/gateway.do',
  notifyUrl: 'http://upstream.test/api/payment/notify/alipay',
};
const wechat: WechatPayConfig = {
  mchId: '1900000001',
  appId: 'wx0000000000000001',
  serial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  privateKey: wechatMerchant.privateKey,
  platformPublicKey: wechatPlatform.publicKey,
  apiV3Key: API_V3_KEY,
  notifyUrl: 'http://upstream.test/api/payment/notify/wechat',
};
const payments: PaymentsConfig = {
  bankAccount: { name: '药采通医药采购平台（测试账户）', bank: '测试银行', account: '6212 0000 1111 2222' },
  adminToken: ADMIN_TOKEN,
  alipay,
  wechat,
};

/** WeChat Pay's API as the provider meets it: checks the merchant's signature and answers signed by the platform. */
const wechatRequests: { body: Record<string, unknown>; signedOk: boolean }[] = [];
const nowSeconds = () => Math.floor(Date.now() / 1000);
const platformSign = (timestamp: string, nonce: string, body: string) =>
  createSign('RSA-SHA256')
    .update(signedMessage(timestamp, nonce, body))
    .sign(wechatPlatform.privateKey, 'base64');

const fakeWechatApi = async (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
): Promise<{ status: number; headers: { get(name: string): string | null }; text(): Promise<string> }> => {
  const auth = /signature="([^"]+)",timestamp="(\d+)"/.exec(init.headers.authorization ?? '');
  const nonce = /nonce_str="([^"]+)"/.exec(init.headers.authorization ?? '')?.[1] ?? '';
  const path = new URL(url).pathname;
  const signedOk =
    auth !== null &&
    createVerify('RSA-SHA256')
      .update(signedMessage(init.method, path, auth[2] ?? '', nonce, init.body))
      .verify(wechatMerchant.publicKey, auth[1] ?? '', 'base64');
  wechatRequests.push({ body: JSON.parse(init.body) as Record<string, unknown>, signedOk });
  const body = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=TestCode' });
  const timestamp = String(nowSeconds());
  const answerNonce = randomBytes(8).toString('hex');
  const headers: Record<string, string> = {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': answerNonce,
    'wechatpay-signature': platformSign(timestamp, answerNonce, body),
  };
  return { status: signedOk ? 200 : 401, headers: { get: (n) => headers[n] ?? null }, text: async () => body };
};

let app: FastifyInstance;
let bare: FastifyInstance;
let db: Db;
let demo: string;
let demoId: number;
let demo2Id: number;
const orders: number[] = [];
const files: number[] = [];

beforeAll(async () => {
  db = await testStore();
  app = createApp({
    db,
    config: { ...testAppConfig, payments },
    paymentProviders: [new AlipayProvider(alipay), new WechatPayProvider(wechat, { fetch: fakeWechatApi })],
  });
  // The same upstream with nothing configured: no providers, no ADMIN_TOKEN.
  bare = createApp({ db, config: testAppConfig });
  await Promise.all([app.ready(), bare.ready()]);
  demo = await login(app, 'demo');
  demoId = await userId(db, 'demo');
  demo2Id = await userId(db, 'demo2');
});

afterAll(async () => {
  // What these tests wrote goes again, so the files after this one see the seed's messages and files.
  const links = orders.flatMap((id) => [`/order/info/${id}`, `/cart/step3/${id}`]);
  await db.query('DELETE FROM messages WHERE link = ANY($1::text[])', [links]);
  await db.query('DELETE FROM orders WHERE id = ANY($1::int[])', [orders]);
  await db.query('DELETE FROM files WHERE id = ANY($1::int[])', [files]);
  await Promise.all([app.close(), bare.close()]);
});

let made = 0;
/** An unpaid order of the buyer at the amount to pay, removed after the file; `made` keeps trade numbers apart. */
async function orderToPay(user: number, payAmount = 12345): Promise<{ id: number; order_sn: string }> {
  made += 1;
  const { id, sn } = await unpaidOrder(db, user, payAmount);
  orders.push(id);
  return { id, order_sn: sn };
}

async function slip(user: number, purpose: 'transfer' | 'return' = 'transfer'): Promise<number> {
  const bytes = randomBytes(64);
  const file = await insertFile(db, user, {
    purpose,
    name: 'slip.png',
    mime: 'image/png',
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes,
  });
  if (file === undefined) throw new Error('no file');
  files.push(file.id);
  return file.id;
}

const orderRow = async (id: number) =>
  (
    await db.query<{ status: number; pay_method: string | null }>(
      'SELECT status, pay_method FROM orders WHERE id = $1',
      [id],
    )
  )[0];
const paymentsOf = async (id: number) =>
  db.query<{ method: string; trade_no: string; amount: number; applied: boolean }>(
    'SELECT method, trade_no, amount, applied FROM payments WHERE order_id = $1 ORDER BY id',
    [id],
  );
const messagesAbout = async (user: number, id: number) =>
  (
    await db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND link = $2', [
      user,
      `/order/info/${id}`,
    ])
  )[0]?.n ?? 0;

const admin = (method: 'GET' | 'POST', url: string, form?: Record<string, unknown>, token = ADMIN_TOKEN, on = app) =>
  on
    .inject({
      method,
      url,
      headers: { 'x-admin-token': token, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { payload: new URLSearchParams(form as Record<string, string>).toString() } : {}),
    })
    .then((res) => ({ status: res.statusCode, body: res.json<{ code: number; message: string; data: unknown }>() }));

describe('bank transfer (对公转账)', () => {
  it('shows the platform account and lists the transfer as a method that is always open', async () => {
    const order = await orderToPay(demoId);
    const res = await call<{ bank_account: unknown; methods: { code: string; enabled: number }[] }>(
      app,
      'GET',
      `/api/order/${order.id}/pay`,
      { token: demo },
    );
    expect(res.body.data.bank_account).toEqual(payments.bankAccount);
    expect(res.body.data.methods.map((m) => [m.code, m.enabled])).toEqual([
      ['balance', 1],
      ['credit', 1],
      ['transfer', 1],
      ['wechat', 1],
      ['alipay', 1],
    ]);
    const plain = await call<{ bank_account: { name: string } }>(bare, 'GET', `/api/order/${order.id}/pay`, {
      token: demo,
    });
    expect(plain.body.data.bank_account.name).toContain('演示');
  });

  it('an uploaded slip makes the order wait (待确认); the admin confirms it once and the order is paid', async () => {
    const order = await orderToPay(demoId, 5000);
    const fileId = await slip(demoId);
    const sent = await call<OrderDto>(app, 'POST', `/api/order/${order.id}/transfer`, {
      token: demo,
      form: { file_id: fileId, payer_name: '某某大药房', remark: '工行转账' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      status: 0,
      status_text: '待确认',
      transfer: { status: 'pending', status_text: '待确认', amount: 5000, file_id: fileId, payer_name: '某某大药房' },
    });
    // ORDER-14: it is listed under 待确认, not 待付款.
    const listed = await call<{ data: OrderDto[] }>(app, 'GET', '/api/order', {
      token: demo,
      query: { confirming: 1 },
    });
    expect(listed.body.data.data.find((o) => o.id === order.id)?.status_text).toBe('待确认');
    const unpaid = await call<{ data: OrderDto[] }>(app, 'GET', '/api/order', { token: demo, query: { status: 0 } });
    expect(unpaid.body.data.data.find((o) => o.id === order.id)).toBeUndefined();

    // While it waits, the order is neither paid another way, nor cancelled, nor given a second slip.
    for (const [url, form] of [
      [`/api/order/${order.id}/pay`, { method: 'balance', pay_password: PAY_PASSWORD }],
      [`/api/order/${order.id}/cancel`, undefined],
      [`/api/order/${order.id}/transfer`, { file_id: await slip(demoId) }],
    ] as const) {
      const res = await call(app, 'POST', url, { token: demo, ...(form ? { form } : {}) });
      expect(res.body).toMatchObject({ code: 40009, message: '该订单已提交转账凭证，请等待平台确认' });
    }

    const pending = await admin('GET', '/api/admin/payment/transfers');
    const transferId = sent.body.data.transfer?.id ?? 0;
    expect((pending.body.data as { id: number; order_id: number }[]).find((t) => t.id === transferId)).toMatchObject({
      order_id: order.id,
      user_id: demoId,
    });
    const confirmed = await admin('POST', `/api/admin/payment/transfer/${transferId}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'confirmed' });
    expect(await orderRow(order.id)).toEqual({ status: 1, pay_method: 'transfer' });
    expect(await messagesAbout(demoId, order.id)).toBe(1);

    const again = await admin('POST', `/api/admin/payment/transfer/${transferId}/confirm`);
    expect(again.body).toMatchObject({ code: 40009, message: '该转账已处理，不能重复操作' });
    expect(await paymentsOf(order.id)).toEqual([
      { method: 'transfer', trade_no: `transfer-${transferId}`, amount: 5000, applied: true },
    ]);
    const after = await call<OrderDto>(app, 'GET', `/api/order/${order.id}`, { token: demo });
    expect(after.body.data).toMatchObject({ status: 1, status_text: '待发货', transfer: { status: 'confirmed' } });
  });

  it('a rejected slip carries the reason the buyer reads, and the buyer may send another', async () => {
    const order = await orderToPay(demoId);
    const sent = await call<OrderDto>(app, 'POST', `/api/order/${order.id}/transfer`, {
      token: demo,
      form: { file_id: await slip(demoId) },
    });
    const transferId = sent.body.data.transfer?.id ?? 0;
    const bad = await admin('POST', `/api/admin/payment/transfer/${transferId}/reject`, { reason: '' });
    expect(bad.status).toBe(422);
    const rejected = await admin('POST', `/api/admin/payment/transfer/${transferId}/reject`, {
      reason: '未查询到该笔转账',
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reject_reason: '未查询到该笔转账' });
    const seen = await call<OrderDto>(app, 'GET', `/api/order/${order.id}`, { token: demo });
    expect(seen.body.data).toMatchObject({
      status: 0,
      status_text: '待付款',
      transfer: { status: 'rejected', status_text: '未通过', reject_reason: '未查询到该笔转账' },
    });
    expect((await admin('POST', `/api/admin/payment/transfer/${transferId}/confirm`)).body.code).toBe(40009);
    expect((await orderRow(order.id))?.status).toBe(0);
    const retry = await call<OrderDto>(app, 'POST', `/api/order/${order.id}/transfer`, {
      token: demo,
      form: { file_id: await slip(demoId) },
    });
    expect(retry.body.data.transfer).toMatchObject({ status: 'pending' });
  });

  it("refuses another company's order like an unknown one, and another buyer's or another purpose's file", async () => {
    const theirs = await orderToPay(demo2Id);
    const mine = await orderToPay(demoId);
    const unknown = await call(app, 'POST', '/api/order/99999999/transfer', {
      token: demo,
      form: { file_id: await slip(demoId) },
    });
    const other = await call(app, 'POST', `/api/order/${theirs.id}/transfer`, {
      token: demo,
      form: { file_id: await slip(demoId) },
    });
    expect(other.status).toBe(404);
    expect(other.body).toEqual(unknown.body);
    for (const fileId of [await slip(demo2Id), await slip(demoId, 'return'), 99999999]) {
      const res = await call(app, 'POST', `/api/order/${mine.id}/transfer`, {
        token: demo,
        form: { file_id: fileId },
      });
      expect(res.status).toBe(422);
      expect(res.body.data).toEqual({ file_id: ['转账凭证不存在，请重新上传'] });
    }
    const missing = await call(app, 'POST', `/api/order/${mine.id}/transfer`, { token: demo, form: {} });
    expect(missing.body.message).toBe('请上传转账凭证');
    expect(await paymentsOf(mine.id)).toEqual([]);
    expect((await call<OrderDto>(app, 'GET', `/api/order/${mine.id}`, { token: demo })).body.data.transfer).toBeNull();
    // The buyer's other endpoints see nothing of the other company's order either.
    expect((await call(app, 'GET', `/api/order/${theirs.id}/pay`, { token: demo })).status).toBe(404);
  });

  it('concurrent confirmations of one transfer pay the order once', async () => {
    const order = await orderToPay(demoId);
    const sent = await call<OrderDto>(app, 'POST', `/api/order/${order.id}/transfer`, {
      token: demo,
      form: { file_id: await slip(demoId) },
    });
    const url = `/api/admin/payment/transfer/${sent.body.data.transfer?.id ?? 0}/confirm`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => admin('POST', url)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect(await messagesAbout(demoId, order.id)).toBe(1);
  });

  it('the admin calls need ADMIN_TOKEN: refused without one configured, or with a wrong one', async () => {
    expect((await admin('GET', '/api/admin/payment/transfers', undefined, 'wrong-token-wrong-token!')).status).toBe(
      403,
    );
    expect((await admin('POST', '/api/admin/payment/transfer/1/confirm', undefined, ADMIN_TOKEN, bare)).status).toBe(
      404,
    );
    expect((await admin('POST', '/api/admin/payment/transfer/99999999/confirm')).status).toBe(404);
  });
});

/** Alipay's notification fields signed as Alipay signs them: sorted key=value pairs without sign and sign_type. */
function alipayNotice(fields: Record<string, string>, key = alipayPlatform.privateKey): Record<string, string> {
  const content = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  const sign = createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
  return { ...fields, sign, sign_type: 'RSA2' };
}

const alipayFields = (order: { order_sn: string }, tradeNo: string, amount = '123.45') => ({
  app_id: alipay.appId,
  notify_id: randomBytes(8).toString('hex'),
  notify_time: '2026-11-25 10:00:00',
  notify_type: 'trade_status_sync',
  out_trade_no: order.order_sn,
  trade_no: tradeNo,
  trade_status: 'TRADE_SUCCESS',
  total_amount: amount,
  subject: `订单${order.order_sn}`,
  fund_bill_list: '[{"amount":"123.45","fundChannel":"ALIPAYACCOUNT"}]',
});

const notifyAlipay = (form: Record<string, string>, on = app) =>
  on
    .inject({
      method: 'POST',
      url: '/api/payment/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: new URLSearchParams(form).toString(),
    })
    .then((res) => ({ status: res.statusCode, text: res.body }));

describe('Alipay (official SDK)', () => {
  it('creates a signed page-pay address for the order amount, leaving the order unpaid', async () => {
    const order = await orderToPay(demoId, 123456);
    const res = await call<OrderDto & { pay_url: string }>(app, 'POST', `/api/order/${order.id}/pay`, {
      token: demo,
      form: { method: 'alipay' },
    });
    expect(res.body.message).toBe('请前往支付宝完成支付');
    const url = new URL(res.body.data.pay_url);
    expect(url.origin + url.pathname).toBe('https://openapi.alipay.com/gateway.do');
    expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(url.searchParams.get('notify_url')).toBe(alipay.notifyUrl);
    expect(JSON.parse(url.searchParams.get('biz_content') ?? '{}')).toMatchObject({
      out_trade_no: order.order_sn,
      total_amount: '1234.56',
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
    expect(url.searchParams.get('sign')).toBeTruthy();
    expect((await orderRow(order.id))?.status).toBe(0);
  });

  it('a valid notification marks the order paid once; a replay answers success and changes nothing', async () => {
    const order = await orderToPay(demoId);
    const form = alipayNotice(alipayFields(order, `2026112522001${made}`));
    expect(await notifyAlipay(form)).toEqual({ status: 200, text: 'success' });
    expect(await orderRow(order.id)).toEqual({ status: 1, pay_method: 'alipay' });
    expect(await notifyAlipay(form)).toEqual({ status: 200, text: 'success' });
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect(await messagesAbout(demoId, order.id)).toBe(1);
  });

  it('refuses a tampered, foreign-signed or wrong-amount notification and changes nothing', async () => {
    const order = await orderToPay(demoId);
    const tampered = { ...alipayNotice(alipayFields(order, `T${made}`)), total_amount: '0.01' };
    const forged = alipayNotice(alipayFields(order, `F${made}`), rsa().privateKey);
    const cheap = alipayNotice(alipayFields(order, `C${made}`, '123.44'));
    const otherApp = alipayNotice({ ...alipayFields(order, `A${made}`), app_id: '2021000000000999' });
    const unknown = alipayNotice(alipayFields({ order_sn: 'NO-SUCH-ORDER' }, `U${made}`));
    for (const form of [tampered, forged, cheap, otherApp, unknown]) {
      expect(await notifyAlipay(form)).toEqual({ status: 400, text: 'failure' });
    }
    // Unconfigured, the notification is refused too.
    expect(await notifyAlipay(alipayNotice(alipayFields(order, `B${made}`)), bare)).toEqual({
      status: 400,
      text: 'failure',
    });
    expect(await orderRow(order.id)).toEqual({ status: 0, pay_method: null });
    expect(await paymentsOf(order.id)).toEqual([]);
  });

  it('a trade not paid yet is acknowledged without paying the order', async () => {
    const order = await orderToPay(demoId);
    const waiting = alipayNotice({ ...alipayFields(order, `W${made}`), trade_status: 'WAIT_BUYER_PAY' });
    expect(await notifyAlipay(waiting)).toEqual({ status: 200, text: 'success' });
    expect((await orderRow(order.id))?.status).toBe(0);
  });

  it('concurrent duplicate notifications mark the order paid once', async () => {
    const order = await orderToPay(demoId);
    const form = alipayNotice(alipayFields(order, `D${made}`));
    const answers = await Promise.all(Array.from({ length: 8 }, () => notifyAlipay(form)));
    expect(answers.every((a) => a.text === 'success')).toBe(true);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect(await messagesAbout(demoId, order.id)).toBe(1);
  });

  it('money for an order already paid another way is kept unapplied, for a refund, and the order stays as it was', async () => {
    const order = await orderToPay(demoId);
    expect((await notifyAlipay(alipayNotice(alipayFields(order, `P1${made}`)))).text).toBe('success');
    expect((await notifyAlipay(alipayNotice(alipayFields(order, `P2${made}`)))).text).toBe('success');
    expect((await paymentsOf(order.id)).map((p) => p.applied)).toEqual([true, false]);
    expect(await orderRow(order.id)).toEqual({ status: 1, pay_method: 'alipay' });
  });
});

/** A WeChat Pay notification: the transaction encrypted under the APIv3 key, the body signed by the platform. */
function wechatNotice(
  transaction: Record<string, unknown>,
  options: { timestamp?: number; key?: string; eventType?: string } = {},
) {
  const nonce = randomBytes(6).toString('hex');
  const resourceNonce = randomBytes(6).toString('hex');
  const body = JSON.stringify({
    id: randomBytes(8).toString('hex'),
    create_time: '2026-11-25T10:00:00+08:00',
    resource_type: 'encrypt-resource',
    event_type: options.eventType ?? 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: encryptResource(API_V3_KEY, resourceNonce, JSON.stringify(transaction), 'transaction'),
      associated_data: 'transaction',
      nonce: resourceNonce,
    },
  });
  const timestamp = String(options.timestamp ?? nowSeconds());
  const signature = createSign('RSA-SHA256')
    .update(signedMessage(timestamp, nonce, body))
    .sign(options.key ?? wechatPlatform.privateKey, 'base64');
  return {
    body,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': 'PUB_KEY_ID_TEST',
    },
  };
}

const transaction = (order: { order_sn: string }, transactionId: string, total = 12345) => ({
  mchid: wechat.mchId,
  appid: wechat.appId,
  out_trade_no: order.order_sn,
  transaction_id: transactionId,
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
});

const notifyWechat = (notice: { body: string; headers: Record<string, string> }, on = app) =>
  on
    .inject({ method: 'POST', url: '/api/payment/notify/wechat', headers: notice.headers, payload: notice.body })
    .then((res) => res.statusCode);

describe('WeChat Pay (APIv3, Native)', () => {
  it('creates a Native payment signed by the merchant key and answers the code_url for the QR code', async () => {
    const order = await orderToPay(demoId, 9900);
    const res = await call<OrderDto & { code_url: string }>(app, 'POST', `/api/order/${order.id}/pay`, {
      token: demo,
      form: { method: 'wechat' },
    });
    expect(res.body.data.code_url).toBe('weixin://wxpay/bizpayurl?pr=TestCode');
    expect(res.body.message).toBe('请使用微信扫码完成支付');
    expect(wechatRequests.at(-1)).toEqual({
      signedOk: true,
      body: {
        appid: wechat.appId,
        mchid: wechat.mchId,
        description: `订单${order.order_sn}`,
        out_trade_no: order.order_sn,
        notify_url: wechat.notifyUrl,
        amount: { total: 9900, currency: 'CNY' },
      },
    });
    expect((await orderRow(order.id))?.status).toBe(0);
  });

  it('a valid notification marks the order paid once; a replay answers 200 and changes nothing', async () => {
    const order = await orderToPay(demoId);
    const notice = wechatNotice(transaction(order, `4200000${made}`));
    expect(await notifyWechat(notice)).toBe(200);
    expect(await orderRow(order.id)).toEqual({ status: 1, pay_method: 'wechat' });
    expect(await notifyWechat(notice)).toBe(200);
    expect(await paymentsOf(order.id)).toEqual([
      { method: 'wechat', trade_no: `4200000${made}`, amount: 12345, applied: true },
    ]);
  });

  it('refuses a tampered, foreign-signed, stale, wrong-amount or other merchant notification', async () => {
    const order = await orderToPay(demoId);
    const good = wechatNotice(transaction(order, `X${made}`));
    const tampered = { ...good, body: good.body.replace('"支付成功"', '"已支付"') };
    const forged = wechatNotice(transaction(order, `F${made}`), { key: rsa().privateKey });
    const stale = wechatNotice(transaction(order, `S${made}`), { timestamp: nowSeconds() - 3600 });
    const cheap = wechatNotice(transaction(order, `C${made}`, 12344));
    const otherMerchant = wechatNotice({ ...transaction(order, `M${made}`), mchid: '1900000999' });
    for (const notice of [tampered, forged, stale, cheap, otherMerchant]) expect(await notifyWechat(notice)).toBe(400);
    expect(await notifyWechat(wechatNotice(transaction(order, `B${made}`)), bare)).toBe(400);
    expect(await orderRow(order.id)).toEqual({ status: 0, pay_method: null });
    expect(await paymentsOf(order.id)).toEqual([]);
  });

  it('concurrent duplicate notifications mark the order paid once', async () => {
    const order = await orderToPay(demoId);
    const notices = Array.from({ length: 8 }, () => wechatNotice(transaction(order, `D${made}`)));
    const answers = await Promise.all(notices.map((n) => notifyWechat(n)));
    expect(answers).toEqual(Array.from({ length: 8 }, () => 200));
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect(await messagesAbout(demoId, order.id)).toBe(1);
  });

  it('paying online closes a transfer slip still waiting, with the reason', async () => {
    const order = await orderToPay(demoId);
    await call(app, 'POST', `/api/order/${order.id}/transfer`, { token: demo, form: { file_id: await slip(demoId) } });
    expect(await notifyWechat(wechatNotice(transaction(order, `T${made}`)))).toBe(200);
    const seen = await call<OrderDto>(app, 'GET', `/api/order/${order.id}`, { token: demo });
    expect(seen.body.data).toMatchObject({
      status: 1,
      transfer: { status: 'rejected', reject_reason: '订单已通过微信支付支付' },
    });
  });
});

describe('unconfigured', () => {
  it('lists the online methods as disabled and refuses them with 40010', async () => {
    const order = await orderToPay(demoId);
    const info = await call<{ methods: { code: string; enabled: number }[] }>(
      bare,
      'GET',
      `/api/order/${order.id}/pay`,
      {
        token: demo,
      },
    );
    expect(info.body.data.methods.filter((m) => m.enabled === 0).map((m) => m.code)).toEqual(['wechat', 'alipay']);
    for (const method of ['wechat', 'alipay']) {
      const res = await call(bare, 'POST', `/api/order/${order.id}/pay`, { token: demo, form: { method } });
      expect(res.body).toEqual({ code: 40010, message: '该支付方式暂未开通', data: null });
    }
  });
});

describe('configuration', () => {
  const oneLine = (pem: string) => pem.trim().replaceAll('\n', '\\n');
  const env = {
    PUBLIC_URL: 'https://api.example.cn',
    ALIPAY_APP_ID: alipay.appId,
    ALIPAY_PRIVATE_KEY: oneLine(alipayApp.privateKey),
    ALIPAY_PUBLIC_KEY: oneLine(alipayPlatform.publicKey),
    WECHATPAY_MCH_ID: wechat.mchId,
    WECHATPAY_APP_ID: wechat.appId,
    WECHATPAY_SERIAL: wechat.serial,
    WECHATPAY_PRIVATE_KEY: oneLine(wechatMerchant.privateKey),
    WECHATPAY_PLATFORM_PUBLIC_KEY: oneLine(wechatPlatform.publicKey),
    WECHATPAY_API_V3_KEY: API_V3_KEY,
  };

  it('opens a provider when all its keys are set, PEM keys written on one line included', async () => {
    const config = loadConfig(env);
    expect(config.payments?.alipay?.notifyUrl).toBe('https://api.example.cn/api/payment/notify/alipay');
    expect(config.payments?.wechat?.notifyUrl).toBe('https://api.example.cn/api/payment/notify/wechat');
    const providers = configuredProviders(config.payments ?? payments);
    expect(providers.map((p) => p.method)).toEqual(['alipay', 'wechat']);
    const start = await providers[0]?.createPayment({ orderId: 1, orderSn: 'SN1', amount: 100, description: 'x' });
    expect(start?.url).toContain('sign=');
  });

  it('stops the start when a provider is configured by halves, naming what is missing', () => {
    expect(() => loadConfig({ ALIPAY_APP_ID: '2021' })).toThrow(
      /Alipay is missing ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ ...env, WECHATPAY_API_V3_KEY: 'short' })).toThrow(/WECHATPAY_API_V3_KEY/);
  });

  it('opens nothing online by default, and shows the demo account', () => {
    const { payments: none } = loadConfig({});
    expect(none?.alipay).toBeUndefined();
    expect(none?.wechat).toBeUndefined();
    expect(none?.adminToken).toBeUndefined();
    // PAY-05, INFO-08: the payee is the seller, the demo one that says it is the demo's.
    expect(none?.bankAccount.name).toBe(DEMO_SELLER.name);
    expect(none?.bankAccount.name).toContain('演示');
  });

  it("accepts the Alipay key tool's bare base64 PKCS#1 key as well", async () => {
    const pkcs1 = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    });
    const bare = pkcs1.privateKey.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const provider = new AlipayProvider({ ...alipay, privateKey: bare });
    const start = await provider.createPayment({ orderId: 1, orderSn: 'SN2', amount: 1, description: 'x' });
    expect(new URL(start.url).searchParams.get('sign')).toBeTruthy();
  });

  it('reads yuan as integer fen digit by digit, and writes fen as yuan', () => {
    expect(['12.3', '0.01', '123.45', '7'].map(yuanToFen)).toEqual([1230, 1, 12345, 700]);
    expect(['1.234', '-1', '1e3', '', ' ', '0x10'].map(yuanToFen)).toEqual(Array.from({ length: 6 }, () => undefined));
    expect(yuanToFen(12)).toBeUndefined();
    expect([5, 100, 123456].map(fenToYuan)).toEqual(['0.05', '1.00', '1234.56']);
  });
});
