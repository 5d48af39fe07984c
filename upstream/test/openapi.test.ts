import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020';
import { beforeAll, describe, expect, it } from 'vitest';
import qs from 'qs';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { createApp, OPENAPI_PATH, QS_OPTIONS } from '../src/app';
import {
  adminApp,
  call,
  clearCart,
  encodeForm,
  findGoods,
  forgetPoints,
  freshPhone,
  login,
  makeBuyers,
  PAY_PASSWORD,
  recordingSms,
  removeBuyers,
  testApp,
  testAppConfig,
  testStore,
  userId,
  type Answer,
} from './testkit';
import { insertFile } from '../src/areas/files/store';
import { fakeWechat, wechatLoginFor } from './fake-wechat';

interface Operation {
  responses?: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
  requestBody?: { content?: Record<string, unknown> };
}
interface Description {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, unknown>;
    responses?: Record<string, { content?: Record<string, unknown> }>;
  };
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const description = parse(readFileSync(OPENAPI_PATH, 'utf8')) as Description;

/** `/api/cart/:id/edit` → `/api/cart/{id}/edit` */
const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('openapi.yaml', () => {
  const served = new Set<string>();
  beforeAll(async () => {
    await testApp({
      onRoute: ({ method, url }) => {
        for (const m of [method].flat()) if (m !== 'HEAD') served.add(`${m.toLowerCase()} ${toOpenApiPath(url)}`);
      },
    });
  });

  it('is OpenAPI 3.1', () => {
    expect(description.openapi).toMatch(/^3\.1\./);
  });

  it('has no stray null keys (an unquoted description with commas inside a flow mapping splits into keys)', () => {
    const strays: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        // null is a legitimate member of an enum, a default or an example
        if (value === null && !/\/(enum|default|example)(\/|$)/.test(at + '/' + key)) strays.push(`${at}/${key}`);
        else walk(value, `${at}/${key}`);
      }
    };
    walk(description, '');
    expect(strays).toEqual([]);
  });

  it('describes exactly the routes the app serves', () => {
    const described = new Set<string>();
    for (const [path, item] of Object.entries(description.paths)) {
      for (const method of Object.keys(item)) if (METHODS.has(method)) described.add(`${method} ${path}`);
    }
    expect(served.size).toBeGreaterThan(15);
    expect(
      [...served].filter((r) => !described.has(r)),
      'served but not described',
    ).toEqual([]);
    expect(
      [...described].filter((r) => !served.has(r)),
      'described but not served',
    ).toEqual([]);
  });

  it('every operation describes its success answer', () => {
    for (const [path, item] of Object.entries(description.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (METHODS.has(method)) expect(op.responses?.['200'], `${method} ${path}`).toBeDefined();
      }
    }
  });

  it('is served as JSON at /api/openapi.json', async () => {
    const { app } = await testApp();
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(description);
  });
});

