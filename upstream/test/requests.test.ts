import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createApp, OPENAPI_PATH } from '../src/app';
import { paymentsOf } from '../src/config';
import type { Db } from '../src/db/db';
import { insertFile } from '../src/areas/files/store';
import type { FeedbackDto, VarietyRequestDto } from '../src/areas/requests/service';
import type { Envelope } from '../src/lib/http';
import { call, encodeForm, login, makeBuyers, testAppConfig, testStore } from './testkit';

// Variety wanted and feedback (REQ-01..REQ-06) through HTTP: filing, reading one's own only, the form's refusals
// (a pasted 10,000 characters included), pictures that must be one's own uploads, and the operator's one answer
// with the message it writes. Every answer is also checked against upstream/openapi.yaml.

const ADMIN_TOKEN = 'test-admin-token-requests-0123';

let app: FastifyInstance;
let db: Db;
let buyer: { id: number; token: string; addressId: number };
let other: { id: number; token: string; addressId: number };
let demo2Token: string;

const description = parseYaml(readFileSync(OPENAPI_PATH, 'utf8')) as object;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema({ ...description, $id: 'https://upstream.test/openapi' });
const ref = (name: string) =>
  `https://upstream.test/openapi#/components/responses/${name}/content/application~1json/schema`;

/** Expects an answer to fit the response the description names. */
function fits(res: { body: unknown }, response: string): void {
  const validate = ajv.getSchema(ref(response)) ?? ajv.compile({ $ref: ref(response) });
  expect(validate(res.body), `${response}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

async function admin<T>(url: string, form: Record<string, unknown>, token: string | null = ADMIN_TOKEN) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token === null ? {} : { 'x-admin-token': token }),
    },
    payload: encodeForm(form),
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}

const wanted = (overrides: Record<string, unknown> = {}) => ({
  name: '注射用头孢曲松钠',
  ypgg: '1g*10瓶',
  sccj: '上海罗氏制药有限公司',
  pzwh: '国药准字H10983036',
  number: '200',
  price: '2850',
  remark: '诊所常用',
  ...overrides,
});

const ask = (token: string, form: Record<string, unknown>) =>
  call<VarietyRequestDto>(app, 'POST', '/api/user/buy', { token, form });
const send = (token: string, form: Record<string, unknown>) =>
  call<FeedbackDto>(app, 'POST', '/api/user/feedback', { token, form, arrayFormat: 'brackets' });

async function upload(userId: number, purpose: 'feedback' | 'return', name = '破损.png') {
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  const file = await insertFile(db, userId, { purpose, name, mime: 'image/png', sha256: 'x', bytes });
  if (file === undefined) throw new Error('no file');
  return file.id;
}

async function messagesOf(userId: number, key: string) {
  return db.query<{ title: string; body: string; link: string | null }>(
    'SELECT title, body, link FROM messages WHERE user_id = $1 AND dedupe_key = $2',
    [userId, key],
  );
}

beforeAll(async () => {
  db = await testStore();
  const config = { ...testAppConfig, payments: { ...paymentsOf(testAppConfig), adminToken: ADMIN_TOKEN } };
  app = createApp({ db, config });
  await app.ready();
  [buyer, other] = (await makeBuyers(db, 2)) as [typeof buyer, typeof other];
  demo2Token = await login(app, 'demo2');
});

afterAll(async () => {
  await db.query('DELETE FROM users WHERE id = ANY($1::int[])', [[buyer.id, other.id]]);
  await app.close();
});

describe('variety wanted (REQ-01..REQ-03, REQ-06)', () => {
  it('REQ-01: files a request with its fields as typed, the price in fen, pending', async () => {
    const res = await ask(buyer.token, wanted({ name: '  注射用头孢曲松钠 ' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    fits(res, 'OneVarietyRequest');
    expect(res.body.message).toBe('求购信息已提交');
    expect(res.body.data).toMatchObject({
      name: '注射用头孢曲松钠',
      pzwh: '国药准字H10983036',
      number: 200,
      price: 2850,
      status: 0,
      status_text: '待处理',
      goods: null,
      answer: null,
      answered_at: null,
    });
    const bare = await ask(buyer.token, { name: '复方甘草片', ypgg: '100片', sccj: '北京双鹤', number: 5, price: '' });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    expect(bare.body.data).toMatchObject({ pzwh: '', price: null, remark: '' });
  });

  it('REQ-01: refuses each bad field with its own Chinese message, and writes nothing', async () => {
    const before = await call<{ total: number }>(app, 'GET', '/api/user/buy', { token: buyer.token });
    const res = await ask(buyer.token, {
      name: ' ',
      ypgg: 'x'.repeat(51),
      sccj: '厂',
      number: '0',
      price: '12.5',
      remark: '备'.repeat(201),
    });
    expect(res.status).toBe(422);
    fits(res, 'FormError');
    expect(res.body.data).toEqual({
      name: ['请填写品种名称'],
      ypgg: ['规格最多50个字'],
      number: ['求购数量必须是1到1000000之间的整数'],
      price: ['期望价格必须是1分到100万元之间的整数分'],
      remark: ['备注最多200个字'],
    });
    expect(res.body.message).toBe('请填写品种名称');
    expect((await ask(buyer.token, wanted({ price: '0' }))).body.data).toEqual({
      price: ['期望价格必须是1分到100万元之间的整数分'],
    });
    const after = await call<{ total: number }>(app, 'GET', '/api/user/buy', { token: buyer.token });
    expect(after.body.data.total).toBe(before.body.data.total);
  });

  it('REQ-02: refuses a second pending request for the same variety, case and spaces aside', async () => {
    const again = await ask(buyer.token, wanted({ ypgg: ' 1G*10瓶 ' }));
    expect(again.status).toBe(422);
    expect(again.body.data).toEqual({ name: ['您已求购过该品种，平台正在处理，请勿重复提交'] });
    // Another buyer may ask for it.
    expect((await ask(other.token, wanted())).status).toBe(200);
  });

  it('REQ-02: of two identical requests sent at once exactly one is filed', async () => {
    const twin = wanted({ name: '蒙脱石散', ypgg: '3g*10袋' });
    const statuses = (await Promise.all([ask(other.token, twin), ask(other.token, twin)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 422]);
  });

  it("REQ-06: lists the buyer's own requests newest first; another company's request is 404 as an unknown one", async () => {
    const list = await call<{ total: number; data: VarietyRequestDto[] }>(app, 'GET', '/api/user/buy', {
      token: buyer.token,
      query: { page_size: 1 },
    });
    expect(list.status).toBe(200);
    fits(list, 'VarietyRequestList');
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.data.map((r) => r.name)).toEqual(['复方甘草片']);
    const mine = list.body.data.data[0];
    if (mine === undefined) throw new Error('no request');
    const one = await call<VarietyRequestDto>(app, 'GET', `/api/user/buy/${mine.id}`, { token: buyer.token });
    expect(one.body.data.id).toBe(mine.id);
    fits(one, 'OneVarietyRequest');
    const theirs = await call(app, 'GET', `/api/user/buy/${mine.id}`, { token: demo2Token });
    const unknown = await call(app, 'GET', '/api/user/buy/2147483647', { token: demo2Token });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    expect(theirs.body.message).toBe('求购信息不存在');
    expect((await call(app, 'GET', '/api/user/buy/abc', { token: buyer.token })).status).toBe(404);
    expect((await call(app, 'GET', '/api/user/buy')).status).toBe(401);
  });

  it('REQ-03: the operator lists it as goods once, which writes the buyer a message leading to the goods', async () => {
    const [goods] = await db.query<{ id: number; name: string }>('SELECT id, name FROM goods ORDER BY id LIMIT 1');
    const { body } = await ask(buyer.token, wanted({ name: '阿莫西林胶囊', number: 30 }));
    const id = body.data.id;
    const url = `/api/admin/buy/${id}/answer`;
    expect((await admin(url, { status: 'listed', goods_id: goods?.id }, 'wrong')).status).toBe(403);
    expect((await admin(url, { status: 'listed' })).body.data).toEqual({ goods_id: ['请填写上架的商品'] });
    expect((await admin(url, { status: 'listed', goods_id: 2147483647 })).body.data).toEqual({
      goods_id: ['商品不存在'],
    });
    const listed = await admin<VarietyRequestDto>(url, { status: 'listed', goods_id: goods?.id, answer: '现货充足' });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    fits(listed, 'OneVarietyRequest');
    expect(listed.body.data).toMatchObject({
      status: 1,
      status_text: '已上架',
      goods: { id: goods?.id, name: goods?.name },
      answer: '现货充足',
    });
    expect(listed.body.data.answered_at).not.toBeNull();
    expect(await messagesOf(buyer.id, `variety-request-answered:${id}`)).toEqual([
      {
        title: '您求购的品种已上架',
        body: '您求购的「阿莫西林胶囊」已上架，欢迎选购。现货充足',
        link: `/list/info/${goods?.id}`,
      },
    ]);
    const again = await admin(url, { status: 'unavailable', answer: '停产' });
    expect(again.status).toBe(409);
    fits(again, 'AlreadyAnswered');
    expect(
      (await call<VarietyRequestDto>(app, 'GET', `/api/user/buy/${id}`, { token: buyer.token })).body.data.status,
    ).toBe(1);
    expect(await messagesOf(buyer.id, `variety-request-answered:${id}`)).toHaveLength(1);
    // Answered, the variety may be asked for again.
    expect((await ask(buyer.token, wanted({ name: '阿莫西林胶囊', number: 30 }))).status).toBe(200);
    expect((await admin('/api/admin/buy/2147483647/answer', { status: 'unavailable', answer: '停产' })).status).toBe(
      404,
    );
  });

  it('REQ-03: unavailable needs the reason, which the buyer reads in the request and the message', async () => {
    const { body } = await ask(buyer.token, wanted({ name: '右美沙芬糖浆' }));
    const url = `/api/admin/buy/${body.data.id}/answer`;
    expect((await admin(url, { status: 'unavailable', answer: ' ' })).body.data).toEqual({
      answer: ['请填写无法采购的原因'],
    });
    expect((await admin(url, { status: 'maybe' })).status).toBe(422);
    const refused = await admin<VarietyRequestDto>(url, { status: 'unavailable', answer: '厂家已停产' });
    expect(refused.body.data).toMatchObject({ status: 2, status_text: '无法采购', goods: null, answer: '厂家已停产' });
    expect(await messagesOf(buyer.id, `variety-request-answered:${body.data.id}`)).toEqual([
      {
        title: '您求购的品种暂无法采购',
        body: '您求购的「右美沙芬糖浆」暂无法采购：厂家已停产',
        link: `/pzqg/info?id=${body.data.id}`,
      },
    ]);
  });
});

describe('feedback (REQ-04..REQ-06)', () => {
  it('REQ-04: sends feedback with its pictures in the chosen order', async () => {
    const [a, b] = [await upload(buyer.id, 'feedback', 'a.png'), await upload(buyer.id, 'feedback', 'b.png')];
    const res = await send(buyer.token, {
      type: '物流配送',
      content: '  外箱压损，两瓶口服液瓶盖松动  ',
      phone: '13812345678',
      file_ids: [b, a],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    fits(res, 'OneFeedback');
    expect(res.body.message).toBe('感谢您的反馈');
    expect(res.body.data).toMatchObject({
      type: '物流配送',
      content: '外箱压损，两瓶口服液瓶盖松动',
      phone: '13812345678',
      reply: null,
      replied_at: null,
    });
    expect(res.body.data.images.map((i) => i.name)).toEqual(['b.png', 'a.png']);
  });

  it('REQ-04: a pasted 10,000 characters answer a clear error on content, and nothing is written', async () => {
    const before = await call<{ total: number }>(app, 'GET', '/api/user/feedback', { token: buyer.token });
    const long = await send(buyer.token, { type: '网站建议', content: '希'.repeat(10_000) });
    expect(long.status).toBe(422);
    fits(long, 'FormError');
    expect(long.body.data).toEqual({ content: ['反馈内容最多500个字'] });
    expect(long.body.message).toBe('反馈内容最多500个字');
    // 500 characters outside the BMP are 500 as a buyer counts them (VAL-08).
    expect((await send(buyer.token, { type: '其他', content: '𠮷'.repeat(500) })).status).toBe(200);
    const bad = await send(buyer.token, { type: '投诉', content: '太短', phone: '12345678901' });
    expect(bad.body.data).toEqual({
      type: ['请选择反馈类型'],
      content: ['反馈内容至少5个字'],
      phone: ['请输入正确的手机号'],
    });
    const after = await call<{ total: number }>(app, 'GET', '/api/user/feedback', { token: buyer.token });
    expect(after.body.data.total).toBe(before.body.data.total + 1);
  });

  it('REQ-04, VAL-03: an optional contact email is kept as given, refused by the rule, and none is null', async () => {
    const given = await send(buyer.token, {
      type: '网站建议',
      content: '希望增加效期筛选',
      email: ' buy_er-1@yao.com.cn ',
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    fits(given, 'OneFeedback');
    expect(given.body.data.email).toBe('buy_er-1@yao.com.cn');

    const before = await call<{ total: number }>(app, 'GET', '/api/user/feedback', { token: buyer.token });
    // The rule allows no dot before the @, and the domain needs one.
    for (const email of ['a.b@x.com', 'a.b@x', 'ab@x', 'a+b@x.com', '@x.com']) {
      const bad = await send(buyer.token, { type: '网站建议', content: '希望增加效期筛选', email });
      expect(bad.status, email).toBe(422);
      fits(bad, 'FormError');
      expect(bad.body.data, email).toEqual({ email: ['请输入正确的邮箱地址'] });
    }
    const after = await call<{ total: number }>(app, 'GET', '/api/user/feedback', { token: buyer.token });
    expect(after.body.data.total).toBe(before.body.data.total);

    for (const form of [{}, { email: '' }, { email: '   ' }]) {
      const none = await send(buyer.token, { type: '其他', content: '没有留邮箱的反馈', ...form });
      expect(none.status).toBe(200);
      expect(none.body.data.email).toBeNull();
    }
    const list = await call<{ data: FeedbackDto[] }>(app, 'GET', '/api/user/feedback', { token: buyer.token });
    fits(list, 'FeedbackList');
    expect(list.body.data.data.find((f) => f.id === given.body.data.id)?.email).toBe('buy_er-1@yao.com.cn');
    expect(list.body.data.data[0]?.email).toBeNull();
  });

  it("REQ-04: pictures must be the buyer's own feedback uploads, at most four", async () => {
    const theirs = await upload(other.id, 'feedback');
    const forReturns = await upload(buyer.id, 'return');
    for (const ids of [[theirs], [forReturns], [2147483647]]) {
      const res = await send(buyer.token, { type: '商品问题', content: '包装破损严重', file_ids: ids });
      expect(res.status).toBe(422);
      expect(res.body.data).toEqual({ file_ids: ['图片不存在或已失效，请重新上传'] });
    }
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => upload(buyer.id, 'feedback')));
    expect((await send(buyer.token, { type: '商品问题', content: '包装破损严重', file_ids: five })).body.data).toEqual({
      file_ids: ['最多上传4张图片'],
    });
  });

  it("REQ-05, REQ-06: the operator replies once, the buyer reads it in the list and a message; others' lists stay apart", async () => {
    const sent = await send(buyer.token, { type: '售后服务', content: '退货审核要多久？' });
    const id = sent.body.data.id;
    const url = `/api/admin/feedback/${id}/reply`;
    expect((await admin(url, { reply: '' })).body.data).toEqual({ reply: ['请填写回复内容'] });
    const replied = await admin<FeedbackDto>(url, { reply: '一般1个工作日内审核' });
    expect(replied.status).toBe(200);
    fits(replied, 'OneFeedback');
    expect((await admin(url, { reply: '再回复一次' })).status).toBe(409);
    expect(await messagesOf(buyer.id, `feedback-replied:${id}`)).toEqual([
      {
        title: '您的意见反馈已回复',
        body: '您提交的「售后服务」反馈已收到平台回复：一般1个工作日内审核',
        link: '/yjfk',
      },
    ]);
    const list = await call<{ total: number; data: FeedbackDto[] }>(app, 'GET', '/api/user/feedback', {
      token: buyer.token,
    });
    fits(list, 'FeedbackList');
    expect(list.body.data.data[0]).toMatchObject({ id, reply: '一般1个工作日内审核' });
    expect(list.body.data.data[0]?.replied_at).not.toBeNull();
    const others = await call<{ data: FeedbackDto[] }>(app, 'GET', '/api/user/feedback', { token: demo2Token });
    expect(others.body.data.data.some((f) => f.id === id)).toBe(false);
    expect((await admin('/api/admin/feedback/2147483647/reply', { reply: '好的' })).status).toBe(404);
  });
});
