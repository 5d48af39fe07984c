import { describe, expect, it } from 'vitest';
import { send } from '../../testkit/fake-upstream';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer } from '../../testkit/fixtures';

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

describe('invoices (INVOICE-03, INVOICE-06)', () => {
  it('INVOICE-03: reads a page of one state and an order-number search, with the PDF address of issued ones', async () => {
    upstream.ok('GET', '/api/user/invoice', {
      current_page: 2,
      per_page: 5,
      total: 7,
      last_page: 2,
      data: [invoice(12, 'issued'), invoice(13, 'pending')],
    });
    const { body } = await gw.gql(
      `{ me { invoices(state: ISSUED, orderSn: " 2026 ", page: 2, pageSize: 5) { total page pageSize
          items { id orderId orderSn state stateText kind title taxId amount { fen amount } code number issuedAt pdfUrl } } } }`,
      undefined,
      BUYER_AUTH,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
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
    upstream.on('GET', '/api/user/invoice/13/pdf', (_seen, res) =>
      send(res, 409, { code: 40113, message: '发票开具中，暂无PDF，开具后即可下载', data: null }),
    );
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
