/**
 * Orders out to the ERP and the monthly statement (ORDER-15..ORDER-17): files read back as a buyer's tools read them,
 * only the buyer's own orders, bad ranges refused in words.
 */
import { Refusal } from '@pharma/domain/codes';
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrders } from '../src/areas/order-export/service';
import type { Db } from '../src/db/db';
import { ApiError } from '../src/lib/http';
import { seedOrderStory, type StoryGoods } from '../src/seed/order-story';
import { makeBuyers, removeBuyers, TEST_ADDRESS, testApp, userId } from './testkit';

let app: FastifyInstance;
let db: Db;
let buyer: { id: number; token: string };
let otherStore: { id: number; token: string };
const made: { sn: string; id: number }[] = [];
const foreign: string[] = [];
let company = '';
let goods: StoryGoods[] = [];
let approval: string[] = [];

/** An order of the given lines placed at an exact moment (UTC), in a state; paid ones paid by Alipay. */
async function order(
  userIdOf: number,
  at: string,
  status: 0 | 1 | 3 | 4,
  lines: { goods: StoryGoods; number: number }[],
): Promise<{ sn: string; id: number; lineIds: number[] }> {
  const story = await seedOrderStory(db, {
    key: `export-test-${userIdOf}-${at}-${Math.random().toString(36).slice(2)}`,
    userId: userIdOf,
    placed: '1 day',
    status,
    lines,
    steps: status === 0 ? {} : status === 4 ? { cancelled: '1 hour' } : { paid: '20 hours' },
    payMethod: status === 0 || status === 4 ? undefined : 'alipay',
    freight: 1000,
    coupon: { id: 1, amount: 300 },
    address: TEST_ADDRESS,
  });
  const [row] = await db.query<{ sn: string }>(
    `UPDATE orders SET created_at = $2::timestamptz,
       order_sn = to_char($2::timestamptz AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(id::text, 8, '0')
     WHERE id = $1 RETURNING order_sn AS sn`,
    [story.id, at],
  );
  return { sn: row?.sn ?? '', id: story.id, lineIds: story.lineIds };
}

