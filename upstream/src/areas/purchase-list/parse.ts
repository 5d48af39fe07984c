/**
 * Reading a purchase list (IMPORT-01..IMPORT-03 in docs/product.md): pasted spreadsheet text, a CSV file (UTF-8 or
 * the GB18030 that Chinese Excel saves) or an Excel workbook, all into the same rows. Parsing lives here, on the
 * server, so that every client (the web, a mobile app) reads a file the same way (ADR 0121).
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import Papa from 'papaparse';
import { ApiError, formError } from '../../lib/http';

/** IMPORT-02: the largest list, in rows with content. */
export const MAX_ROWS = 500;
/** IMPORT-02: the largest file, 5 MB (the same limit as every other upload). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** IMPORT-02: the largest pasted text; 500 long rows fit in far less. */
export const MAX_TEXT_BYTES = 1024 * 1024;
export const MAX_QUANTITY = 999999;
/** IMPORT-11: what the parts of a workbook read before its rows may hold once unpacked (a zip bomb's ceiling). */
export const MAX_INFLATED_BYTES = 16 * 1024 * 1024;
/** IMPORT-12: the characters of a cell kept; the review page shows no more, so the answer carries no more. */
export const MAX_CELL_CHARS = 200;
/** IMPORT-13: the rows and cells read from a sheet, blank ones included, before it is refused as too large. */
export const MAX_SCANNED_ROWS = 20_000;
export const MAX_SCANNED_CELLS = 200_000;

export const EMPTY_TEXT = '采购单是空的，请粘贴或上传包含商品的采购单';
export const TOO_MANY_TEXT = `一次最多导入${MAX_ROWS}行商品，请分成几次导入`;
export const TOO_LARGE_TEXT = '文件不能超过5MB';
export const WRONG_TYPE_TEXT = '只支持Excel（.xlsx）或CSV文件，请另存为其中一种后再上传';
export const BROKEN_XLSX_TEXT = '文件已加密或已损坏，无法读取：请取消密码、另存为.xlsx或CSV后再上传';
export const QUANTITY_TEXT = '数量必须是大于0的整数';
export const NO_GOODS_TEXT = '缺少商品名称或批准文号';
export const INFLATED_TEXT = '文件解压后内容过大，请删除多余的工作表、图片或内容后再上传';
export const TIMEOUT_TEXT = '文件读取超时，请删除多余的内容或分成几个文件后再上传';
export const SHEET_TOO_LARGE_TEXT = `表格过大：一次最多读取${MAX_SCANNED_ROWS}行（含空行），请删除空行或分成几次导入`;

export type Column = 'name' | 'spec' | 'maker' | 'pzwh' | 'number';

/** IMPORT-01: without a recognised header row the columns are taken in this order. */
export const DEFAULT_ORDER: readonly Column[] = ['name', 'spec', 'maker', 'pzwh', 'number'];

// IMPORT-01: header names buyers' spreadsheets use, compared without spaces, asterisks or colons.
const HEADERS: Record<string, Column> = {
  名称: 'name',
  品名: 'name',
  商品名称: 'name',
  商品名: 'name',
  药品名称: 'name',
  通用名: 'name',
  通用名称: 'name',
  规格: 'spec',
  药品规格: 'spec',
  规格型号: 'spec',
  厂家: 'maker',
  生产厂家: 'maker',
  生产企业: 'maker',
  生产厂商: 'maker',
  厂商: 'maker',
  批准文号: 'pzwh',
  国药准字: 'pzwh',
  数量: 'number',
  采购数量: 'number',
  订购数量: 'number',
};

/** One row of the list as the buyer wrote it. */
export interface ListRow {
  /** The row's line in the source, 1-based and counting the header, so the buyer can find it. */
  line: number;
  name: string;
  spec: string;
  maker: string;
  pzwh: string;
  /** The quantity, or null when it is not a whole number of at least 1 (then `error` says so). */
  number: number | null;
  error: string | null;
}

const headerKey = (cell: string) => cell.replace(/[\s*:：]/g, '');

