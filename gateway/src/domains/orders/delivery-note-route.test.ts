import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';

const { upstream, gw } = useGatewayOnFakeUpstream();

describe('the delivery note’s relay (BATCH-08)', () => {
  it('relays /orders/{id}/delivery-note.pdf with the buyer’s session; not shipped in the upstream’s words, another’s order 404', async () => {
    upstream.on('GET', '/api/order/7/delivery-note', (_seen, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.7\n%%EOF\n');
    });
    upstream.fail('GET', '/api/order/8/delivery-note', 400, { code: 40170, message: '订单发货后才能下载随货同行单' });
    upstream.fail('GET', '/api/order/9/delivery-note', 404, { code: 404, message: '订单不存在' });
    const base = await gw.listen();
    const pdf = await fetch(`${base}/orders/7/delivery-note.pdf`, { headers: BUYER_AUTH });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('cache-control')).toBe('private, no-store');
    expect(upstream.calls('GET', '/api/order/7/delivery-note')[0]?.authorization).toBe('Bearer buyer-token');

    const early = await fetch(`${base}/orders/8/delivery-note.pdf`, { headers: BUYER_AUTH });
    expect(early.status).toBe(400);
    expect(await early.text()).toBe('订单发货后才能下载随货同行单');

    const foreign = await fetch(`${base}/orders/9/delivery-note.pdf`, { headers: BUYER_AUTH });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe('订单不存在');

    const anonymous = await fetch(`${base}/orders/7/delivery-note.pdf`);
    expect(anonymous.status).toBe(401);
    expect(upstream.calls('GET', '/api/order/7/delivery-note')).toHaveLength(1);
  });
});