const get = (token: string | undefined, url: string) =>
  app.inject({ method: 'GET', url, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

async function sheetsOf(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.read(Readable.from([bytes]));
  return book;
}

/** A sheet's rows as arrays of cell values (1-based columns dropped). */
function rowsOf(sheet: ExcelJS.Worksheet | undefined): unknown[][] {
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

let o1: { sn: string; id: number; lineIds: number[] };
let o2: { sn: string; id: number };
let o3: { sn: string; id: number };
let o4: { sn: string; id: number };
let o5: { sn: string; id: number };
let sameCompany: { sn: string; id: number };

beforeAll(async () => {
  ({ app, db } = await testApp());
  const buyers = await makeBuyers(db, 2);
  const [a, b] = buyers;
  if (a === undefined || b === undefined) throw new Error('no buyers');
  buyer = a;
  otherStore = b;
  await db.query("UPDATE users SET store_name = '滨江店' WHERE id = $1", [b.id]);
  const [co] = await db.query<{ name: string }>(
    'SELECT c.name FROM companies c JOIN users u ON u.company_id = c.id WHERE u.id = $1',
    [a.id],
  );
  company = co?.name ?? '';
  const rows = await db.query<{ id: number; pzwh: string }>(
    "SELECT id, pzwh FROM goods WHERE pzwh IS NOT NULL AND pzwh <> '' ORDER BY id LIMIT 2",
  );
  approval = rows.map((r) => r.pzwh);
  goods = rows.map((r, i) => ({
    id: r.id,
    name: i === 0 ? '阿莫西林胶囊' : '=HYPERLINK("x")板蓝根颗粒',
    sccj: i === 0 ? '石药集团欧意药业有限公司' : '广州白云山和记黄埔中药有限公司',
    ypgg: i === 0 ? '0.25g*24粒' : '10g*20袋',
    bzdw: '盒',
    price: i === 0 ? 2350 : 1999,
  }));
  const [g1, g2] = goods;
  if (g1 === undefined || g2 === undefined) throw new Error('the seed has no goods with approval numbers');
  // China time is UTC+8: 2025-03-05 10:00, 03-20, 03-31 23:30 (still March), 04-01 00:10 (April), 03-10 cancelled.
  o1 = await order(a.id, '2025-03-05T02:00:00Z', 1, [
    { goods: g1, number: 4 },
    { goods: g2, number: 3 },
  ]);
  o2 = await order(a.id, '2025-03-20T02:00:00Z', 0, [{ goods: g1, number: 1 }]);
  o3 = await order(a.id, '2025-03-31T15:30:00Z', 3, [{ goods: g2, number: 10 }]);
  o4 = await order(a.id, '2025-03-31T16:10:00Z', 1, [{ goods: g1, number: 2 }]);
  o5 = await order(a.id, '2025-03-10T02:00:00Z', 4, [{ goods: g1, number: 7 }]);
  // o3's return of 1 unit was refunded (AFTER-07); another one still waits and refunds nothing yet.
  const [o3line] = await db.query<{ id: number }>('SELECT id FROM order_lines WHERE order_id = $1', [o3.id]);
  await db.query(
    `INSERT INTO returns (user_id, order_id, order_line_id, number, reason, refund_amount, status)
     VALUES ($1, $2, $3, 1, '其他', 1234, 4), ($1, $2, $3, 1, '其他', 1000, 0)`,
    [a.id, o3.id, o3line?.id ?? 0],
  );
  // The same company's other store, and another company, order in the same days.
  sameCompany = await order(b.id, '2025-03-06T02:00:00Z', 1, [{ goods: g1, number: 5 }]);
  const demo2 = await userId(db, 'demo2');
  const other = await order(demo2, '2025-03-07T02:00:00Z', 1, [{ goods: g2, number: 6 }]);
  made.push(other);
  foreign.push(sameCompany.sn, other.sn);
});

afterAll(async () => {
  await db.query(
    `DELETE FROM user_coupons WHERE used_order_id IN
       (SELECT id FROM orders WHERE id = ANY($1::int[]) OR user_id = ANY($2::int[]))`,
    [made.map((o) => o.id), [buyer.id, otherStore.id]],
  );
  await db.query('DELETE FROM orders WHERE id = ANY($1::int[])', [made.map((o) => o.id)]);
  await db.query('DELETE FROM cart_lines WHERE user_id = ANY($1::int[])', [[buyer.id, otherStore.id]]);
  await removeBuyers(db, [buyer.id, otherStore.id]);
});

const MARCH = 'start_date=2025-03-01&end_date=2025-03-31';

/** The cells of o1's first line before its quantity and money, which a sheet keeps as numbers and a CSV as text. */
const o1FirstLine = () => [
  o1.sn,
  '2025-03-05 10:00',
  '待发货',
  String(goods[0]?.id),
  '阿莫西林胶囊',
  '0.25g*24粒',
  '石药集团欧意药业有限公司',
  approval[0],
  '盒',
];

describe('the order export (ORDER-15, ORDER-16)', () => {
  it('ORDER-15: an .xlsx of the lines and the orders, money as two-decimal yuan from fen, only the buyer’s own', async () => {
    const res = await get(buyer.token, `/api/order/export?format=xlsx&${MARCH}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="orders-2025-03-01-2025-03-31.xlsx"; filename*=UTF-8''${encodeURIComponent('订单导出-2025-03-01至2025-03-31.xlsx')}`,
    );
    const book = await sheetsOf(res.rawPayload);
    expect(book.worksheets.map((s) => s.name)).toEqual(['订单明细', '订单汇总']);
    const lines = rowsOf(book.getWorksheet('订单明细'));
    expect(lines[0]).toEqual([
      '订单号',
      '下单时间',
      '订单状态',
      '商品编码',
      '商品名称',
      '规格',
      '生产厂家',
      '批准文号',
      '单位',
      '数量',
      '单价（元）',
      '金额（元）',
    ]);
    // Newest order first, each order's lines in their order; the cancelled order is listed as the list lists it.
    expect(lines.slice(1).map((l) => l[0])).toEqual([o3.sn, o2.sn, o5.sn, o1.sn, o1.sn]);
    expect(lines[4]).toEqual([...o1FirstLine(), 4, 23.5, 94]);
    expect(lines[1]?.[1]).toBe('2025-03-31 23:30');
    expect(book.getWorksheet('订单明细')?.getColumn(11).numFmt).toBe('#,##0.00');
    const orders = rowsOf(book.getWorksheet('订单汇总'));
    // o1: goods 4 × 23.50 + 3 × 19.99 = 153.97, a ¥3.00 coupon, ¥10.00 freight: 160.97.
    expect(orders.find((r) => r[0] === o1.sn)).toEqual([o1.sn, '2025-03-05 10:00', '待发货', 2, 153.97, 3, 10, 160.97]);
    const total = orders.at(-1);
    expect(total?.[0]).toBe('合计（4笔订单）');
    const body = orders.slice(1, -1);
    for (const column of [4, 5, 6, 7]) {
      const fen = body.reduce((sum, r) => sum + Math.round(Number(r[column]) * 100), 0);
      expect(Math.round(Number(total?.[column]) * 100)).toBe(fen);
    }
    const everything = JSON.stringify([lines, orders]);
    for (const sn of foreign) expect(everything).not.toContain(sn);
  });

  it('ORDER-15: the order list’s filters and China-time days choose the orders', async () => {
    const snsOf = async (query: string) => {
      const res = await get(buyer.token, `/api/order/export?format=csv&kind=orders&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = Papa.parse<string[]>(res.body.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
      return rows.slice(1).map((r) => r[0]);
    };
    expect(await snsOf(`${MARCH}&status=1`)).toEqual([o1.sn]);
    expect(await snsOf(`${MARCH}&status=4`)).toEqual([o5.sn]);
    expect(await snsOf('start_date=2025-03-31&end_date=2025-03-31')).toEqual([o3.sn]);
    expect(await snsOf('start_date=2025-04-01&end_date=2025-04-01')).toEqual([o4.sn]);
    expect(await snsOf(`${MARCH}&keyword=${encodeURIComponent('板蓝根')}`)).toEqual([o3.sn, o1.sn]);
    expect(await snsOf(`${MARCH}&after_sale=1`)).toEqual([o3.sn]);
  });

  it('ORDER-15: CSV in UTF-8 with a BOM and in GBK, formulas escaped, money as text with two decimals', async () => {
    const utf8 = await get(buyer.token, `/api/order/export?format=csv&${MARCH}&status=1`);
    expect(utf8.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...utf8.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = utf8.rawPayload.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(rows[0]?.[0]).toBe('订单号');
    expect(rows[1]).toEqual([...o1FirstLine(), '4', '23.50', '94.00']);
    // A spreadsheet never runs a goods name as a formula.
    expect(rows[2]?.[4]).toBe(`'=HYPERLINK("x")板蓝根颗粒`);
    expect(rows[2]?.slice(9)).toEqual(['3', '19.99', '59.97']);

    const gbk = await get(buyer.token, `/api/order/export?format=csv&encoding=gbk&${MARCH}&status=1`);
    expect(gbk.headers['content-type']).toBe('text/csv; charset=gbk');
    expect(gbk.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    expect(iconv.decode(gbk.rawPayload, 'gbk')).toBe(text);
    expect(gbk.rawPayload.includes(iconv.encode('阿莫西林胶囊', 'gbk'))).toBe(true);
  });

  it('ORDER-16: no order gives a sentence, not an empty file; a range too long or backwards is a 422 on the field', async () => {
    const empty = await get(buyer.token, '/api/order/export?format=xlsx&start_date=2024-01-01&end_date=2024-01-31');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: Refusal.EXPORT_EMPTY,
      message: '所选日期和状态下没有订单，请调整条件后再导出',
    });

    const long = await get(buyer.token, '/api/order/export?format=xlsx&start_date=2024-01-01&end_date=2025-01-01');
    expect(long.statusCode).toBe(422);
    expect(long.json().data).toEqual({ end_date: ['导出的日期范围最多366天，请缩短后再导出'] });
    // 366 days, both included, is within the limit (2024 is a leap year).
    const year = await get(buyer.token, '/api/order/export?format=xlsx&start_date=2024-04-01&end_date=2025-03-31');
    expect(year.statusCode).toBe(200);

    const cases: [string, string][] = [
      ['format=xlsx&start_date=2025-03-31&end_date=2025-03-01', 'end_date'],
      ['format=xlsx&end_date=2025-03-01', 'start_date'],
      ['format=xlsx&start_date=2025-02-30&end_date=2025-03-01', 'start_date'],
      ['format=exe&start_date=2025-03-01&end_date=2025-03-01', 'format'],
      [`format=csv&encoding=big5&${MARCH}`, 'encoding'],
      [`format=csv&${MARCH}&status=9`, 'status'],
      [`format=csv&${MARCH}&keyword=${'药'.repeat(51)}`, 'keyword'],
    ];
    for (const [query, field] of cases) {
      const res = await get(buyer.token, `/api/order/export?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().data), query).toContain(field);
    }
    expect((await get(undefined, `/api/order/export?format=xlsx&${MARCH}`)).statusCode).toBe(401);
  });

  it('ORDER-16: more lines than one file holds is refused with the limit', async () => {
    const request = {
      format: 'xlsx' as const,
      encoding: 'utf8' as const,
      kind: 'lines' as const,
      filter: { start_date: '2025-03-01', end_date: '2025-03-31' },
    };
    const refused = await exportOrders(db, buyer.id, request, { lines: 4 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      code: Refusal.EXPORT_TOO_LARGE,
      message: '导出内容超过4行商品明细，请缩短日期范围后分次导出',
    });
    await expect(exportOrders(db, buyer.id, request, { lines: 5 })).resolves.toMatchObject({
      type: expect.any(String),
    });
  });
});

describe('the monthly statement (ORDER-17)', () => {
  it('ORDER-17: an .xlsx of the month’s orders, cancelled left out, whose totals add up to the fen', async () => {
    const res = await get(buyer.token, '/api/order/statement?month=2025-03&format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('对账单-2025年3月.xlsx'));
    const rows = rowsOf((await sheetsOf(res.rawPayload)).getWorksheet('对账单'));
    expect(rows[0]?.[0]).toBe('采购对账单（2025年3月）');
    expect(rows[1]?.[0]).toBe(`采购单位：${company}`);
    expect(String(rows[2]?.[0])).toContain('2025年3月1日至2025年3月31日');
    const o3pay = 10 * 1999 - 300 + 1000;
    expect(rows.slice(4, -1)).toEqual([
      [1, o1.sn, '2025-03-05 10:00', '待发货', 160.97, 160.97, 0, 160.97],
      [2, o2.sn, '2025-03-20 10:00', '待付款', 30.5, 0, 0, 0],
      [3, o3.sn, '2025-03-31 23:30', '已完成', o3pay / 100, o3pay / 100, 12.34, (o3pay - 1234) / 100],
    ]);
    const total = rows.at(-1) ?? [];
    expect([total[0], total[1], ...total.slice(4)]).toEqual([
      '合计',
      '3笔订单',
      (16097 + 3050 + o3pay) / 100,
      (16097 + o3pay) / 100,
      12.34,
      (16097 + o3pay - 1234) / 100,
    ]);
    expect(JSON.stringify(rows)).not.toContain(o4.sn);
    expect(JSON.stringify(rows)).not.toContain(o5.sn);
  });

  it('ORDER-17: a PDF in the embedded Chinese font; another store’s statement holds only its own orders', async () => {
    const res = await get(buyer.token, '/api/order/statement?month=2025-03&format=pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.length).toBeLessThan(300_000);
    const doc = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const text = (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, '');
    for (const part of ['采购对账单（2025年3月）', company, o1.sn, o2.sn, o3.sn, '160.97', '合计', '3笔订单']) {
      expect(text).toContain(part.replace(/\s+/g, ''));
    }
    expect(text).not.toContain(sameCompany.sn);

    const store = await get(otherStore.token, '/api/order/statement?month=2025-03&format=xlsx');
    const rows = rowsOf((await sheetsOf(store.rawPayload)).getWorksheet('对账单'));
    expect(rows[1]?.[0]).toBe(`采购单位：${company}（滨江店）`);
    expect(rows.slice(4, -1).map((r) => r[1])).toEqual([sameCompany.sn]);
  });

  it('ORDER-17: a month without orders is a sentence; a malformed or future month a 422', async () => {
    const empty = await get(buyer.token, '/api/order/statement?month=2024-02&format=pdf');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: Refusal.EXPORT_EMPTY, message: '2024年2月没有订单，无需对账' });
    for (const query of [
      'month=2025-13&format=pdf',
      'month=2099-01&format=pdf',
      'month=2025-03&format=doc',
      'format=pdf',
    ]) {
      const res = await get(buyer.token, `/api/order/statement?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().message, query).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await get(undefined, '/api/order/statement?month=2025-03&format=pdf')).statusCode).toBe(401);
  });
});

describe('buying again (QUICK-09)', () => {
  it('QUICK-09: an unpaid order is bought again like any other, and only by its own buyer', async () => {
    const preview = await get(buyer.token, `/api/order/${o2.id}/rebuy_preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.lines).toHaveLength(1);
    const again = await app.inject({
      method: 'POST',
      url: `/api/order/${o2.id}/rebuy`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(again.statusCode).toBe(200);
    const result = again.json().data as { added: number; failed: unknown[] };
    expect(result.added + result.failed.length).toBe(1);
    // The order itself is untouched: still unpaid.
    const [row] = await db.query<{ status: number }>('SELECT status FROM orders WHERE id = $1', [o2.id]);
    expect(row?.status).toBe(0);
    // Another store of the same company cannot see or buy it again (ORDER-13).
    expect((await get(otherStore.token, `/api/order/${o2.id}/rebuy_preview`)).statusCode).toBe(404);
    const foreignAgain = await app.inject({
      method: 'POST',
      url: `/api/order/${o2.id}/rebuy`,
      headers: { authorization: `Bearer ${otherStore.token}` },
    });
    expect(foreignAgain.statusCode).toBe(404);
  });
});
