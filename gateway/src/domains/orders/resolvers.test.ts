import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer, cartLine, cartList, checkout, order, page, payInfo } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });
const AUTH = BUYER_AUTH;

/** The order call refused with a business code, as the upstream answers a rule it will not break. */
const refuseOrder = (code: number, message: string) => upstream.fail('POST', '/api/order', 400, { code, message });
const unauthorized = (_s: unknown, res: Parameters<typeof send>[0]) =>
  send(res, 401, { code: 10001, message: '请先登录', data: null });

const ORDER_FIELDS = `id orderSn status statusText invoiceType needsReceipt receiptDone paymentMethod paidAt createdAt remark
  amounts { goods { amount } fullReduction { fen } discount { fen } coupon { fen } freight { amount } payable { fen amount } }
  lines { goodsId name manufacturer spec packingUnit image number price { amount } total { fen } }
  address { consignee phone fullAddress }`;

const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  order { id orderSn status amounts { payable { fen } } } userErrors { code field message } cart { id count } } }`;

const placeInput = (overrides: Record<string, unknown> = {}) => ({
  input: {
    cartLineIds: ['100', '101'],
    addressId: '31',
    couponId: '51',
    invoiceType: 'ORDINARY',
    remark: '  请尽快发货 ',
    idempotencyKey: 'c0ffee00-1111-4222-8333-444455556666',
    ...overrides,
  },
});

describe('the confirm-order page', () => {
  /** An unused cash coupon offered on the confirm page, as the schema answers it. */
  const cashOption = (
    usable: boolean,
    reason: string | null,
    coupon: { id: string; name: string; amount: string; threshold: string },
  ) => ({
    usable,
    reason,
    coupon: {
      id: coupon.id,
      name: coupon.name,
      type: 'CASH',
      amount: { amount: coupon.amount },
      threshold: { amount: coupon.threshold },
      status: 'UNUSED',
    },
  });

  it('answers the lines priced like the cart, the upstream amounts, the default address first and judged coupons', async () => {
    upstream.ok('POST', '/api/cart/checkout', checkout());
    const { body } = await gw.gql(
      `query($ids: [ID!]!) { orderPreview(cartLineIds: $ids) {
        lines { id number price { amount } total { fen } selected nextTierHint goods { name } }
        amounts { goods { fen } fullReduction { fen } discount { fen } coupon { fen } freight { fen } payable { amount } }
        addresses { id consignee isDefault }
        coupons { usable reason coupon { id name type amount { amount } threshold { amount } status } }
        needsReceipt } }`,
      { ids: ['100'] },
      AUTH,
    );
    expect(body).toEqual({
      data: {
        orderPreview: {
          // 30 boxes reach the minimum-quantity tier of 20 at ¥12.00: the shared cart pricing, not the line's ¥12.50.
          lines: [
            {
              id: '100',
              number: 30,
              price: { amount: '12.00' },
              total: { fen: 36000 },
              selected: true,
              nextTierHint: null,
              goods: { name: '感冒灵颗粒' },
            },
          ],
          amounts: {
            goods: { fen: 36000 },
            fullReduction: { fen: 3000 },
            discount: { fen: 0 },
            coupon: { fen: 0 },
            freight: { fen: 1000 },
            payable: { amount: '340.00' },
          },
          addresses: [
            { id: '31', consignee: '王五', isDefault: true },
            { id: '30', consignee: '赵六', isDefault: false },
          ],
          coupons: [
            cashOption(true, null, { id: '51', name: '满300减30', amount: '30.00', threshold: '300.00' }),
            cashOption(false, '还差¥140.00可用', { id: '52', name: '满500减50', amount: '50.00', threshold: '500.00' }),
          ],
          needsReceipt: false,
        },
      },
    });
    expect(upstream.calls('POST', '/api/cart/checkout')).toHaveLength(1);
    expect(upstream.form('POST', '/api/cart/checkout')).toEqual({ ids: ['100'], new: '1' });
  });

  it('prices the preview with the coupon the buyer chose', async () => {
    upstream.ok('POST', '/api/cart/checkout', checkout());
    await gw.gql('{ orderPreview(cartLineIds: ["100"], couponId: "55") { needsReceipt } }', {}, AUTH);
    expect(upstream.form('POST', '/api/cart/checkout')).toEqual({
      ids: ['100'],
      new: '1',
      user_coupon_id: '55',
    });
  });

  it('relays the upstream amounts even where they differ from the sum of the lines', async () => {
    // The upstream is authoritative for order amounts (a coupon, a tier, a freight rule the gateway cannot see).
    upstream.ok('POST', '/api/cart/checkout', checkout({ amounts: { ...checkout().amounts, pay_amount: 12345 } }));
    const { body } = await gw.gql('{ orderPreview(cartLineIds: ["100"]) { amounts { payable { fen } } } }', {}, AUTH);
    expect(body.data).toEqual({ orderPreview: { amounts: { payable: { fen: 12345 } } } });
  });

  it('says when the lines hold goods that need the receipt step', async () => {
    upstream.ok('POST', '/api/cart/checkout', checkout({ need_receipt: 1 }));
    const { body } = await gw.gql('{ orderPreview(cartLineIds: ["100"]) { needsReceipt } }', {}, AUTH);
    expect(body.data).toEqual({ orderPreview: { needsReceipt: true } });
  });

  it('passes the refusal of lines that cannot be ordered as the contract error', async () => {
    upstream.fail('POST', '/api/cart/checkout', 400, { code: 40005, message: '没有可下单的商品' });
    const { body } = await gw.gql('{ orderPreview(cartLineIds: ["100"]) { needsReceipt } }', {}, AUTH);
    expect(body.errors?.[0]).toMatchObject({
      message: '没有可下单的商品',
      extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40005 },
    });
  });

  it('fails with UNAUTHENTICATED for a visitor', async () => {
    upstream.on('POST', '/api/cart/checkout', unauthorized);
    const { body } = await gw.gql('{ orderPreview(cartLineIds: ["100"]) { needsReceipt } }');
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', redirect: '/login' });
  });
});

describe('placing an order', () => {
  it('sends the form with the idempotency key and answers the order and the cart without its ordered lines', async () => {
    let ordered = false;
    upstream.on('POST', '/api/order', (_s, res) => {
      ordered = true;
      send(res, 200, { code: 10000, message: '下单成功', data: order() });
    });
    upstream.on('GET', '/api/cart/list', (_s, res) =>
      send(res, 200, {
        code: 10000,
        message: '',
        data: cartList(ordered ? [cartLine({ id: 102 })] : [cartLine({ id: 100 }), cartLine({ id: 101 })]),
      }),
    );
    const { body } = await gw.gql(PLACE, placeInput(), AUTH);
    expect(body).toEqual({
      data: {
        placeOrder: {
          order: { id: '900', orderSn: 'SO202611220001', status: 'UNPAID', amounts: { payable: { fen: 34000 } } },
          userErrors: [],
          cart: { id: '7', count: 1 },
        },
      },
    });
    const posts = upstream.calls('POST', '/api/order');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.form).toEqual({
      cart_ids: ['100', '101'],
      address_id: '31',
      user_coupon_id: '51',
      invoice_type: '1',
      remark: '请尽快发货',
      idempotency_key: 'c0ffee00-1111-4222-8333-444455556666',
    });
    expect(posts[0]?.rawBody).toContain(`${encodeURIComponent('cart_ids[]')}=100`);
  });

  it('leaves out the coupon and remark when none is given, and asks for the ordinary invoice by default', async () => {
    upstream.ok('POST', '/api/order', order());
    const { body } = await gw.gql(
      'mutation { placeOrder(input: { cartLineIds: ["100"], addressId: "31", idempotencyKey: "key-0001" }) { order { id } } }',
      {},
      AUTH,
    );
    expect(body.data).toEqual({ placeOrder: { order: { id: '900' } } });
    expect(upstream.form('POST', '/api/order')).toEqual({
      cart_ids: ['100'],
      address_id: '31',
      invoice_type: '1',
      idempotency_key: 'key-0001',
    });
    // The cart was not asked for, so it was not read.
    expect(upstream.calls('GET', '/api/cart/list')).toHaveLength(0);
  });

  it.each([
    [40003, 'SOLD_OUT', 'cartLineIds', '感冒灵颗粒库存不足'],
    [40004, 'COUPON_NOT_APPLICABLE', 'couponId', '优惠券不可用'],
    [40005, 'NOTHING_TO_ORDER', 'cartLineIds', '没有可下单的商品'],
    [40008, 'ADDRESS_NOT_FOUND', 'addressId', '收货地址不存在'],
  ])(
    'turns the upstream refusal %i into the userError %s with its message',
    async (code, errorCode, field, message) => {
      refuseOrder(code, message);
      const { body } = await gw.gql(PLACE, placeInput(), AUTH);
      expect(body).toEqual({
        data: { placeOrder: { order: null, userErrors: [{ code: errorCode, field, message }], cart: null } },
      });
      expect(upstream.calls('GET', '/api/cart/list')).toHaveLength(0);
    },
  );

  it('keeps a refusal it does not expect a BUSINESS_ERROR', async () => {
    refuseOrder(40099, '活动已结束');
    const { body } = await gw.gql(PLACE, placeInput(), AUTH);
    expect(body.data).toBeNull();
    expect(body.errors?.[0]).toMatchObject({
      message: '活动已结束',
      extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40099 },
    });
  });

  it('fails with UNAUTHENTICATED for a visitor', async () => {
    upstream.on('POST', '/api/order', unauthorized);
    const { body } = await gw.gql(PLACE, placeInput());
    expect(body.data).toBeNull();
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', redirect: '/login' });
  });

  it('never retries an order whose connection was reset: the upstream sees it once', async () => {
    upstream.on('POST', '/api/order', (_s, _res, req) => void req.socket.destroy());
    const { body } = await gw.gql(PLACE, placeInput(), AUTH);
    expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(upstream.calls('POST', '/api/order')).toHaveLength(1);
  });

  it('answers the placed order even when the cart cannot be read afterwards', async () => {
    upstream.ok('POST', '/api/order', order());
    upstream.fail('GET', '/api/cart/list', 500, { code: 500, message: 'boom' });
    const { body } = await gw.gql(PLACE, placeInput(), AUTH);
    expect(body.data).toEqual({
      placeOrder: {
        order: { id: '900', orderSn: 'SO202611220001', status: 'UNPAID', amounts: { payable: { fen: 34000 } } },
        userErrors: [],
        cart: null,
      },
    });
    expect(body.errors?.[0]).toMatchObject({
      path: ['placeOrder', 'cart'],
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
  });

  it('answers NOTHING_TO_ORDER for no lines without calling the upstream', async () => {
    const { body } = await gw.gql(PLACE, placeInput({ cartLineIds: [] }), AUTH);
    expect(body.data).toEqual({
      placeOrder: {
        order: null,
        userErrors: [{ code: 'NOTHING_TO_ORDER', field: 'cartLineIds', message: '没有可下单的商品' }],
        cart: null,
      },
    });
    expect(upstream.seen.filter((seen) => seen.method === 'POST')).toHaveLength(0);
  });

  it('passes the upstream form refusal (a malformed idempotency key) as BAD_USER_INPUT naming the field', async () => {
    upstream.refuse(
      'POST',
      '/api/order',
      { idempotency_key: ['idempotency_key应为8到64位字母、数字、_或-'] },
      'invalid',
    );
    const { body } = await gw.gql(PLACE, placeInput({ idempotencyKey: 'k' }), AUTH);
    expect(body.data).toBeNull();
    expect(body.errors?.[0]).toMatchObject({
      message: 'idempotency_key应为8到64位字母、数字、_或-',
      extensions: { code: 'BAD_USER_INPUT', fields: { idempotency_key: [expect.any(String)] } },
    });
  });
});

describe('reading orders', () => {
  it('maps an order: statuses, money, lines, the address in one line, invoice and dates', async () => {
    upstream.ok(
      'GET',
      '/api/order/900',
      order({
        status: 1,
        status_text: '待发货',
        invoice_type: 2,
        remark: '周末不收货',
        pay_method: 'balance',
        paid_at: '2026-11-22T10:35:00.000Z',
        need_receipt: 1,
        receipt_done: 1,
      }),
    );
    const { body } = await gw.gql(`{ order(id: "900") { ${ORDER_FIELDS} } }`, {}, AUTH);
    expect(body).toEqual({
      data: {
        order: {
          id: '900',
          orderSn: 'SO202611220001',
          status: 'PAID',
          statusText: '待发货',
          invoiceType: 'VAT_SPECIAL',
          needsReceipt: true,
          receiptDone: true,
          paymentMethod: 'BALANCE',
          paidAt: '2026-11-22T10:35:00.000Z',
          createdAt: '2026-11-22T10:30:00.000Z',
          remark: '周末不收货',
          amounts: {
            goods: { amount: '360.00' },
            fullReduction: { fen: 3000 },
            discount: { fen: 0 },
            coupon: { fen: 0 },
            freight: { amount: '10.00' },
            payable: { fen: 34000, amount: '340.00' },
          },
          lines: [
            {
              goodsId: '1',
              name: '感冒灵颗粒',
              manufacturer: '华润三九医药股份有限公司',
              spec: '10g*9袋',
              packingUnit: '盒',
              image: 'https://img.example.com/1.jpg',
              number: 30,
              price: { amount: '12.00' },
              total: { fen: 36000 },
            },
          ],
          address: { consignee: '王五', phone: '13712345678', fullAddress: '广东省广州市天河区体育西路1号' },
        },
      },
    });
  });

  it.each([
    [0, 'UNPAID', '待付款'],
    [1, 'PAID', '待发货'],
    [2, 'SHIPPED', '待收货'],
    [3, 'DONE', '已完成'],
    [4, 'CANCELLED', '已取消'],
  ] as const)('reads status %i as %s (%s) even without a status text', async (code, status, text) => {
    upstream.ok('GET', '/api/order/900', order({ status: code, status_text: '' }));
    const { body } = await gw.gql('{ order(id: "900") { status statusText } }', {}, AUTH);
    expect(body.data).toEqual({ order: { status, statusText: text } });
  });

  it('refuses an order answered with a status outside the description, never showing a wrong one', async () => {
    upstream.ok('GET', '/api/order/900', { ...order(), status: 9 });
    const { body } = await gw.gql('{ order(id: "900") { id status } }', {}, AUTH);
    expect(body.data).toEqual({ order: null });
    expect(body.errors?.[0]).toMatchObject({ path: ['order'], extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
  });

  it('answers null for an order that is not the buyer’s, and reads one order once per operation', async () => {
    upstream.ok('GET', '/api/order/900', order());
    const { body } = await gw.gql(
      '{ a: order(id: "900") { id } b: order(id: "900") { orderSn } c: order(id: "1") { id } }',
      {},
      AUTH,
    );
    expect(body).toEqual({ data: { a: { id: '900' }, b: { orderSn: 'SO202611220001' }, c: null } });
    expect(upstream.calls('GET', '/api/order/900')).toHaveLength(1);
  });

  it('lists the buyer’s orders of one status with their lines, in one call', async () => {
    upstream.ok(
      'GET',
      '/api/order',
      page([order({ id: 902, status: 2 }), order({ id: 901, status: 2 })], { current_page: 2, per_page: 2, total: 6 }),
    );
    const { body } = await gw.gql(
      '{ orders(status: SHIPPED, page: 2, pageSize: 2) { total page pageSize items { id status lines { name } } } }',
      {},
      AUTH,
    );
    expect(body.data).toEqual({
      orders: {
        total: 6,
        page: 2,
        pageSize: 2,
        items: [
          { id: '902', status: 'SHIPPED', lines: [{ name: '感冒灵颗粒' }] },
          { id: '901', status: 'SHIPPED', lines: [{ name: '感冒灵颗粒' }] },
        ],
      },
    });
    expect(upstream.query('GET', '/api/order')).toEqual({ status: '2', page: '2', page_size: '2' });
    expect(upstream.seen.filter((seen) => seen.path.startsWith('/api/order'))).toHaveLength(1);
  });

  it('refuses a page size over 50 before calling the upstream', async () => {
    const { body } = await gw.gql('{ orders(pageSize: 51) { total } }', {}, AUTH);
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { pageSize: [expect.any(String)] },
    });
    expect(upstream.calls('GET', '/api/order')).toHaveLength(0);
  });

  it('fails with UNAUTHENTICATED for a visitor', async () => {
    upstream.on('GET', '/api/order', unauthorized);
    const { body } = await gw.gql('{ orders { total } }');
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', redirect: '/login' });
  });
});

describe('the pay page and paying', () => {
  const PAY = `mutation($method: PaymentMethodCode!) { payOrder(orderId: "900", method: $method) {
    order { id status paymentMethod paidAt } userErrors { code field message } } }`;

  it('answers the order, the balance and the known methods from the one pay call', async () => {
    upstream.ok('GET', '/api/order/900/pay', {
      ...payInfo(),
      methods: [...payInfo().methods, { code: 'unionpay', name: '银联', enabled: 1 }],
    });
    const { body } = await gw.gql(
      '{ payment(orderId: "900") { balance { amount } methods { code name enabled } order { id orderSn amounts { payable { amount } } lines { name } } } }',
      {},
      AUTH,
    );
    expect(body.data).toEqual({
      payment: {
        balance: { amount: '1000.00' },
        methods: [
          { code: 'BALANCE', name: '余额支付', enabled: true },
          { code: 'TRANSFER', name: '对公转账', enabled: true },
          { code: 'WECHAT', name: '微信支付', enabled: false },
          { code: 'ALIPAY', name: '支付宝', enabled: false },
        ],
        order: {
          id: '900',
          orderSn: 'SO202611220001',
          amounts: { payable: { amount: '340.00' } },
          lines: [{ name: '感冒灵颗粒' }],
        },
      },
    });
    expect(upstream.seen.map((seen) => `${seen.method} ${seen.path}`)).toEqual(['GET /api/order/900/pay']);
  });

  it('answers null for an order that is not the buyer’s', async () => {
    const { body } = await gw.gql('{ payment(orderId: "404") { balance { fen } } }', {}, AUTH);
    expect(body).toEqual({ data: { payment: null } });
  });

  it('pays by balance and answers the paid order', async () => {
    const paid = order({
      status: 1,
      status_text: '待发货',
      pay_method: 'balance',
      paid_at: '2026-11-22T10:35:00.000Z',
    });
    upstream.ok('POST', '/api/order/900/pay', paid, '支付成功');
    const { body } = await gw.gql(PAY, { method: 'BALANCE' }, AUTH);
    expect(body.data).toEqual({
      payOrder: {
        order: { id: '900', status: 'PAID', paymentMethod: 'BALANCE', paidAt: '2026-11-22T10:35:00.000Z' },
        userErrors: [],
      },
    });
    expect(upstream.form('POST', '/api/order/900/pay')).toEqual({ method: 'balance' });
    expect(upstream.calls('GET', '/api/order/900')).toHaveLength(0);
  });

  it('refuses a pay answer without the order the description promises, and reads nothing else', async () => {
    upstream.ok('POST', '/api/order/900/pay', null, '支付成功');
    const { body } = await gw.gql(PAY, { method: 'BALANCE' }, AUTH);
    expect(body.data).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(upstream.seen.map((seen) => `${seen.method} ${seen.path}`)).toEqual(['POST /api/order/900/pay']);
  });

  it.each([
    [40006, 'BALANCE_TOO_LOW', null, '余额不足', 'BALANCE'],
    [40007, 'RECEIPT_REQUIRED', null, '请先完成含麻黄碱类药品的收货确认', 'BALANCE'],
    [40009, 'NOT_UNPAID', 'orderId', '订单不是待付款状态', 'BALANCE'],
    [40010, 'METHOD_NOT_AVAILABLE', 'method', '该支付方式暂未开通', 'WECHAT'],
  ])(
    'turns the upstream refusal %i into the userError %s with its message',
    async (code, errorCode, field, message, method) => {
      upstream.fail('POST', '/api/order/900/pay', 400, { code, message });
      const { body } = await gw.gql(PAY, { method }, AUTH);
      expect(body).toEqual({ data: { payOrder: { order: null, userErrors: [{ code: errorCode, field, message }] } } });
      expect(upstream.form('POST', '/api/order/900/pay')).toEqual({ method: method.toLowerCase() });
    },
  );

  it('sends the payment password as typed with the balance only, and turns its refusals into userErrors (PAY-14)', async () => {
    const PAY_WITH = `mutation($method: PaymentMethodCode!, $pw: String) {
      payOrder(orderId: "900", method: $method, payPassword: $pw) { order { id } userErrors { code field message } } }`;
    upstream.fail('POST', '/api/order/900/pay', 400, {
      code: 40091,
      message: '支付密码错误，还可尝试4次',
      data: { tries_left: 4 },
    });
    const { body } = await gw.gql(PAY_WITH, { method: 'BALANCE', pw: ' 24681' }, AUTH);
    expect(body.data).toEqual({
      payOrder: {
        order: null,
        userErrors: [{ code: 'PAY_PASSWORD_WRONG', field: 'payPassword', message: '支付密码错误，还可尝试4次' }],
      },
    });
    expect(upstream.form('POST', '/api/order/900/pay')).toEqual({ method: 'balance', pay_password: ' 24681' });

    await gw.gql(PAY_WITH, { method: 'WECHAT', pw: '246810' }, AUTH);
    expect(upstream.calls('POST', '/api/order/900/pay')[1]?.form).toEqual({ method: 'wechat' });
  });

  it('answers a locked payment password as RATE_LIMITED with the seconds to wait (PAY-14)', async () => {
    upstream.on('POST', '/api/order/900/pay', (_s, res) => {
      res.setHeader('retry-after', '10800');
      send(res, 429, { code: 42901, message: '支付密码错误次数过多，已锁定', data: { retry_after: 10800 } });
    });
    const { body } = await gw.gql(PAY, { method: 'BALANCE' }, AUTH);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 10800 });
  });

  it('never retries a payment whose connection was reset: the upstream sees it once', async () => {
    upstream.on('POST', '/api/order/900/pay', (_s, _res, req) => void req.socket.destroy());
    const { body } = await gw.gql(PAY, { method: 'BALANCE' }, AUTH);
    expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(upstream.calls('POST', '/api/order/900/pay')).toHaveLength(1);
  });

  it('fails with UNAUTHENTICATED for a visitor', async () => {
    upstream.on('POST', '/api/order/900/pay', unauthorized);
    upstream.on('GET', '/api/order/900/pay', unauthorized);
    for (const operation of [PAY, '{ payment(orderId: "900") { balance { fen } } }']) {
      const { body } = await gw.gql(operation, { method: 'BALANCE' });
      expect(body.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', redirect: '/login' });
    }
  });
});

describe('the receipt step and cancelling', () => {
  it('records the receipt confirmation and answers the order', async () => {
    upstream.ok('POST', '/api/order/900/receipt', order({ need_receipt: 1, receipt_done: 1 }));
    const { body } = await gw.gql(
      'mutation { confirmReceipt(orderId: "900", name: " 王五 ", idCard: "440106199001011234") { order { needsReceipt receiptDone } userErrors { code } } }',
      {},
      AUTH,
    );
    expect(body.data).toEqual({ confirmReceipt: { order: { needsReceipt: true, receiptDone: true }, userErrors: [] } });
    expect(upstream.form('POST', '/api/order/900/receipt')).toEqual({ name: '王五', id_card: '440106199001011234' });
  });

  it('passes a bad ID card number as BAD_USER_INPUT naming the field', async () => {
    upstream.refuse('POST', '/api/order/900/receipt', { id_card: ['身份证号格式不正确'] }, 'invalid');
    const { body } = await gw.gql(
      'mutation { confirmReceipt(orderId: "900", name: "王五", idCard: "1") { order { id } } }',
      {},
      AUTH,
    );
    expect(body.errors?.[0]).toMatchObject({
      message: '身份证号格式不正确',
      extensions: { code: 'BAD_USER_INPUT', fields: { id_card: ['身份证号格式不正确'] } },
    });
  });

  it('cancels an unpaid order and answers it cancelled', async () => {
    upstream.ok('POST', '/api/order/900/cancel', order({ status: 4, status_text: '已取消' }));
    const { body } = await gw.gql(
      'mutation { cancelOrder(orderId: "900") { order { id status statusText } userErrors { code } } }',
      {},
      AUTH,
    );
    expect(body.data).toEqual({
      cancelOrder: { order: { id: '900', status: 'CANCELLED', statusText: '已取消' }, userErrors: [] },
    });
    expect(upstream.calls('POST', '/api/order/900/cancel')).toHaveLength(1);
  });

  it('answers NOT_UNPAID when the order was already paid, for cancelling and for the receipt', async () => {
    const notUnpaid = (_s: unknown, res: Parameters<typeof send>[0]) =>
      send(res, 400, { code: 40009, message: '订单不是待付款状态', data: null });
    upstream.on('POST', '/api/order/900/cancel', notUnpaid);
    upstream.on('POST', '/api/order/900/receipt', notUnpaid);
    const cancelled = await gw.gql(
      'mutation { cancelOrder(orderId: "900") { order { id } userErrors { code field message } } }',
      {},
      AUTH,
    );
    const receipt = await gw.gql(
      'mutation { confirmReceipt(orderId: "900", name: "王五", idCard: "440106199001011234") { order { id } userErrors { code field message } } }',
      {},
      AUTH,
    );
    const expected = {
      order: null,
      userErrors: [{ code: 'NOT_UNPAID', field: 'orderId', message: '订单不是待付款状态' }],
    };
    expect(cancelled.body.data).toEqual({ cancelOrder: expected });
    expect(receipt.body.data).toEqual({ confirmReceipt: expected });
  });

  it('fails with UNAUTHENTICATED for a visitor', async () => {
    upstream.on('POST', '/api/order/900/cancel', unauthorized);
    const { body } = await gw.gql('mutation { cancelOrder(orderId: "900") { order { id } } }');
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', redirect: '/login' });
  });
});

describe('the order centre after the sale (AFTER-02, AFTER-03)', () => {
  const detail = () => ({
    ...order({ id: 900, status: 2, shipped_at: '2026-11-23T02:00:00.000Z', return_count: 1, can_return: 1 }),
    events: [
      { kind: 'placed', note: '', created_at: '2026-11-22T10:30:00.000Z' },
      { kind: 'shipped', note: '', created_at: '2026-11-23T02:00:00.000Z' },
      { kind: 'return_requested', note: '感冒灵颗粒 × 2', created_at: '2026-11-24T02:00:00.000Z' },
    ],
    shipment: {
      carrier: '顺丰速运',
      waybill: 'SF1234567890',
      shipped_at: '2026-11-23T02:00:00.000Z',
      traces: [{ at: '2026-11-23T08:00:00.000Z', text: '快件已到达杭州转运中心' }],
    },
  });

  it('passes the tab, the search and the date range to the upstream, and answers the counts', async () => {
    upstream.ok('GET', '/api/order', page([order({ id: 900 })]));
    upstream.ok('GET', '/api/order/counts', {
      all: 10,
      unpaid: 1,
      confirming: 1,
      paid: 2,
      shipped: 3,
      done: 2,
      cancelled: 1,
      after_sale: 1,
    });
    const { body } = await gw.gql(
      `{ orders(afterSale: true, keyword: " 感冒 ", startDate: "2026-11-01", endDate: "2026-11-30") { total }
         orderCounts { all unpaid confirming paid shipped done cancelled afterSale } }`,
      {},
      AUTH,
    );
    expect(body.data).toEqual({
      orders: { total: 1 },
      orderCounts: { all: 10, unpaid: 1, confirming: 1, paid: 2, shipped: 3, done: 2, cancelled: 1, afterSale: 1 },
    });
    expect(upstream.query('GET', '/api/order')).toEqual({
      after_sale: '1',
      keyword: '感冒',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      page: '1',
      page_size: '10',
    });
  });

  it('ORDER-14: asks the upstream for the 待确认 tab with confirming=1', async () => {
    upstream.ok('GET', '/api/order', page([order({ id: 901 })]));
    const { body } = await gw.gql('{ orders(confirming: true) { total } }', {}, AUTH);
    expect(body.data).toEqual({ orders: { total: 1 } });
    expect(upstream.query('GET', '/api/order')).toEqual({ confirming: '1', page: '1', page_size: '10' });
  });

  it('refuses a malformed day before calling the upstream', async () => {
    const { body } = await gw.gql('{ orders(startDate: "2026-13-40") { total } }', {}, AUTH);
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { startDate: [expect.any(String)] },
    });
    expect(upstream.calls('GET', '/api/order')).toHaveLength(0);
  });

  it('answers the timeline with its titles and the shipment with its trace', async () => {
    upstream.ok('GET', '/api/order/900', detail());
    const { body } = await gw.gql(
      `{ order(id: "900") { canApplyReturn returnCount shippedAt lines { id }
         events { kind title note at } shipment { carrier waybill shippedAt traces { at text } } } }`,
      {},
      AUTH,
    );
    expect(body.data).toEqual({
      order: {
        canApplyReturn: true,
        returnCount: 1,
        shippedAt: '2026-11-23T02:00:00.000Z',
        lines: [{ id: '5001' }],
        events: [
          { kind: 'PLACED', title: '提交订单', note: null, at: '2026-11-22T10:30:00.000Z' },
          { kind: 'SHIPPED', title: '商家已发货', note: null, at: '2026-11-23T02:00:00.000Z' },
          { kind: 'RETURN_REQUESTED', title: '申请售后', note: '感冒灵颗粒 × 2', at: '2026-11-24T02:00:00.000Z' },
        ],
        shipment: {
          carrier: '顺丰速运',
          waybill: 'SF1234567890',
          shippedAt: '2026-11-23T02:00:00.000Z',
          traces: [{ at: '2026-11-23T08:00:00.000Z', text: '快件已到达杭州转运中心' }],
        },
      },
    });
    expect(upstream.calls('GET', '/api/order/900')).toHaveLength(1);
  });

  it("reads a list order's timeline from its detail only when asked, once per order", async () => {
    const { events: _events, shipment: _shipment, ...listed } = order({ id: 900 });
    upstream.ok('GET', '/api/order', page([listed]));
    upstream.ok('GET', '/api/order/900', detail());
    const { body } = await gw.gql('{ orders { items { id events { kind } shipment { carrier } } } }', {}, AUTH);
    expect(body.data).toEqual({
      orders: {
        items: [
          {
            id: '900',
            events: [{ kind: 'PLACED' }, { kind: 'SHIPPED' }, { kind: 'RETURN_REQUESTED' }],
            shipment: { carrier: '顺丰速运' },
          },
        ],
      },
    });
    expect(upstream.calls('GET', '/api/order/900')).toHaveLength(1);
  });

  it('confirms receipt, and answers NOT_SHIPPED as a userError', async () => {
    upstream.ok('POST', '/api/order/900/receive', { ...detail(), status: 3 });
    const { body } = await gw.gql(
      'mutation { receiveOrder(orderId: "900") { order { id status } userErrors { code } } }',
      {},
      AUTH,
    );
    expect(body.data).toEqual({ receiveOrder: { order: { id: '900', status: 'DONE' }, userErrors: [] } });
    upstream.fail('POST', '/api/order/901/receive', 400, { code: 40063, message: '订单不是待收货状态' });
    const refused = await gw.gql(
      'mutation { receiveOrder(orderId: "901") { order { id } userErrors { code field message } } }',
      {},
      AUTH,
    );
    expect(refused.body.data).toEqual({
      receiveOrder: {
        order: null,
        userErrors: [{ code: 'NOT_SHIPPED', field: 'orderId', message: '订单不是待收货状态' }],
      },
    });
  });

  it('buys again and names the goods that could not go back to the cart', async () => {
    upstream.ok('POST', '/api/order/900/rebuy', {
      added: 1,
      added_lines: [{ goods_id: 1, name: '板蓝根颗粒', number: 5 }],
      failed: [{ goods_id: 2, name: '阿莫西林胶囊', reason: '该商品暂不可购买' }],
    });
    upstream.ok('GET', '/api/cart/list', cartList([cartLine()]));
    const { body } = await gw.gql(
      `mutation { buyOrderAgain(orderId: "900") {
        added addedLines { goodsId name number } failed { goodsId name reason } cart { count } } }`,
      {},
      AUTH,
    );
    expect(body.data).toEqual({
      buyOrderAgain: {
        added: 1,
        addedLines: [{ goodsId: '1', name: '板蓝根颗粒', number: 5 }],
        failed: [{ goodsId: '2', name: '阿莫西林胶囊', reason: '该商品暂不可购买' }],
        cart: { count: 1 },
      },
    });
  });
});
