import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer, order, payInfo } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });

const LINE = {
  limit: 5_000_000,
  term_days: 30,
  used: 1_234_500,
  available: 3_765_500,
  overdue: 0,
  overdue_since: null,
  next_due_date: '2026-12-20',
  next_due_amount: 234_500,
};
const REPAYMENT = {
  id: 3,
  amount: 100_000,
  status: 'pending',
  status_text: '待确认',
  payer_name: '',
  remark: '',
  reject_reason: null,
  created_at: '2026-11-28T02:00:00.000Z',
  decided_at: null,
};
const ACCOUNT = {
  line: LINE,
  charges: [
    {
      id: 11,
      order_id: 900,
      order_sn: '20261120000900',
      amount: 234_500,
      refunded: 0,
      outstanding: 234_500,
      due_date: '2026-12-20',
      created_at: '2026-11-20T02:00:00.000Z',
    },
  ],
  repayments: [REPAYMENT],
  bank_account: { name: '药采通', bank: '测试银行', account: '6212' },
};

const REPORT = `mutation($input: ReportCreditRepaymentInput!) { reportCreditRepayment(input: $input) {
  repayment { id status statusText amount { fen } payerName } account { line { used { fen } } } } }`;
const PAY = `mutation($password: String) { payOrder(orderId: "900", method: CREDIT, payPassword: $password) {
  order { id status paymentMethod } userErrors { code field message } } }`;

describe('credit terms (CREDIT-02..CREDIT-06)', () => {
  it('reads the line, its credit orders and repayments, and where to repay', async () => {
    upstream.ok('GET', '/api/user/credit', ACCOUNT);
    const { body } = await gw.gql(
      `{ me { credit { line { limit { amount } termDays used { fen } available { amount } overdue { fen } overdueSince
        nextDueDate nextDueAmount { amount } } charges { id orderId orderSn outstanding { fen } dueDate }
        repayments { id status statusText payerName decidedAt } bankAccount { accountNumber } } } }`,
      {},
      BUYER_AUTH,
    );
    expect(body.data).toEqual({
      me: {
        credit: {
          line: {
            limit: { amount: '50000.00' },
            termDays: 30,
            used: { fen: 1_234_500 },
            available: { amount: '37655.00' },
            overdue: { fen: 0 },
            overdueSince: null,
            nextDueDate: '2026-12-20',
            nextDueAmount: { amount: '2345.00' },
          },
          charges: [
            {
              id: '11',
              orderId: '900',
              orderSn: '20261120000900',
              outstanding: { fen: 234_500 },
              dueDate: '2026-12-20',
            },
          ],
          repayments: [{ id: '3', status: 'PENDING', statusText: '待确认', payerName: null, decidedAt: null }],
          bankAccount: { accountNumber: '6212' },
        },
      },
    });
  });

  it('answers no line for a company without one', async () => {
    upstream.ok('GET', '/api/user/credit', { ...ACCOUNT, line: null, charges: [], repayments: [] });
    const { body } = await gw.gql('{ me { credit { line { used { fen } } charges { id } } } }', {}, BUYER_AUTH);
    expect(body.data).toEqual({ me: { credit: { line: null, charges: [] } } });
  });

  it('lists 账期支付 on the pay page with what is available', async () => {
    upstream.ok('GET', '/api/order/900/pay', {
      ...payInfo(),
      methods: [{ code: 'credit', name: '账期支付', enabled: 1 }],
      credit: LINE,
    });
    const { body } = await gw.gql(
      '{ payment(orderId: "900") { methods { code name } credit { available { fen } } } }',
      {},
      BUYER_AUTH,
    );
    expect(body.data).toEqual({
      payment: { methods: [{ code: 'CREDIT', name: '账期支付' }], credit: { available: { fen: 3_765_500 } } },
    });
  });

  it('pays on credit with the payment password', async () => {
    upstream.ok('POST', '/api/order/900/pay', { ...order({ status: 1, status_text: '待发货' }), pay_method: 'credit' });
    const { body } = await gw.gql(PAY, { password: '246810' }, BUYER_AUTH);
    expect(body.data).toEqual({
      payOrder: { order: { id: '900', status: 'PAID', paymentMethod: 'CREDIT' }, userErrors: [] },
    });
    expect(upstream.form('POST', '/api/order/900/pay')).toEqual({ method: 'credit', pay_password: '246810' });
  });

  it.each([
    [40190, 'CREDIT_OVER_LINE', '账期可用额度不足（可用 ¥200.00），请选择其他支付方式'],
    [40191, 'CREDIT_OVERDUE', '账期已逾期，请先还清逾期欠款 ¥123.45 后再使用账期支付'],
    [40192, 'CREDIT_NO_LINE', '贵公司尚未开通账期，请选择其他支付方式'],
  ])('turns the refusal %i into the userError %s with the upstream’s words', async (code, errorCode, message) => {
    upstream.fail('POST', '/api/order/900/pay', 400, { code, message });
    const { body } = await gw.gql(PAY, { password: '246810' }, BUYER_AUTH);
    expect(body.data).toEqual({
      payOrder: { order: null, userErrors: [{ code: errorCode, field: 'method', message }] },
    });
  });

  it('reports a repayment in fen and answers the account as it now stands', async () => {
    upstream.ok('POST', '/api/user/credit/repayment', REPAYMENT);
    upstream.ok('GET', '/api/user/credit', ACCOUNT);
    const { body } = await gw.gql(REPORT, { input: { amountFen: 100_000, payerName: ' 康宁大药房 ' } }, BUYER_AUTH);
    expect(body.data).toEqual({
      reportCreditRepayment: {
        repayment: { id: '3', status: 'PENDING', statusText: '待确认', amount: { fen: 100_000 }, payerName: null },
        account: { line: { used: { fen: 1_234_500 } } },
      },
    });
    expect(upstream.form('POST', '/api/user/credit/repayment')).toEqual({
      amount: '100000',
      payer_name: '康宁大药房',
      remark: '',
    });
  });

  it('names the amount field of a refused repayment (more than is owed) in BAD_USER_INPUT', async () => {
    upstream.refuse('POST', '/api/user/credit/repayment', { amount: ['还款金额不能超过待还金额 ¥12.00'] });
    const { body } = await gw.gql(REPORT, { input: { amountFen: 99_999 } }, BUYER_AUTH);
    expect(body.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { amountFen: ['还款金额不能超过待还金额 ¥12.00'] },
    });
  });

  it('refuses a non-positive amount before calling the upstream', async () => {
    const { body } = await gw.gql(REPORT, { input: { amountFen: 0 } }, BUYER_AUTH);
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(upstream.calls('POST', '/api/user/credit/repayment')).toHaveLength(0);
  });
});
