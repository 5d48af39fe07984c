import { describe, expect, it } from 'vitest';
import { BUYER_AUTH, useGatewayOnFakeUpstream } from '../../testkit/gateway';
import { buyer, page } from '../../testkit/fixtures';
import { documentsQuery } from './file-route';

const { upstream, gw } = useGatewayOnFakeUpstream({ signedIn: buyer({ id: 7 }) });

const ZIP = Buffer.from('PK\u0003\u0004 a zip');
const NAME = '首营资料-2026112900000042-20261129.zip';

const TAKEN = {
  goods_id: 7,
  name: '阿莫西林胶囊',
  sccj: '石药集团欧意药业有限公司',
  ypgg: '0.25g*24粒',
  pzwh: '国药准字H20003456',
  times: 3,
  last_taken_at: '2026-11-28T02:00:00.000Z',
  taken_by: '质管员甲',
  store_name: '',
};

describe('first-business documents through the gateway (FIRST-05, FIRST-06)', () => {
  it('FIRST-06: relays an order’s zip with the buyer’s session as a named private attachment', async () => {
    upstream.on('GET', '/api/first_business/documents', (_seen, res) => {
      res.writeHead(200, {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="x.zip"; filename*=UTF-8''${encodeURIComponent(NAME)}`,
      });
      res.end(ZIP);
    });
    const base = await gw.listen();
    const res = await fetch(`${base}/first-business/documents.zip?order=42`, {
      headers: { cookie: 'token=buyer-cookie-token' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(NAME)}`);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(ZIP);
    const [seen] = upstream.calls('GET', '/api/first_business/documents');
    expect(seen?.cookie).toBe('token=buyer-cookie-token');
    expect(seen?.query).toEqual({ order_id: '42' });
  });

  it('FIRST-06: passes chosen goods as the upstream’s list and its refusals in its words', async () => {
    upstream.fail('GET', '/api/first_business/documents', 404, { code: 40180, message: '商品不存在' });
    const base = await gw.listen();
    const res = await fetch(`${base}/first-business/documents.zip?goods=7,9`, { headers: BUYER_AUTH });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('商品不存在');
    expect(upstream.query('GET', '/api/first_business/documents')).toEqual({ goods_ids: ['7', '9'] });
  });

  it('FIRST-06: without a session 401 and no upstream call; neither or both of order and goods is 422', async () => {
    const base = await gw.listen();
    const res = await fetch(`${base}/first-business/documents.zip?order=42`);
    expect(res.status).toBe(401);
    expect(await res.text()).toBe('请先登录');
    const both = await fetch(`${base}/first-business/documents.zip?order=42&goods=7`, { headers: BUYER_AUTH });
    expect(both.status).toBe(422);
    expect(upstream.calls('GET', '/api/first_business/documents')).toHaveLength(0);
  });

  it('FIRST-06: a type other than a zip is not passed on', async () => {
    upstream.on('GET', '/api/first_business/documents', (_seen, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html></html>');
    });
    const base = await gw.listen();
    const res = await fetch(`${base}/first-business/documents.zip?goods=7`, { headers: BUYER_AUTH });
    expect(res.status).toBe(502);
  });

  it('passes at most 51 goods ids on, so the upstream judges the count without a huge address', () => {
    const ids = Array.from({ length: 80 }, (_, i) => String(i + 1)).join(',');
    const query = documentsQuery(new URLSearchParams({ goods: ids }));
    expect(typeof query === 'string' ? [] : query.getAll('goods_ids[]')).toHaveLength(51);
  });

  it('FIRST-05: maps the company’s taken goods with an address to download them again', async () => {
    upstream.ok('GET', '/api/first_business/taken', page([TAKEN], { current_page: 2, per_page: 5, total: 6 }));
    const { body } = await gw.gql(
      `{ me { firstBusinessTaken(page: 2, pageSize: 5) { total page pageSize items { goodsId goodsName spec
        manufacturer approvalNumber lastTakenAt takenBy storeName times downloadUrl } } } }`,
      undefined,
      BUYER_AUTH,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      me: {
        firstBusinessTaken: {
          total: 6,
          page: 2,
          pageSize: 5,
          items: [
            {
              goodsId: '7',
              goodsName: '阿莫西林胶囊',
              spec: '0.25g*24粒',
              manufacturer: '石药集团欧意药业有限公司',
              approvalNumber: '国药准字H20003456',
              lastTakenAt: '2026-11-28T02:00:00.000Z',
              takenBy: '质管员甲',
              storeName: null,
              times: 3,
              downloadUrl: '/first-business/documents.zip?goods=7',
            },
          ],
        },
      },
    });
    expect(upstream.query('GET', '/api/first_business/taken')).toEqual({ page: '2', page_size: '5' });
  });

  it('FIRST-05: refuses a page size over 50 with BAD_USER_INPUT', async () => {
    const { body } = await gw.gql('{ me { firstBusinessTaken(pageSize: 51) { total } } }', undefined, BUYER_AUTH);
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { pageSize: expect.any(Array) },
    });
    expect(upstream.calls('GET', '/api/first_business/taken')).toHaveLength(0);
  });
});