/** IMPORT-01: the column of each field when the first row is a header, or null when it is a goods row. */
function headerColumns(first: readonly string[]): Map<Column, number> | null {
  const columns = new Map<Column, number>();
  first.forEach((cell, index) => {
    const column = HEADERS[headerKey(cell)];
    if (column !== undefined && !columns.has(column)) columns.set(column, index);
  });
  return columns.size === 0 ? null : columns;
}

/**
 * IMPORT-03: a quantity is a whole number from 1 to 999999 (full-width digits and Excel's "12.0" read as 12); a
 * blank quantity means one packing unit. Anything else is this row's error, never the list's.
 */
export function parseQuantity(raw: string): number | null {
  const text = raw.normalize('NFKC').replace(/[\s,]/g, '');
  if (text === '') return 1;
  if (!/^\d+(\.0+)?$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_QUANTITY ? n : null;
}

// IMPORT-12: the raw text a cell is cut to before spaces are folded, so that a sheet of 32,000-character cells costs
// no more to read than one of short ones.
const RAW_CELL_CHARS = MAX_CELL_CHARS * 4;

/** IMPORT-12: at most MAX_CELL_CHARS characters, never ending on half of a surrogate pair. */
function capped(text: string): string {
  if (text.length <= MAX_CELL_CHARS) return text;
  const cut = text.slice(0, MAX_CELL_CHARS);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * Reads list rows one source row at a time (IMPORT-01): the first row with content naming known columns is the
 * header, otherwise every row is goods in the default order. Blank rows are skipped. The row after MAX_ROWS is
 * refused at once, so a reader stops there without reading on (IMPORT-02); an empty list is refused by `finish`.
 * Errors name the field the list came in (`text` or `file`).
 */
export class ListReader {
  private columns: Map<Column, number> | null = null;
  private readonly rows: ListRow[] = [];

  constructor(private readonly field: 'text' | 'file') {}

  /** One source row; `line` is its line in the source, 1-based. */
  add(cells: readonly string[], line: number): void {
    if (cells.every((c) => c.trim() === '')) return;
    if (this.columns === null) {
      const header = headerColumns(cells.map((c) => c.trim()));
      this.columns = header ?? new Map(DEFAULT_ORDER.map((column, index) => [column, index]));
      if (header !== null) return;
    }
    if (this.rows.length === MAX_ROWS) throw formError({ [this.field]: [TOO_MANY_TEXT] });
    const columns = this.columns;
    const cell = (column: Column) => {
      const index = columns.get(column);
      return index === undefined
        ? ''
        : capped((cells[index] ?? '').slice(0, RAW_CELL_CHARS).replace(/\s+/g, ' ').trim());
    };
    const name = cell('name');
    const pzwh = cell('pzwh');
    const number = parseQuantity(cell('number'));
    const error = name === '' && pzwh === '' ? NO_GOODS_TEXT : number === null ? QUANTITY_TEXT : null;
    this.rows.push({ line, name, spec: cell('spec'), maker: cell('maker'), pzwh, number, error });
  }

  finish(): ListRow[] {
    if (this.rows.length === 0) throw formError({ [this.field]: [EMPTY_TEXT] });
    return this.rows;
  }
}

/** Turns a grid of cells into list rows (IMPORT-01, IMPORT-02), as a ListReader reads it. */
export function rowsOfGrid(grid: readonly (readonly string[])[], field: 'text' | 'file'): ListRow[] {
  const reader = new ListReader(field);
  grid.forEach((cells, i) => reader.add(cells, i + 1));
  return reader.finish();
}

/**
 * IMPORT-01: rows of delimited text. Pasted spreadsheet cells are tab-separated; a CSV uses commas; papaparse
 * guesses between them and keeps quoted cells (a name with a comma) whole. Parsing stops at the row the reader
 * refuses (IMPORT-02), so a long text is not read past the row limit.
 */
function rowsOfText(text: string, field: 'text' | 'file'): ListRow[] {
  const reader = new ListReader(field);
  let line = 0;
  let refusal: unknown;
  Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimiter: '',
    delimitersToGuess: ['\t', ',', ';'],
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      try {
        reader.add(result.data, ++line);
      } catch (error) {
        refusal = error;
        parser.abort();
      }
    },
  });
  if (refusal !== undefined) throw refusal;
  return reader.finish();
}

