/**
 * Reading a purchase list (IMPORT-01..IMPORT-03 in docs/product.md): pasted spreadsheet text, a CSV file (UTF-8 or
 * the GB18030 that Chinese Excel saves) or an Excel workbook, all into the same rows. Parsing lives here, on the
 * server, so that every client (the web, a mobile app) reads a file the same way (ADR 0121).
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { formError } from '../../lib/http';

/** IMPORT-02: the largest list, in rows with content. */
export const MAX_ROWS = 500;
/** IMPORT-02: the largest file, 5 MB (the same limit as every other upload). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** IMPORT-02: the largest pasted text; 500 long rows fit in far less. */
export const MAX_TEXT_BYTES = 1024 * 1024;
export const MAX_QUANTITY = 999999;

export const EMPTY_TEXT = '采购单是空的，请粘贴或上传包含商品的采购单';
export const TOO_MANY_TEXT = `一次最多导入${MAX_ROWS}行商品，请分成几次导入`;
export const TOO_LARGE_TEXT = '文件不能超过5MB';
export const WRONG_TYPE_TEXT = '只支持Excel（.xlsx）或CSV文件，请另存为其中一种后再上传';
export const BROKEN_XLSX_TEXT = '文件已加密或已损坏，无法读取：请取消密码、另存为.xlsx或CSV后再上传';
export const QUANTITY_TEXT = '数量必须是大于0的整数';
export const NO_GOODS_TEXT = '缺少商品名称或批准文号';

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

/**
 * Turns a grid of cells into list rows (IMPORT-01): a first row naming known columns is the header, otherwise every
 * row is goods in the default order. Blank rows are skipped; an empty list or more than MAX_ROWS rows is refused
 * whole, with the field the list came in (`text` or `file`).
 */
export function rowsOfGrid(grid: readonly (readonly string[])[], field: 'text' | 'file'): ListRow[] {
  const firstIndex = grid.findIndex((cells) => cells.some((c) => c.trim() !== ''));
  const first = firstIndex === -1 ? undefined : grid[firstIndex];
  if (first === undefined) throw formError({ [field]: [EMPTY_TEXT] });
  const header = headerColumns(first.map((c) => c.trim()));
  const columns: Map<Column, number> = header ?? new Map(DEFAULT_ORDER.map((column, index) => [column, index]));
  const rows: ListRow[] = [];
  for (let i = header === null ? firstIndex : firstIndex + 1; i < grid.length; i++) {
    const cells = grid[i] ?? [];
    if (cells.every((c) => c.trim() === '')) continue;
    if (rows.length === MAX_ROWS) throw formError({ [field]: [TOO_MANY_TEXT] });
    const cell = (column: Column) => {
      const index = columns.get(column);
      return index === undefined ? '' : (cells[index] ?? '').replace(/\s+/g, ' ').trim();
    };
    const name = cell('name');
    const pzwh = cell('pzwh');
    const number = parseQuantity(cell('number'));
    const error = name === '' && pzwh === '' ? NO_GOODS_TEXT : number === null ? QUANTITY_TEXT : null;
    rows.push({ line: i + 1, name, spec: cell('spec'), maker: cell('maker'), pzwh, number, error });
  }
  if (rows.length === 0) throw formError({ [field]: [EMPTY_TEXT] });
  return rows;
}

/**
 * IMPORT-01: cells of delimited text. Pasted spreadsheet cells are tab-separated; a CSV uses commas; papaparse
 * guesses between them and keeps quoted cells (a name with a comma) whole.
 */
function gridOfText(text: string): string[][] {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimiter: '',
    delimitersToGuess: ['\t', ',', ';'],
    skipEmptyLines: 'greedy',
  });
  return result.data;
}

/** IMPORT-01: pasted text (tab-separated, with or without a header row). */
export function parseText(text: string): ListRow[] {
  if (Buffer.byteLength(text, 'utf8') > MAX_TEXT_BYTES) throw formError({ text: [TOO_MANY_TEXT] });
  return rowsOfGrid(gridOfText(text), 'text');
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

/** IMPORT-01: the first worksheet of an .xlsx workbook as a grid; an encrypted or broken file is refused. */
export async function gridOfXlsx(bytes: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs reads the zip with JSZip, which takes an ArrayBuffer of exactly the file.
    await workbook.xlsx.load(bytes.slice().buffer);
  } catch {
    throw formError({ file: [BROKEN_XLSX_TEXT] });
  }
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw formError({ file: [EMPTY_TEXT] });
  const grid: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell);
    });
    grid[rowNumber - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(grid, (cells) => cells ?? []);
}

/**
 * IMPORT-01/IMPORT-02: an uploaded list, judged by its content: a zip is an .xlsx workbook, an OLE document an
 * encrypted workbook (or an old .xls), text without NUL bytes a CSV; anything else is refused.
 */
export async function parseFile(bytes: Uint8Array, filename: string): Promise<ListRow[]> {
  if (bytes.byteLength === 0) throw formError({ file: [EMPTY_TEXT] });
  if (bytes.byteLength > MAX_FILE_BYTES) throw formError({ file: [TOO_LARGE_TEXT] });
  if (isZip(bytes)) return rowsOfGrid(await gridOfXlsx(bytes), 'file');
  if (isOle(bytes)) throw formError({ file: [BROKEN_XLSX_TEXT] });
  if (/\.xlsx?$/i.test(filename)) throw formError({ file: [BROKEN_XLSX_TEXT] });
  // A name with another extension (.png, .doc) or bytes no text holds is not a list, whatever it contains.
  if (/\.[^./\\]+$/.test(filename) && !/\.(csv|txt|tsv)$/i.test(filename)) throw formError({ file: [WRONG_TYPE_TEXT] });
  if (bytes.includes(0)) throw formError({ file: [WRONG_TYPE_TEXT] });
  return rowsOfGrid(gridOfText(decodeCsv(bytes)), 'file');
}