describe('answers match their description', () => {
  // The description is a JSON Schema 2020-12 dialect (OpenAPI 3.1); each answer is validated against the schema
  // the description gives for its path, method and status, and each accepted form body against its request schema.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ ...(description as object), $id: 'https://upstream.test/openapi' });
  // A form arrives as text: the request schemas are read with the server's coercions (digits to integers, a single
  // `ids=4` to a list of one).
  const forms = new Ajv2020({ strict: false, validateFormats: false, allErrors: true, coerceTypes: 'array' });
  forms.addSchema({ ...(description as object), $id: 'https://upstream.test/openapi' });
  const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
  const FORM = 'application/x-www-form-urlencoded';

  /** Every `method path` whose answer a test below validated. */
  const validated = new Set<string>();

  function validatorFor(method: string, path: string, status: number) {
    const response = description.paths[path]?.[method]?.responses?.[String(status)];
    if (response === undefined) throw new Error(`${method} ${path} does not describe ${status}`);
    const base =
      response.$ref !== undefined
        ? response.$ref.slice(1)
        : `/${pointer('paths', path, method, 'responses', String(status))}`;
    const ref = `https://upstream.test/openapi#${base}/${pointer('content', 'application/json', 'schema')}`;
    const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
    return validate;
  }

  function formValidatorFor(method: string, path: string) {
    if (description.paths[path]?.[method]?.requestBody?.content?.[FORM] === undefined) {
      throw new Error(`${method} ${path} describes no form body`);
    }
    const ref = `https://upstream.test/openapi#/${pointer('paths', path, method, 'requestBody', 'content', FORM, 'schema')}`;
    return forms.getSchema(ref) ?? forms.compile({ $ref: ref });
  }

  /** A form field described by its wire name `goods_ids[]` is the list `goods_ids` the server parses. */
  function asDescribed(body: Record<string, unknown>, method: string, path: string): Record<string, unknown> {
    const schema = JSON.stringify(description.paths[path]?.[method]?.requestBody?.content?.[FORM] ?? {});
    const ref = /"\$ref":"#\/components\/schemas\/(\w+)"/.exec(schema)?.[1];
    const text = ref === undefined ? schema : JSON.stringify(description.components?.schemas?.[ref] ?? {});
    const wireNames = new Set(text.match(/"[A-Za-z_]+\[\]"/g)?.map((quoted) => quoted.slice(1, -1)));
    return Object.fromEntries(
      Object.entries(body).map(([key, value]) => [wireNames.has(`${key}[]`) ? `${key}[]` : key, value]),
    );
  }

  /**
   * Expects an answer to fit its description and, when the call was accepted, the form it sent to fit the request
   * schema as the server parsed it; records the operation as validated.
   */
  function expectFits(
    method: string,
    path: string,
    res: Answer,
    sent?: { form: Record<string, unknown>; arrayFormat?: 'indices' | 'brackets' },
  ): void {
    const m = method.toLowerCase();
    const validate = validatorFor(m, path, res.status);
    expect(validate(res.body), `${method} ${path} ${res.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    if (sent !== undefined && res.status === 200) {
      const validForm = formValidatorFor(m, path);
      const body = asDescribed(qs.parse(encodeForm(sent.form, sent.arrayFormat), QS_OPTIONS), m, path);
      expect(validForm(body), `${method} ${path} form: ${forms.errorsText(validForm.errors)}`).toBe(true);
    }
    validated.add(`${m} ${path}`);
  }

  /** Calls as the gateway does and expects the answer (and an accepted form) to fit the description. */
  async function check<T = unknown>(
    app: FastifyInstance,
    token: string,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    url: string,
    form?: Record<string, unknown>,
    arrayFormat: 'indices' | 'brackets' = 'indices',
  ): Promise<Answer<T>> {
    const res = await call<T>(app, method, url, {
      ...(token === '' ? {} : { token }),
      arrayFormat,
      ...(form ? { form } : {}),
    });
    expectFits(method, path, res, form === undefined ? undefined : { form, arrayFormat });
    return res;
  }

  type Case = [method: 'GET' | 'POST' | 'DELETE', path: string, url: string, form?: Record<string, unknown>];

  it('every JSON answer of a tour through the API fits its description', async () => {
    const { app, db } = await testApp();
    await clearCart(db, 'demo');
    const token = await login(app);
    const goods = await findGoods(db, 'g.is_buy = 1 AND g.number > 100 AND g.ladder_price_type = 1');
    const cases: Case[] = [
      ['GET', '/healthz', '/healthz'],
      ['GET', '/api/user/base', '/api/user/base'],
      ['GET', '/api/goods/list', '/api/goods/list?keywords=gm&page_size=5'],
      ['GET', '/api/goods/detail/{id}', `/api/goods/detail/${goods.id}`],
      ['GET', '/api/goods/detail/{id}', '/api/goods/detail/99999999'],
      ['GET', '/api/goods/search', '/api/goods/search?keywords=gm'],
      ['GET', '/api/goods/hot', '/api/goods/hot'],
      ['GET', '/api/goods/same_generic/{id}', `/api/goods/same_generic/${goods.id}?limit=5`],
      ['GET', '/api/goods/same_generic/{id}', '/api/goods/same_generic/99999999'],
      ['GET', '/api/goods/same_generic/{id}', `/api/goods/same_generic/${goods.id}?limit=0`],
      ['GET', '/api/goods/list', '/api/goods/list?keywords=gm&page_size=5&sort=unit_price_asc'],
      ['GET', '/api/goods/activities', `/api/goods/activities?goods_ids[]=${goods.id}&goods_ids[]=1&goods_ids[]=2`],
      ['GET', '/api/goods/activities', '/api/goods/activities'],
      ['POST', '/api/favorite', '/api/favorite', { goods_ids: [goods.id] }],
      ['POST', '/api/favorite', '/api/favorite', { goods_ids: [99999999] }],
      ['GET', '/api/favorite', '/api/favorite?page_size=5'],
      ['GET', '/api/favorite/check', `/api/favorite/check?goods_ids[]=${goods.id}&goods_ids[]=1`],
      ['GET', '/api/user/scope_classes', '/api/user/scope_classes'],
      ['POST', '/api/favorite/cancel', '/api/favorite/cancel', { goods_ids: [goods.id] }],
      ['GET', '/api/index/spike', '/api/index/spike'],
      ['GET', '/api/activity/everyday_price', '/api/activity/everyday_price?page_size=3'],
      ['GET', '/api/activity/everyday_price', '/api/activity/everyday_price?page_size=0'],
      ['GET', '/api/index_wntj/{page}', '/api/index_wntj/1'],
      ['GET', '/api/index_wntj/{page}', '/api/index_wntj/0'],
      ['GET', '/api/focus/brand/{id}', '/api/focus/brand/2'],
      ['GET', '/api/combinationMzhgGroup', '/api/combinationMzhgGroup'],
      ['GET', '/api/combinationMzhgGroup', '/api/combinationMzhgGroup?type=2'],
      ['GET', '/api/combinationMzhgGroup', '/api/combinationMzhgGroup?type=9'],
      ['GET', '/api/combinationMzhg', '/api/combinationMzhg?id=1'],
      ['GET', '/api/combinationMzhg', '/api/combinationMzhg?id=4'],
      ['GET', '/api/combinationMzhg', '/api/combinationMzhg?id=99999'],
      ['GET', '/api/combinationMzhg', '/api/combinationMzhg'],
      ['GET', '/api/activity/group_buy', '/api/activity/group_buy?page_size=3'],
      ['GET', '/api/activity/group_buy', '/api/activity/group_buy?page=0'],
      ['GET', '/api/campaign/current/{kind}', '/api/campaign/current/cashback'],
      ['GET', '/api/campaign/current/{kind}', '/api/campaign/current/hub'],
      ['GET', '/api/campaign/current/{kind}', '/api/campaign/current/nothing'],
      ['GET', '/api/campaign/{id}', '/api/campaign/99999'],
      ['GET', '/api/campaign/{id}/goods', '/api/campaign/1/goods?page_size=3'],
      ['GET', '/api/campaign/{id}/goods', '/api/campaign/99999/goods'],
      ['GET', '/api/jybg/filter', '/api/jybg/filter?page_size=3'],
      ['GET', '/api/jybg/filter', '/api/jybg/filter?page_size=0'],
      ['GET', '/api/points/goods', '/api/points/goods?page_size=3'],
      ['GET', '/api/points/goods', '/api/points/goods?page=0'],
      ['GET', '/api/points/goods/{id}', '/api/points/goods/1'],
      ['GET', '/api/points/goods/{id}', '/api/points/goods/99999999'],
      ['GET', '/api/focus/postList', '/api/focus/postList?page_size=3'],
      ['GET', '/api/focus/postList', '/api/focus/postList?page_size=99'],
      ['GET', '/api/focus/brand/{id}', '/api/focus/brand/99999'],
      ['GET', '/api/goods/list', '/api/goods/list?brand_id=3&page_size=3'],
      ['GET', '/api/goods/list', '/api/goods/list?is_jxq=1&is_kx=1&page_size=3'],
      ['GET', '/api/goods/list', '/api/goods/list?qx=2'],
      ['GET', '/api/goods/list', '/api/goods/list?maker[]=x&form[]=%E8%83%B6%E5%9B%8A%E5%89%82&price[]=P2'],
      ['GET', '/api/goods/list', '/api/goods/list?rx[]=nope'],
      ['GET', '/api/goods/facets', '/api/goods/facets?keywords=gm'],
      ['GET', '/api/goods/facets', '/api/goods/facets?category_id=1&rx[]=RX&flag[]=yb&cat[]=3'],
      ['GET', '/api/goods/facets', '/api/goods/facets?flag[]=bogus'],
      ['GET', '/api/goods/list', '/api/goods/list?activity_id=4&sort=price_asc&page_size=3'],
      ['GET', '/api/activity/{id}', '/api/activity/4'],
      ['GET', '/api/activity/{id}', '/api/activity/99999'],
      ['GET', '/api/activity', '/api/activity'],
      ['GET', '/api/activity', '/api/activity?ids[]=7&ids[]=1&ids[]=99999'],
      ['GET', '/api/activity', '/api/activity?ids[]=x'],
      ['POST', '/api/activity/tap', '/api/activity/tap', { id: 4 }],
      ['POST', '/api/activity/tap', '/api/activity/tap', { id: 99999 }],
      ['POST', '/api/activity/tap', '/api/activity/tap', { id: 'x' }],
      ['GET', '/api/focus/common', '/api/focus/common'],
      ['GET', '/api/focus', '/api/focus'],
      ['GET', '/api/focus/{slot}', '/api/focus/top'],
      ['GET', '/api/goods/kx_categories', '/api/goods/kx_categories'],
      ['GET', '/api/focus/kxzq_ad', '/api/focus/kxzq_ad'],
      ['GET', '/api/focus/kxzq_ad', '/api/focus/kxzq_ad?ids[]=21&ids[]=20'],
      ['GET', '/api/focus/kxzq_ad', '/api/focus/kxzq_ad?ids[]=x'],
      ['GET', '/api/global/links', '/api/global/links'],
      ['GET', '/api/global/seller', '/api/global/seller'],
      ['GET', '/api/article/category', '/api/article/category?category_id=3'],
      ['GET', '/api/article/{id}', '/api/article/1'],
      ['GET', '/api/article/{id}', '/api/article/99999'],
      ['GET', '/api/article/code/{code}', '/api/article/code/privacy'],
      ['GET', '/api/article/code/{code}', '/api/article/code/nothing'],
      ['GET', '/api/focus/postList', '/api/focus/postList?type=2&page_size=3'],
      ['GET', '/api/focus/postList', '/api/focus/postList?type=5'],
      ['GET', '/api/focus/post/{id}', '/api/focus/post/2'],
      ['GET', '/api/focus/post/{id}', '/api/focus/post/99999'],
      ['POST', '/api/cart', '/api/cart', { params: [{ goods_id: goods.id, number: 2 }] }],
      ['POST', '/api/cart', '/api/cart', { params: [{ goods_id: goods.id, number: 0 }] }],
      ['POST', '/api/cart', '/api/cart', { params: [{ goods_id: goods.id, number: goods.number + 1 }] }],
      ['GET', '/api/cart/list', '/api/cart/list'],
      ['GET', '/api/cart/total', '/api/cart/total'],
    ];
    const lineId = async () =>
      (await db.query<{ id: number }>('SELECT id FROM cart_lines ORDER BY id DESC LIMIT 1'))[0]?.id;
    for (const [method, path, url, form] of cases) await check(app, token, method, path, url, form);
    const cashback = await check<{ id: number }>(
      app,
      token,
      'GET',
      '/api/campaign/current/{kind}',
      '/api/campaign/current/cashback',
    );
    const campaign = `/api/campaign/${cashback.body.data.id}`;
    expect((await check(app, token, 'GET', '/api/campaign/{id}', campaign)).status).toBe(200);
    const id = await lineId();
    const later: Case[] = [
      ['POST', '/api/cart/{id}/edit', `/api/cart/${id}/edit`, { params: { number: 3 }, new: 1 }],
      ['POST', '/api/cart/batch_select', '/api/cart/batch_select', { ids: [id], is_selected: 0 }],
      ['POST', '/api/cart/batch_delete', '/api/cart/batch_delete', { ids: [id] }],
      ['DELETE', '/api/user/logout', '/api/user/logout'],
      ['GET', '/api/cart/list', '/api/cart/list'],
    ];
    for (const [method, path, url, form] of later) await check(app, token, method, path, url, form);
    const visitor = await check(app, '', 'GET', '/api/user/base', '/api/user/base');
    expect(visitor.status).toBe(200);
  });

  it('every JSON answer of the coupon centre fits its description', async () => {
    const { app, db } = await testApp();
    const [coupon] = await db.query<{ id: number }>(
      `INSERT INTO coupons (name, type, amount, discount, min_amount, start_at, end_at, center_total, center_remaining)
       VALUES ('描述测试券', 2, 0, 95, 0, now() - interval '1 day', now() + interval '1 day', 1, 1) RETURNING id`,
    );
    const [a, b] = await makeBuyers(db, 2);
    if (coupon === undefined || a === undefined || b === undefined) throw new Error('no coupon or buyers');
    const cases: [string, string, 'GET' | 'POST', string][] = [
      [a.token, '/api/coupon/center', 'GET', '/api/coupon/center?page_size=3'],
      [a.token, '/api/coupon/center', 'GET', '/api/coupon/center?page=0'],
      [a.token, '/api/coupon/{id}/take', 'POST', `/api/coupon/${coupon.id}/take`],
      [a.token, '/api/coupon/{id}/take', 'POST', `/api/coupon/${coupon.id}/take`],
      [b.token, '/api/coupon/{id}/take', 'POST', `/api/coupon/${coupon.id}/take`],
      [b.token, '/api/coupon/{id}/take', 'POST', '/api/coupon/1/take'],
      ['', '/api/coupon/{id}/take', 'POST', `/api/coupon/${coupon.id}/take`],
    ];
    const statuses: number[] = [];
    for (const [token, path, method, url] of cases) {
      statuses.push((await check(app, token, method, path, url)).status);
    }
    expect(statuses).toEqual([200, 422, 200, 400, 400, 404, 401]);
    await db.query('DELETE FROM user_coupons WHERE coupon_id = $1', [coupon.id]);
    await db.query('DELETE FROM coupons WHERE id = $1', [coupon.id]);
  });

  it('every JSON answer of the lucky draw fits its description', async () => {
    // The last prize by sort is the consolation: the seeded prizes' stock stays the seed's for the files after this.
    const { app, db } = await testApp({ drawRandom: (max) => max - 1 });
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    const ids = new Map(
      (await db.query<{ id: number; name: string }>('SELECT id, name FROM draws')).map((d) => [d.name, d.id]),
    );
    const running = ids.get('双十二采购抽奖');
    const cases: [token: string, path: string, url: string, status: number][] = [
      ['', '/api/draw/simple', '/api/draw/simple', 401],
      [buyer.token, '/api/draw/simple', '/api/draw/simple', 200],
      ['', '/api/draw/{id}/activity', `/api/draw/${running}/activity`, 200],
      [buyer.token, '/api/draw/{id}/activity', `/api/draw/${running}/activity`, 200],
      ['', '/api/draw/{id}/activity', '/api/draw/99999999/activity', 404],
      [buyer.token, '/api/draw', `/api/draw?id=${running}`, 200],
      [buyer.token, '/api/draw', `/api/draw?id=${running}`, 200],
      [buyer.token, '/api/draw/{id}/activity', `/api/draw/${running}/activity`, 200],
      [buyer.token, '/api/draw', `/api/draw?id=${ids.get('国庆采购抽奖')}`, 400],
      [buyer.token, '/api/draw', '/api/draw?id=99999999', 404],
      [buyer.token, '/api/draw', '/api/draw?id=x', 422],
      ['', '/api/draw', `/api/draw?id=${running}`, 401],
      ['', '/api/draw/new_record', `/api/draw/new_record?id=${running}`, 200],
      ['', '/api/draw/new_record', '/api/draw/new_record?id=99999999', 404],
      ['', '/api/draw/new_record', '/api/draw/new_record', 422],
      [buyer.token, '/api/draw/record', '/api/draw/record?page_size=5', 200],
      [buyer.token, '/api/draw/record', '/api/draw/record?page_size=0', 422],
      ['', '/api/draw/record', '/api/draw/record', 401],
      ['', '/api/draw/ads', `/api/draw/ads?id=${running}`, 200],
      ['', '/api/draw/ads', '/api/draw/ads?id=x', 422],
    ];
    try {
      for (const [token, path, url, status] of cases) {
        expect((await check(app, token, 'GET', path, url)).status, url).toBe(status);
      }
    } finally {
      await db.query('DELETE FROM draw_records WHERE user_id = $1', [buyer.id]);
    }
  });

  it('every JSON answer of a checkout, order and payment tour fits its description', async () => {
    const { app, db } = await testApp();
    await clearCart(db, 'demo');
    const token = await login(app);
    const goods = await findGoods(db, 'g.is_buy = 1 AND g.is_hm = 0 AND g.number > 100');
    const hm = await findGoods(db, 'g.is_buy = 1 AND g.is_hm = 1 AND g.number > 10');
    const tour = (method: 'GET' | 'POST' | 'DELETE', path: string, url: string, form?: Record<string, unknown>) =>
      check<Record<string, unknown>>(app, token, method, path, url, form, 'brackets');
    await tour('POST', '/api/cart/quick_add/{goods_id}', `/api/cart/quick_add/${goods.id}`);
    await tour('POST', '/api/cart/quick_add/{goods_id}', '/api/cart/quick_add/99999999');
    await tour('POST', '/api/cart/quick_add/{goods_id}', `/api/cart/quick_add/${hm.id}`);
    await tour('GET', '/api/cart/next_hint', `/api/cart/next_hint?goods_id=${goods.id}&number=1`);
    await tour('GET', '/api/cart/next_hint', `/api/cart/next_hint?goods_id=${goods.id}&number=0`);
    // The old client's POST, with the goods and quantity in the query.
    await tour('POST', '/api/cart/next_hint', `/api/cart/next_hint?goods_id=${goods.id}&number=1`);
    await tour('POST', '/api/cart/next_hint', '/api/cart/next_hint?goods_id=99999999&number=1');
    const ids = (
      await db.query<{ id: number }>(
        "SELECT id FROM cart_lines WHERE user_id = (SELECT id FROM users WHERE username = 'demo')",
      )
    ).map((r) => r.id);
    // demo3 is another store of demo's company; demo2's company is another: copying to it is refused.
    const [demo2, demo3] = [await userId(db, 'demo2'), await userId(db, 'demo3')];
    await tour('GET', '/api/user/stores', '/api/user/stores');
    expect((await tour('POST', '/api/cart/copy', '/api/cart/copy', { ids, other_user_ids: [demo3] })).status).toBe(200);
    expect((await tour('POST', '/api/cart/copy', '/api/cart/copy', { ids, other_user_ids: [demo2] })).status).toBe(422);
    await tour('POST', '/api/cart/checkout', '/api/cart/checkout', { ids, new: 1 });
    await tour('POST', '/api/cart/checkout', '/api/cart/checkout', { ids: [99999999] });
    const addresses = await check<{ id: number }[]>(app, token, 'GET', '/api/user/address', '/api/user/address');
    const address = {
      consignee: '王芳',
      phone: '13712345678',
      province: '浙江省',
      city: '宁波市',
      district: '海曙区',
      address: '1 号',
    };
    const made = await tour('POST', '/api/user/address', '/api/user/address', address);
    const madeId = (made.body.data as { id: number }).id;
    await tour('POST', '/api/user/address', '/api/user/address', { ...address, phone: '123' });
    await tour('POST', '/api/user/address/{id}', `/api/user/address/${madeId}`, { ...address, city: '温州市' });
    await tour('DELETE', '/api/user/address/{id}', `/api/user/address/${madeId}`);
    await tour('DELETE', '/api/user/address/{id}', `/api/user/address/${madeId}`);
    await tour('GET', '/api/user/coupon', '/api/user/coupon?status=0');
    await tour(
      'GET',
      '/api/user/availableCoupon',
      `/api/user/availableCoupon?${ids.map((i) => `ids[]=${i}`).join('&')}`,
    );
    await tour('GET', '/api/user/couponNum', '/api/user/couponNum');
    await tour('GET', '/api/user/user_money', '/api/user/user_money');
    await tour('GET', '/api/user/user_money_log', '/api/user/user_money_log?use_type=1');
    const addressId = addresses.body.data[0]?.id;
    const placed = await tour('POST', '/api/order', '/api/order', {
      cart_ids: ids,
      address_id: addressId,
      idempotency_key: `openapi-${Date.now()}`,
    });
    const orderId = (placed.body.data as { id: number }).id;
    await tour('POST', '/api/order', '/api/order', { cart_ids: ids, address_id: addressId, idempotency_key: 'x' });
    await tour('POST', '/api/order', '/api/order', {
      cart_ids: ids,
      address_id: addressId,
      idempotency_key: 'openapi-empty',
    });
    await tour('GET', '/api/order', '/api/order?status=0&page_size=2');
    await tour('GET', '/api/order/{id}', `/api/order/${orderId}`);
    await tour('GET', '/api/order/{id}', '/api/order/99999999');
    await tour('GET', '/api/order/{id}/pay', `/api/order/${orderId}/pay`);
    await tour('POST', '/api/order/{id}/pay', `/api/order/${orderId}/pay`, {
      method: 'balance',
      pay_password: PAY_PASSWORD,
    });
    await tour('POST', '/api/order/{id}/receipt', `/api/order/${orderId}/receipt`, { name: '李明', id_card: '1' });
    await tour('POST', '/api/order/{id}/receipt', `/api/order/${orderId}/receipt`, {
      name: '李明',
      id_card: '330106199001011234',
    });
    await tour('POST', '/api/order/{id}/pay', `/api/order/${orderId}/pay`, { method: 'wechat' });
    await tour('POST', '/api/order/{id}/pay', `/api/order/${orderId}/pay`, {
      method: 'balance',
      pay_password: PAY_PASSWORD,
    });
    await tour('POST', '/api/order/{id}/pay', `/api/order/${orderId}/pay`, { method: 'cash' });
    await tour('POST', '/api/order/{id}/cancel', `/api/order/${orderId}/cancel`);
    await clearCart(db, 'demo2');
    await clearCart(db, 'demo3');
  });

  it('every JSON answer of a set (组合购) and a group-buy join, in the cart and the order, fits its description', async () => {
    const { app, db } = await testApp();
    await clearCart(db, 'demo');
    const token = await login(app);
    const [set] = await db.query<{ id: number }>(
      "SELECT id FROM combination_groups WHERE kind = 'bundle' ORDER BY sort, id LIMIT 1",
    );
    const [offer] = await db.query<{ id: number }>('SELECT id FROM group_buys ORDER BY id LIMIT 1');
    const tour = (method: 'GET' | 'POST', path: string, url: string, form?: Record<string, unknown>) =>
      check<Record<string, unknown>>(app, token, method, path, url, form, 'brackets');
    const add = async (line: Record<string, unknown>) =>
      (await check(app, token, 'POST', '/api/cart', '/api/cart', { params: [line] })).status;
    expect(await add({ type: 3, combination_id: set?.id, number: 1 })).toBe(200);
    expect(await add({ type: 2, group_buy_id: offer?.id, number: 2 })).toBe(200);
    expect(await add({ type: 3, combination_id: set?.id, number: 999999 })).toBe(400);
    expect(await add({ type: 3, combination_id: 99999999, number: 1 })).toBe(404);
    expect(await add({ type: 1, goods_id: 1, number: 1 })).toBe(422);
    const list = await tour('GET', '/api/cart/list', '/api/cart/list');
    const ids = (list.body.data as { data: { id: number }[] }).data.map((l) => l.id);
    await tour('POST', '/api/cart/{id}/edit', `/api/cart/${ids[1]}/edit`, { params: { number: 2 } });
    await tour('POST', '/api/cart/checkout', '/api/cart/checkout', { ids });
    const [address] = await db.query<{ id: number }>(
      "SELECT a.id FROM addresses a JOIN users u ON u.id = a.user_id WHERE u.username = 'demo' ORDER BY a.id LIMIT 1",
    );
    const placed = await tour('POST', '/api/order', '/api/order', {
      cart_ids: ids,
      address_id: address?.id,
      idempotency_key: `openapi-sets-${Date.now()}`,
    });
    const orderId = (placed.body.data as { id: number }).id;
    await tour('GET', '/api/order/{id}', `/api/order/${orderId}`);
    // Cancelled again, so the stock and the group's joined units stay the seed's for the files after this one.
    await tour('POST', '/api/order/{id}/cancel', `/api/order/${orderId}/cancel`);
  });

  it('every JSON answer of signing in, registration and a password reset fits its description', async () => {
    const sms = recordingSms();
    const { app } = await testApp({ smsSender: sms });
    const phone = freshPhone('1390001');
    const username = `oas_${Date.now().toString(36)}`;
    const statuses = [
      await check(app, '', 'GET', '/api/openapi.json', '/api/openapi.json'),
      await check(app, '', 'GET', '/api/user/phone/{value}', `/api/user/phone/${phone}`),
      await check(app, '', 'POST', '/api/user/create_code', '/api/user/create_code', { phone, type: 1 }),
      await check(app, '', 'POST', '/api/user/register', '/api/user/register', {
        phone,
        code: sms.codeFor(phone),
        username,
        password: 'abc12345',
        company: '测试大药房',
        name: '王测试',
      }),
      await check(app, '', 'POST', '/api/user/login', '/api/user/login', { username, password: 'abc12345' }),
      await check(app, '', 'POST', '/api/user/login', '/api/user/login', { username, password: 'wrong123' }),
      await check(app, '', 'POST', '/api/user/create_code', '/api/user/create_code', { phone, type: 2 }),
      await check(app, '', 'POST', '/api/user/forget', '/api/user/forget', {
        phone,
        code: sms.codeFor(phone),
        password: 'newpass99',
      }),
    ].map((res) => res.status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 422, 200, 200]);
  });

  it('every JSON answer of the account centre (basic info, documents, uploads) fits its description', async () => {
    const { app } = await testApp();
    const token = await login(app);
    const boundary = 'oas-account';
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108020000000000000000000c49444154789c63f8cfc000000301010000000000000000000049454e44ae426082',
      'hex',
    );
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nqualification\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.png"\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/user/upload',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const upload: Answer<{ id: number }> = {
      status: uploaded.statusCode,
      body: uploaded.json(),
      headers: uploaded.headers,
    };
    expectFits('POST', '/api/user/upload', upload);
    const docs = await check<{ id: number }[]>(app, token, 'GET', '/api/user/zizhi', '/api/user/zizhi');
    const docId = docs.body.data[0]?.id ?? 0;
    const statuses = [
      upload.status,
      docs.status,
      (await check(app, token, 'GET', '/api/user/base', '/api/user/base')).status,
      (await check(app, token, 'GET', '/api/user/jyfw', '/api/user/jyfw')).status,
      (
        await check(app, token, 'POST', '/api/user/zizhi/{id}', `/api/user/zizhi/${docId}`, {
          file_id: upload.body.data.id,
        })
      ).status,
      (await check(app, token, 'POST', '/api/user/zizhi/{id}', '/api/user/zizhi/99999999', { file_id: 1 })).status,
      (
        await check(app, token, 'POST', '/api/user/updateUserInfo', '/api/user/updateUserInfo', {
          name: '李明',
          phone: '13905710001',
        })
      ).status,
      (await check(app, token, 'POST', '/api/user/updateUserInfo', '/api/user/updateUserInfo', { phone: '1' })).status,
      (
        await check(app, token, 'POST', '/api/user/resetPassword', '/api/user/resetPassword', {
          old_password: 'wrong-old-1',
          password: 'abc12345',
          password_confirmation: 'abc12345',
        })
      ).status,
      (
        await check(
          app,
          '',
          'POST',
          '/api/admin/qualification/{id}/review',
          `/api/admin/qualification/${docId}/review`,
          {
            result: 'refuse',
            remark: '模糊',
          },
        )
      ).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 200, 200, 404, 200, 422, 422, 403]);
  });

  it('a wrong answer does not fit: the check can fail', () => {
    const validate = validatorFor('get', '/api/goods/detail/{id}', 200);
    expect(validate({ code: 10000, message: 'ok', data: { id: 1, name: 'x', price: 12.5 } })).toBe(false);
    const form = formValidatorFor('post', '/api/cart');
    expect(form({ params: [{ goods_id: '12', number: '1.5' }] })).toBe(false);
  });

  it("every JSON answer of a bank transfer and the operator's decisions on it fits its description", async () => {
    const db = await testStore();
    const adminToken = 'openapi-admin-token-0123456789';
    const app = await adminApp(db, adminToken);
    const token = await login(app, 'demo2');
    const buyer = await userId(db, 'demo2');
    const sn = `OAS${Date.now()}`;
    const [order] = await db.query<{ id: number }>(
      `INSERT INTO orders (order_sn, user_id, idempotency_key, pay_amount) VALUES ($1, $2, $1, 4200) RETURNING id`,
      [sn, buyer],
    );
    const bytes = new Uint8Array([137, 80, 78, 71]);
    const file = await insertFile(db, buyer, {
      purpose: 'transfer',
      name: 'slip.png',
      mime: 'image/png',
      sha256: sn,
      bytes,
    });
    const admin = (method: 'GET' | 'POST', path: string, url: string, form?: Record<string, string>) =>
      asOperator(app, adminToken, method, path, url, form);
    const transfer = (id: number, form: Record<string, unknown>) =>
      check<{ transfer: { id: number } | null }>(
        app,
        token,
        'POST',
        '/api/order/{id}/transfer',
        `/api/order/${id}/transfer`,
        form,
      );
    expect((await transfer(order?.id ?? 0, { file_id: 99999999 })).status).toBe(422);
    const sent = await transfer(order?.id ?? 0, { file_id: file?.id, payer_name: '测试药房' });
    const transferId = sent.body.data.transfer?.id ?? 0;
    expect((await check(app, token, 'GET', '/api/order/{id}/pay', `/api/order/${order?.id}/pay`)).status).toBe(200);
    expect((await admin('GET', '/api/admin/payment/transfers', '/api/admin/payment/transfers')).status).toBe(200);
    // PAY-13: the list of payments kept unapplied, and the count the gateway's gauge reads.
    expect((await admin('GET', '/api/admin/payment/unapplied', '/api/admin/payment/unapplied')).status).toBe(200);
    expect((await admin('GET', '/api/ops/payments/unapplied', '/api/ops/payments/unapplied')).status).toBe(200);
    const reject = `/api/admin/payment/transfer/${transferId}/reject`;
    expect((await admin('POST', '/api/admin/payment/transfer/{id}/reject', reject, { reason: '' })).status).toBe(422);
    expect((await admin('POST', '/api/admin/payment/transfer/{id}/reject', reject, { reason: '未到账' })).status).toBe(
      200,
    );
    const again = await transfer(order?.id ?? 0, { file_id: file?.id });
    const confirm = `/api/admin/payment/transfer/${again.body.data.transfer?.id ?? 0}/confirm`;
    expect((await admin('POST', '/api/admin/payment/transfer/{id}/confirm', confirm)).status).toBe(200);
    expect((await admin('POST', '/api/admin/payment/transfer/{id}/confirm', confirm)).status).toBe(400);
    await db.query('DELETE FROM messages WHERE user_id = $1 AND body LIKE $2', [buyer, `%${sn}%`]);
    await db.query('DELETE FROM orders WHERE id = $1', [order?.id ?? 0]);
    await db.query('DELETE FROM files WHERE id = $1', [file?.id ?? 0]);
    await app.close();
  });

  it('every JSON answer of credit terms (账期) and the operator’s calls on them fits its description', async () => {
    const db = await testStore();
    const adminToken = 'openapi-admin-token-credit-0123';
    const app = await adminApp(db, adminToken);
    const token = await login(app, 'demo2');
    const buyer = await userId(db, 'demo2');
    const [company] = await db.query<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [buyer]);
    const companyId = company?.company_id ?? 0;
    const sn = `OAC${Date.now()}`;
    const [order] = await db.query<{ id: number }>(
      `INSERT INTO orders (order_sn, user_id, idempotency_key, pay_amount) VALUES ($1, $2, $1, 4200) RETURNING id`,
      [sn, buyer],
    );
    const admin = (method: 'GET' | 'POST', path: string, url: string, form?: Record<string, string>) =>
      asOperator(app, adminToken, method, path, url, form);
    try {
      expect((await check(app, token, 'GET', '/api/user/credit', '/api/user/credit')).status).toBe(200);
      const line = { company_id: String(companyId), limit: '100000', term_days: '30' };
      expect(
        (await admin('POST', '/api/admin/credit/line', '/api/admin/credit/line', { ...line, term_days: '0' })).status,
      ).toBe(422);
      expect((await admin('POST', '/api/admin/credit/line', '/api/admin/credit/line', line)).status).toBe(200);
      const pay = `/api/order/${order?.id ?? 0}/pay`;
      expect((await check(app, token, 'GET', '/api/order/{id}/pay', pay)).status).toBe(200);
      expect(
        (await check(app, token, 'POST', '/api/order/{id}/pay', pay, { method: 'credit', pay_password: PAY_PASSWORD }))
          .status,
      ).toBe(200);
      expect((await check(app, token, 'GET', '/api/user/credit', '/api/user/credit')).status).toBe(200);
      const repay = (form: Record<string, unknown>) =>
        check<{ id: number }>(app, token, 'POST', '/api/user/credit/repayment', '/api/user/credit/repayment', form);
      expect((await repay({ amount: 99999 })).status).toBe(422);
      const first = await repay({ amount: 2000, payer_name: '测试药房' });
      const second = await repay({ amount: 2200 });
      expect((await admin('GET', '/api/admin/credit/repayments', '/api/admin/credit/repayments')).status).toBe(200);
      const reject = `/api/admin/credit/repayment/${first.body.data.id}/reject`;
      expect(
        (await admin('POST', '/api/admin/credit/repayment/{id}/reject', reject, { reason: '未到账' })).status,
      ).toBe(200);
      const confirm = `/api/admin/credit/repayment/${second.body.data.id}/confirm`;
      expect((await admin('POST', '/api/admin/credit/repayment/{id}/confirm', confirm)).status).toBe(200);
      expect((await admin('POST', '/api/admin/credit/repayment/{id}/confirm', confirm)).status).toBe(400);
    } finally {
      await db.query('DELETE FROM messages WHERE user_id = $1 AND link = $2', [buyer, '/wdqb/zq']);
      await db.query('DELETE FROM credit_lines WHERE company_id = $1', [companyId]);
      await db.query('DELETE FROM orders WHERE id = $1', [order?.id ?? 0]);
      await app.close();
    }
  });

  // Runs last: the tests above record what they validated.
  it('every JSON answer of messages, store switching, WeChat binding and a default address fits its description', async () => {
    const wechat = fakeWechat();
    const db = await testStore();
    const app = createApp({ db, config: { ...testAppConfig, wechatLogin: wechatLoginFor(await wechat.start()) } });
    await app.ready();
    try {
      const token = await login(app, 'demo2');
      const [message] = await db.query<{ id: number }>(
        'SELECT id FROM messages WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
        [await userId(db, 'demo2')],
      );
      const [address] = await db.query<{ id: number }>(
        'SELECT id FROM addresses WHERE user_id = $1 AND is_default = 1 LIMIT 1',
        [await userId(db, 'demo2')],
      );
      const authorize = await check<{ url: string }>(
        app,
        token,
        'POST',
        '/api/user/wechat/authorize',
        '/api/user/wechat/authorize',
      );
      const state = new URL(authorize.body.data.url).searchParams.get('state') ?? '';
      const statuses = [
        await check(app, token, 'GET', '/api/user/message', '/api/user/message?page=1&page_size=5&kind=order'),
        await check(app, token, 'GET', '/api/user/message/unread', '/api/user/message/unread'),
        await check(app, token, 'GET', '/api/user/store', '/api/user/store'),
        await check(app, token, 'POST', '/api/user/message/{id}/read', `/api/user/message/${message?.id}/read`),
        await check(app, token, 'POST', '/api/user/message/{id}/read', '/api/user/message/2147483000/read'),
        await check(app, token, 'POST', '/api/user/message/read_all', '/api/user/message/read_all', {
          kind: 'promotion',
        }),
        await check(app, token, 'POST', '/api/user/address/{id}/default', `/api/user/address/${address?.id}/default`),
        await check(app, token, 'GET', '/api/user/wechat', '/api/user/wechat'),
        await check(app, token, 'POST', '/api/user/wechat/bind', '/api/user/wechat/bind', {
          code: 'x',
          state: 'wrong',
        }),
        await check(app, token, 'POST', '/api/user/wechat/bind', '/api/user/wechat/bind', {
          code: 'code-ok-oas2',
          state,
        }),
        await check(app, token, 'DELETE', '/api/user/unbind_wechat', '/api/user/unbind_wechat'),
        await check(
          app,
          token,
          'POST',
          '/api/user/stores/{id}/switch',
          `/api/user/stores/${await userId(db, 'demo')}/switch`,
        ),
      ].map((res) => res.status);
      expect(statuses).toEqual([200, 200, 200, 200, 404, 200, 200, 200, 422, 200, 200, 404]);
      const demo = await login(app);
      const switched = await check(
        app,
        demo,
        'POST',
        '/api/user/stores/{id}/switch',
        `/api/user/stores/${await userId(db, 'demo3')}/switch`,
      );
      expect(switched.status).toBe(200);
    } finally {
      await app.close();
      await wechat.stop();
    }
  });

  it('every JSON answer of the order centre, returns and their operator calls fits its description', async () => {
    const db = await testStore();
    const adminToken = 'openapi-after-sale-admin-token';
    const app = await adminApp(db, adminToken);
    const [buyer] = await makeBuyers(db, 1, 1_000_000);
    try {
      if (buyer === undefined) throw new Error('no buyer');
      await db.query('UPDATE users SET is_after_sale = 1 WHERE id = $1', [buyer.id]);
      const token = buyer.token;
      const goods = await findGoods(db, 'g.is_buy = 1 AND g.is_hm = 0 AND g.number > 100 AND g.ladder_price_type = 1');
      await call(app, 'POST', '/api/cart', { token, form: { params: [{ goods_id: goods.id, number: 2 }] } });
      const cart = await call<{ data: { id: number }[] }>(app, 'GET', '/api/cart/list', { token });
      const placed = await call<{ id: number; lines: { id: number }[] }>(app, 'POST', '/api/order', {
        token,
        form: {
          cart_ids: cart.body.data.data.map((l) => l.id),
          address_id: buyer.addressId,
          idempotency_key: `oas-after-sale-${Date.now()}`,
        },
        arrayFormat: 'brackets',
      });
      const id = placed.body.data.id;
      await call(app, 'POST', `/api/order/${id}/pay`, {
        token,
        form: { method: 'balance', pay_password: PAY_PASSWORD },
      });
      const operator = async (method: 'GET' | 'POST', path: string, url: string, form?: Record<string, string>) =>
        (await asOperator(app, adminToken, method, path, url, form)).status;
      const ship = { carrier: '顺丰速运', waybill: 'SF0000000001' };
      const statuses = [
        (await check(app, token, 'GET', '/api/order/counts', '/api/order/counts')).status,
        (
          await check(
            app,
            token,
            'GET',
            '/api/order',
            '/api/order?after_sale=0&confirming=0&keyword=x&start_date=2026-01-01',
          )
        ).status,
        (await check(app, token, 'POST', '/api/order/{id}/receive', `/api/order/${id}/receive`)).status,
        await operator('POST', '/api/admin/order/{id}/ship', `/api/admin/order/${id}/ship`, ship),
        await operator('POST', '/api/admin/order/{id}/trace', `/api/admin/order/${id}/trace`, { text: '已到达' }),
        (await check(app, token, 'POST', '/api/order/{id}/receive', `/api/order/${id}/receive`)).status,
        (await check(app, token, 'GET', '/api/order/{id}', `/api/order/${id}`)).status,
        (await check(app, token, 'POST', '/api/order/{id}/rebuy', `/api/order/${id}/rebuy`)).status,
        (await check(app, token, 'GET', '/api/order/{id}/rebuy_preview', `/api/order/${id}/rebuy_preview`)).status,
        (await check(app, token, 'GET', '/api/user/fast_buy', '/api/user/fast_buy?order=times&page_size=5')).status,
        (await check(app, token, 'GET', '/api/order/{id}/after_sale', `/api/order/${id}/after_sale`)).status,
      ];
      const asked = await check<{ id: number }>(
        app,
        token,
        'POST',
        '/api/order/{id}/return',
        `/api/order/${id}/return`,
        {
          order_line_id: placed.body.data.lines[0]?.id,
          number: 1,
          reason: '商品破损',
          description: '破损',
        },
      );
      const rid = asked.body.data.id;
      statuses.push(
        asked.status,
        (await check(app, token, 'POST', '/api/order/{id}/return', `/api/order/${id}/return`, { number: 9 })).status,
        (await check(app, token, 'GET', '/api/return/{id}', `/api/return/${rid}`)).status,
        await operator('GET', '/api/admin/return/{id}', `/api/admin/return/${rid}`),
        await operator('POST', '/api/admin/return/{id}/refuse', `/api/admin/return/${rid}/refuse`, { reason: '' }),
        await operator('POST', '/api/admin/return/{id}/approve', `/api/admin/return/${rid}/approve`),
        await operator('POST', '/api/admin/return/{id}/receive', `/api/admin/return/${rid}/receive`),
        await operator('POST', '/api/admin/return/{id}/refund', `/api/admin/return/${rid}/refund`),
        await operator('POST', '/api/admin/return/{id}/refund', `/api/admin/return/${rid}/refund`),
      );
      expect(statuses).toEqual([
        200, 200, 400, 200, 200, 200, 200, 200, 200, 200, 200, 200, 422, 200, 200, 422, 200, 200, 200, 400,
      ]);
    } finally {
      if (buyer !== undefined) {
        await db.query('DELETE FROM money_log WHERE user_id = $1', [buyer.id]);
        await forgetPoints(db, [buyer.id]);
        await db.query('DELETE FROM orders WHERE user_id = $1', [buyer.id]);
        await db.query('DELETE FROM cart_lines WHERE user_id = $1', [buyer.id]);
      }
      await app.close();
    }
  });

  it('every JSON answer of the wallet (points, cash vouchers, points orders, receipts) fits its description', async () => {
    const { app, db } = await testApp();
    const demo = await login(app);
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    const [voucher] = await db.query<{ id: number }>(
      `INSERT INTO cash_vouchers (user_id, name, amount, source, start_at, end_at)
       VALUES ($1, '描述测试现金券', 1000, '测试', now() - interval '1 day', now() + interval '1 day') RETURNING id`,
      [buyer.id],
    );
    if (voucher === undefined) throw new Error('no voucher');
    const cases: [string, string, 'GET' | 'POST', string][] = [
      [demo, '/api/user/points', 'GET', '/api/user/points'],
      [demo, '/api/user/points_log', 'GET', '/api/user/points_log?type=1&start_time=2020-01-01'],
      [demo, '/api/user/points_log', 'GET', '/api/user/points_log?start_time=2026-02-01&end_time=2026-01-01'],
      [demo, '/api/user/user_money_log', 'GET', '/api/user/user_money_log?use_type=1'],
      [demo, '/api/user/couponNum', 'GET', '/api/user/couponNum'],
      [demo, '/api/user/cash_voucher', 'GET', '/api/user/cash_voucher?status=0'],
      [demo, '/api/user/cash_voucher', 'GET', '/api/user/cash_voucher?status=1'],
      [demo, '/api/user/cashVoucherNum', 'GET', '/api/user/cashVoucherNum'],
      [buyer.token, '/api/user/cash_voucher/{id}/redeem', 'POST', `/api/user/cash_voucher/${voucher.id}/redeem`],
      [buyer.token, '/api/user/cash_voucher/{id}/redeem', 'POST', `/api/user/cash_voucher/${voucher.id}/redeem`],
      [demo, '/api/user/cash_voucher/{id}/redeem', 'POST', `/api/user/cash_voucher/${voucher.id}/redeem`],
      [demo, '/api/user/points_order', 'GET', '/api/user/points_order?page_size=2'],
      [demo, '/api/order/receipts', 'GET', '/api/order/receipts'],
      ['', '/api/order/receipts', 'GET', '/api/order/receipts'],
    ];
    const statuses: number[] = [];
    for (const [token, path, method, url] of cases) {
      statuses.push((await check(app, token, method, path, url)).status);
    }
    expect(statuses).toEqual([200, 200, 422, 200, 200, 200, 200, 200, 200, 422, 404, 200, 200, 401]);
  });

  it('every JSON answer of the e-contract (read, sign, the 459 of an unsigned company) fits its description', async () => {
    const { app, db } = await testApp();
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    const unsigned = await login(app, 'demo4');
    const sign = (form: Record<string, unknown>) =>
      check(app, buyer.token, 'POST', '/api/user/contract/sign', '/api/user/contract/sign', form);
    const statuses = [
      (await check(app, buyer.token, 'GET', '/api/user/contract', '/api/user/contract')).status,
      (await check(app, unsigned, 'GET', '/api/user/contract', '/api/user/contract')).status,
      (await check(app, '', 'GET', '/api/user/contract', '/api/user/contract')).status,
      // demo's company signed version 1 in the seed: signing again answers the signature it has.
      (await sign({ version: 1, signer_name: '李明', agree: 1 })).status,
      (await sign({ version: 1, signer_name: '李明', agree: 0 })).status,
      (
        await check(app, unsigned, 'POST', '/api/order', '/api/order', {
          cart_ids: [1],
          address_id: 1,
          idempotency_key: 'contract-openapi-1',
        })
      ).status,
    ];
    expect(statuses).toEqual([200, 200, 401, 200, 422, 459]);
    await app.close();
  });

  /** Calls an operator route (`X-Admin-Token`) and expects the answer (and an accepted form) to fit the description. */
  async function asOperator(
    app: FastifyInstance,
    adminToken: string,
    method: 'GET' | 'POST',
    path: string,
    url: string,
    form?: Record<string, unknown>,
  ): Promise<Answer<{ id: number }>> {
    const res = await app.inject({
      method,
      url,
      headers: {
        'x-admin-token': adminToken,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: encodeForm(form) } : {}),
    });
    const answer: Answer<{ id: number }> = { status: res.statusCode, body: res.json(), headers: res.headers };
    expectFits(method, path, answer, form === undefined ? undefined : { form });
    return answer;
  }

  it('every JSON answer of a purchase list matched and imported into the cart fits its description', async () => {
    const { app, db } = await testApp();
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    const goods = await findGoods(db, 'g.is_buy = 1 AND g.number > 100 AND g.ladder_price_type = 1');
    const token = buyer.token;
    try {
      const matched = await check<{ rows: { status: string }[] }>(
        app,
        token,
        'POST',
        '/api/cart/match',
        '/api/cart/match',
        {
          text: `品名\t数量\n${goods.name}\t2\n没有这个商品\t1`,
        },
      );
      const statuses = [
        matched.status,
        (await check(app, token, 'POST', '/api/cart/match', '/api/cart/match', { text: ' \n' })).status,
        (
          await check(app, token, 'POST', '/api/cart/import', '/api/cart/import', {
            params: [
              { goods_id: goods.id, number: 2 },
              { goods_id: 99999999, number: 1 },
            ],
          })
        ).status,
        (
          await check(app, token, 'POST', '/api/cart/import', '/api/cart/import', {
            params: [{ goods_id: goods.id, number: 0 }],
          })
        ).status,
        (await check(app, '', 'POST', '/api/cart/match', '/api/cart/match', { text: goods.name })).status,
      ];
      expect(statuses).toEqual([200, 422, 200, 422, 401]);
      expect(matched.body.data.rows.map((r) => r.status)).toContain('none');
    } finally {
      await db.query('DELETE FROM cart_lines WHERE user_id = $1', [buyer.id]);
    }
  });

  it('every JSON answer of store invitations and a store registering into its chain fits its description', async () => {
    const sms = recordingSms();
    const { app, db } = await testApp({ smsSender: sms });
    const [buyer, outsider] = await makeBuyers(db, 2);
    if (buyer === undefined || outsider === undefined) throw new Error('no buyers');
    // A chain of its own: the company's limit of live invitations is never the seed's or another file's.
    const [chain] = await db.query<{ id: number }>("INSERT INTO companies (name) VALUES ('描述测试连锁') RETURNING id");
    if (chain === undefined) throw new Error('no company');
    await db.query('UPDATE users SET company_id = $2 WHERE id = $1', [buyer.id, chain.id]);
    try {
      const made = await check<{ id: number; code: string }>(
        app,
        buyer.token,
        'POST',
        '/api/user/store/invite',
        '/api/user/store/invite',
      );
      const phone = freshPhone('1390002');
      await call(app, 'POST', '/api/user/create_code', { form: { phone, type: 1 } });
      const form = {
        phone,
        code: sms.codeFor(phone),
        username: `oas_store_${Date.now().toString(36)}`,
        password: 'abc12345',
        invite_code: 'AAAA-AAAA',
        store: '城西店',
        name: '赵店长',
      };
      const register = (invite: string) =>
        check(app, '', 'POST', '/api/user/register_store', '/api/user/register_store', {
          ...form,
          invite_code: invite,
        });
      const revoke = (token: string, id: number) =>
        check(app, token, 'DELETE', '/api/user/store/invite/{id}', `/api/user/store/invite/${id}`);
      const statuses = [
        made.status,
        (await check(app, buyer.token, 'GET', '/api/user/store/invites', '/api/user/store/invites')).status,
        (await check(app, '', 'GET', '/api/user/store/invites', '/api/user/store/invites')).status,
        (await register('AAAA-AAAA')).status,
        (await register(made.body.data.code)).status,
        (await revoke(outsider.token, made.body.data.id)).status,
        (await revoke(buyer.token, made.body.data.id)).status,
        (await revoke(buyer.token, 99999999)).status,
      ];
      expect(statuses).toEqual([200, 200, 401, 422, 200, 404, 200, 404]);
    } finally {
      await db.query('DELETE FROM users WHERE company_id = $1', [chain.id]);
      await db.query('DELETE FROM companies WHERE id = $1', [chain.id]);
    }
  });

  it('every JSON answer of registering with WeChat (open or not, started, identified) fits its description', async () => {
    const { app: closed } = await testApp();
    const wechat = fakeWechat();
    const db = await testStore();
    const app = createApp({ db, config: { ...testAppConfig, wechatLogin: wechatLoginFor(await wechat.start()) } });
    await app.ready();
    try {
      const started = await check<{ url: string }>(
        app,
        '',
        'POST',
        '/api/user/wechat/signup',
        '/api/user/wechat/signup',
      );
      const state = new URL(started.body.data.url).searchParams.get('state') ?? '';
      const identify = (form: Record<string, unknown>) =>
        check(app, '', 'POST', '/api/user/wechat/signup/identify', '/api/user/wechat/signup/identify', form);
      const statuses = [
        started.status,
        (await check(app, '', 'GET', '/api/user/wechat/signup', '/api/user/wechat/signup')).status,
        (await check(closed, '', 'GET', '/api/user/wechat/signup', '/api/user/wechat/signup')).status,
        (await check(closed, '', 'POST', '/api/user/wechat/signup', '/api/user/wechat/signup')).status,
        (await identify({ code: 'code-ok-oas-signup', state: 'wrong' })).status,
        (await identify({ code: `code-ok-oas${Date.now().toString(36)}`, state })).status,
      ];
      expect(statuses).toEqual([200, 200, 200, 400, 422, 200]);
    } finally {
      await app.close();
      await wechat.stop();
    }
  });

  it('every JSON answer of the points mall (goods, an exchange and its refusals) fits its description', async () => {
    const { app, db } = await testApp();
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    // A company and a goods of their own: the seeded points and shelf stay the seed's for the files after this.
    const [company] = await db.query<{ id: number }>(
      "INSERT INTO companies (name, address, points) VALUES ('积分描述测试药房', '测试地址', 300) RETURNING id",
    );
    const [gift] = await db.query<{ id: number }>(
      `INSERT INTO points_goods (name, image, points, stock, per_buyer_limit, description, on_shelf, sort)
       VALUES ('描述测试礼品', '/api/images/points/1.svg', 200, 5, NULL, '测试用', 1, 100000) RETURNING id`,
    );
    if (company === undefined || gift === undefined) throw new Error('no company or goods');
    await db.query('UPDATE users SET company_id = $2 WHERE id = $1', [buyer.id, company.id]);
    const exchange = (token: string, form: Record<string, unknown>) =>
      check(app, token, 'POST', '/api/points/exchange', '/api/points/exchange', form);
    const form = { goods_id: gift.id, quantity: 1, address_id: buyer.addressId };
    try {
      const statuses = [
        (await check(app, buyer.token, 'GET', '/api/points/goods/{id}', `/api/points/goods/${gift.id}`)).status,
        (await check(app, buyer.token, 'GET', '/api/points/goods', '/api/points/goods?page_size=50')).status,
        (await exchange(buyer.token, form)).status,
        // 100 points are left: a second piece is refused, and nothing moves.
        (await exchange(buyer.token, form)).status,
        (await exchange(buyer.token, { ...form, goods_id: 99999999 })).status,
        (await exchange(buyer.token, { ...form, address_id: 99999999 })).status,
        (await exchange(buyer.token, { ...form, quantity: 0 })).status,
        (await exchange('', form)).status,
      ];
      expect(statuses).toEqual([200, 200, 200, 400, 404, 404, 422, 401]);
    } finally {
      await db.query('DELETE FROM points_log WHERE company_id = $1', [company.id]);
      await db.query('DELETE FROM points_orders WHERE goods_id = $1', [gift.id]);
      await db.query('DELETE FROM users WHERE id = $1', [buyer.id]);
      await db.query('DELETE FROM companies WHERE id = $1', [company.id]);
      await db.query('DELETE FROM points_goods WHERE id = $1', [gift.id]);
    }
  });

  it('every JSON answer of e-invoices and the operator issuing and reversing them fits its description', async () => {
    const db = await testStore();
    const adminToken = 'openapi-invoice-admin-token-0123';
    const app = await adminApp(db, adminToken);
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    const sn = `OASINV${Date.now()}`;
    const [order] = await db.query<{ id: number }>(
      `INSERT INTO orders (order_sn, user_id, status, idempotency_key, goods_amount, freight_amount, pay_amount,
         paid_at, pay_method)
       VALUES ($1, $2, 3, $1, 4700, 0, 4700, now(), 'balance') RETURNING id`,
      [sn, buyer.id],
    );
    if (order === undefined) throw new Error('no order');
    const [line] = await db.query<{ id: number }>(
      `INSERT INTO order_lines (order_id, goods_id, name, sccj, ypgg, bzdw, goods_image, number, price, total)
       VALUES ($1, (SELECT min(id) FROM goods), '阿莫西林胶囊', '测试药业', '0.25g*24粒', '盒', '', 2, 2350, 4700)
       RETURNING id`,
      [order.id],
    );
    const list = (url: string) => check(app, buyer.token, 'GET', '/api/user/invoice', url);
    const operator = async (action: 'issue' | 'reverse', id: number) =>
      (
        await asOperator(
          app,
          adminToken,
          'POST',
          `/api/admin/invoice/{id}/${action}`,
          `/api/admin/invoice/${id}/${action}`,
        )
      ).status;
    try {
      const statuses = [
        (await list('/api/user/invoice?page_size=5')).status,
        (await list('/api/user/invoice?state=nothing')).status,
        (await check(app, '', 'GET', '/api/user/invoice', '/api/user/invoice')).status,
        await operator('issue', order.id),
        await operator('issue', order.id),
        await operator('issue', 2_000_000_000),
        // Nothing of the order was refunded yet: it cannot be reversed.
        await operator('reverse', order.id),
      ];
      await db.query(
        `INSERT INTO returns (user_id, order_id, order_line_id, number, reason, refund_amount, status, refunded_at)
         VALUES ($1, $2, $3, 2, '其他', 4700, 4, now())`,
        [buyer.id, order.id, line?.id ?? 0],
      );
      statuses.push(await operator('reverse', order.id), (await list('/api/user/invoice?state=reversed')).status);
      expect(statuses).toEqual([200, 422, 401, 200, 400, 404, 400, 200, 200]);
    } finally {
      await db.query('DELETE FROM returns WHERE order_id = $1', [order.id]);
      await db.query('DELETE FROM invoices WHERE order_id = $1', [order.id]);
      await db.query('DELETE FROM messages WHERE user_id = $1', [buyer.id]);
      await db.query('DELETE FROM orders WHERE id = $1', [order.id]);
      await app.close();
    }
  });

  it('every JSON answer of the payment password fits its description (PAY-14)', async () => {
    const sms = recordingSms();
    const { app, db } = await testApp({ smsSender: sms });
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    const phone = freshPhone('1390572');
    await db.query('UPDATE users SET phone = $2, pay_password_hash = NULL WHERE id = $1', [buyer.id, phone]);
    const tour = (method: 'GET' | 'POST', path: string, form?: Record<string, unknown>) =>
      check(app, buyer.token, method, path, path, form);
    try {
      const statuses = [
        (await tour('GET', '/api/user/pay_password')).status,
        (await tour('POST', '/api/user/pay_password/code')).status,
        (await tour('POST', '/api/user/pay_password/code')).status,
        (await tour('POST', '/api/user/pay_password', { code: '1', password: '123456', password_confirmation: '1' }))
          .status,
        (
          await tour('POST', '/api/user/pay_password', {
            code: sms.codeFor(phone) === '000000' ? '111111' : '000000',
            password: '246813',
            password_confirmation: '246813',
          })
        ).status,
        (
          await tour('POST', '/api/user/pay_password', {
            code: sms.codeFor(phone),
            password: '246813',
            password_confirmation: '246813',
          })
        ).status,
        (await check(app, '', 'GET', '/api/user/pay_password', '/api/user/pay_password')).status,
      ];
      expect(statuses).toEqual([200, 200, 400, 422, 400, 200, 401]);
    } finally {
      await removeBuyers(db, [buyer.id]);
      await app.close();
    }
  });

  it('every JSON answer of invoice titles and the checkout’s invoice choices fits its description', async () => {
    const { app, db } = await testApp();
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    // A company of its own: the title is the company's, and demo's must stay as other tests expect it.
    const [company] = await db.query<{ id: number }>(
      "INSERT INTO companies (name) VALUES ('开放接口测试药房') RETURNING id",
    );
    await db.query('UPDATE users SET company_id = $2 WHERE id = $1', [buyer.id, company?.id ?? 0]);
    const title = (form?: Record<string, unknown>) =>
      check(
        app,
        buyer.token,
        form === undefined ? 'GET' : 'POST',
        '/api/user/invoice_title',
        '/api/user/invoice_title',
        form,
      );
    const options = (query: string) =>
      check(app, buyer.token, 'GET', '/api/order/invoice_options', `/api/order/invoice_options?${query}`);
    try {
      const statuses = [
        (await title()).status,
        (await title({ name: '开放接口测试药房', tax_id: '91330100716105852G' })).status,
        (await title({ name: '开放接口测试药房', tax_id: '91330100716105852F', phone: '0571-88886666' })).status,
        (await options('cart_ids[]=2000000000')).status,
        (await options('cart_ids[]=x')).status,
        (await check(app, '', 'GET', '/api/user/invoice_title', '/api/user/invoice_title')).status,
      ];
      expect(statuses).toEqual([200, 422, 200, 200, 422, 401]);
    } finally {
      await db.query('DELETE FROM invoice_titles WHERE company_id = $1', [company?.id ?? 0]);
      await app.close();
    }
  });

  it('every JSON answer of first-business documents and the goods taken fits its description (FIRST-02, FIRST-05)', async () => {
    const { app, db } = await testApp();
    const [buyer] = await makeBuyers(db, 1);
    if (buyer === undefined) throw new Error('no buyer');
    const [goods] = await db.query<{ id: number }>('SELECT id FROM goods ORDER BY id LIMIT 1');
    const documents = (query: string) =>
      check(app, buyer.token, 'GET', '/api/first_business/documents', `/api/first_business/documents?${query}`);
    try {
      // The zip itself is no JSON answer; a download is made so that the list has a row to describe.
      const zip = await app.inject({
        method: 'GET',
        url: `/api/first_business/documents?goods_ids[]=${goods?.id}`,
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      expect(zip.headers['content-type']).toBe('application/zip');
      const taken = (query: string) =>
        check(app, buyer.token, 'GET', '/api/first_business/taken', `/api/first_business/taken?${query}`);
      const statuses = [
        (await taken('page=1')).status,
        (await taken('page_size=51')).status,
        (await documents('goods_ids[]=2000000000')).status,
        (await documents('order_id=2000000000')).status,
        (await documents('goods_ids[]=x')).status,
        (await check(app, '', 'GET', '/api/first_business/taken', '/api/first_business/taken')).status,
      ];
      expect(statuses).toEqual([200, 422, 404, 404, 422, 401]);
    } finally {
      await db.query('DELETE FROM first_business_takes WHERE user_id = $1', [buyer.id]);
      await app.close();
    }
    // The zip draws PDFs; on a busy machine that is more than the default test time.
  }, 120_000);

  it('every JSON answer of variety requests, feedback and the operator answering them fits its description', async () => {
    const db = await testStore();
    const adminToken = 'openapi-requests-admin-token-0123';
    const app = await adminApp(db, adminToken);
    const [buyer, other] = await makeBuyers(db, 2);
    if (buyer === undefined || other === undefined) throw new Error('no buyers');
    const token = buyer.token;
    const wanted = {
      name: '注射用头孢曲松钠',
      ypgg: '1g*10瓶',
      sccj: '上海罗氏制药有限公司',
      pzwh: '国药准字H10983036',
      number: 200,
      price: 2850,
      remark: '诊所常用',
    };
    try {
      const asked = await check<{ id: number }>(app, token, 'POST', '/api/user/buy', '/api/user/buy', wanted);
      const id = asked.body.data.id;
      const told = await check<{ id: number }>(app, token, 'POST', '/api/user/feedback', '/api/user/feedback', {
        type: '网站建议',
        content: '搜索结果希望能按价格排序',
        email: 'buyer@example.com',
      });
      const answer = (form: Record<string, unknown>) =>
        asOperator(app, adminToken, 'POST', '/api/admin/buy/{id}/answer', `/api/admin/buy/${id}/answer`, form);
      const reply = (form: Record<string, unknown>) =>
        asOperator(
          app,
          adminToken,
          'POST',
          '/api/admin/feedback/{id}/reply',
          `/api/admin/feedback/${told.body.data.id}/reply`,
          form,
        );
      const statuses = [
        asked.status,
        (await check(app, token, 'POST', '/api/user/buy', '/api/user/buy', { ...wanted, number: 0 })).status,
        (await check(app, token, 'GET', '/api/user/buy', '/api/user/buy?page_size=5')).status,
        (await check(app, token, 'GET', '/api/user/buy', '/api/user/buy?page_size=99')).status,
        (await check(app, token, 'GET', '/api/user/buy/{id}', `/api/user/buy/${id}`)).status,
        (await check(app, other.token, 'GET', '/api/user/buy/{id}', `/api/user/buy/${id}`)).status,
        (await answer({ status: 'listed' })).status,
        (await answer({ status: 'unavailable', answer: '厂家停产' })).status,
        (await answer({ status: 'unavailable', answer: '厂家停产' })).status,
        told.status,
        (await check(app, token, 'POST', '/api/user/feedback', '/api/user/feedback', { type: '其他', content: '短' }))
          .status,
        (await check(app, token, 'GET', '/api/user/feedback', '/api/user/feedback?page_size=5')).status,
        (await check(app, '', 'GET', '/api/user/feedback', '/api/user/feedback')).status,
        (await reply({ reply: '' })).status,
        (await reply({ reply: '已安排，下周上线' })).status,
        (await reply({ reply: '已安排，下周上线' })).status,
      ];
      expect(statuses).toEqual([200, 422, 200, 422, 200, 404, 422, 200, 409, 200, 422, 200, 401, 422, 200, 409]);
    } finally {
      await db.query('DELETE FROM messages WHERE user_id = ANY($1::int[])', [[buyer.id, other.id]]);
      await db.query('DELETE FROM variety_requests WHERE user_id = $1', [buyer.id]);
      await db.query('DELETE FROM feedback WHERE user_id = $1', [buyer.id]);
      await app.close();
    }
  });

  it('every JSON answer of due to reorder (补货提醒) fits its description', async () => {
    const { app } = await testApp();
    const token = await login(app, 'demo3');
    const statuses = [
      (await check(app, token, 'GET', '/api/user/reorder', '/api/user/reorder?limit=3')).status,
      (await check(app, token, 'GET', '/api/user/reorder', '/api/user/reorder?limit=0')).status,
      (await check(app, '', 'GET', '/api/user/reorder', '/api/user/reorder')).status,
    ];
    expect(statuses).toEqual([200, 422, 401]);
  });

  it('validates every operation it describes with a JSON answer', () => {
    const described: string[] = [];
    for (const [path, item] of Object.entries(description.paths)) {
      for (const [method, op] of Object.entries(item)) {
        // A shared answer (`$ref: '#/components/responses/…'`) counts as its operation's JSON answer too.
        const ok = op.responses?.['200'];
        const answer =
          ok?.$ref === undefined ? ok : description.components?.responses?.[ok.$ref.split('/').pop() ?? ''];
        const json = answer?.content?.['application/json'] !== undefined;
        if (METHODS.has(method) && json) {
          described.push(`${method} ${path}`);
        }
      }
    }
    expect(described.length).toBeGreaterThan(40);
    expect(
      described.filter((op) => !validated.has(op)),
      'described but never validated',
    ).toEqual([]);
  });
});
