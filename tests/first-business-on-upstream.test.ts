// First-business documents through the gateway on the real upstream (FIRST-01, FIRST-05, FIRST-06): the buyer saves
// an order's zip from the address the web's button uses, opens it, and finds the goods on the list of documents
// taken; another company's order is unknown.
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRunMarketplace, type Marketplace } from './testkit/marketplace';

interface TakenPage {
  me: { firstBusinessTaken: { items: { goodsId: string; takenBy: string; downloadUrl: string }[] } };
}

describe('first-business documents on the real upstream', () => {
  let m: Marketplace;
  let demo: Record<string, string>;
  let demo2: Record<string, string>;

  beforeAll(async () => {
    m = await startRunMarketplace();
    demo = { authorization: `Bearer ${await m.login('demo')}` };
    demo2 = { authorization: `Bearer ${await m.login('demo2')}` };
  });
  afterAll(async () => {
    await m?.db.query(
      "DELETE FROM first_business_takes WHERE user_id IN (SELECT id FROM users WHERE username IN ('demo', 'demo2'))",
    );
    await m?.close();
  });

  it("FIRST-06: an order's zip through the gateway, its index naming its files, then listed as taken", async () => {
    const [order] = await m.db.query<{ id: number; goods_id: number }>(
      `SELECT o.id, min(l.goods_id) AS goods_id FROM orders o JOIN order_lines l ON l.order_id = o.id
        JOIN users u ON u.id = o.user_id WHERE u.username = 'demo' GROUP BY o.id
       HAVING count(DISTINCT l.goods_id) <= 50 ORDER BY o.id LIMIT 1`,
    );
    expect(order, 'demo has an order').toBeDefined();
    const res = await fetch(`${m.gatewayUrl}/first-business/documents.zip?order=${order?.id}`, { headers: demo });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('首营资料-'));
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
    const names = Object.keys(zip.files);
    expect(names).toContain('资料索引.xlsx');
    expect(names).toContain('01-企业资质/营业执照.pdf');
    expect(names.some((n) => n.startsWith('02-商品资料/01-'))).toBe(true);

    const taken = await m.gql<TakenPage>(
      '{ me { firstBusinessTaken(pageSize: 50) { items { goodsId takenBy downloadUrl } } } }',
      {},
      demo,
    );
    const row = taken.body.data?.me.firstBusinessTaken.items.find((t) => t.goodsId === String(order?.goods_id));
    expect(row?.downloadUrl).toBe(`/first-business/documents.zip?goods=${order?.goods_id}`);
    const again = await fetch(`${m.gatewayUrl}${row?.downloadUrl ?? ''}`, { headers: demo });
    expect(again.status).toBe(200);

    // Another company neither downloads the order nor sees what demo's company took.
    const foreign = await fetch(`${m.gatewayUrl}/first-business/documents.zip?order=${order?.id}`, { headers: demo2 });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe('订单不存在');
    const theirs = await m.gql<TakenPage>('{ me { firstBusinessTaken { items { goodsId } } } }', {}, demo2);
    expect(theirs.body.data?.me.firstBusinessTaken.items).toEqual([]);
  });
});
