import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { guardStrings } from '../src/lib/text-guard';
import { call, login, testApp } from './testkit';

// VAL-20, VAL-23..VAL-25 in the upstream, for every client: what PostgreSQL refuses (U+0000, year 0) or rolls over
// (2026-02-30) is a 422 on its field, never a 500, and a blank of zero-width characters is empty.

let app: FastifyInstance;
let db: Db;
let token: string;

beforeAll(async () => {
  ({ app, db } = await testApp());
  token = await login(app);
});

const anAddress = {
  consignee: '张三',
  phone: '13800138000',
  province: '广东省',
  city: '广州市',
  district: '天河区',
  address: '天河路1号',
};

describe('stored text (VAL-20, VAL-23)', () => {
  it('refuses U+0000 in feedback on its field instead of answering 500', async () => {
    const res = await call(app, 'POST', '/api/user/feedback', {
      token,
      form: { type: '网站建议', content: '页面打不开\u0000了' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 422,
      message: 'content含有不允许的控制字符',
      data: { content: ['content含有不允许的控制字符'] },
    });
  });

  it('refuses U+0000 in an order search and a quick-purchase keyword, which reach SQL', async () => {
    const orders = await call(app, 'GET', '/api/order', { token, query: { keyword: '感冒\u0000' } });
    expect(orders.status).toBe(422);
    expect(orders.body.data).toEqual({ keyword: ['keyword含有不允许的控制字符'] });
    const quick = await call(app, 'GET', '/api/user/fast_buy', { token, query: { keyword: '\u0000' } });
    expect(quick.status).toBe(422);
  });

  it('counts a consignee of zero-width spaces as missing and stores nothing', async () => {
    const [before] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM addresses');
    const res = await call(app, 'POST', '/api/user/address', {
      token,
      form: { ...anAddress, consignee: '\u200b\u200b\u3000' },
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ consignee: ['请输入收货人'] });
    const [after] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM addresses');
    expect(after?.n).toBe(before?.n);
  });

  it('refuses a bidi override in a purchase list line sent as JSON, naming the nested field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/cart/match',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { text: '阿莫西林\u202e胶囊\t2' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ data: { text: ['text含有不允许的文字方向控制字符'] } });
  });
});

describe('dates (VAL-24, VAL-25)', () => {
  it('refuses 2026-02-30 and 0000-01-01 in an order search with the reason', async () => {
    const february = await call(app, 'GET', '/api/order', { token, query: { start_date: '2026-02-30' } });
    expect(february.status).toBe(422);
    expect(february.body.data).toEqual({ start_date: ['开始日期不是有效的日期'] });
    const yearZero = await call(app, 'GET', '/api/user/user_money_log', { token, query: { end_time: '0000-01-01' } });
    expect(yearZero.status).toBe(422);
    expect(yearZero.body.data).toEqual({ end_time: ['结束日期应在1900-01-01至2099-12-31之间'] });
  });
});

describe('guardStrings', () => {
  it('walks nested lists and objects without recursion and stops at the depth bound', () => {
    const form: Record<string, unknown> = { params: [{ goods_name: '\u200b' }, { goods_name: '板蓝根' }] };
    guardStrings(form);
    expect(form).toEqual({ params: [{ goods_name: '' }, { goods_name: '板蓝根' }] });
    expect(() => guardStrings({ params: [{ name: 'a\ud800' }] })).toThrow('params.0.name含有无法识别的字符');
    let deep: unknown = 'x';
    for (let i = 0; i < 40_000; i++) deep = [deep];
    expect(() => guardStrings({ deep })).toThrow('嵌套过深');
  });
});

describe('fields the upstream reads from multipart parts itself (VAL-20)', () => {
  function multipart(url: string, parts: { name: string; value: string; filename?: string }[]) {
    const boundary = `----tg${Math.random().toString(16).slice(2)}`;
    const body = parts
      .map(
        (p) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
          (p.filename === undefined ? '' : `; filename="${p.filename}"\r\nContent-Type: image/png`) +
          `\r\n\r\n${p.value}\r\n`,
      )
      .join('');
    return app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(`${body}--${boundary}--\r\n`),
    });
  }

  it('refuses U+0000 in a pasted purchase list sent as a part, on its field', async () => {
    const res = await multipart('/api/cart/match', [{ name: 'text', value: '感冒灵颗粒\u0000 2' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ data: Record<string, string[]> }>().data).toEqual({ text: ['text含有不允许的控制字符'] });
  });

  it('refuses an uploaded file whose name holds a bidi override, keeping nothing', async () => {
    const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM files');
    const res = await multipart('/api/user/upload', [
      { name: 'purpose', value: 'feedback' },
      { name: 'file', value: 'png', filename: 'slip\u202Egnp.exe' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ data: Record<string, string[]> }>().data)).toEqual(['filename']);
    expect(await db.query<{ n: number }>('SELECT count(*)::int AS n FROM files')).toEqual(before);
  });
});
