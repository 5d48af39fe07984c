import { describe, expect, it } from 'vitest';
import { buildSchema } from '../schema';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../testkit/gateway';
import { nestsDeeperThan, variableDepthOf } from './input-rules';

const { upstream, gw } = useGatewayOnFakeUpstream();

const FEEDBACK = `mutation($input: FeedbackInput!) { submitFeedback(input: $input) { feedback { id } } }`;
const ADDRESS = `mutation($input: AddressInput!) { createAddress(input: $input) { address { id } } }`;
const GOODS = `query($keyword: String) { goodsList(filter: { keyword: $keyword }) { total } }`;
const ORDERS = `query($from: String, $to: String) { orders(startDate: $from, endDate: $to) { total } }`;
const WALLET = `query($from: String) { me { wallet { log(from: $from) { total } } } }`;

const anAddress = {
  consignee: '张三',
  phone: '13800138000',
  province: '广东省',
  city: '广州市',
  district: '天河区',
  address: '天河路1号',
};

/** Nests `[...]` `depth` levels around a string, without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('one rule for text and dates, at the gateway (VAL-20..VAL-26)', () => {
  it('refuses U+0000 in feedback with BAD_USER_INPUT naming the field, and calls no upstream', async () => {
    const res = await gw.gql(FEEDBACK, { input: { type: 'SITE', content: '页面\u0000打不开了啊' } }, BUYER_AUTH);
    expect(res.body.errors).toMatchObject([
      {
        message: '反馈内容含有不允许的控制字符',
        extensions: { code: 'BAD_USER_INPUT', fields: { content: ['反馈内容含有不允许的控制字符'] } },
      },
    ]);
    expect(upstream.seen).toHaveLength(0);
  });

  it('refuses a bidi override in an address, and a line break in a one-line field', async () => {
    const bidi = await gw.gql(ADDRESS, { input: { ...anAddress, consignee: '张\u202e三' } }, BUYER_AUTH);
    expect(bidi.body.errors?.[0]).toMatchObject({
      message: '收货人含有不允许的文字方向控制字符',
      extensions: { code: 'BAD_USER_INPUT', fields: { consignee: ['收货人含有不允许的文字方向控制字符'] } },
    });
    const newline = await gw.gql(ADDRESS, { input: { ...anAddress, address: '天河路\n1号' } }, BUYER_AUTH);
    expect(newline.body.errors?.[0]?.extensions).toMatchObject({
      fields: { address: ['详细地址含有不允许的控制字符'] },
    });
    expect(upstream.seen).toHaveLength(0);
  });

  it('counts zero-width characters and spaces alone as empty', async () => {
    const res = await gw.gql(
      FEEDBACK,
      { input: { type: 'SITE', content: '\u200b\u200b\u3000\u200d\ufeff' } },
      BUYER_AUTH,
    );
    expect(res.body.errors?.[0]).toMatchObject({
      message: '请填写反馈内容',
      extensions: { code: 'BAD_USER_INPUT', fields: { content: ['请填写反馈内容'] } },
    });
    expect(upstream.seen).toHaveLength(0);
  });

  it('lets multi-line text keep its line breaks and tabs', async () => {
    upstream.ok('POST', '/api/user/feedback', { id: 9 });
    await gw.gql(FEEDBACK, { input: { type: 'SITE', content: '第一行\n第二行\t还有' } }, BUYER_AUTH);
    expect(upstream.calls('POST', '/api/user/feedback')).toHaveLength(1);
  });

  it('refuses a 60 KB keyword, sent as a variable or written in the document, before the upstream', async () => {
    // 20,000 Chinese characters: 60 KB of UTF-8, within the 100 KB body limit.
    const keyword = '感冒'.repeat(10_000);
    const asVariable = await gw.gql(GOODS, { keyword });
    expect(asVariable.body.errors).toMatchObject([
      {
        message: '关键词最多500个字',
        extensions: { code: 'BAD_USER_INPUT', fields: { keyword: ['关键词最多500个字'] } },
      },
    ]);
    const inline = await gw.gql(`{ orders(keyword: "${'a'.repeat(51)}") { total } }`, {}, BUYER_AUTH);
    expect(inline.body.errors?.[0]?.message).toBe('搜索内容最多50个字');
    expect(upstream.seen).toHaveLength(0);
  });

  it('holds an ID to 32 characters', async () => {
    const res = await gw.gql(`query($id: ID!) { goods(id: $id) { id } }`, { id: '9'.repeat(33) });
    expect(res.body.errors?.[0]).toMatchObject({ message: 'id最多32个字', extensions: { code: 'BAD_USER_INPUT' } });
    expect(upstream.seen).toHaveLength(0);
  });

  it('refuses 2026-02-30 and 0000-01-01 as dates, whatever the field', async () => {
    const february = await gw.gql(ORDERS, { from: '2026-02-30' }, BUYER_AUTH);
    expect(february.body.errors?.[0]).toMatchObject({
      message: '开始日期不是有效的日期',
      extensions: { code: 'BAD_USER_INPUT', fields: { startDate: ['开始日期不是有效的日期'] } },
    });
    const yearZero = await gw.gql(ORDERS, { to: '0000-01-01' }, BUYER_AUTH);
    expect(yearZero.body.errors?.[0]?.message).toBe('结束日期应在1900-01-01至2099-12-31之间');
    const wallet = await gw.gql(WALLET, { from: '2026-02-30' }, BUYER_AUTH);
    expect(wallet.body.errors?.[0]?.extensions).toMatchObject({ fields: { from: ['开始日期不是有效的日期'] } });
    expect(upstream.seen).toHaveLength(0);
  });

  it('refuses variables nested 40,000 deep as the request is parsed, with a 400 and no stack overflow', async () => {
    // Written out by hand: JSON.stringify itself recurses and would overflow here first.
    const variables = `{"keyword":${'['.repeat(40_000)}"x"${']'.repeat(40_000)}}`;
    const res = await gw.gateway.yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: `{"query":${JSON.stringify(GOODS)},"variables":${variables}}`,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors?: unknown };
    expect(body.errors).toMatchObject([
      {
        message: '请求的变量嵌套过深',
        extensions: { code: 'BAD_USER_INPUT', fields: { variables: ['请求的变量嵌套过深'] } },
      },
    ]);
    expect(upstream.seen).toHaveLength(0);
  });

  it('answers a body over the limit with PAYLOAD_TOO_LARGE in Chinese and the limit', async () => {
    const url = await gw.listen();
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(200 * 1024) } }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      errors: [
        { message: '提交的内容过大，不能超过100KB', extensions: { code: 'PAYLOAD_TOO_LARGE', limitBytes: 100 * 1024 } },
      ],
    });
    expect(upstream.seen).toHaveLength(0);
  });
});

describe('variable depth (VAL-26)', () => {
  it('is the deepest input the schema takes, plus the variables object', () => {
    // addToCart(lines: [CartLineInput!]!): variables → lines list → line object; the deepest input is a few levels.
    const depth = variableDepthOf(buildSchema());
    expect(depth).toBeGreaterThanOrEqual(3);
    expect(depth).toBeLessThan(10);
    expect(nestsDeeperThan({ lines: [{ goodsId: '1', number: 2 }] }, depth)).toBe(false);
    expect(nestsDeeperThan({ lines: nested(depth) }, depth)).toBe(true);
  });
});
