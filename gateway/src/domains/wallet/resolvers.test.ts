import { beforeEach, describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer, page, walletEntry } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream();
const AUTH = BUYER_AUTH;

// `me` is read first: every wallet field hangs under the signed-in buyer.
beforeEach(() => {
  upstream.ok('GET', '/api/user/base', buyer());
});

/** A page with a ledger's totals over the whole filter. */
const ledger = <T>(p: ReturnType<typeof page<T>>, totals: { total_in: number; total_out: number }) => ({
  ...p,
  ...totals,
});

describe('the wallet', () => {
  /** walletEntry(), an order's payment, as the schema answers it. */
  const PAID = {
    id: '71',
    amount: { fen: -34000, amount: '-340.00' },
    balanceAfter: { amount: '660.00' },
    type: 'ORDER_PAYMENT',
    remark: '订单SO202611220001',
    orderId: '900',
    createdAt: '2026-11-22T10:45:00.000Z',
  };

  it('answers the balance and a page of movements, spending negative, with their kinds', async () => {
    upstream.ok('GET', '/api/user/base', buyer());
    upstream.ok('GET', '/api/user/user_money', { balance: 66000 });
    upstream.ok(
      'GET',
      '/api/user/user_money_log',
      ledger(
        page(
          [
            walletEntry(),
            walletEntry({
              id: 70,
              amount: 100000,
              balance_after: 100000,
              use_type: 1,
              remark: '',
              order_id: null,
              created_at: '2026-11-20T02:00:00.000Z',
            }),
            walletEntry({ id: 72, amount: 34000, balance_after: 100000, use_type: 3, remark: '订单取消退款' }),
          ],
          { current_page: 2, per_page: 3, total: 9 },
        ),
        { total_in: 134000, total_out: 34000 },
      ),
    );
    const { body } = await gw.gql(
      `{ me { wallet { balance { fen amount } log(page: 2, pageSize: 3) { total page pageSize totalIn { fen } totalOut { fen }
        items { id amount { fen amount } balanceAfter { amount } type remark orderId createdAt } } } } }`,
      {},
      AUTH,
    );
    expect(body.data).toEqual({
      me: {
        wallet: {
          balance: { fen: 66000, amount: '660.00' },
          log: {
            total: 9,
            page: 2,
            pageSize: 3,
            totalIn: { fen: 134000 },
            totalOut: { fen: 34000 },
            items: [
              PAID,
              {
                id: '70',
                amount: { fen: 100000, amount: '1000.00' },
                balanceAfter: { amount: '1000.00' },
                type: 'RECHARGE',
                remark: '',
                orderId: null,
                createdAt: '2026-11-20T02:00:00.000Z',
              },
              {
                ...PAID,
                id: '72',
                amount: { fen: 34000, amount: '340.00' },
                balanceAfter: { amount: '1000.00' },
                type: 'REFUND',
                remark: '订单取消退款',
              },
            ],
          },
        },
      },
    });
    expect(upstream.query('GET', '/api/user/user_money_log')).toEqual({ page: '2', page_size: '3' });
  });

  it('reads only the balance when only the balance is asked for', async () => {
    upstream.ok('GET', '/api/user/base', buyer());
    upstream.ok('GET', '/api/user/user_money', { balance: 5 });
    const { body } = await gw.gql('{ me { wallet { balance { amount } } } }', {}, AUTH);
    expect(body.data).toEqual({ me: { wallet: { balance: { amount: '0.05' } } } });
    expect(upstream.calls('GET', '/api/user/user_money_log')).toHaveLength(0);
  });
});

describe('ledger filters', () => {
  it('passes the type and the China-time days of the money log to the upstream', async () => {
    upstream.ok('GET', '/api/user/user_money_log', ledger(page([walletEntry()]), { total_in: 0, total_out: 34000 }));
    const { body } = await gw.gql(
      `{ me { wallet { log(type: ORDER_PAYMENT, from: " 2026-11-01 ", to: "2026-11-30", page: 1, pageSize: 10) {
        totalOut { amount } items { type } } } } }`,
      {},
      AUTH,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      me: { wallet: { log: { totalOut: { amount: '340.00' }, items: [{ type: 'ORDER_PAYMENT' }] } } },
    });
    expect(upstream.query('GET', '/api/user/user_money_log')).toEqual({
      page: '1',
      page_size: '10',
      use_type: '2',
      start_time: '2026-11-01',
      end_time: '2026-11-30',
    });
  });

  it('relays the upstream refusal of an end before the start as BAD_USER_INPUT', async () => {
    upstream.refuse('GET', '/api/user/points_log', { end_time: ['结束日期不能早于开始日期'] });
    const { body } = await gw.gql(
      '{ me { wallet { pointsLog(from: "2026-12-01", to: "2026-11-01") { total } } } }',
      {},
      AUTH,
    );
    expect(body.errors?.[0]).toMatchObject({
      message: '结束日期不能早于开始日期',
      extensions: { code: 'BAD_USER_INPUT', fields: { end_time: ['结束日期不能早于开始日期'] } },
    });
  });

  it('refuses a page size over 50 before any upstream call', async () => {
    const { body } = await gw.gql('{ me { wallet { pointsLog(pageSize: 51) { total } } } }', {}, AUTH);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(upstream.calls('GET', '/api/user/points_log')).toHaveLength(0);
  });
});

