import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROKEN_XLSX_TEXT,
  INFLATED_TEXT,
  MAX_CELL_CHARS,
  MAX_SCANNED_ROWS,
  SHEET_TOO_LARGE_TEXT,
  TIMEOUT_TEXT,
  TOO_MANY_TEXT,
} from '../src/areas/purchase-list/parse';
import { BUSY_TEXT, SheetReader } from '../src/areas/purchase-list/sheet-pool';
import type { MatchAnswer } from '../src/areas/purchase-list/service';
import { login, postMultipart, testApp, type Answer } from './testkit';

let app: FastifyInstance;
let demo: string;

beforeAll(async () => {
  ({ app } = await testApp());
  demo = await login(app);
});

function upload(name: string, bytes: Uint8Array) {
  return postMultipart(app, '/api/cart/match', demo, {}, { name, bytes });
}

async function match(name: string, bytes: Uint8Array): Promise<Answer<MatchAnswer> & { size: number }> {
  const res = await upload(name, bytes);
  return { status: res.statusCode, body: res.json(), headers: res.headers, size: res.body.length };
}

/** A workbook of a header and `rows` goods rows, as exceljs writes it (the sheet before the shared strings). */
async function workbook(rows: number, row: (i: number) => (string | number)[]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('采购单');
  sheet.addRow(['品名', '规格', '生产厂家', '数量']);
  for (let i = 0; i < rows; i++) sheet.addRow(row(i));
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** The same workbook with one of its parts replaced. */
async function withPart(bytes: Uint8Array, path: string, edit: (xml: string) => string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes);
  const part = zip.file(path);
  if (part === null) throw new Error(`the workbook has no ${path}`);
  zip.file(path, edit(await part.async('string')));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

describe('reading uploaded purchase lists off the event loop (IMPORT-10..IMPORT-15)', () => {
  it('IMPORT-02, IMPORT-10: a sheet longer than the limit is refused at the limit, its rest never read', async () => {
    const long = await workbook(3000, (i) => [`感冒灵颗粒${i}`, '10g*9袋', '华润三九', 1]);
    // Past row 2,000 the sheet is broken: a reader that read on would refuse it as a broken workbook instead.
    const broken = await withPart(long, 'xl/worksheets/sheet1.xml', (xml) =>
      xml.replace('<row r="2000"', '<<<not xml<row r="2000"'),
    );
    const res = await match('采购单.xlsx', broken);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: TOO_MANY_TEXT, data: { file: [TOO_MANY_TEXT] } });

    // The same damage within the rows read is a broken workbook, so the test above could fail.
    const short = await workbook(20, (i) => [`感冒灵颗粒${i}`, '10g*9袋', '华润三九', 1]);
    const early = await withPart(short, 'xl/worksheets/sheet1.xml', (xml) =>
      xml.replace('<row r="10"', '<<<not xml<row r="10"'),
    );
    expect((await match('采购单.xlsx', early)).body.message).toBe(BROKEN_XLSX_TEXT);
  });

  it('IMPORT-11: a workbook whose shared strings unpack past the limit (a zip bomb) is refused', async () => {
    const small = await workbook(2, () => ['感冒灵颗粒', '10g*9袋', '华润三九', 1]);
    const bomb = await withPart(small, 'xl/sharedStrings.xml', (xml) =>
      xml.replace('</sst>', `<si><t>${'药'.repeat(6 * 1024 * 1024)}</t></si></sst>`),
    );
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    const res = await match('bomb.xlsx', bomb);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: INFLATED_TEXT, data: { file: [INFLATED_TEXT] } });
  });

  it('IMPORT-12: cells of 32,000 characters are cut to what the page shows, so the answer stays small', async () => {
    const longName = '感冒灵颗粒'.repeat(6400);
    const bytes = await workbook(100, () => [longName, '规'.repeat(32000), '厂'.repeat(32000), 2]);
    expect(bytes.byteLength).toBeLessThan(100 * 1024);
    const res = await match('long.xlsx', bytes);
    expect(res.status).toBe(200);
    expect(res.body.data.rows).toHaveLength(100);
    const first = res.body.data.rows[0];
    expect(first?.name).toBe(longName.slice(0, MAX_CELL_CHARS));
    expect(first?.spec).toHaveLength(MAX_CELL_CHARS);
    expect(first?.number).toBe(2);
    // 100 rows of three 32,000-character cells were about 29 MB of answer before.
    expect(res.size).toBeLessThan(1024 * 1024);
  });

  it('IMPORT-13: a sheet of blank rows past the scan limit is refused without waiting for the end', async () => {
    const blank = await workbook(MAX_SCANNED_ROWS + 10, (i) => (i === 0 ? ['感冒灵颗粒', '', '', 1] : [' ']));
    const res = await match('blank.xlsx', blank);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(SHEET_TOO_LARGE_TEXT);
  });

  it('IMPORT-10: the upstream keeps answering (/healthz, timers) while a large sheet is being read', async () => {
    // Warm the thread first, so what follows is the reading itself.
    expect((await match('warm.xlsx', await workbook(1, () => ['感冒灵颗粒', '', '', 1]))).status).toBe(200);
    const large = await workbook(MAX_SCANNED_ROWS - 100, (i) => (i === 0 ? ['感冒灵颗粒', '', '', 1] : [' ', ' ']));
    let done = false;
    const reading = upload('large.xlsx', large).finally(() => {
      done = true;
    });
    let ticksWhileReading = 0;
    const timer = setInterval(() => {
      if (!done) ticksWhileReading += 1;
    }, 1);
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    const answeredWhileReading = !done;
    const res = await reading;
    clearInterval(timer);
    expect(health.statusCode).toBe(200);
    expect(answeredWhileReading).toBe(true);
    expect(ticksWhileReading).toBeGreaterThan(0);
    expect(res.statusCode).toBe(200);
  });

  describe('the pool’s own limits', () => {
    const readers: SheetReader[] = [];
    afterAll(() => Promise.all(readers.map((reader) => reader.close())));

    it('IMPORT-14: a file still being read at the time limit is refused; given time, the same file is read up to its row limit', async () => {
      const reader = new SheetReader({ threads: 1, timeoutMs: 1 });
      readers.push(reader);
      const bytes = await workbook(2000, (i) => [`感冒灵颗粒${i}`, '', '', 1]);
      await expect(reader.read(bytes, 'slow.xlsx')).rejects.toMatchObject({ message: TIMEOUT_TEXT });
      const patient = new SheetReader({ threads: 1 });
      readers.push(patient);
      await expect(patient.read(bytes, 'slow.xlsx')).rejects.toMatchObject({ message: TOO_MANY_TEXT });
    });

    it('IMPORT-15: files beyond the queue are refused at once, and those admitted are read', async () => {
      const reader = new SheetReader({ threads: 1, maxQueue: 1 });
      readers.push(reader);
      const bytes = await workbook(50, (i) => [`感冒灵颗粒${i}`, '', '', 1]);
      // A warm thread, so that what is measured is the queue, not the thread's start.
      expect((await reader.read(bytes, 'list.xlsx')).rows).toHaveLength(50);
      const results = await Promise.allSettled([1, 2, 3, 4].map(() => reader.read(bytes, 'list.xlsx')));
      const refused = results.filter((r) => r.status === 'rejected');
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) expect(r.reason).toMatchObject({ message: BUSY_TEXT, status: 422 });
      expect(results.some((r) => r.status === 'fulfilled' && r.value.rows.length === 50)).toBe(true);
    });
  });
});
