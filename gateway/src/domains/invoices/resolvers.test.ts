import { describe, expect, it } from 'vitest';
import { send, sendRefusal } from '../../testkit/fake-upstream';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer, page } from '../../testkit/fixtures';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });

const invoice = (id: number, state: 'pending' | 'issued' | 'reversed') => ({
  id,
  order_id: id,
  order_sn: `2026112500000${id}`,
  state,
  state_text: { pending: '开票中', issued: '已开票', reversed: '已红冲' }[state],
  kind: 1,
  kind_text: '增值税电子普通发票',
  title: '仁心大药房连锁有限公司',
  tax_id: '91330106MA27XK8P1K',
  address_phone: null,
  bank_account: null,
  amount: 10100,
  code: state === 'pending' ? null : '033012600111',
  number: state === 'pending' ? null : '00000012',
  red_number: state === 'reversed' ? '00000013' : null,
  paid_at: '2026-11-20T02:00:00.000Z',
  issued_at: state === 'pending' ? null : '2026-11-21T02:00:00.000Z',
  reversed_at: state === 'reversed' ? '2026-11-24T02:00:00.000Z' : null,
});

const PDF = Buffer.from('%PDF-1.7\n% 电子发票\n%%EOF\n');
const UPSTREAM_NAME = '电子发票-033012600111-00000012.pdf';

/** What the buyer is answered to `query`, which must not fail. */
async function buyerData(query: string) {
  const { body } = await gw.gql(query, undefined, BUYER_AUTH);
  expect(body.errors).toBeUndefined();
  return body.data;
}

describe('invoices (INVOICE-03, INVOICE-06)', () => {
  it('INVOICE-03: reads a page of one state and an order-number search, with the PDF address of issued ones', async () => {
    upstream.ok(
      'GET',
      '/api/user/invoice',
      page([invoice(12, 'issued'), invoice(13, 'pending')], { current_page: 2, per_page: 5, total: 7, last_page: 2 }),
    );
    const data =
      await buyerData(`{ me { invoices(state: ISSUED, orderSn: " 2026 ", page: 2, pageSize: 5) { total page pageSize
          items { id orderId orderSn state stateText kind title taxId amount { fen amount } code number issuedAt pdfUrl } } } }`);
    expect(data).toEqual({
      me: {
        invoices: {
          total: 7,
          page: 2,
          pageSize: 5,
          items: [
            {
              id: '12',
              orderId: '12',
              orderSn: '202611250000012',
              state: 'ISSUED',
              stateText: '已开票',
              kind: 'ORDINARY',
              title: '仁心大药房连锁有限公司',
              taxId: '91330106MA27XK8P1K',
              amount: { fen: 10100, amount: '101.00' },
              code: '033012600111',
              number: '00000012',
              issuedAt: '2026-11-21T02:00:00.000Z',
              pdfUrl: '/invoices/12.pdf',
            },
            {
              id: '13',
              orderId: '13',
              orderSn: '202611250000013',
              state: 'PENDING',
              stateText: '开票中',
              kind: 'ORDINARY',
              title: '仁心大药房连锁有限公司',
              taxId: '91330106MA27XK8P1K',
              amount: { fen: 10100, amount: '101.00' },
              code: null,
              number: null,
              issuedAt: null,
              pdfUrl: null,
            },
          ],
        },
      },
    });
    const [seen] = upstream.calls('GET', '/api/user/invoice');
    expect(seen?.query).toEqual({ page: '2', page_size: '5', state: 'issued', order_sn: '2026' });
    expect(seen?.authorization).toBe('Bearer buyer-token');
  });

  it('refuses a page size beyond 50 before any upstream call', async () => {
    const { body } = await gw.gql('{ me { invoices(pageSize: 51) { total } } }', undefined, BUYER_AUTH);
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { pageSize: expect.any(Array) },
    });
    expect(upstream.calls('GET', '/api/user/invoice')).toHaveLength(0);
  });
});

