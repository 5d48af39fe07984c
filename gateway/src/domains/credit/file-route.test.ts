import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';

const { upstream, gw } = useGatewayOnFakeUpstream();

describe('the credit statement’s relay (CREDIT-08)', () => {
  it('relays a month’s statement with the buyer’s session, as a private attachment', async () => {
    upstream.on('GET', '/api/user/credit/statement', (_seen, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.7\n%%EOF\n');
    });
    const base = await gw.listen();
    const pdf = await fetch(`${base}/credit/statement-2026-11.pdf`, { headers: BUYER_AUTH });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('cache-control')).toBe('private, no-store');
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="credit-statement-2026-11.pdf"');
    const [seen] = upstream.calls('GET', '/api/user/credit/statement');
    expect(seen?.query).toEqual({ month: '2026-11', format: 'pdf' });
    expect(seen?.authorization).toBe('Bearer buyer-token');
  });

  it('answers 401 without a session and no upstream call, and the upstream’s refusal in its words', async () => {
    upstream.fail('GET', '/api/user/credit/statement', 400, {
      code: 40192,
      message: '贵公司尚未开通账期，请选择其他支付方式',
    });
    const base = await gw.listen();
    expect((await fetch(`${base}/credit/statement-2026-11.xlsx`)).status).toBe(401);
    expect(upstream.calls('GET', '/api/user/credit/statement')).toHaveLength(0);
    const refused = await fetch(`${base}/credit/statement-2026-11.xlsx`, { headers: BUYER_AUTH });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe('贵公司尚未开通账期，请选择其他支付方式');
  });
});
