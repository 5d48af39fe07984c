/**
 * First-business documents (FIRST-01..FIRST-05): the zip read back as a buyer's quality officer reads it (its index
 * sheet, its files, the PDFs' words), only the buyer's own orders, and the record of the goods taken.
 */
import { Refusal } from '@pharma/domain/codes';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { Readable } from 'node:stream';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '../src/config';
import type { Db } from '../src/db/db';
import { seedOrderStory, type StoryGoods } from '../src/seed/order-story';
import { call, makeBuyers, removeBuyers, TEST_ADDRESS, testApp, userId } from './testkit';

interface Taken {
  goods_id: number;
  name: string;
  pzwh: string;
  times: number;
  last_taken_at: string;
  taken_by: string;
  store_name: string;
}

let app: FastifyInstance;
let db: Db;
let buyer: { id: number; token: string };
let sameCompany: { id: number; token: string };
let demo2Token = '';
let drug: StoryGoods & { pzwh: string };
let herbal: StoryGoods;
let report: { batch_no: string; report_no: string };
let orderId = 0;
let orderSn = '';
let foreignOrder = 0;

const get = (token: string | undefined, url: string) =>
  app.inject({ method: 'GET', url, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

async function zipOf(bytes: Buffer) {
  return JSZip.loadAsync(bytes);
}

async function indexRows(zip: JSZip): Promise<unknown[][]> {
  const bytes = await zip.file('资料索引.xlsx')?.async('nodebuffer');
  if (bytes === undefined) throw new Error('no index');
  const book = new ExcelJS.Workbook();
  await book.xlsx.read(Readable.from([bytes]));
  const rows: unknown[][] = [];
  book.getWorksheet('资料索引')?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function pdfText(zip: JSZip, path: string): Promise<string> {
  const bytes = await zip.file(path)?.async('uint8array');
  if (bytes === undefined) throw new Error(`no ${path}`);
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, '');
}

async function storyGoods(where: string): Promise<StoryGoods & { pzwh: string }> {
  const [g] = await db.query<StoryGoods & { pzwh: string }>(
    `SELECT id, name, sccj, ypgg, bzdw, price, COALESCE(pzwh, '') AS pzwh FROM goods g WHERE ${where} ORDER BY id LIMIT 1`,
  );
  if (g === undefined) throw new Error(`no goods where ${where}`);
  return g;
}

beforeAll(async () => {
  ({ app, db } = await testApp());
  const [a, b] = await makeBuyers(db, 2);
  if (a === undefined || b === undefined) throw new Error('no buyers');
  buyer = a;
  sameCompany = b;
  await db.query("UPDATE users SET name = '质管员甲', store_name = '滨江店' WHERE id = $1", [b.id]);
  drug = await storyGoods(
    "pzwh LIKE '国药准字%' AND EXISTS (SELECT 1 FROM inspection_reports r WHERE r.goods_id = g.id)",
  );
  herbal = await storyGoods(
    "(pzwh IS NULL OR pzwh = '') AND EXISTS (SELECT 1 FROM inspection_reports r WHERE r.goods_id = g.id)",
  );
  const [herbalLatest] = await db.query<{ batch_no: string }>(
    'SELECT batch_no FROM inspection_reports WHERE goods_id = $1 ORDER BY inspected_on DESC, id DESC LIMIT 1',
    [herbal.id],
  );
  herbalBatch = herbalLatest?.batch_no ?? '';
  // A goods of the test's own with neither a 批准文号 nor a report.
  const [made] = await db.query<{ id: number }>(
    `INSERT INTO goods (name, name_py, sccj, sccj_py, ypgg, bzdw, pzwh, category_id, number, base_price, price)
     SELECT '测试/无资料商品', name_py, sccj, sccj_py, ypgg, bzdw, NULL, category_id, 0, base_price, price
       FROM goods WHERE id = $1 RETURNING id`,
    [herbal.id],
  );
  bare = made?.id ?? 0;
  const [latest] = await db.query<{ batch_no: string; report_no: string }>(
    `SELECT batch_no, report_no FROM inspection_reports WHERE goods_id = $1
      ORDER BY inspected_on DESC, id DESC LIMIT 1`,
    [drug.id],
  );
  if (latest === undefined) throw new Error('no report');
  report = latest;
  const story = await seedOrderStory(db, {
    key: `first-business-${a.id}`,
    userId: a.id,
    placed: '1 day',
    status: 1,
    lines: [
      { goods: drug, number: 2 },
      { goods: herbal, number: 1 },
    ],
    steps: { paid: '20 hours' },
    payMethod: 'alipay',
    address: TEST_ADDRESS,
  });
  orderId = story.id;
  const [row] = await db.query<{ order_sn: string }>('SELECT order_sn FROM orders WHERE id = $1', [orderId]);
  orderSn = row?.order_sn ?? '';
  const demo2 = await userId(db, 'demo2');
  const foreign = await seedOrderStory(db, {
    key: `first-business-foreign-${a.id}`,
    userId: demo2,
    placed: '1 day',
    status: 1,
    lines: [{ goods: drug, number: 1 }],
    steps: { paid: '20 hours' },
    payMethod: 'alipay',
    address: TEST_ADDRESS,
  });
  foreignOrder = foreign.id;
  const [d2] = await makeBuyers(db, 1);
  if (d2 === undefined) throw new Error('no buyer');
  // A buyer of demo2's company, another company than the buyer's.
  await db.query('UPDATE users SET company_id = (SELECT company_id FROM users WHERE id = $1) WHERE id = $2', [
    demo2,
    d2.id,
  ]);
  demo2Token = d2.token;
  foreignBuyer = d2.id;
}, 180_000);

let foreignBuyer = 0;
let herbalBatch = '';
let bare = 0;

afterAll(async () => {
  await db.query('DELETE FROM first_business_takes WHERE user_id = ANY($1::int[])', [
    [buyer.id, sameCompany.id, foreignBuyer],
  ]);
  await db.query('DELETE FROM user_coupons WHERE used_order_id = ANY($1::int[])', [[orderId, foreignOrder]]);
  await db.query('DELETE FROM orders WHERE id = ANY($1::int[])', [[orderId, foreignOrder]]);
  await removeBuyers(db, [buyer.id, sameCompany.id, foreignBuyer]);
  await db.query('DELETE FROM goods WHERE id = $1', [bare]);
});

describe('first-business documents (FIRST-01..FIRST-04)', () => {
  it("FIRST-01: an order's zip holds the seller's licences, each goods' documents and an index naming every file", async () => {
    const res = await get(buyer.token, `/api/first_business/documents?order_id=${orderId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent(`首营资料-${orderSn}-`)}`,
    );
    const zip = await zipOf(res.rawPayload);
    const folder = `02-商品资料/01-${drug.name}（${drug.id}）`;
    const herbalFolder = `02-商品资料/02-${herbal.name}（${herbal.id}）`;
    const files = Object.values(zip.files)
      .filter((f) => !f.dir)
      .map((f) => f.name)
      .sort();
    expect(files).toEqual(
      [
        '01-企业资质/GSP证书.pdf',
        '01-企业资质/药品经营许可证.pdf',
        '01-企业资质/营业执照.pdf',
        `${folder}/药品注册证书-${drug.pzwh}.pdf`,
        `${folder}/检验报告-批号${report.batch_no}.pdf`,
        `${herbalFolder}/检验报告-批号${herbalBatch}.pdf`,
        '资料索引.xlsx',
      ].sort(),
    );
    const rows = await indexRows(zip);
    expect(rows[0]?.[0]).toBe('首营资料索引');
    expect(rows.some((r) => r[0] === `销售单位：${DEMO_SELLER.name}（统一社会信用代码 ${DEMO_SELLER.taxId}）`)).toBe(
      true,
    );
    const head = rows.findIndex((r) => r[0] === '序号');
    expect(rows[head]).toEqual([
      '序号',
      '文件',
      '资料类型',
      '商品编码',
      '商品名称',
      '规格',
      '生产厂家',
      '批准文号',
      '检验报告批号',
    ]);
    const body = rows.slice(head + 1);
    expect(body.map((r) => r[1])).toEqual([
      '01-企业资质/营业执照.pdf',
      '01-企业资质/药品经营许可证.pdf',
      '01-企业资质/GSP证书.pdf',
      `${folder}/药品注册证书-${drug.pzwh}.pdf`,
      `${folder}/检验报告-批号${report.batch_no}.pdf`,
      '（无：该商品无批准文号）',
      `${herbalFolder}/检验报告-批号${herbalBatch}.pdf`,
    ]);
    expect(body[4]).toEqual([
      5,
      `${folder}/检验报告-批号${report.batch_no}.pdf`,
      '检验报告',
      String(drug.id),
      drug.name,
      drug.ypgg,
      drug.sccj,
      drug.pzwh,
      report.batch_no,
    ]);
    expect(body[5]?.slice(3, 8)).toEqual([String(herbal.id), herbal.name, herbal.ypgg, herbal.sccj, '无']);

    const licence = await pdfText(zip, '01-企业资质/营业执照.pdf');
    expect(licence).toContain(DEMO_SELLER.taxId);
    expect(licence).toContain('营业执照');
    const approval = await pdfText(zip, `${folder}/药品注册证书-${drug.pzwh}.pdf`);
    expect(approval).toContain(drug.pzwh);
    expect(approval).toContain(drug.sccj.replace(/\s+/g, ''));
    const inspection = await pdfText(zip, `${folder}/检验报告-批号${report.batch_no}.pdf`);
    expect(inspection).toContain(report.report_no);
  });

  it('FIRST-02: chosen goods by id, an unknown id refused as unknown, and at most 50 ids', async () => {
    const res = await get(buyer.token, `/api/first_business/documents?goods_ids[]=${drug.id}`);
    expect(res.statusCode).toBe(200);
    const zip = await zipOf(res.rawPayload);
    expect(zip.file('资料索引.xlsx')).not.toBeNull();
    // FIRST-01: a goods without documents is listed with what it lacks; a file name keeps no path separator.
    const lacking = await get(buyer.token, `/api/first_business/documents?goods_ids[]=${bare}`);
    expect(String(lacking.headers['content-disposition'])).toContain(encodeURIComponent('首营资料-测试_无资料商品-'));
    const rows = await indexRows(await zipOf(lacking.rawPayload));
    expect(rows.slice(-2).map((r) => [r[1], r[2], r[7]])).toEqual([
      ['（无：该商品无批准文号）', '注册证', '无'],
      ['（暂无检验报告）', '检验报告', '无'],
    ]);
    const unknown = await get(
      buyer.token,
      `/api/first_business/documents?goods_ids[]=${drug.id}&goods_ids[]=2000000000`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: Refusal.FIRST_GOODS_NOT_FOUND, message: '商品不存在' });
    const many = Array.from({ length: 51 }, (_, i) => `goods_ids[]=${i + 1}`).join('&');
    const tooMany = await get(buyer.token, `/api/first_business/documents?${many}`);
    expect(tooMany.statusCode).toBe(422);
    const neither = await get(buyer.token, '/api/first_business/documents');
    expect(neither.statusCode).toBe(422);
    const bad = await get(buyer.token, '/api/first_business/documents?goods_ids[]=abc');
    expect(bad.statusCode).toBe(422);
  });

  it("FIRST-02: another company's order is unknown, as is a missing one; a visitor is asked to log in", async () => {
    for (const id of [foreignOrder, 2000000000]) {
      const res = await get(buyer.token, `/api/first_business/documents?order_id=${id}`);
      expect(res.statusCode).toBe(404);
    }
    expect((await get(undefined, `/api/first_business/documents?order_id=${orderId}`)).statusCode).toBe(401);
  });
});

describe('documents taken (FIRST-05)', () => {
  it("lists the company's taken goods, latest first, with who took them; another company sees none of it", async () => {
    await get(sameCompany.token, `/api/first_business/documents?goods_ids[]=${drug.id}`);
    const mine = await call<{ total: number; data: Taken[] }>(app, 'GET', '/api/first_business/taken', {
      token: buyer.token,
      query: { page: 1, page_size: 50 },
    });
    expect(mine.status).toBe(200);
    const ours = mine.body.data.data.filter((t) => t.goods_id === drug.id || t.goods_id === herbal.id);
    expect(ours.map((t) => t.goods_id)[0]).toBe(drug.id);
    const first = ours[0];
    expect(first).toMatchObject({ goods_id: drug.id, pzwh: drug.pzwh, taken_by: '质管员甲', store_name: '滨江店' });
    expect(first?.times).toBeGreaterThanOrEqual(3);
    expect(ours.find((t) => t.goods_id === herbal.id)?.pzwh).toBe('');
    const theirs = await call<{ total: number; data: Taken[] }>(app, 'GET', '/api/first_business/taken', {
      token: demo2Token,
    });
    expect(theirs.body.data.data.some((t) => t.taken_by === '质管员甲')).toBe(false);
  });
});