describe('points', () => {
  it('answers the company points and a page of movements with their kinds and totals', async () => {
    upstream.ok('GET', '/api/user/points', { points: 1280 });
    upstream.ok(
      'GET',
      '/api/user/points_log',
      ledger(
        page([
          {
            id: 5,
            type: 2,
            change: -300,
            balance_after: 1280,
            order_id: null,
            points_order_id: 9,
            remark: '积分兑换 口罩',
            created_at: '2026-11-20T02:00:00.000Z',
          },
          {
            id: 4,
            type: 1,
            change: 386,
            balance_after: 1580,
            order_id: 900,
            points_order_id: null,
            remark: '订单完成',
            created_at: '2026-11-19T02:00:00.000Z',
          },
        ]),
        { total_in: 386, total_out: 300 },
      ),
    );
    const { body } = await gw.gql(
      `{ me { wallet { points pointsLog(type: SPENT) { totalIn totalOut items { id change balanceAfter type orderId
        pointsOrderId remark createdAt } } } } }`,
      {},
      AUTH,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      me: {
        wallet: {
          points: 1280,
          pointsLog: {
            totalIn: 386,
            totalOut: 300,
            items: [
              {
                id: '5',
                change: -300,
                balanceAfter: 1280,
                type: 'SPENT',
                orderId: null,
                pointsOrderId: '9',
                remark: '积分兑换 口罩',
                createdAt: '2026-11-20T02:00:00.000Z',
              },
              {
                id: '4',
                change: 386,
                balanceAfter: 1580,
                type: 'EARNED',
                orderId: '900',
                pointsOrderId: null,
                remark: '订单完成',
                createdAt: '2026-11-19T02:00:00.000Z',
              },
            ],
          },
        },
      },
    });
    expect(upstream.query('GET', '/api/user/points_log')).toEqual({ page: '1', page_size: '20', type: '2' });
  });
});

describe('coupon counts', () => {
  it('answers the three tabs from one couponNum call', async () => {
    upstream.ok('GET', '/api/user/couponNum', { unused: 4, used: 1, expired: 2 });
    const { body } = await gw.gql(
      '{ me { wallet { a: couponCounts { unused used expired } b: couponCounts { unused } } } }',
      {},
      AUTH,
    );
    expect(body.data).toEqual({ me: { wallet: { a: { unused: 4, used: 1, expired: 2 }, b: { unused: 4 } } } });
    expect(upstream.calls('GET', '/api/user/couponNum')).toHaveLength(1);
  });
});

const VOUCHER = {
  id: 12,
  name: '新客专享现金券',
  amount: 5000,
  source: '新客注册礼',
  start_at: '2026-11-01T00:00:00.000Z',
  end_at: '2026-12-31T00:00:00.000Z',
  status: 0,
  used_at: null,
};

