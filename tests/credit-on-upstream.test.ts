// Credit terms (账期) through the gateway on the real upstream: the seed's line of demo's company, an order paid on
// credit (CREDIT-03) moving used and available by its amount, and another company seeing none of it (CREDIT-09).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAY_PASSWORD } from '../upstream/src/seed/pay-passwords';
import { startRunMarketplace, type Marketplace } from './testkit/marketplace';

interface CreditAnswer {
  me: {
    credit: {
      line: {
        limit: { fen: number };
        used: { fen: number };
        available: { fen: number };
        overdue: { fen: number };
      } | null;
      charges: { orderId: string; outstanding: { fen: number } }[];
      repayments: { status: string }[];
    };
  };
}

const CREDIT = `{ me { credit { line { limit { fen } used { fen } available { fen } overdue { fen } }
  charges { orderId outstanding { fen } } repayments { status } } } }`;
const PAY = `mutation($id: ID!, $pw: String) { payOrder(orderId: $id, method: CREDIT, payPassword: $pw) {
  order { status paymentMethod } userErrors { code message } } }`;

describe('credit terms on the real upstream', () => {
  let m: Marketplace;
  let demo: Record<string, string>;
  let demo2: Record<string, string>;
  let orderId = 0;

  beforeAll(async () => {
    m = await startRunMarketplace();
    demo = { authorization: `Bearer ${await m.login('demo')}` };
    demo2 = { authorization: `Bearer ${await m.login('demo2')}` };
    const [user] = await m.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'demo'");
    const sn = `CRU${Date.now()}`;
    const [order] = await m.db.query<{ id: number }>(
      'INSERT INTO orders (order_sn, user_id, idempotency_key, pay_amount) VALUES ($1, $2, $1, 123456) RETURNING id',
      [sn, user?.id ?? 0],
    );
    orderId = order?.id ?? 0;
  });
  afterAll(async () => {
    await m?.db.query('DELETE FROM orders WHERE id = $1', [orderId]);
    await m?.close();
  });

  it('shows the seeded line, pays an order on credit with the payment password, and moves used by its amount', async () => {
    const before = (await m.gql<CreditAnswer>(CREDIT, {}, demo)).body.data?.me.credit;
    expect(before?.line).toMatchObject({ limit: { fen: 20_000_000 }, overdue: { fen: 0 } });
    expect(before?.charges.length).toBeGreaterThanOrEqual(5);
    expect(before?.repayments.map((r) => r.status).sort()).toEqual(['CONFIRMED', 'PENDING']);

    // Another company's buyer cannot pay demo's order on its line: the order is unknown to it.
    const theirs = await m.gql<{ payOrder: unknown }>(PAY, { id: String(orderId), pw: DEMO_PAY_PASSWORD }, demo2);
    expect(theirs.body.data).toBeNull();

    const paid = await m.gql<{ payOrder: { order: { status: string; paymentMethod: string } | null } }>(
      PAY,
      { id: String(orderId), pw: DEMO_PAY_PASSWORD },
      demo,
    );
    expect(paid.body.data?.payOrder.order).toEqual({ status: 'PAID', paymentMethod: 'CREDIT' });
    const after = (await m.gql<CreditAnswer>(CREDIT, {}, demo)).body.data?.me.credit;
    expect(after?.line?.used.fen).toBe((before?.line?.used.fen ?? 0) + 123_456);
    expect(after?.line?.available.fen).toBe((before?.line?.available.fen ?? 0) - 123_456);
    expect(after?.charges[0]).toEqual({ orderId: String(orderId), outstanding: { fen: 123_456 } });

    // demo2's company has no line and sees none of demo's.
    const other = (await m.gql<CreditAnswer>(CREDIT, {}, demo2)).body.data?.me.credit;
    expect(other).toEqual({ line: null, charges: [], repayments: [] });
  });
});
