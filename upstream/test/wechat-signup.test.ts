import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { Db } from '../src/db/db';
import { call, freshPhone, recordingSms, testApp, testAppConfig, testStore } from './testkit';
import { fakeWechat, wechatLoginFor } from './fake-wechat';

const sms = recordingSms();
const wechat = fakeWechat();
let plain: FastifyInstance;
let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  ({ app: plain } = await testApp());
  db = await testStore();
  app = createApp({
    db,
    config: { ...testAppConfig, wechatLogin: wechatLoginFor(await wechat.start()) },
    smsSender: sms,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await wechat.stop();
});

let names = 0;
const freshUsername = () => `wx_${Date.now().toString(36)}${(names += 1)}`;

async function startSignup(): Promise<string> {
  const res = await call<{ url: string }>(app, 'POST', '/api/user/wechat/signup');
  expect(res.status).toBe(200);
  const url = new URL(res.body.data.url);
  expect(url.searchParams.get('redirect_uri')).toBe('https://shop.example/register/wechat');
  return url.searchParams.get('state') ?? '';
}

async function ticketFor(code: string): Promise<{ ticket: string; wechat: string }> {
  const state = await startSignup();
  const res = await call<{ ticket: string; wechat: string }>(app, 'POST', '/api/user/wechat/signup/identify', {
    form: { code, state },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function registration(ticket: string) {
  const phone = freshPhone();
  expect((await call(app, 'POST', '/api/user/create_code', { form: { phone, type: 1 } })).status).toBe(200);
  const form = {
    phone,
    code: sms.codeFor(phone),
    username: freshUsername(),
    password: 'abc12345',
    company: '微信注册药房',
    name: '钱测试',
    wechat_ticket: ticket,
  };
  return { form, res: await call<{ user: { id: number } }>(app, 'POST', '/api/user/register', { form }) };
}

describe('registering with WeChat', () => {
  it('AUTH-12: is not open unconfigured, and says so', async () => {
    expect((await call(plain, 'GET', '/api/user/wechat/signup')).body.data).toEqual({ open: 0 });
    const refused = await call(plain, 'POST', '/api/user/wechat/signup');
    expect(refused.body).toMatchObject({ code: 40070, message: '微信注册暂未开通' });
    expect((await call(app, 'GET', '/api/user/wechat/signup')).body.data).toEqual({ open: 1 });
  });

  it('AUTH-12: binds the WeChat the visitor came back with to the account registered', async () => {
    const { ticket } = await ticketFor('code-ok-signup1');
    const { res } = await registration(ticket);
    expect(res.status).toBe(200);
    const [bound] = await db.query<{ openid: string }>('SELECT openid FROM wechat_bindings WHERE user_id = $1', [
      res.body.data.user.id,
    ]);
    expect(bound?.openid).toBe('openid-signup1-abcdefgh');
  });

  it('AUTH-12: a state is used once, and a used or unknown ticket undoes the registration', async () => {
    const state = await startSignup();
    const first = await call(app, 'POST', '/api/user/wechat/signup/identify', { form: { code: 'code-ok-s2', state } });
    expect(first.status).toBe(200);
    const replay = await call(app, 'POST', '/api/user/wechat/signup/identify', { form: { code: 'code-ok-s2', state } });
    expect(replay.status).toBe(422);
    const { form, res } = await registration('no-such-ticket');
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ wechat_ticket: ['微信授权已失效，请重新扫码注册'] });
    const [{ n } = { n: -1 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE username = $1',
      [form.username],
    );
    expect(n).toBe(0);
  });

  it('AUTH-12: a WeChat already bound is told to sign in instead', async () => {
    const { ticket } = await ticketFor('code-ok-signup3');
    expect((await registration(ticket)).res.status).toBe(200);
    const state = await startSignup();
    const again = await call(app, 'POST', '/api/user/wechat/signup/identify', {
      form: { code: 'code-ok-signup3', state },
    });
    expect(again.body).toMatchObject({ code: 40071, message: '该微信已绑定账号，请直接登录' });
  });
});