describe('cash vouchers', () => {
  it('lists vouchers of a state with their counts', async () => {
    upstream.ok('GET', '/api/user/cash_voucher', page([VOUCHER, { ...VOUCHER, id: 13, status: 3 }]));
    upstream.ok('GET', '/api/user/cashVoucherNum', { unused: 2, used: 1, expired: 1, unused_amount: 10000 });
    const { body } = await gw.gql(
      `{ me { wallet { cashVoucherCounts { usable used expired usableAmount { amount } }
        cashVouchers(status: USABLE) { total items { id name amount { amount } source startsAt endsAt status usedAt } } } } }`,
      {},
      AUTH,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      me: {
        wallet: {
          cashVoucherCounts: { usable: 2, used: 1, expired: 1, usableAmount: { amount: '100.00' } },
          cashVouchers: {
            total: 2,
            items: [
              {
                id: '12',
                name: '新客专享现金券',
                amount: { amount: '50.00' },
                source: '新客注册礼',
                startsAt: '2026-11-01T00:00:00.000Z',
                endsAt: '2026-12-31T00:00:00.000Z',
                status: 'USABLE',
                usedAt: null,
              },
              expect.objectContaining({ id: '13', status: 'NOT_STARTED' }),
            ],
          },
        },
      },
    });
    expect(upstream.query('GET', '/api/user/cash_voucher')).toEqual({ status: '0', page: '1', page_size: '20' });
  });

  it('redeems a voucher into the balance', async () => {
    upstream.ok(
      'POST',
      '/api/user/cash_voucher/12/redeem',
      { voucher: { ...VOUCHER, status: 1, used_at: '2026-11-25T02:00:00.000Z' }, balance: 105000 },
      '已转入余额',
    );
    const { body } = await gw.gql(
      'mutation { redeemCashVoucher(id: " 12 ") { voucher { id status usedAt } balance { amount } } }',
      {},
      AUTH,
    );
    expect(body.data).toEqual({
      redeemCashVoucher: {
        voucher: { id: '12', status: 'USED', usedAt: '2026-11-25T02:00:00.000Z' },
        balance: { amount: '1050.00' },
      },
    });
  });

  it("refuses a malformed id before any call, and relays an unknown or another buyer's voucher alike", async () => {
    const bad = await gw.gql('mutation { redeemCashVoucher(id: "../1") { balance { fen } } }', {}, AUTH);
    expect(bad.body.errors?.[0]).toMatchObject({ message: '现金券不存在', extensions: { code: 'BAD_USER_INPUT' } });
    upstream.fail('POST', '/api/user/cash_voucher/99/redeem', 404, { code: 404, message: '现金券不存在' });
    const missing = await gw.gql('mutation { redeemCashVoucher(id: "99") { balance { fen } } }', {}, AUTH);
    expect(missing.body.errors?.[0]).toMatchObject({
      message: '现金券不存在',
      extensions: { code: 'BUSINESS_ERROR', upstreamCode: 404 },
    });
  });

  it('relays a used voucher as BAD_USER_INPUT naming the id', async () => {
    upstream.refuse('POST', '/api/user/cash_voucher/12/redeem', { id: ['该现金券已使用'] });
    const { body } = await gw.gql('mutation { redeemCashVoucher(id: "12") { balance { fen } } }', {}, AUTH);
    expect(body.errors?.[0]).toMatchObject({
      message: '该现金券已使用',
      extensions: { code: 'BAD_USER_INPUT', fields: { id: ['该现金券已使用'] } },
    });
  });
});

describe('points orders and receipts', () => {
  it('answers a page of points orders of a status', async () => {
    upstream.ok(
      'GET',
      '/api/user/points_order',
      page([
        {
          id: 3,
          order_sn: 'JF20261120000003',
          goods_name: '电子体温计',
          goods_image: null,
          unit_points: 200,
          quantity: 1,
          points: 200,
          status: 1,
          created_at: '2026-11-20T02:00:00.000Z',
        },
      ]),
    );
    const { body } = await gw.gql(
      `{ me { pointsOrders(status: SHIPPED, page: 1, pageSize: 10) { total items { id orderSn goodsName goodsImage
        unitPoints quantity points status createdAt } } } }`,
      {},
      AUTH,
    );
    expect(body.data).toEqual({
      me: {
        pointsOrders: {
          total: 1,
          items: [
            {
              id: '3',
              orderSn: 'JF20261120000003',
              goodsName: '电子体温计',
              goodsImage: null,
              unitPoints: 200,
              quantity: 1,
              points: 200,
              status: 'SHIPPED',
              createdAt: '2026-11-20T02:00:00.000Z',
            },
          ],
        },
      },
    });
    expect(upstream.query('GET', '/api/user/points_order')).toEqual({ status: '1', page: '1', page_size: '10' });
  });

  it('answers receipts with the masked ID card as the upstream gave it', async () => {
    upstream.ok(
      'GET',
      '/api/order/receipts',
      page([
        {
          order_id: 900,
          order_sn: '2026111900000900',
          order_status: 3,
          order_created_at: '2026-11-19T02:00:00.000Z',
          name: '李明',
          id_card: '330106********1234',
          created_at: '2026-11-19T02:05:00.000Z',
          goods: [{ name: '急支糖浆', ypgg: '200ml', number: 2 }],
        },
      ]),
    );
    const { body } = await gw.gql(
      `{ me { orderReceipts { total items { orderId orderSn orderCreatedAt name idCardMasked confirmedAt
        goods { name spec quantity } } } } }`,
      {},
      AUTH,
    );
    expect(body.data).toEqual({
      me: {
        orderReceipts: {
          total: 1,
          items: [
            {
              orderId: '900',
              orderSn: '2026111900000900',
              orderCreatedAt: '2026-11-19T02:00:00.000Z',
              name: '李明',
              idCardMasked: '330106********1234',
              confirmedAt: '2026-11-19T02:05:00.000Z',
              goods: [{ name: '急支糖浆', spec: '200ml', quantity: 2 }],
            },
          ],
        },
      },
    });
  });
});
