import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable, SqlValue } from '../src/db/db';
import {
  BROKEN_XLSX_TEXT,
  EMPTY_TEXT,
  NO_GOODS_TEXT,
  QUANTITY_TEXT,
  TOO_LARGE_TEXT,
  TOO_MANY_TEXT,
  WRONG_TYPE_TEXT,
  parseText,
} from '../src/areas/purchase-list/parse';
import { matchList, type MatchAnswer } from '../src/areas/purchase-list/service';
import { call, clearCart, login, postMultipart, testApp, type Answer } from './testkit';

let app: FastifyInstance;
let db: Db;
let demo: string;

beforeAll(async () => {
  ({ app, db } = await testApp());
  demo = await login(app);
});

async function match(
  input: { text: string } | { file: { name: string; bytes: Uint8Array } },
  token = demo,
): Promise<Answer<MatchAnswer>> {
  const res =
    'text' in input
      ? await postMultipart(app, '/api/cart/match', token, { text: input.text })
      : await postMultipart(app, '/api/cart/match', token, {}, input.file);
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

interface SeedGoods {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
  pzwh: string;
}

async function goodsWhere(where: string): Promise<SeedGoods> {
  const [row] = await db.query<SeedGoods>(
    `SELECT id, name, sccj, ypgg, pzwh FROM goods g WHERE ${where} ORDER BY id LIMIT 1`,
  );
  if (row === undefined) throw new Error(`the seed has no goods where ${where}`);
  return row;
}

/** A buyable goods in stock whose approval number and name are each its own. */
const uniqueGoods = () =>
  goodsWhere(`g.is_buy = 1 AND g.number > 10 AND g.pzwh LIKE '国药准字%'
    AND (SELECT count(*) FROM goods o WHERE o.pzwh = g.pzwh) = 1
    AND (SELECT count(*) FROM goods o WHERE o.name = g.name) = 1`);

/** A name more than five goods share, from more than one maker. */
async function sharedName(): Promise<string> {
  const [row] = await db.query<{ name: string }>(
    'SELECT name FROM goods GROUP BY name HAVING count(*) > 5 AND count(DISTINCT sccj) > 1 ORDER BY name LIMIT 1',
  );
  if (row === undefined) throw new Error('the seed has no shared name');
  return row.name;
}

describe('reading a purchase list (IMPORT-01, IMPORT-02, IMPORT-03)', () => {
  it('IMPORT-01: reads pasted tab-separated text with a header in any column order', () => {
    const rows = parseText(
      '数量\t 商品名称 \t生产企业\t规格\t国药准字\n3\t感冒灵颗粒\t华润三九\t10g*9袋\tZ20106112\n\n',
    );
    expect(rows).toEqual([
      { line: 2, name: '感冒灵颗粒', spec: '10g*9袋', maker: '华润三九', pzwh: 'Z20106112', number: 3, error: null },
    ]);
  });

  it('IMPORT-01: without a header takes name, spec, maker, approval number, quantity in that order', () => {
    const rows = parseText('感冒灵颗粒\t10g*9袋\t华润三九\t\t２\r\n阿莫西林胶囊\r\n');
    expect(rows.map((r) => [r.line, r.name, r.spec, r.maker, r.number])).toEqual([
      [1, '感冒灵颗粒', '10g*9袋', '华润三九', 2],
      // IMPORT-03: a blank quantity is one packing unit.
      [2, '阿莫西林胶囊', '', '', 1],
    ]);
  });

  it('IMPORT-03: a wrong quantity or a row naming no goods is that row’s error, not the list’s', () => {
    const rows = parseText('品名\t数量\n感冒灵颗粒\t-2\n阿莫西林胶囊\t1.5\n维C银翘片\t十\n\t5\n布洛芬缓释胶囊\t12.0');
    expect(rows.map((r) => [r.name, r.number, r.error])).toEqual([
      ['感冒灵颗粒', null, QUANTITY_TEXT],
      ['阿莫西林胶囊', null, QUANTITY_TEXT],
      ['维C银翘片', null, QUANTITY_TEXT],
      ['', 5, NO_GOODS_TEXT],
      ['布洛芬缓释胶囊', 12, null],
    ]);
  });

  it('IMPORT-01: reads a UTF-8 CSV (with BOM and quoted commas) and a GBK CSV saved by Chinese Excel', async () => {
    const utf8 = new TextEncoder().encode('\uFEFF名称,规格,厂家,数量\n"感冒灵颗粒,大包",10g*9袋,华润三九,4\n');
    const a = await match({ file: { name: '采购单.csv', bytes: utf8 } });
    expect(a.status).toBe(200);
    expect(a.body.data.rows[0]).toMatchObject({
      name: '感冒灵颗粒,大包',
      spec: '10g*9袋',
      maker: '华润三九',
      number: 4,
    });

    // "品名,规格,生产厂家,数量 / 感冒灵颗粒,10g*9袋,华润三九医药股份有限公司,2" as GBK bytes.
    const gbk = Buffer.from(
      'c6b7c3fb2cb9e6b8f12cc9fab2fab3a7bcd22ccafdc1bf0d0ab8d0c3b0c1e9bfc5c1a32c3130672a39b4fc2cbbaac8f3c8fdbec5d2bd' +
        'd2a9b9c9b7ddd3d0cfdeb9abcbbe2c320d0a',
      'hex',
    );
    const b = await match({ file: { name: 'list.CSV', bytes: gbk } });
    expect(b.status).toBe(200);
    expect(b.body.data.rows).toHaveLength(1);
    expect(b.body.data.rows[0]).toMatchObject({
      name: '感冒灵颗粒',
      spec: '10g*9袋',
      maker: '华润三九医药股份有限公司',
      number: 2,
      status: 'exact',
    });
  });

  it('IMPORT-01: reads the first sheet of an .xlsx made with exceljs, numbers and formulas as the buyer sees them', async () => {
    const goods = await uniqueGoods();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('采购单');
    sheet.addRow(['序号', '品名', '规格', '生产厂家', '批准文号', '采购数量']);
    sheet.addRow([1, goods.name, goods.ypgg, goods.sccj, goods.pzwh, 6]);
    sheet.addRow([]);
    sheet.addRow([2, '阿莫西林胶囊', '', '', '', { formula: '2*5', result: 10 }]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const res = await match({ file: { name: '采购单.xlsx', bytes } });
    expect(res.status).toBe(200);
    expect(res.body.data.rows.map((r) => [r.line, r.name, r.number])).toEqual([
      [2, goods.name, 6],
      [4, '阿莫西林胶囊', 10],
    ]);
    expect(res.body.data.rows[0]).toMatchObject({ status: 'exact', matched_by: 'pzwh' });
  });

  it('IMPORT-02: an encrypted or broken workbook, another file type, an empty list, too many rows, too large a file', async () => {
    const refusal = async (input: Parameters<typeof match>[0]) => {
      const res = await match(input);
      expect(res.status).toBe(422);
      return { message: res.body.message, fields: res.body.data };
    };
    // An encrypted .xlsx is an OLE compound document, not a zip.
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(await refusal({ file: { name: '加密.xlsx', bytes: ole } })).toEqual({
      message: BROKEN_XLSX_TEXT,
      fields: { file: [BROKEN_XLSX_TEXT] },
    });
    const brokenZip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await refusal({ file: { name: 'x.xlsx', bytes: brokenZip } })).message).toBe(BROKEN_XLSX_TEXT);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect((await refusal({ file: { name: 'photo.png', bytes: png } })).message).toBe(WRONG_TYPE_TEXT);
    expect(await refusal({ text: ' \n\t\n' })).toEqual({ message: EMPTY_TEXT, fields: { text: [EMPTY_TEXT] } });
    expect((await refusal({ file: { name: 'e.csv', bytes: new Uint8Array() } })).message).toBe(EMPTY_TEXT);
    const many = Array.from({ length: 501 }, (_, i) => `商品${i}\t\t\t\t1`).join('\n');
    expect(await refusal({ text: many })).toEqual({ message: TOO_MANY_TEXT, fields: { text: [TOO_MANY_TEXT] } });
    // Exactly 500 rows are accepted.
    expect((await match({ text: many.split('\n').slice(0, 500).join('\n') })).status).toBe(200);
    const big = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x41);
    expect(await refusal({ file: { name: 'big.csv', bytes: big } })).toEqual({
      message: TOO_LARGE_TEXT,
      fields: { file: [TOO_LARGE_TEXT] },
    });
  });

  it('needs a signed-in buyer', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/cart/match',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'text=abc',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('matching a purchase list (IMPORT-04, IMPORT-05)', () => {
  it('IMPORT-04: exact by approval number (with or without 国药准字, any case), ambiguous by a shared name, none when nothing matches', async () => {
    const goods = await uniqueGoods();
    const shared = await sharedName();
    const bare = goods.pzwh.replace('国药准字', '').toLowerCase();
    const text = [
      `某个名字\t\t\t${goods.pzwh}\t2`,
      `\t\t\t ${bare} \t3`,
      `${shared}\t\t\t\t4`,
      '这个药不存在的名字\t\t\t\t1',
    ].join('\n');
    const res = await match({ text });
    expect(res.status).toBe(200);
    const [byPzwh, byBare, ambiguous, none] = res.body.data.rows;
    expect(byPzwh).toMatchObject({ status: 'exact', matched_by: 'pzwh', candidate_total: 1, number: 2 });
    expect(byPzwh?.candidates.map((c) => c.id)).toEqual([goods.id]);
    expect(byBare?.candidates.map((c) => c.id)).toEqual([goods.id]);
    expect(ambiguous).toMatchObject({ status: 'ambiguous', matched_by: 'name' });
    expect(ambiguous?.candidate_total).toBeGreaterThan(5);
    // IMPORT-05: at most five candidates, goods that can be bought now first.
    expect(ambiguous?.candidates).toHaveLength(5);
    const available = (ambiguous?.candidates ?? []).map((c) => c.is_buy === 1 && c.number > 0);
    expect(available).toEqual([...available].sort((a, b) => Number(b) - Number(a)));
    expect(none).toMatchObject({ status: 'none', matched_by: null, candidates: [] });
    expect(res.body.data).toMatchObject({ exact: 2, ambiguous: 1, none: 1 });
  });

  it('IMPORT-04: a shared name narrowed by manufacturer and specification becomes exact', async () => {
    const shared = await sharedName();
    const target = await goodsWhere(
      `g.name = '${shared}' AND (SELECT count(*) FROM goods o WHERE o.name = g.name AND o.sccj = g.sccj AND o.ypgg = g.ypgg) = 1`,
    );
    const res = await match({ text: `品名\t厂家\t规格\n${shared}\t${target.sccj}\t${target.ypgg.replace('*', '×')}` });
    expect(res.body.data.rows[0]).toMatchObject({ status: 'exact', matched_by: 'name' });
    expect(res.body.data.rows[0]?.candidates.map((c) => c.id)).toEqual([target.id]);
    // A manufacturer no candidate has narrows nothing: the row stays ambiguous rather than unmatched.
    const loose = await match({ text: `${shared}\t\t没有这个厂家` });
    expect(loose.body.data.rows[0]?.status).toBe('ambiguous');
  });

  it('IMPORT-04: part of a name, and pinyin initials', async () => {
    const goods = await uniqueGoods();
    const part = [...goods.name].slice(0, -1).join('');
    const [py] = await db.query<{ name_py: string }>('SELECT name_py FROM goods WHERE id = $1', [goods.id]);
    const res = await match({ text: `${part}\n${(py?.name_py ?? '').toUpperCase()}\n${goods.name}（进口）` });
    const [contains, pinyin, longer] = res.body.data.rows;
    expect(contains?.matched_by).toBe('contains');
    expect(contains?.candidates.map((c) => c.id)).toContain(goods.id);
    expect(pinyin?.matched_by).toBe('pinyin');
    expect(pinyin?.candidates.map((c) => c.id)).toContain(goods.id);
    // The list's name may say more than the catalogue's.
    expect(longer?.candidates.map((c) => c.id)).toContain(goods.id);
  });

  it('IMPORT-04: matches every row of a long list in two statements', async () => {
    let statements = 0;
    const counting: Db = {
      ...db,
      query: <T>(sql: string, params?: readonly SqlValue[]) => {
        statements += 1;
        return db.query<T>(sql, params);
      },
      transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction(fn),
    };
    const rows = parseText(Array.from({ length: 200 }, (_, i) => (i % 2 ? '感冒灵颗粒' : `阿莫西林${i}`)).join('\n'));
    const answer = await matchList(counting, rows, 'http://upstream.test');
    expect(answer.rows).toHaveLength(200);
    expect(statements).toBe(2);
  });
});

