import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { page } from '../../testkit/fixtures';
import type { FeedbackMapper, VarietyRequestMapper } from './mappers';

const { upstream, gw } = useGatewayOnFakeUpstream();
const AUTH = BUYER_AUTH;

const aRequest = (overrides: Partial<VarietyRequestMapper> = {}): VarietyRequestMapper => ({
  id: 12,
  name: '阿莫西林胶囊',
  ypgg: '0.25g*24粒',
  sccj: '石药集团',
  pzwh: '',
  number: 30,
  price: 1250,
  remark: '',
  status: 1,
  status_text: '已上架',
  goods: { id: 88, name: '阿莫西林胶囊', sccj: '石药集团欧意药业有限公司', ypgg: '' },
  answer: '现货充足',
  created_at: '2026-11-20T02:00:00.000Z',
  answered_at: '2026-11-21T02:00:00.000Z',
  ...overrides,
});

const aFeedback = (overrides: Partial<FeedbackMapper> = {}): FeedbackMapper => ({
  id: 5,
  type: '物流配送',
  content: '外箱压损',
  phone: '',
  email: null,
  images: [{ id: 77, name: '压损.jpg', mime: 'image/jpeg' }],
  reply: null,
  created_at: '2026-11-24T02:00:00.000Z',
  replied_at: null,
  ...overrides,
});

const CREATE = `mutation($input: VarietyRequestInput!) { createVarietyRequest(input: $input) {
  varietyRequest { id status expectedPrice { fen amount } } } }`;
const SUBMIT = `mutation($input: FeedbackInput!) { submitFeedback(input: $input) {
  feedback { id type typeText content phone images { id name url } reply repliedAt } } }`;

describe('variety wanted (REQ-01..REQ-03, REQ-06)', () => {
  it('reads a page of requests and one request, with the goods a listed one became', async () => {
    upstream.ok(
      'GET',
      '/api/user/buy',
      page(
        [
          aRequest(),
          aRequest({
            id: 11,
            status: 0,
            status_text: '待处理',
            goods: null,
            answer: null,
            answered_at: null,
            price: null,
            pzwh: '国药准字H1',
            remark: '尽快',
          }),
        ],
        { total: 2 },
      ),
    );
    upstream.ok('GET', '/api/user/buy/12', aRequest());
    const { body } = await gw.gql(
      `{ varietyRequests(page: 1, pageSize: 10) { total page pageSize items { id status statusText approvalNumber remark
           expectedPrice { amount } answeredAt } }
         varietyRequest(id: "12") { id name spec manufacturer quantity status answer
           goods { id name manufacturer spec } expectedPrice { fen amount } createdAt } }`,
      {},
      AUTH,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      varietyRequests: {
        total: 2,
        page: 1,
        pageSize: 20,
        items: [
          {
            id: '12',
            status: 'LISTED',
            statusText: '已上架',
            approvalNumber: null,
            remark: null,
            expectedPrice: { amount: '12.50' },
            answeredAt: '2026-11-21T02:00:00.000Z',
          },
          {
            id: '11',
            status: 'PENDING',
            statusText: '待处理',
            approvalNumber: '国药准字H1',
            remark: '尽快',
            expectedPrice: null,
            answeredAt: null,
          },
        ],
      },
      varietyRequest: {
        id: '12',
        name: '阿莫西林胶囊',
        spec: '0.25g*24粒',
        manufacturer: '石药集团',
        quantity: 30,
        status: 'LISTED',
        answer: '现货充足',
        goods: { id: '88', name: '阿莫西林胶囊', manufacturer: '石药集团欧意药业有限公司', spec: null },
        expectedPrice: { fen: 1250, amount: '12.50' },
        createdAt: '2026-11-20T02:00:00.000Z',
      },
    });
    expect(upstream.query('GET', '/api/user/buy')).toMatchObject({ page: '1', page_size: '10' });
  });

  it("answers null for another buyer's request, and UNAUTHENTICATED for a visitor", async () => {
    upstream.fail('GET', '/api/user/buy/13', 404, { code: 404, message: '求购信息不存在' });
    upstream.fail('GET', '/api/user/buy', 401, { code: 10001, message: '请先登录' });
    expect((await gw.gql('{ varietyRequest(id: "13") { id } }', {}, AUTH)).body).toEqual({
      data: { varietyRequest: null },
    });
    const visitor = await gw.gql('{ varietyRequests { total } }');
    expect(visitor.body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', redirect: '/login' });
  });

  it('files a request with the upstream form, leaving out what was not given', async () => {
    upstream.ok('POST', '/api/user/buy', aRequest({ status: 0, status_text: '待处理', goods: null }));
    const { body } = await gw.gql(
      CREATE,
      {
        input: {
          name: ' 阿莫西林胶囊 ',
          spec: '0.25g*24粒',
          manufacturer: '石药集团',
          approvalNumber: '  ',
          quantity: 30,
          expectedPriceFen: 1250,
        },
      },
      AUTH,
    );
    expect(body.data).toEqual({
      createVarietyRequest: {
        varietyRequest: { id: '12', status: 'PENDING', expectedPrice: { fen: 1250, amount: '12.50' } },
      },
    });
    expect(upstream.form('POST', '/api/user/buy')).toEqual({
      name: '阿莫西林胶囊',
      ypgg: '0.25g*24粒',
      sccj: '石药集团',
      number: '30',
      price: '1250',
    });
  });

  it("names the upstream's field errors by the input's fields", async () => {
    upstream.refuse('POST', '/api/user/buy', {
      name: ['您已求购过该品种，平台正在处理，请勿重复提交'],
      price: ['期望价格必须是1分到100万元之间的整数分'],
    });
    const { body } = await gw.gql(
      CREATE,
      { input: { name: 'x', spec: 'y', manufacturer: 'z', quantity: 1, expectedPriceFen: 0 } },
      AUTH,
    );
    expect(body.errors?.[0]?.message).toBe('您已求购过该品种，平台正在处理，请勿重复提交');
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: {
        name: ['您已求购过该品种，平台正在处理，请勿重复提交'],
        expectedPriceFen: ['期望价格必须是1分到100万元之间的整数分'],
      },
    });
  });
});