/** IMPORT-01: pasted text (tab-separated, with or without a header row). */
export function parseText(text: string): ListRow[] {
  if (Buffer.byteLength(text, 'utf8') > MAX_TEXT_BYTES) throw formError({ text: [TOO_MANY_TEXT] });
  return rowsOfText(text, 'text');
}

/**
 * IMPORT-01: a CSV's text. Chinese Excel saves CSV in GB18030 (GBK), others in UTF-8 (often with a BOM): bytes
 * that are not valid UTF-8 are read as GB18030, which decodes any byte sequence.
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
// An encrypted .xlsx (and an old .xls) is an OLE compound document, not a zip.
const isOle = (b: Uint8Array) => b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

/** A cell as the buyer sees it: numbers and dates as text, formulas by their result, rich text joined. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'result' in value) return value.result === undefined ? '' : String(value.result);
  return cell.text;
}

/** Thrown inside the reader when a workbook breaks a limit; the caller turns it into the form error. */
class Refused extends Error {}

/** IMPORT-11: a part of the workbook unpacked, refused once it passes `limit` bytes whatever its header claims. */
async function unpacked(part: JSZip.JSZipObject, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  // JSZip's stream is readable-stream's (version 2, not iterable); a core PassThrough is.
  for await (const chunk of part.nodeStream().pipe(new PassThrough())) {
    if (!(chunk instanceof Buffer)) continue;
    size += chunk.length;
    if (size > limit) throw new Refused(INFLATED_TEXT);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const attribute = (element: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];

/** IMPORT-01: the path of the workbook's first sheet, as Excel orders its tabs (workbook.xml, then its rels). */
function firstSheetPath(workbookXml: string, relsXml: string): string | undefined {
  const sheet = /<(?:\w+:)?sheet\s[^>]*>/.exec(workbookXml)?.[0];
  const id = sheet === undefined ? undefined : attribute(sheet, '[\\w]+:id');
  if (id === undefined) return undefined;
  for (const [relationship] of relsXml.matchAll(/<(?:\w+:)?Relationship\s[^>]*>/g)) {
    if (attribute(relationship, 'Id') !== id) continue;
    const target = attribute(relationship, 'Target');
    return target === undefined ? undefined : target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  }
  return undefined;
}

const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const WORKBOOK = 'xl/workbook.xml';
const STYLES = 'xl/styles.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/**
 * IMPORT-01, IMPORT-11: the workbook as exceljs' streaming reader can read it row by row. Excel and exceljs write the
 * sheet before the shared strings, and the streaming reader then unpacks the whole sheet to a temporary file before
 * its first row; so the parts it needs first (relationships, workbook, styles, shared strings) are put ahead of the
 * first sheet, still compressed as they came (JSZip copies an entry's compressed bytes when nothing changed), and
 * everything else (other sheets, pictures) is left out. The parts ahead are unpacked once, counted, to refuse a zip
 * bomb before the reader keeps them in memory.
 */
async function streamableXlsx(bytes: Uint8Array): Promise<PassThrough> {
  let zip: JSZip;
  try {
    // A Buffer view (no copy): JSZip reads a Buffer much faster than a Uint8Array.
    zip = await JSZip.loadAsync(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    throw new Refused(BROKEN_XLSX_TEXT);
  }
  const rels = zip.file(WORKBOOK_RELS);
  const book = zip.file(WORKBOOK);
  if (rels === null || book === null) throw new Refused(BROKEN_XLSX_TEXT);
  const sheetPath = firstSheetPath(await unpacked(book, MAX_INFLATED_BYTES), await unpacked(rels, MAX_INFLATED_BYTES));
  const sheet = sheetPath === undefined ? null : zip.file(sheetPath);
  if (sheet === null) throw new Refused(EMPTY_TEXT);
  let inflated = 0;
  for (const path of [STYLES, SHARED_STRINGS]) {
    const part = zip.file(path);
    if (part !== null) inflated += (await unpacked(part, MAX_INFLATED_BYTES - inflated)).length;
  }
  const ordered = new JSZip();
  for (const path of [WORKBOOK_RELS, WORKBOOK, STYLES, SHARED_STRINGS]) {
    const part = zip.file(path);
    if (part !== null) ordered.files[path] = part;
    // A workbook of numbers only has no shared strings; without them the reader would set the sheet aside.
    else if (path === SHARED_STRINGS) ordered.file(path, '<sst/>');
  }
  ordered.files[sheet.name] = sheet;
  // JSZip's stream is readable-stream's, which exceljs may not recognise as a stream.
  return ordered.generateNodeStream({ compression: 'DEFLATE', streamFiles: false }).pipe(new PassThrough());
}

/**
 * IMPORT-01, IMPORT-02, IMPORT-13: the first sheet of an .xlsx workbook read row by row into `reader`, which refuses
 * the row after the limit: the rest of the sheet is never unpacked. Blank rows and cells count towards the scan
 * limits, so a sheet of a million empty rows is refused as soon as it passes them.
 */
export async function rowsOfXlsx(bytes: Uint8Array, deadline = Infinity): Promise<ListRow[]> {
  const reader = new ListReader('file');
  try {
    const stream = await streamableXlsx(bytes);
    if (Date.now() > deadline) throw new Refused(TIMEOUT_TEXT);
    const workbook = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    let scannedRows = 0;
    let scannedCells = 0;
    for await (const worksheet of workbook) {
      for await (const row of worksheet) {
        scannedRows += 1;
        // IMPORT-14: the time limit, looked at every few hundred rows (a clock read per row costs more).
        if (scannedRows % 256 === 0 && Date.now() > deadline) throw new Refused(TIMEOUT_TEXT);
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          cells[column - 1] = cellText(cell);
        });
        scannedCells += cells.length;
        if (scannedRows > MAX_SCANNED_ROWS || scannedCells > MAX_SCANNED_CELLS) throw new Refused(SHEET_TOO_LARGE_TEXT);
        reader.add(
          Array.from(cells, (c) => c ?? ''),
          row.number,
        );
      }
      // Only the first sheet is in the stream; leaving here never reads on.
      break;
    }
  } catch (error) {
    if (error instanceof Refused) throw formError({ file: [error.message] });
    if (error instanceof ApiError) throw error;
    throw formError({ file: [BROKEN_XLSX_TEXT] });
  }
  return reader.finish();
}

/**
 * IMPORT-01/IMPORT-02: an uploaded list, judged by its content: a zip is an .xlsx workbook, an OLE document an
 * encrypted workbook (or an old .xls), text without NUL bytes a CSV; anything else is refused. A workbook still being
 * read at `deadline` (a Date.now() time) is refused (IMPORT-14).
 */
export async function parseFile(bytes: Uint8Array, filename: string, deadline = Infinity): Promise<ListRow[]> {
  if (bytes.byteLength === 0) throw formError({ file: [EMPTY_TEXT] });
  if (bytes.byteLength > MAX_FILE_BYTES) throw formError({ file: [TOO_LARGE_TEXT] });
  if (isZip(bytes)) return rowsOfXlsx(bytes, deadline);
  if (isOle(bytes)) throw formError({ file: [BROKEN_XLSX_TEXT] });
  if (/\.xlsx?$/i.test(filename)) throw formError({ file: [BROKEN_XLSX_TEXT] });
  // A name with another extension (.png, .doc) or bytes no text holds is not a list, whatever it contains.
  if (/\.[^./\\]+$/.test(filename) && !/\.(csv|txt|tsv)$/i.test(filename)) throw formError({ file: [WRONG_TYPE_TEXT] });
  if (bytes.includes(0)) throw formError({ file: [WRONG_TYPE_TEXT] });
  return rowsOfText(decodeCsv(bytes), 'file');
}