describe('the PDF relay /invoices/{id}.pdf (INVOICE-06)', () => {
  it('relays the buyer’s own PDF with its type, a Chinese file name per RFC 6266/5987 and no shared caching', async () => {
    upstream.on('GET', '/api/user/invoice/12/pdf', (_seen, res) => {
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="033012600111-00000012.pdf"; filename*=UTF-8''${encodeURIComponent(UPSTREAM_NAME)}`,
      });
      res.end(PDF);
    });
    const base = await gw.listen();
    const res = await fetch(`${base}/invoices/12.pdf`, { headers: { cookie: 'token=buyer-cookie-token' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="033012600111-00000012.pdf"; filename*=UTF-8''${encodeURIComponent(UPSTREAM_NAME)}`,
    );
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);
    expect(upstream.calls('GET', '/api/user/invoice/12/pdf')[0]?.cookie).toBe('token=buyer-cookie-token');
  });

  it('answers without a session 401, another company’s invoice 404 as an unknown one, and 开票中 409 in words', async () => {
    upstream.on('GET', '/api/user/invoice/12/pdf', (seen, res) =>
      seen.authorization === undefined && seen.cookie === undefined
        ? send(res, 401, { code: 10001, message: '请先登录', data: null })
        : send(res, 404, { code: 404, message: '发票不存在', data: null }),
    );
    upstream.fail('GET', '/api/user/invoice/13/pdf', 409, {
      code: 40113,
      message: '发票开具中，暂无PDF，开具后即可下载',
    });
    const base = await gw.listen();
    const anonymous = await fetch(`${base}/invoices/12.pdf`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toBe('请先登录');

    const foreign = await fetch(`${base}/invoices/12.pdf`, { headers: BUYER_AUTH });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe('发票不存在');
    expect(foreign.headers.get('content-disposition')).toBeNull();

    const pending = await fetch(`${base}/invoices/13.pdf`, { headers: BUYER_AUTH });
    expect(pending.status).toBe(409);
    expect(await pending.text()).toBe('发票开具中，暂无PDF，开具后即可下载');

    // A malformed id names no invoice and never reaches the upstream.
    const malformed = await fetch(`${base}/invoices/012.pdf`, { headers: BUYER_AUTH });
    expect(malformed.headers.get('content-type')).not.toBe('application/pdf');
    expect(upstream.seen.filter((seen) => seen.path.includes('/invoice/0'))).toEqual([]);
  });

  it('never passes on something that is not a PDF', async () => {
    upstream.on('GET', '/api/user/invoice/12/pdf', (_seen, res) =>
      send(res, 200, '<html>oops</html>', { 'content-type': 'text/html' }),
    );
    const base = await gw.listen();
    const res = await fetch(`${base}/invoices/12.pdf`, { headers: BUYER_AUTH });
    expect(res.status).toBe(502);
    expect(await res.text()).toBe('系统繁忙，请稍候再试');
  });
});

const TITLE = {
  saved: 1,
  name: '杭州康宁大药房连锁有限公司',
  tax_id: '91330100716105852F',
  address: '浙江省杭州市西湖区文三路90号',
  phone: '0571-88886666',
  bank: '',
  bank_account: '',
  updated_at: '2026-11-20T02:00:00.000Z',
  missing: ['开户银行', '银行账号'],
};

describe('invoice titles and choices (INVOICE-10, INVOICE-11)', () => {
  it('INVOICE-10: reads the company’s title with what a 专票 still needs', async () => {
    upstream.ok('GET', '/api/user/invoice_title', TITLE);
    const data = await buyerData(
      '{ me { invoiceTitle { saved name taxId address phone bank bankAccount updatedAt missingForVatSpecial } } }',
    );
    expect(data).toEqual({
      me: {
        invoiceTitle: {
          saved: true,
          name: TITLE.name,
          taxId: TITLE.tax_id,
          address: TITLE.address,
          phone: TITLE.phone,
          bank: '',
          bankAccount: '',
          updatedAt: TITLE.updated_at,
          missingForVatSpecial: ['开户银行', '银行账号'],
        },
      },
    });
  });

  it('VAL-27..VAL-30: saves the title as a form, and names the wrong fields as the input does', async () => {
    upstream.on('POST', '/api/user/invoice_title', (seen, res) =>
      String(seen.form.tax_id).endsWith('G')
        ? sendRefusal(res, {
            tax_id: ['纳税人识别号校验位不正确，请核对营业执照上的统一社会信用代码'],
            bank_account: ['银行账号应为8-30位数字'],
          })
        : send(res, 200, { code: 10000, message: '发票抬头已保存', data: { ...TITLE, phone: '13812345678' } }),
    );
    const save = (taxId: string) =>
      gw.gql(
        `mutation ($input: InvoiceTitleInput!) { saveInvoiceTitle(input: $input) { name phone saved } }`,
        { input: { name: TITLE.name, taxId, phone: '13812345678', bankAccount: '12' } },
        BUYER_AUTH,
      );
    const saved = await save(TITLE.tax_id);
    expect(saved.body.errors).toBeUndefined();
    expect(saved.body.data).toEqual({ saveInvoiceTitle: { name: TITLE.name, phone: '13812345678', saved: true } });
    expect(upstream.form('POST', '/api/user/invoice_title')).toEqual({
      name: TITLE.name,
      tax_id: TITLE.tax_id,
      address: '',
      phone: '13812345678',
      bank: '',
      bank_account: '12',
    });

    const refused = await save('91330100716105852G');
    expect(refused.body.errors?.[0]).toMatchObject({
      message: '纳税人识别号校验位不正确，请核对营业执照上的统一社会信用代码',
      extensions: {
        code: 'BAD_USER_INPUT',
        fields: {
          taxId: ['纳税人识别号校验位不正确，请核对营业执照上的统一社会信用代码'],
          bankAccount: ['银行账号应为8-30位数字'],
        },
      },
    });
  });

  it('INVOICE-10, INVOICE-11: asks the upstream for the choices of the chosen lines, and refuses ids that name none', async () => {
    upstream.ok('GET', '/api/order/invoice_options', {
      none_allowed: 0,
      none_reason: '订单含药品（阿莫西林胶囊），按GSP规定须开具发票，请选择电子普通发票或增值税专用发票',
      drug_names: ['阿莫西林胶囊'],
      vat_special_allowed: 0,
      missing: ['开户银行'],
      title: TITLE,
    });
    const data = await buyerData(
      '{ invoiceOptions(cartLineIds: ["100", "101"]) { noneAllowed noneReason drugNames vatSpecialAllowed missingForVatSpecial } }',
    );
    expect(data).toEqual({
      invoiceOptions: {
        noneAllowed: false,
        noneReason: '订单含药品（阿莫西林胶囊），按GSP规定须开具发票，请选择电子普通发票或增值税专用发票',
        drugNames: ['阿莫西林胶囊'],
        vatSpecialAllowed: false,
        missingForVatSpecial: ['开户银行'],
      },
    });
    expect(upstream.query('GET', '/api/order/invoice_options')).toEqual({ cart_ids: ['100', '101'] });

    const bad = await gw.gql('{ invoiceOptions(cartLineIds: ["x1"]) { noneAllowed } }', undefined, BUYER_AUTH);
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(upstream.calls('GET', '/api/order/invoice_options')).toHaveLength(1);
  });

  it('INVOICE-13: an invoice carries a 专票’s extra lines', async () => {
    upstream.ok(
      'GET',
      '/api/user/invoice',
      page(
        [
          {
            ...invoice(14, 'issued'),
            kind: 2,
            kind_text: '增值税电子专用发票',
            address_phone: '浙江省杭州市西湖区文三路90号 0571-88886666',
            bank_account: '中国工商银行杭州文三路支行 1202021209000012345',
          },
        ],
        { per_page: 10 },
      ),
    );
    const { body } = await gw.gql(
      '{ me { invoices { items { kind kindText addressPhone bankAccount } } } }',
      undefined,
      BUYER_AUTH,
    );
    expect(body.data).toEqual({
      me: {
        invoices: {
          items: [
            {
              kind: 'VAT_SPECIAL',
              kindText: '增值税电子专用发票',
              addressPhone: '浙江省杭州市西湖区文三路90号 0571-88886666',
              bankAccount: '中国工商银行杭州文三路支行 1202021209000012345',
            },
          ],
        },
      },
    });
  });
});

describe('the invoice choice when ordering (INVOICE-10, INVOICE-11)', () => {
  it('sends NONE as 0 and passes the refusal of 不开发票 for drugs on in the upstream’s words', async () => {
    const message = '订单含药品（阿莫西林胶囊），按GSP规定须开具发票，请选择电子普通发票或增值税专用发票';
    upstream.fail('POST', '/api/order', 400, { code: 40115, message });
    const { body } = await gw.gql(
      'mutation { placeOrder(input: { cartLineIds: ["100"], addressId: "31", invoiceType: NONE, idempotencyKey: "key-0001" }) { order { id } } }',
      {},
      BUYER_AUTH,
    );
    expect(upstream.form('POST', '/api/order')).toMatchObject({ invoice_type: '0' });
    expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40115 } });
  });
});
