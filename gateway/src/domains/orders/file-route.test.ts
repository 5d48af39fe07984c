import { describe, expect, it } from 'vitest';
import { send, sendRefusal } from '../../testkit/fake-upstream';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { exportQuery } from './file-route';

const { upstream, gw } = useGatewayOnFakeUpstream();

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BYTES = Buffer.from('PK\u0003\u0004 a workbook');
const NAME = '订单导出-2026-11-01至2026-11-30.xlsx';

describe('the order files’ relays (ORDER-18)', () => {
  it('ORDER-18: relays the export with the buyer’s session and the list’s filter, as a named private attachment', async () => {
    upstream.on('GET', '/api/order/export', (_seen, res) => {
      res.writeHead(200, {
        'content-type': XLSX,
        'content-disposition': `attachment; filename="orders.xlsx"; filename*=UTF-8''${encodeURIComponent(NAME)}`,
      });
      res.end(BYTES);
    });
    const base = await gw.listen();
    const res = await fetch(
      `${base}/orders/export.xlsx?status=CONFIRMING&q=${encodeURIComponent('感冒')}&from=2026-11-01&to=2026-11-30`,
      { headers: { cookie: 'token=buyer-cookie-token' } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="orders.xlsx"; filename*=UTF-8''${encodeURIComponent(NAME)}`,
    );
    expect(Buffer.from(await res.arrayBuffer())).toEqual(BYTES);
    const [seen] = upstream.calls('GET', '/api/order/export');
    expect(seen?.cookie).toBe('token=buyer-cookie-token');
    expect(seen?.query).toEqual({
      format: 'xlsx',
      confirming: '1',
      keyword: '感冒',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
    });
  });

  it('ORDER-18: relays a month’s statement; a CSV keeps its charset', async () => {
    upstream.on('GET', '/api/order/statement', (_seen, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.7\n%%EOF\n');
    });
    upstream.on('GET', '/api/order/export', (_seen, res) => {
      res.writeHead(200, { 'content-type': 'text/csv; charset=gbk' });
      res.end(Buffer.from([0xb6, 0xa9]));
    });
    const base = await gw.listen();
    const pdf = await fetch(`${base}/orders/statement-2026-11.pdf`, { headers: BUYER_AUTH });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="statement-2026-11.pdf"');
    expect(upstream.query('GET', '/api/order/statement')).toEqual({ month: '2026-11', format: 'pdf' });
    expect(upstream.calls('GET', '/api/order/statement')[0]?.authorization).toBe('Bearer buyer-token');

    const csv = await fetch(`${base}/orders/export.csv?encoding=gbk&content=orders&from=2026-11-01&to=2026-11-02`, {
      headers: BUYER_AUTH,
    });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=gbk');
    expect(upstream.query('GET', '/api/order/export')).toMatchObject({ encoding: 'gbk', kind: 'orders' });
  });

  it('ORDER-18: 401 without a session and no upstream call; the upstream’s refusals in its words; nothing but the file type', async () => {
    upstream.on('GET', '/api/order/export', (seen, res) =>
      seen.query.start_date === '2020-01-01'
        ? send(res, 400, { code: 40150, message: '所选日期和状态下没有订单，请调整条件后再导出', data: null })
        : seen.query.start_date === '2020-02-01'
          ? sendRefusal(res, { end_date: ['…'] }, '导出的日期范围最多366天，请缩短后再导出')
          : send(res, 200, '<html>oops</html>', { 'content-type': 'text/html' }),
    );
    const base = await gw.listen();
    const anonymous = await fetch(`${base}/orders/export.xlsx?from=2026-11-01&to=2026-11-30`, {
      headers: { cookie: 'theme=dark' },
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toBe('请先登录');
    expect(upstream.calls('GET', '/api/order/export')).toHaveLength(0);

    const empty = await fetch(`${base}/orders/export.xlsx?from=2020-01-01&to=2020-01-31`, { headers: BUYER_AUTH });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toBe('所选日期和状态下没有订单，请调整条件后再导出');
    expect(empty.headers.get('content-disposition')).toBeNull();

    const long = await fetch(`${base}/orders/export.xlsx?from=2020-02-01&to=2026-01-01`, { headers: BUYER_AUTH });
    expect(long.status).toBe(422);
    expect(await long.text()).toBe('导出的日期范围最多366天，请缩短后再导出');

    const html = await fetch(`${base}/orders/export.xlsx?from=2026-11-01&to=2026-11-30`, { headers: BUYER_AUTH });
    expect(html.status).toBe(502);
    expect(await html.text()).toBe('系统繁忙，请稍候再试');

    const tab = await fetch(`${base}/orders/export.csv?status=EVERYTHING`, { headers: BUYER_AUTH });
    expect(tab.status).toBe(422);
    expect(await tab.text()).toBe('订单状态不正确');
    // A month that is not one names no statement and never reaches the upstream.
    await fetch(`${base}/orders/statement-2026-1.pdf`, { headers: BUYER_AUTH });
    expect(upstream.calls('GET', '/api/order/statement')).toHaveLength(0);
  });

  it('ORDER-18: every tab of the order list is a filter of the upstream', () => {
    const of = (status: string) =>
      Object.fromEntries(exportQuery(new URLSearchParams({ status }), 'csv')?.entries() ?? [['none', '']]);
    expect(of('UNPAID')).toEqual({ format: 'csv', status: '0' });
    expect(of('PAID')).toEqual({ format: 'csv', status: '1' });
    expect(of('SHIPPED')).toEqual({ format: 'csv', status: '2' });
    expect(of('DONE')).toEqual({ format: 'csv', status: '3' });
    expect(of('CANCELLED')).toEqual({ format: 'csv', status: '4' });
    expect(of('AFTER_SALE')).toEqual({ format: 'csv', after_sale: '1' });
    expect(of('all')).toEqual({ format: 'csv' });
    expect(of('toString')).toEqual({ none: '' });
  });
});
