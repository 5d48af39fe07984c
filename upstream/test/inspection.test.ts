import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import type { ReportFacts } from '../src/lib/svg';
import { call, findGoods, login, PUBLIC_URL, testApp } from './testkit';

interface Report extends ReportFacts {
  id: number;
  goods_id: number;
  goods_name: string;
  image: string;
}
interface Paged<T> {
  total: number;
  current_page: number;
  per_page: number;
  data: T[];
}

let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  ({ app, db } = await testApp());
});

describe('inspection reports', () => {
  it('REPORT-01: lists a goods’ batches to a visitor, newest inspection first, each with its picture', async () => {
    const g = await findGoods(db, "name = '感冒灵颗粒'");
    const res = await call<Paged<Report>>(app, 'GET', '/api/jybg/filter', { query: { goods_id: g.id } });
    expect(res.status).toBe(200);
    // The two latest batches and the older one on the shelf, which holds the stock (BATCH-01).
    expect(res.body.data.total).toBe(3);
    const [newer, older] = res.body.data.data;
    expect(newer?.goods_id).toBe(g.id);
    expect(newer?.goods_name).toBe('感冒灵颗粒');
    expect(newer?.conclusion).toBe('符合规定');
    expect(newer && older && newer.inspected_on > older.inspected_on).toBe(true);
    expect(newer?.image).toBe(`${PUBLIC_URL}/api/images/report/${newer?.id}.svg`);
    expect(newer && newer.produced_on < newer.inspected_on && newer.inspected_on < newer.expires_on).toBe(true);
  });

  it('REPORT-01: finds a batch by the number printed on the box, and by pinyin initials of the name', async () => {
    const g = await findGoods(db, "name = '感冒灵颗粒'");
    const all = await call<Paged<Report>>(app, 'GET', '/api/jybg/filter', { query: { goods_id: g.id } });
    const batch = all.body.data.data[1]?.batch_no ?? '';
    const byBatch = await call<Paged<Report>>(app, 'GET', '/api/jybg/filter', { query: { batch_no: ` ${batch} ` } });
    expect(byBatch.body.data.data.map((r) => r.goods_id)).toContain(g.id);
    expect(byBatch.body.data.data.every((r) => r.batch_no === batch)).toBe(true);
    const byPinyin = await call<Paged<Report>>(app, 'GET', '/api/jybg/filter', {
      query: { keyword: 'GMLKL', page_size: 50 },
    });
    expect(byPinyin.body.data.data.some((r) => r.goods_id === g.id)).toBe(true);
  });

  it('REPORT-01: finds nothing for an unknown batch and refuses malformed filters with the field named', async () => {
    const none = await call<Paged<Report>>(app, 'GET', '/api/jybg/filter', { query: { batch_no: 'NO-SUCH' } });
    expect(none.body.data).toMatchObject({ total: 0, data: [] });
    const bad = await call(app, 'GET', '/api/jybg/filter', { query: { goods_id: 'x', page_size: 51 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object).sort()).toEqual(['goods_id', 'page_size']);
  });

  it('REPORT-02: draws the report named by its number, and 404 for a report that does not exist', async () => {
    const [first] = (await call<Paged<Report>>(app, 'GET', '/api/jybg/filter')).body.data.data;
    const svg = await app.inject({ method: 'GET', url: `/api/images/report/${first?.id}.svg` });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain(first?.report_no);
    expect(svg.body).toContain('药品检验报告书');
    expect((await app.inject({ method: 'GET', url: '/api/images/report/999999.svg' })).statusCode).toBe(404);
  });
});

describe('the next tier hint', () => {
  it('CART-25: answers POST with the goods and quantity in the query, as GET does', async () => {
    const token = await login(app);
    const g = await findGoods(
      db,
      'g.ladder_price_type = 0 AND EXISTS (SELECT 1 FROM ladder_prices lp WHERE lp.goods_id = g.id AND lp.number > 1)',
    );
    const query = { goods_id: g.id, number: 1 };
    const post = await call(app, 'POST', '/api/cart/next_hint', { token, query });
    const get = await call(app, 'GET', '/api/cart/next_hint', { token, query });
    expect(post.status).toBe(200);
    expect(post.body.data).toEqual(get.body.data);
  });
});
