import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { bankTransfer, buyer, order, payInfo } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });
const AUTH = BUYER_AUTH;
/** One order as its detail answers it (with its timeline and shipment). */
const detail = (overrides: Parameters<typeof order>[0] = {}) => ({ ...order(overrides), events: [], shipment: null });

const SUBMIT = `mutation($input: SubmitTransferInput!) { submitTransfer(input: $input) {
  order { id status statusText transfer { id status statusText amount { amount } payerName remark rejectReason createdAt decidedAt } }
  userErrors { code field message } } }`;
const PAY = `mutation($method: PaymentMethodCode!) { payOrder(orderId: "900", method: $method) {
  order { id status } onlinePayment { kind url } userErrors { code field message } } }`;

describe('the pay page (PAY-05)', () => {
  it('answers the platform account and the transfer among the methods', async () => {
    upstream.ok('GET', '/api/order/900/pay', payInfo());
    const { body } = await gw.gql(
      '{ payment(orderId: "900") { bankAccount { name bank accountNumber } methods { code enabled } order { transfer { id } } } }',
      {},
      AUTH,
    );
    expect(body.data).toEqual({
      payment: {
        bankAccount: {
          name: '药采通医药采购平台（演示账户）',
          bank: '中国工商银行（演示）',
          accountNumber: '6212 0000 0000 0000 000',
        },
        methods: [
          { code: 'BALANCE', enabled: true },
          { code: 'TRANSFER', enabled: true },
          { code: 'WECHAT', enabled: false },
          { code: 'ALIPAY', enabled: false },
        ],
        order: { transfer: null },
      },
    });
  });

  it('reads a rejected transfer with the reason the buyer sees', async () => {
    const rejected = bankTransfer({
      status: 'rejected',
      status_text: '未通过',
      reject_reason: '未查询到该笔转账',
      decided_at: '2026-11-22T12:00:00.000Z',
      payer_name: '',
    });
    upstream.ok('GET', '/api/order/900', detail({ transfer: rejected }));
    const { body } = await gw.gql(
      '{ order(id: "900") { statusText transfer { status statusText rejectReason payerName decidedAt } } }',
      {},
      AUTH,
    );
    expect(body.data).toEqual({
      order: {
        statusText: '待付款',
        transfer: {
          status: 'REJECTED',
          statusText: '未通过',
          rejectReason: '未查询到该笔转账',
          payerName: null,
          decidedAt: '2026-11-22T12:00:00.000Z',
        },
      },
    });
  });
});

describe('sending a transfer slip (PAY-06)', () => {
  const input = (overrides: Record<string, unknown> = {}) => ({
    input: { orderId: '900', slipFileId: '81', payerName: ' 康宁大药房 ', remark: '', ...overrides },
  });

  it('sends the slip and answers the order waiting for confirmation (待确认)', async () => {
    upstream.ok('POST', '/api/order/900/transfer', detail({ status_text: '待确认', transfer: bankTransfer() }));
    const { body } = await gw.gql(SUBMIT, input(), AUTH);
    expect(body.data).toEqual({
      submitTransfer: {
        order: {
          id: '900',
          status: 'UNPAID',
          statusText: '待确认',
          transfer: {
            id: '61',
            status: 'PENDING',
            statusText: '待确认',
            amount: { amount: '340.00' },
            payerName: '康宁大药房',
            remark: null,
            rejectReason: null,
            createdAt: '2026-11-22T11:00:00.000Z',
            decidedAt: null,
          },
        },
        userErrors: [],
      },
    });
    expect(upstream.form('POST', '/api/order/900/transfer')).toEqual({
      file_id: '81',
      payer_name: '康宁大药房',
      remark: '',
    });
  });

  it.each([
    [40009, 'NOT_UNPAID', 'orderId', '该订单已提交转账凭证，请等待平台确认'],
    [40007, 'RECEIPT_REQUIRED', null, '含麻黄碱类商品的订单需先登记收货人信息'],
  ])('turns the refusal %i into the userError %s', async (code, errorCode, field, message) => {
    upstream.fail('POST', '/api/order/900/transfer', 400, { code, message });
    const { body } = await gw.gql(SUBMIT, input(), AUTH);
    expect(body.data).toEqual({ submitTransfer: { order: null, userErrors: [{ code: errorCode, field, message }] } });
  });

  it('names the slip field of a refused file (another buyer’s file, as an unknown one) in BAD_USER_INPUT', async () => {
    upstream.refuse('POST', '/api/order/900/transfer', { file_id: ['转账凭证不存在，请重新上传'] });
    const { body } = await gw.gql(SUBMIT, input(), AUTH);
    expect(body.errors?.[0]?.message).toBe('转账凭证不存在，请重新上传');
    expect(body.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { slipFileId: ['转账凭证不存在，请重新上传'] },
    });
  });

  it('refuses an over-long payer name before calling the upstream', async () => {
    const { body } = await gw.gql(SUBMIT, input({ payerName: '药'.repeat(51) }), AUTH);
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(upstream.calls('POST', '/api/order/900/transfer')).toHaveLength(0);
  });

  it('answers null for another company’s order, as the upstream refuses it like an unknown one (404)', async () => {
    upstream.fail('POST', '/api/order/900/transfer', 404, { code: 404, message: '订单不存在' });
    const { body } = await gw.gql(SUBMIT, input(), AUTH);
    expect(body.data).toBeNull();
    expect(body.errors?.[0]?.message).toBe('订单不存在');
  });
});

describe('paying online (PAY-08, PAY-09)', () => {
  it('answers WeChat Pay’s code_url as a QR payment, the order still unpaid', async () => {
    upstream.ok('POST', '/api/order/900/pay', { ...order(), code_url: 'weixin://wxpay/bizpayurl?pr=abc' });
    const { body } = await gw.gql(PAY, { method: 'WECHAT' }, AUTH);
    expect(body.data).toEqual({
      payOrder: {
        order: { id: '900', status: 'UNPAID' },
        onlinePayment: { kind: 'QR', url: 'weixin://wxpay/bizpayurl?pr=abc' },
        userErrors: [],
      },
    });
  });

  it('answers Alipay’s page as a REDIRECT payment', async () => {
    const url = 'https://openapi.alipay.com/gateway.do?method=alipay.trade.page.pay&sign=x';
    upstream.ok('POST', '/api/order/900/pay', { ...order(), pay_url: url });
    const { body } = await gw.gql(PAY, { method: 'ALIPAY' }, AUTH);
    expect(body.data?.payOrder).toMatchObject({ onlinePayment: { kind: 'REDIRECT', url } });
  });

  it('answers no online payment for the balance, and sends a transfer to submitTransfer without a call', async () => {
    upstream.ok('POST', '/api/order/900/pay', order({ status: 1, status_text: '待发货', pay_method: 'balance' }));
    const paid = await gw.gql(PAY, { method: 'BALANCE' }, AUTH);
    expect(paid.body.data?.payOrder).toMatchObject({ order: { status: 'PAID' }, onlinePayment: null });
    const transfer = await gw.gql(PAY, { method: 'TRANSFER' }, AUTH);
    expect(transfer.body.data?.payOrder).toEqual({
      order: null,
      onlinePayment: null,
      userErrors: [{ code: 'METHOD_NOT_AVAILABLE', field: 'method', message: '对公转账请上传转账凭证' }],
    });
    expect(upstream.calls('POST', '/api/order/900/pay')).toHaveLength(1);
  });
});
