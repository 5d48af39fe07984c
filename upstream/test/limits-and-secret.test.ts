import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app';
import { loadConfig, type AliyunSmsConfig, type Config } from '../src/config';
import type { Db } from '../src/db/db';
import { addressKey, RULES } from '../src/lib/limits';
import { aliyunSender, type SmsSender } from '../src/lib/sms';
import { encodeForm, freshPhone, recordingSms, testAppConfig, testStore, type Answer } from './testkit';

const SECRET = 'a-shared-secret-of-at-least-32-characters';
const opened: FastifyInstance[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

/** A new app, so that every test starts with empty counters; codes go to `sms`, or where `config` says. */
async function appWith(
  config: Partial<Config> = {},
  sms: SmsSender | null = recordingSms(),
): Promise<{ app: FastifyInstance; db: Db }> {
  const db = await testStore();
  const app = createApp({
    db,
    config: { ...testAppConfig, ...config },
    ...(sms === null ? {} : { smsSender: sms }),
  });
  await app.ready();
  opened.push(app);
  return { app, db };
}

interface From {
  /** The socket's address. */
  address?: string;
  headers?: Record<string, string>;
}

async function post(app: FastifyInstance, url: string, form: Record<string, unknown>, from: From = {}) {
  const res = await app.inject({
    method: 'POST',
    url,
    remoteAddress: from.address ?? '127.0.0.1',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...from.headers },
    payload: encodeForm(form),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers } as Answer;
}

const login = (app: FastifyInstance, username: string, password: string, from: From = {}) =>
  post(app, '/api/user/login', { username, password }, from);

const WRONG = 'wrong-password-1';

describe('login limits (SEC-10 to SEC-12, SEC-14)', () => {
  it('SEC-10: the 11th wrong login from one address is 429 with Retry-After, and so is the right password then', async () => {
    const { app } = await appWith();
    const from = { address: '10.1.0.1' };
    for (let i = 1; i <= 10; i += 1) expect((await login(app, 'demo', WRONG, from)).status).toBe(422);

    const refused = await login(app, 'demo', WRONG, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(RULES.loginPair.lockSeconds);
    expect(refused.body).toEqual({
      code: 42901,
      message: '尝试次数过多，请15分钟后再试',
      data: { retry_after: RULES.loginPair.lockSeconds },
    });
    const right = await login(app, 'demo', 'demo1234', from);
    expect(right.status).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('SEC-10: behind one NAT, another buyer of the address, and the same buyer elsewhere, still sign in', async () => {
    const { app } = await appWith();
    const nat = { address: '10.1.0.2' };
    for (let i = 1; i <= 10; i += 1) await login(app, 'demo', WRONG, nat);
    expect((await login(app, 'demo', 'demo1234', nat)).status).toBe(429);

    expect((await login(app, 'demo2', 'demo1234', nat)).status).toBe(200);
    expect((await login(app, 'demo', 'demo1234', { address: '10.1.0.3' })).status).toBe(200);
  });

  it('SEC-10: a sign-in clears the mistakes of that account at that address', async () => {
    const { app } = await appWith();
    const from = { address: '10.1.0.4' };
    for (let i = 1; i <= 9; i += 1) await login(app, 'demo', WRONG, from);
    expect((await login(app, 'demo', 'demo1234', from)).status).toBe(200);
    for (let i = 1; i <= 9; i += 1) expect((await login(app, 'demo', WRONG, from)).status).toBe(422);
    expect((await login(app, 'demo', 'demo1234', from)).status).toBe(200);
  });

  it('SEC-11: guesses at one account from many addresses lock it, except where its buyer signed in before', async () => {
    const { app } = await appWith();
    const office = { address: '10.2.0.1' };
    expect((await login(app, 'demo2', 'demo1234', office)).status).toBe(200);
    // Five guesses from each of ten addresses: under every address's limits, up to the account's.
    for (let a = 1; a <= RULES.loginAccount.points / 5; a += 1) {
      const from = { address: `10.3.0.${a}` };
      for (let i = 1; i <= 5; i += 1) expect((await login(app, 'demo2', WRONG, from)).status).toBe(422);
    }
    const elsewhere = await login(app, 'demo2', 'demo1234', { address: '10.4.0.1' });
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.headers['retry-after'])).toBe(RULES.loginAccount.lockSeconds);
    expect((await login(app, 'demo2', 'demo1234', office)).status).toBe(200);
  });

  it('SEC-12: one address guessing many accounts is stopped for every account; another address is not', async () => {
    const { app } = await appWith();
    const from = { address: '2001:db8:1:2::10' };
    // Unknown accounts cost a password check as known ones do (SEC-03), and count the same.
    const guesses = Array.from({ length: RULES.loginAddress.points }, (_, i) => `nobody_${Math.floor(i / 5)}`);
    for (let i = 0; i < guesses.length; i += 10) {
      const batch = await Promise.all(guesses.slice(i, i + 10).map((u) => login(app, u, WRONG, from)));
      expect(batch.map((r) => r.status)).toEqual(Array(batch.length).fill(422));
    }
    // The same /64 is the same address (SEC-14).
    const refused = await login(app, 'demo', 'demo1234', { address: '2001:db8:1:2:ffff::1' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(RULES.loginAddress.lockSeconds);
    expect((await login(app, 'demo', 'demo1234', { address: '2001:db8:1:3::10' })).status).toBe(200);
  });

  it('SEC-14: a burst of guesses in flight at once is counted before any password is checked', async () => {
    const { app } = await appWith();
    const from = { address: '10.5.0.1' };
    const burst = await Promise.all(Array.from({ length: 30 }, () => login(app, 'demo', WRONG, from)));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(RULES.loginPair.points);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - RULES.loginPair.points);
  });

  it('SEC-14: refused tries cost nothing: a locked-out buyer retrying does not use up the address', async () => {
    const { app } = await appWith();
    const from = { address: '10.5.0.2' };
    for (let i = 1; i <= 10; i += 1) await login(app, 'demo', WRONG, from);
    for (let i = 1; i <= RULES.loginAddress.points; i += 1)
      expect((await login(app, 'demo', WRONG, from)).status).toBe(429);
    for (let i = 1; i <= 9; i += 1) expect((await login(app, 'demo2', WRONG, from)).status).toBe(422);
    expect((await login(app, 'demo2', 'demo1234', from)).status).toBe(200);
  });

  it('SEC-14: an address key: IPv4 as is, IPv4 inside IPv6 as IPv4, IPv6 by its /64', () => {
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('2001:db8:1:2::10')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('code requests and password resets per address (SEC-13)', () => {
  it('SEC-13: every code request of an address counts; past the limit it is 429, another address is served', async () => {
    // No sender: each request is refused (40032) without a text message, and still counts.
    const { app } = await appWith({ smsTransport: 'none' }, null);
    const from = { address: '10.6.0.1' };
    for (let i = 1; i <= RULES.codeAddress.points; i += 1) {
      expect((await post(app, '/api/user/create_code', { phone: freshPhone('1360042'), type: 1 }, from)).status).toBe(
        400,
      );
    }
    const refused = await post(app, '/api/user/create_code', { phone: freshPhone('1360042'), type: 1 }, from);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(42901);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const other = await post(
      app,
      '/api/user/create_code',
      { phone: freshPhone('1360042'), type: 1 },
      {
        address: '10.6.0.2',
      },
    );
    expect(other.body.code).toBe(40032);
  });

  it('SEC-13: failed password resets of an address count; a form error does not', async () => {
    const { app } = await appWith();
    const from = { address: '10.7.0.1' };
    const reset = (password = 'newpass99') =>
      post(app, '/api/user/forget', { phone: freshPhone('1360042'), code: '000000', password }, from);
    expect((await reset('short')).status).toBe(422);
    for (let i = 1; i <= RULES.resetAddress.points; i += 1) expect((await reset()).body.code).toBe(40034);
    const refused = await reset();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(42901);
  });
});

describe('the gateway secret (SEC-16) and the address it vouches for (SEC-14)', () => {
  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('SEC-16: with a secret configured, an /api call without it, or with another, is 401 with its own code', async () => {
    const { app } = await appWith({ gatewaySecret: SECRET });
    const presented: Record<string, string>[] = [
      {},
      { 'x-gateway-secret': 'x'.repeat(SECRET.length) },
      { 'x-gateway-secret': '' },
    ];
    for (const headers of presented) {
      const res = await get(app, '/api/user/base', headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 40101, message: '请求来源未经授权', data: null });
    }
    expect((await get(app, '/api/no-such-route')).statusCode).toBe(401);
    const signIn = await login(app, 'demo', 'demo1234');
    expect(signIn.status).toBe(401);
    expect(signIn.headers['set-cookie']).toBeUndefined();
  });

  it('SEC-16: with the secret the call is served', async () => {
    const { app } = await appWith({ gatewaySecret: SECRET });
    expect((await get(app, '/api/user/base', { 'x-gateway-secret': SECRET })).statusCode).toBe(200);
    const signedIn = await login(app, 'demo', 'demo1234', { headers: { 'x-gateway-secret': SECRET } });
    expect(signedIn.status).toBe(200);
  });

  it('SEC-16: what browsers and payment providers call directly stays open, and so does /healthz', async () => {
    const { app } = await appWith({ gatewaySecret: SECRET });
    const picture = await get(app, '/api/images/goods/1.svg');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    expect((await app.inject({ method: 'HEAD', url: '/api/images/goods/1.svg' })).statusCode).toBe(200);
    expect((await get(app, '/healthz')).statusCode).toBe(200);
    // No provider is configured here: the notification is refused by its own check (a signature), not by the secret.
    const alipay = await app.inject({
      method: 'POST',
      url: '/api/payment/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'out_trade_no=1',
    });
    expect(alipay.statusCode).toBe(400);
    expect(alipay.body).toBe('failure');
    const wechat = await app.inject({
      method: 'POST',
      url: '/api/payment/notify/wechat',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(wechat.statusCode).toBe(400);
    expect(wechat.json()).toMatchObject({ code: 'FAIL' });
    // A picture's neighbour is not public.
    expect((await post(app, '/api/images/goods/1.svg', {})).status).toBe(401);
  });

  it('SEC-14: without the secret x-forwarded-for is ignored: every guess counts against the socket address', async () => {
    const { app } = await appWith();
    for (let i = 1; i <= 10; i += 1) {
      const from = { address: '10.8.0.1', headers: { 'x-forwarded-for': `192.0.2.${i}` } };
      expect((await login(app, 'demo', WRONG, from)).status).toBe(422);
    }
    const forged = { address: '10.8.0.1', headers: { 'x-forwarded-for': '192.0.2.99' } };
    expect((await login(app, 'demo', 'demo1234', forged)).status).toBe(429);
  });

  it('SEC-14: with the secret, the gateway names the buyer in x-forwarded-for, and the limits count that buyer', async () => {
    const { app } = await appWith({ gatewaySecret: SECRET });
    const buyer = (address: string) => ({
      address: '10.9.0.1',
      headers: { 'x-gateway-secret': SECRET, 'x-forwarded-for': address },
    });
    for (let i = 1; i <= 10; i += 1) await login(app, 'demo', WRONG, buyer('192.0.2.1'));
    expect((await login(app, 'demo', 'demo1234', buyer('192.0.2.1'))).status).toBe(429);
    // Another buyer through the same gateway socket is somebody else.
    expect((await login(app, 'demo', 'demo1234', buyer('192.0.2.2'))).status).toBe(200);
    // A header that names no address leaves the socket's.
    expect((await login(app, 'demo', 'demo1234', buyer('not-an-address'))).status).toBe(200);
  });
});

describe('configuration (SEC-15 to SEC-17)', () => {
  it('SEC-15: listens on 127.0.0.1 unless UPSTREAM_HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ UPSTREAM_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(() => loadConfig({ UPSTREAM_HOST: 'not a host' })).toThrow(/UPSTREAM_HOST/);
  });

  it('SEC-16: UPSTREAM_SECRET is at least 32 characters; empty is unset', () => {
    expect(loadConfig({ UPSTREAM_SECRET: SECRET }).gatewaySecret).toBe(SECRET);
    expect(loadConfig({ UPSTREAM_SECRET: '' }).gatewaySecret).toBeUndefined();
    expect(() => loadConfig({ UPSTREAM_SECRET: 'short' })).toThrow(/UPSTREAM_SECRET/);
  });

  it('SEC-17: production refuses SMS_TRANSPORT=log and has no default transport', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_TRANSPORT: 'log' })).toThrow(
      /SMS_TRANSPORT: log writes verification codes to the log and is refused when NODE_ENV=production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMS_TRANSPORT: NODE_ENV=production has no default/);
    expect(loadConfig({ NODE_ENV: 'production', SMS_TRANSPORT: 'none' }).smsTransport).toBe('none');
    expect(loadConfig({ NODE_ENV: 'development' }).smsTransport).toBe('log');
    expect(loadConfig({ NODE_ENV: 'test' }).smsTransport).toBe('log');
  });

  it('SEC-17: SMS_TRANSPORT=aliyun needs its four keys, and the endpoint defaults to Alibaba Cloud', () => {
    const keys = {
      SMS_TRANSPORT: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-test',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '药采网',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123456',
    };
    expect(loadConfig({ ...keys, NODE_ENV: 'production' })).toMatchObject({
      smsTransport: 'aliyun',
      aliyunSms: {
        accessKeyId: 'LTAI-test',
        accessKeySecret: 'secret',
        signName: '药采网',
        templateCode: 'SMS_123456',
        endpoint: 'https://dysmsapi.aliyuncs.com',
      },
    });
    expect(loadConfig({ ...keys, ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9/' }).aliyunSms?.endpoint).toBe(
      'http://127.0.0.1:9',
    );
    expect(() => loadConfig({ SMS_TRANSPORT: 'aliyun' })).toThrow(/SMS_TRANSPORT: aliyun needs/);
    expect(() => loadConfig({ ...keys, ALIYUN_SMS_SIGN_NAME: '' })).toThrow(/ALIYUN_SMS_SIGN_NAME/);
  });

  it('SEC-17: the log transport leaves the code out of the log in production', async () => {
    const db = await testStore();
    const app = createApp({ db, config: { ...testAppConfig, nodeEnv: 'production' } });
    await app.ready();
    opened.push(app);
    const info = vi.spyOn(app.log, 'info');
    const warn = vi.spyOn(app.log, 'warn');
    const phone = freshPhone('1360042');
    expect((await post(app, '/api/user/create_code', { phone, type: 1 })).status).toBe(200);
    const written = JSON.stringify([...info.mock.calls, ...warn.mock.calls]);
    expect(warn).toHaveBeenCalled();
    expect(written).not.toMatch(/\d{6}/);
    expect(written).not.toContain(phone);
  });
});

/** A stand-in for Alibaba Cloud's SMS endpoint: records each request and answers as the real one does. */
async function fakeAliyun(answer: (phone: string) => { status: number; body: Record<string, string> }) {
  const requests: { method: string; url: URL; headers: IncomingMessage['headers'] }[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.aliyun');
    requests.push({ method: req.method ?? '', url, headers: req.headers });
    req.resume();
    req.on('end', () => {
      const { status, body } = answer(url.searchParams.get('PhoneNumbers') ?? '');
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    requests,
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the Alibaba Cloud SMS sender (SEC-17)', () => {
  const REFUSED = '13900000002';
  const account = (endpoint: string): AliyunSmsConfig => ({
    accessKeyId: 'LTAI-test-key',
    accessKeySecret: 'test-secret',
    signName: '药采网',
    templateCode: 'SMS_123456',
    endpoint,
  });

  it('SEC-17: sends SendSms with the phone, the signature, the template and the code as its parameter', async () => {
    const fake = await fakeAliyun(() => ({ status: 200, body: { Code: 'OK', Message: 'OK', RequestId: 'r1' } }));
    try {
      await aliyunSender(account(fake.endpoint)).sendCode('13900000001', '123456', 'register');
      expect(fake.requests).toHaveLength(1);
      const [request] = fake.requests;
      expect(request?.method).toBe('POST');
      expect(request?.headers['x-acs-action']).toBe('SendSms');
      expect(request?.headers['x-acs-version']).toBe('2017-05-25');
      expect(request?.headers.authorization).toContain('Credential=LTAI-test-key');
      expect(request?.headers.authorization).not.toContain('test-secret');
      expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
        PhoneNumbers: '13900000001',
        SignName: '药采网',
        TemplateCode: 'SMS_123456',
        TemplateParam: '{"code":"123456"}',
      });
    } finally {
      await fake.close();
    }
  });

  /** The message a send failed with. */
  const failure = async (sending: Promise<void>): Promise<string> =>
    sending.then(
      () => 'sent',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );

  it('SEC-17: a refusal or an unreachable endpoint rejects without the phone or the code in the error', async () => {
    const fake = await fakeAliyun((phone) =>
      phone === REFUSED
        ? { status: 200, body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控', RequestId: 'r2' } }
        : { status: 400, body: { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'bad number', RequestId: 'r3' } },
    );
    try {
      const sender = aliyunSender(account(fake.endpoint));
      const refused = await failure(sender.sendCode(REFUSED, '246810', 'register'));
      expect(refused).toMatch(/isv\.BUSINESS_LIMIT_CONTROL/);
      expect(refused).not.toMatch(/246810|13900000002/);
      const illegal = await failure(sender.sendCode('13900000003', '135790', 'reset'));
      expect(illegal).toMatch(/isv\.MOBILE_NUMBER_ILLEGAL/);
      expect(illegal).not.toMatch(/135790|13900000003/);
    } finally {
      await fake.close();
    }
    // A port that was just free: nothing answers there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await failure(
      aliyunSender(account(`http://127.0.0.1:${port}`)).sendCode('13900000004', '975310', 'register'),
    );
    expect(unreachable).toMatch(/ECONNREFUSED/);
    expect(unreachable).not.toMatch(/975310|13900000004/);
  });

  it('SEC-17: SMS_TRANSPORT=aliyun delivers registration codes through the provider', async () => {
    const fake = await fakeAliyun(() => ({ status: 200, body: { Code: 'OK', Message: 'OK', RequestId: 'r4' } }));
    try {
      const db = await testStore();
      const config = { ...testAppConfig, smsTransport: 'aliyun' as const, aliyunSms: account(fake.endpoint) };
      const app = createApp({ db, config });
      await app.ready();
      opened.push(app);
      const phone = freshPhone('1360042');
      expect((await post(app, '/api/user/create_code', { phone, type: 1 })).status).toBe(200);
      expect(fake.requests.map((r) => r.url.searchParams.get('PhoneNumbers'))).toEqual([phone]);
      expect(JSON.parse(fake.requests[0]?.url.searchParams.get('TemplateParam') ?? '{}')).toEqual({
        code: expect.stringMatching(/^\d{6}$/),
      });
    } finally {
      await fake.close();
    }
  });
});
