import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { Db } from '../src/db/db';
import { testApp, testAppConfig } from './testkit';

let app: FastifyInstance;
beforeAll(async () => ({ app } = await testApp()));

describe('every answer is the envelope', () => {
  it('an unknown route is 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: '接口不存在', data: null });
  });

  it('ERR-20: a body over the limit is 413 in Chinese with the limit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${'a'.repeat(100_000)}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 413,
      message: `提交的内容过大，不能超过${testAppConfig.bodyLimitBytes / 1024}KB`,
      data: { limit_bytes: testAppConfig.bodyLimitBytes },
    });
  });

  it('malformed JSON is 400 without the parser wording', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: '请求格式不正确', data: null });
  });

  it('a form nested deeper than qs allows, or with a huge index, is refused as a form error', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username[a][b][c][d][e][f][g]=1&password=x',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data).toHaveProperty('username');
  });

  it('a Fastify schema validation failure is 422 with the field', async () => {
    const local = createApp({ db: (await testApp()).db, config: testAppConfig });
    local.post(
      '/schema-check',
      { schema: { body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } },
      async () => ({ ok: true }),
    );
    const res = await local.inject({ method: 'POST', url: '/schema-check', payload: { n: 'x' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 422, data: { n: [expect.any(String)] } });
  });

  it('an unexpected failure is 500 with the busy message and nothing internal', async () => {
    const broken: Db = {
      kind: 'pglite',
      query: () => Promise.reject(new Error('relation "goods" does not exist at /srv/secret.sql')),
      exec: () => Promise.reject(new Error('nope')),
      copy: () => Promise.reject(new Error('nope')),
      transaction: () => Promise.reject(new Error('nope')),
      close: () => Promise.resolve(),
    };
    const local = createApp({ db: broken, config: testAppConfig });
    const res = await local.inject({ method: 'GET', url: '/api/goods/detail/1' });
    expect(res.statusCode).toBe(500);
    expect(res.body).toBe(JSON.stringify({ code: 500, message: '系统繁忙，请稍候再试', data: null }));
    expect((await local.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(500);
  });
});
