import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer, returnGoods, returnRequest } from '../../testkit/fixtures';
import type { OrderAfterSaleMapper } from './mappers';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });
const AUTH = BUYER_AUTH;

const afterSale = (): OrderAfterSaleMapper => ({
  order_id: 900,
  order_sn: '2026112200000900',
  order_status: 3,
  can_return: 1,
  reasons: ['商品质量问题', '其他'],
  lines: [{ ...returnGoods(), requested: 2, returnable: 28, unit_refund: 1080 }],
  returns: [returnRequest()],
});

const REQUEST = `mutation($input: RequestReturnInput!) { requestReturn(input: $input) {
  returnRequest { id status statusText refund { fen amount } } userErrors { code message } } }`;
const input = (overrides: Record<string, unknown> = {}) => ({
  input: {
    orderId: '900',
    lineId: '5001',
    number: 2,
    reason: '商品破损',
    description: ' 外箱破损 ',
    photoIds: ['77'],
    ...overrides,
  },
});

describe('after-sales (AFTER-04..AFTER-07)', () => {
  it('answers the after-sales page of an order: lines with what may be returned, and its returns', async () => {
    upstream.ok('GET', '/api/order/900/after_sale', afterSale());
    const { body } = await gw.gql(
      `{ orderAfterSale(orderId: "900") { orderId orderSn canApply reasons
         lines { id goodsId manufacturer spec packingUnit image number requested returnable unitRefund { amount } }
         returns { id orderId status statusText description refund { amount } refusal
           goods { lineId name image bought price { amount } } photos { id name url } refundedAt refusedAt } } }`,
      {},
      AUTH,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      orderAfterSale: {
        orderId: '900',
        orderSn: '2026112200000900',
        canApply: true,
        reasons: ['商品质量问题', '其他'],
        lines: [
          {
            id: '5001',
            goodsId: '1',
            manufacturer: '华润三九医药股份有限公司',
            spec: '10g*9袋',
            packingUnit: '盒',
            image: 'https://img.example.com/1.jpg',
            number: 30,
            requested: 2,
            returnable: 28,
            unitRefund: { amount: '10.80' },
          },
        ],
        returns: [
          {
            id: '31',
            orderId: '900',
            status: 'REFUNDED',
            statusText: '已退款',
            description: null,
            refund: { amount: '21.60' },
            refusal: null,
            goods: { lineId: '5001', name: '感冒灵颗粒', image: null, bought: 30, price: { amount: '12.00' } },
            photos: [{ id: '77', name: '破损.jpg', url: '/files/77' }],
            refundedAt: '2026-11-25T03:00:00.000Z',
            refusedAt: null,
          },
        ],
      },
    });
  });

  it("answers null for an order or return that is not the buyer's", async () => {
    upstream.fail('GET', '/api/order/901/after_sale', 404, { code: 404, message: '订单不存在' });
    upstream.fail('GET', '/api/return/32', 404, { code: 404, message: '售后申请不存在' });
    const { body } = await gw.gql(
      '{ orderAfterSale(orderId: "901") { orderId } returnRequest(id: "32") { id } }',
      {},
      AUTH,
    );
    expect(body).toEqual({ data: { orderAfterSale: null, returnRequest: null } });
  });

  it('asks for a return with the upstream form and answers it', async () => {
    upstream.ok('POST', '/api/order/900/return', returnRequest({ status: 0, status_text: '待审核' }));
    const { body } = await gw.gql(REQUEST, input(), AUTH);
    expect(body.data).toEqual({
      requestReturn: {
        returnRequest: { id: '31', status: 'REQUESTED', statusText: '待审核', refund: { fen: 2160, amount: '21.60' } },
        userErrors: [],
      },
    });
    expect(upstream.form('POST', '/api/order/900/return')).toEqual({
      order_line_id: '5001',
      number: '2',
      reason: '商品破损',
      description: '外箱破损',
      file_ids: ['77'],
    });
  });

  it("names the upstream's field errors as the input's fields", async () => {
    upstream.refuse('POST', '/api/order/900/return', {
      number: ['感冒灵颗粒最多还可申请退货28盒'],
      'file_ids.0': ['图片不存在或已失效，请重新上传'],
    });
    const { body } = await gw.gql(REQUEST, input({ number: 29 }), AUTH);
    expect(body.errors?.[0]?.message).toBe('感冒灵颗粒最多还可申请退货28盒');
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { number: ['感冒灵颗粒最多还可申请退货28盒'], photoIds: ['图片不存在或已失效，请重新上传'] },
    });
  });

  it('answers a closed after-sales service as a userError, and refuses an unknown reason without a call', async () => {
    upstream.fail('POST', '/api/order/900/return', 400, { code: 40060, message: '您的账号暂未开通售后服务' });
    const closed = await gw.gql(REQUEST, input(), AUTH);
    expect(closed.body.data).toEqual({
      requestReturn: {
        returnRequest: null,
        userErrors: [{ code: 'AFTER_SALE_CLOSED', message: '您的账号暂未开通售后服务' }],
      },
    });
    const unknown = await gw.gql(REQUEST, input({ reason: '随便' }), AUTH);
    expect(unknown.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { reason: ['请选择退货原因'] },
    });
    expect(upstream.calls('POST', '/api/order/900/return')).toHaveLength(1);
  });
});