describe('adding a matched list to the cart (IMPORT-06)', () => {
  it('IMPORT-06: adds each line through the cart rules and names the refused ones with the reason', async () => {
    await clearCart(db, 'demo');
    const buyable = await uniqueGoods();
    const blocked = await goodsWhere('g.is_buy = 0');
    const scarce = await goodsWhere('g.is_buy = 1 AND g.number BETWEEN 1 AND 100');
    const other = await login(app, 'demo2');
    const before = await call<{ total: number }>(app, 'GET', '/api/cart/total', { token: other });

    const res = await call<{
      added: { goods_id: number; number: number; name: string }[];
      failed: { goods_id: number; name: string; reason: string }[];
      total: number;
    }>(app, 'POST', '/api/cart/import', {
      token: demo,
      form: {
        params: [
          { goods_id: buyable.id, number: 2 },
          { goods_id: blocked.id, number: 1 },
          { goods_id: scarce.id, number: 100000 },
          { goods_id: 99999999, number: 1 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('已加入购物车1种商品，3种未能加入');
    expect(res.body.data.added).toEqual([{ goods_id: buyable.id, number: 2, name: buyable.name }]);
    expect(res.body.data.failed.map((f) => [f.goods_id, f.name])).toEqual([
      [blocked.id, blocked.name],
      [scarce.id, expect.any(String)],
      [99999999, ''],
    ]);
    expect(res.body.data.failed[1]?.reason).toMatch(/库存不足，最多可购买\d+件/);
    expect(res.body.data.total).toBe(1);

    // Only the signed-in buyer's cart changed.
    const after = await call<{ total: number }>(app, 'GET', '/api/cart/total', { token: other });
    expect(after.body.data.total).toBe(before.body.data.total);
  });

  it('IMPORT-06: a quantity below 1 is a form error and adds nothing', async () => {
    await clearCart(db, 'demo');
    const buyable = await uniqueGoods();
    const res = await call(app, 'POST', '/api/cart/import', {
      token: demo,
      form: {
        params: [
          { goods_id: buyable.id, number: 1 },
          { goods_id: buyable.id, number: 0 },
        ],
      },
    });
    expect(res.status).toBe(422);
    const total = await call<{ total: number }>(app, 'GET', '/api/cart/total', { token: demo });
    expect(total.body.data.total).toBe(0);
  });
});