describe('feedback (REQ-04..REQ-06)', () => {
  it('sends feedback with its type in the upstream words and its pictures as file_ids', async () => {
    upstream.ok('POST', '/api/user/feedback', aFeedback());
    const { body } = await gw.gql(
      SUBMIT,
      { input: { type: 'DELIVERY', content: ' 外箱压损 ', phone: '', imageIds: ['77'] } },
      AUTH,
    );
    expect(body.data).toEqual({
      submitFeedback: {
        feedback: {
          id: '5',
          type: 'DELIVERY',
          typeText: '物流配送',
          content: '外箱压损',
          phone: null,
          images: [{ id: '77', name: '压损.jpg', url: '/files/77' }],
          reply: null,
          repliedAt: null,
        },
      },
    });
    expect(upstream.form('POST', '/api/user/feedback')).toEqual({
      type: '物流配送',
      content: '外箱压损',
      file_ids: ['77'],
    });
  });

  it('REQ-04, VAL-03: sends the contact email trimmed, reads it back, and shows its refusal on email', async () => {
    upstream.ok('POST', '/api/user/feedback', aFeedback({ email: 'buyer_1@yao.com.cn' }));
    const sent = await gw.gql(
      `mutation($input: FeedbackInput!) { submitFeedback(input: $input) { feedback { id email } } }`,
      { input: { type: 'SITE', content: '希望增加效期筛选', email: ' buyer_1@yao.com.cn ' } },
      AUTH,
    );
    expect(sent.body.data).toEqual({ submitFeedback: { feedback: { id: '5', email: 'buyer_1@yao.com.cn' } } });
    expect(upstream.form('POST', '/api/user/feedback')).toEqual({
      type: '网站建议',
      content: '希望增加效期筛选',
      email: 'buyer_1@yao.com.cn',
    });

    // An empty email is none: the upstream is not sent the field at all.
    await gw.gql(SUBMIT, { input: { type: 'SITE', content: '希望增加效期筛选', email: '  ' } }, AUTH);
    expect(upstream.calls('POST', '/api/user/feedback')[1]?.form).not.toHaveProperty('email');

    upstream.refuse('POST', '/api/user/feedback', { email: ['请输入正确的邮箱地址'] });
    const refused = await gw.gql(
      SUBMIT,
      { input: { type: 'SITE', content: '希望增加效期筛选', email: 'a.b@x' } },
      AUTH,
    );
    expect(refused.body.errors?.[0]?.message).toBe('请输入正确的邮箱地址');
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { email: ['请输入正确的邮箱地址'] },
    });

    upstream.ok('GET', '/api/user/feedback', page([aFeedback({ email: 'buyer_1@yao.com.cn' }), aFeedback({ id: 6 })]));
    const list = await gw.gql('{ feedbackList { items { id email } } }', {}, AUTH);
    expect(list.body.data).toEqual({
      feedbackList: {
        items: [
          { id: '5', email: 'buyer_1@yao.com.cn' },
          { id: '6', email: null },
        ],
      },
    });
  });

  it('REQ-04: refuses 10,000 characters and a fifth picture on their fields without calling the upstream', async () => {
    const { body } = await gw.gql(
      SUBMIT,
      { input: { type: 'SITE', content: '希'.repeat(10_000), imageIds: ['1', '2', '3', '4', '5'] } },
      AUTH,
    );
    // The text is refused by the gateway's input rules (VAL-22) before the resolver counts the pictures.
    expect(body.errors?.[0]?.message).toBe('反馈内容最多500个字');
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { content: ['反馈内容最多500个字'] },
    });
    const pictures = await gw.gql(
      SUBMIT,
      { input: { type: 'SITE', content: '外箱压损严重', imageIds: ['1', '2', '3', '4', '5'] } },
      AUTH,
    );
    expect(pictures.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { imageIds: ['最多上传4张图片'] },
    });
    expect(upstream.calls('POST', '/api/user/feedback')).toHaveLength(0);
  });

  it("reads the buyer's feedback with the platform's reply, and renames the upstream's picture error", async () => {
    upstream.ok(
      'GET',
      '/api/user/feedback',
      page([aFeedback({ reply: '已加强包装', replied_at: '2026-11-25T02:00:00.000Z', phone: '13812345678' })]),
    );
    upstream.refuse('POST', '/api/user/feedback', { file_ids: ['图片不存在或已失效，请重新上传'] });
    const list = await gw.gql('{ feedbackList { total items { id type phone reply repliedAt createdAt } } }', {}, AUTH);
    expect(list.body.data).toEqual({
      feedbackList: {
        total: 1,
        items: [
          {
            id: '5',
            type: 'DELIVERY',
            phone: '13812345678',
            reply: '已加强包装',
            repliedAt: '2026-11-25T02:00:00.000Z',
            createdAt: '2026-11-24T02:00:00.000Z',
          },
        ],
      },
    });
    const refused = await gw.gql(SUBMIT, { input: { type: 'GOODS', content: '包装破损严重', imageIds: ['9'] } }, AUTH);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { imageIds: ['图片不存在或已失效，请重新上传'] },
    });
  });
});
