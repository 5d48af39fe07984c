import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { hashToken } from '../src/lib/auth';
import { call, login, testApp } from './testkit';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => ({ app, db } = await testApp()));

describe('signing in and out', () => {
  it('a buyer signs in with the demo password and gets a token and an HttpOnly session cookie', async () => {
    const res = await call<{ token: string; user: { username: string; company: string } }>(
      app,
      'POST',
      '/api/user/login',
      {
        form: { username: 'demo', password: 'demo1234' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(10000);
    expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.data.user).toMatchObject({ username: 'demo', company: '仁心大药房连锁有限公司' });
    expect(res.headers['set-cookie']).toBe(
      `token=${res.body.data.token}; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax`,
    );
  });

  it('a wrong password is a form error on the password field, and so is an unknown user', async () => {
    for (const form of [
      { username: 'demo', password: 'wrong' },
      { username: 'nobody', password: 'demo1234' },
    ]) {
      const res = await call(app, 'POST', '/api/user/login', { form });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ code: 422, message: '用户名或密码错误', data: { password: ['用户名或密码错误'] } });
    }
  });

  it('a login without a username names the missing field', async () => {
    const res = await call(app, 'POST', '/api/user/login', { form: { password: 'x' } });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ username: ['请输入用户名'] });
  });

  it('the session cookie works like the Bearer token', async () => {
    const token = await login(app);
    const res = await app.inject({ method: 'GET', url: '/api/user/base', headers: { cookie: `a=1; token=${token}` } });
    expect(res.json()).toMatchObject({ code: 10000, data: { show: 1, username: 'demo' } });
  });

  it('logout ends the session on the server: the token no longer opens the cart', async () => {
    const token = await login(app);
    expect((await call(app, 'GET', '/api/cart/total', { token })).status).toBe(200);
    const out = await call<{ ended: boolean }>(app, 'DELETE', '/api/user/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body.data.ended).toBe(true);
    expect(out.headers['set-cookie']).toContain('Max-Age=0');
    const after = await call(app, 'GET', '/api/cart/total', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 10001, message: '请先登录', data: null });
  });

  it('an expired session is treated as signed out', async () => {
    const token = await login(app);
    await db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [
      hashToken(token),
    ]);
    expect((await call(app, 'GET', '/api/cart/list', { token })).status).toBe(401);
    expect((await call<{ show: number }>(app, 'GET', '/api/user/base', { token })).body.data.show).toBe(0);
  });

  it('a made-up token is refused', async () => {
    expect((await call(app, 'GET', '/api/cart/total', { token: 'forged-token' })).status).toBe(401);
  });
});

describe('GET /api/user/base', () => {
  it('a visitor gets show 0 and the site settings, not an error', async () => {
    const res = await call<Record<string, unknown>>(app, 'GET', '/api/user/base');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      show: 0,
      common_config: { hot_line: '400-820-1120', qq1: expect.any(String), qq2: expect.any(String) },
      quality_inspection: { quality_inspection_url: null, msg: expect.stringContaining('药检报告') },
      is_can_chat: 0,
    });
    expect(res.body.data).not.toHaveProperty('username');
  });

  it('demo sees the company, the dedicated account manager and the cart count', async () => {
    const token = await login(app);
    const res = await call<Record<string, unknown>>(app, 'GET', '/api/user/base', { token });
    expect(res.body.data).toMatchObject({
      show: 1,
      username: 'demo',
      company: '仁心大药房连锁有限公司',
      admin: { name: '王丽', phone: '13816685201', is_default: 0 },
      cart: expect.any(Number),
      // AFTER-01: the seed opens after-sales for demo.
      is_AfterSale: '1',
      token,
    });
    expect(res.body.data.timestamp).toBeCloseTo(Date.now() / 1000, -1);
  });

  it('demo2 belongs to another company with no account manager', async () => {
    const token = await login(app, 'demo2');
    const res = await call<Record<string, unknown>>(app, 'GET', '/api/user/base', { token });
    expect(res.body.data).toMatchObject({ show: 1, username: 'demo2', company: '康宁社区诊所', admin: null });
  });
});
