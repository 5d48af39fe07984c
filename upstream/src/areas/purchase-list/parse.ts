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
import { pastedLine } from './pasted-lines';

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

export type Column = 'name' | 'spec' | 'maker' | 'pzwh' | 'number' | 'unit' | 'price';
export const COLUMNS: readonly Column[] = ['name', 'spec', 'maker', 'pzwh', 'number', 'unit', 'price'];

/** IMPORT-01: without a recognised header row the columns are taken in this order. */
export const DEFAULT_ORDER: readonly Column[] = ['name', 'spec', 'maker', 'pzwh', 'number'];

/** IMPORT-16: the rows searched for a header: title rows, blank rows and merged title cells come before it. */
export const HEADER_ROWS = 10;
/** IMPORT-17: the columns a mapping may name (a sheet wider than this is not a purchase list). */
export const MAX_COLUMNS = 50;

/** IMPORT-17, IMPORT-18: how a column is named to the buyer, in a row's error and on the mapping screen. */
export const COLUMN_NAMES: Record<Column, string> = {
  name: '商品名称',
  spec: '规格',
  maker: '生产厂家',
  pzwh: '批准文号',
  number: '数量',
  unit: '单位',
  price: '单价',
};

// IMPORT-16: header names buyers' spreadsheets and ERP exports (海典, 英克, 思迪…) use, compared without spaces,
// asterisks, colons or a bracketed note such as （盒）.
const HEADERS: Record<string, Column> = {
  名称: 'name',
  品名: 'name',
  商品名称: 'name',
  商品名: 'name',
  药品名称: 'name',
  药品名: 'name',
  产品名称: 'name',
  通用名: 'name',
  通用名称: 'name',
  规格: 'spec',
  包装规格: 'spec',
  药品规格: 'spec',
  规格型号: 'spec',
  型号规格: 'spec',
  厂家: 'maker',
  生产厂家: 'maker',
  生产企业: 'maker',
  生产厂商: 'maker',
  生产单位: 'maker',
  厂商: 'maker',
  产地: 'maker',
  批准文号: 'pzwh',
  国药准字: 'pzwh',
  批文: 'pzwh',
  注册证号: 'pzwh',
  数量: 'number',
  订货量: 'number',
  订货数量: 'number',
  采购数量: 'number',
  采购量: 'number',
  需求数量: 'number',
  需求量: 'number',
  订购数量: 'number',
  订单数量: 'number',
  单位: 'unit',
  包装单位: 'unit',
  计量单位: 'unit',
  单价: 'price',
  参考价: 'price',
  进价: 'price',
  采购价: 'price',
  采购单价: 'price',
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

/** Which column of the sheet is read as which field (0-based); a field left out is not read. */
export type ColumnMapping = Partial<Record<Column, number>>;

/** IMPORT-17: a column of the sheet as the answer names it: its header text and the field it was read as. */
export interface SheetColumn {
  index: number;
  /** The header cell's text; '' when the list has no header row. */
  title: string;
  field: Column | null;
}

/** A list read: its rows, how its columns were read, and the header's line (null when it has none). */
export interface ListRead {
  rows: ListRow[];
  columns: SheetColumn[];
  headerLine: number | null;
}

/**
 * IMPORT-18: a cell the reader could not take as text: a formula whose result was never saved, or a formula whose
 * saved result is an error (the streaming reader keeps no code). Error values typed in a cell (#DIV/0!, #REF!)
 * arrive as their text, as a CSV holds them, and are recognised by it.
 */
export interface CellProblem {
  problem: 'no-result' | 'formula-error';
}
export type Cell = string | CellProblem;

const ERROR_VALUE = /^#(?:DIV\/0!|REF!|VALUE!|N\/A|NAME\?|NUM!|NULL!|SPILL!|CALC!|GETTING_DATA)$/i;

/** IMPORT-18: a cell holding an error value (a formula that failed), named on its row. */
export const errorCellText = (column: Column, code: string) =>
  `${COLUMN_NAMES[column]}是错误值${code}，请在表格里改正公式后再导入`;
/** IMPORT-18: a formula whose saved result is an error value, its code unknown. */
export const formulaErrorText = (column: Column) =>
  `${COLUMN_NAMES[column]}的公式出错（如#DIV/0!、#REF!），请在表格里改正公式后再导入`;
/** IMPORT-18: a formula without a saved result (a sheet written by a program, never opened in Excel). */
export const noResultText = (column: Column) =>
  `${COLUMN_NAMES[column]}是公式但没有计算结果，请用Excel或WPS打开并保存后再上传，或直接填写`;

const textOf = (cell: Cell | undefined): string => (typeof cell === 'string' ? cell : '');

/** IMPORT-16: the field a header cell names ("产地/厂家" names the first it knows), or undefined. */
export function headerField(cell: string): Column | undefined {
  const key = cell
    .normalize('NFKC')
    .replace(/[(（[【][^)）\]】]*[)）\]】]/g, '')
    .replace(/[\s*:：]/g, '');
  const whole = HEADERS[key];
  if (whole !== undefined) return whole;
  for (const part of key.split(/[/\\|、]/)) {
    const field = HEADERS[part];
    if (field !== undefined) return field;
  }
  return undefined;
}

/**
 * IMPORT-16: the column of each field when the row is a header, or null when it is not: a header names two known
 * columns, or names only known columns (a list of names alone under 品名).
 */
function headerColumns(cells: readonly Cell[]): Map<Column, number> | null {
  const columns = new Map<Column, number>();
  let known = 0;
  let filled = 0;
  cells.forEach((cell, index) => {
    const text = textOf(cell).trim();
    if (text === '') return;
    filled += 1;
    const column = headerField(text);
    if (column === undefined) return;
    known += 1;
    if (!columns.has(column)) columns.set(column, index);
  });
  return known >= 2 || (known === 1 && filled === 1) ? columns : null;
}

/**
 * IMPORT-03: a quantity is a whole number from 1 to 999999 (full-width digits and Excel's "12.0" read as 12, a
 * packing unit after it as in 10盒, an x before it as in x20); a blank quantity means one packing unit. Anything else
 * is this row's error, never the list's.
 */
export function parseQuantity(raw: string): number | null {
  const text = raw
    .normalize('NFKC')
    .replace(/[\s,]/g, '')
    .replace(/^[x×X*]/, '')
    .replace(/\p{Script=Han}{1,2}$/u, '');
  if (raw.trim() === '') return 1;
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

const mappingColumns = (mapping: ColumnMapping) =>
  new Map(COLUMNS.flatMap((column) => (mapping[column] === undefined ? [] : [[column, mapping[column]] as const])));

/**
 * Reads list rows one source row at a time (IMPORT-01, IMPORT-16, IMPORT-17): a header is looked for among the
 * first HEADER_ROWS rows with content (title rows above it are left out); without one every row is goods in the
 * default order. A mapping from the buyer decides the columns instead, the header row still found and skipped.
 * Blank rows are skipped. The row after MAX_ROWS is refused at once, so a reader stops there without reading on
 * (IMPORT-02); an empty list is refused by `finish`. Errors name the field the list came in (`text` or `file`).
 */
export class ListReader {
  private columns: Map<Column, number> | null = null;
  private header: readonly Cell[] | null = null;
  private headerLine: number | null = null;
  private readonly waiting: { cells: readonly Cell[]; line: number }[] = [];
  private readonly rows: ListRow[] = [];
  private width = 0;

  constructor(
    private readonly field: 'text' | 'file',
    private readonly mapping?: ColumnMapping,
  ) {}

  /** One source row; `line` is its line in the source, 1-based. */
  add(cells: readonly Cell[], line: number): void {
    if (cells.every((c) => textOf(c).trim() === '' && typeof c === 'string')) return;
    if (this.columns !== null) {
      this.emit(cells, line);
      return;
    }
    const header = headerColumns(cells);
    if (header !== null) {
      // Title rows above the header (the shop's name, the date of an ERP export) are not goods.
      this.waiting.length = 0;
      this.header = cells;
      this.headerLine = line;
      this.columns = this.mapping === undefined ? header : mappingColumns(this.mapping);
      return;
    }
    this.waiting.push({ cells, line });
    if (this.waiting.length === HEADER_ROWS) this.withoutHeader();
  }

  private withoutHeader(): void {
    this.columns =
      this.mapping === undefined
        ? new Map(DEFAULT_ORDER.map((column, index) => [column, index]))
        : mappingColumns(this.mapping);
    for (const { cells, line } of this.waiting.splice(0)) this.emit(cells, line);
  }

  private emit(cells: readonly Cell[], line: number): void {
    if (this.rows.length === MAX_ROWS) throw formError({ [this.field]: [TOO_MANY_TEXT] });
    this.width = Math.min(MAX_COLUMNS, Math.max(this.width, cells.length));
    const columns = this.columns ?? new Map<Column, number>();
    let problem: string | null = null;
    let numberProblem = false;
    const cell = (column: Column) => {
      const index = columns.get(column);
      if (index === undefined) return '';
      const value = cells[index];
      const text = typeof value === 'string' ? value.slice(0, RAW_CELL_CHARS).replace(/\s+/g, ' ').trim() : '';
      const failed =
        typeof value === 'object'
          ? value.problem === 'no-result'
            ? noResultText(column)
            : formulaErrorText(column)
          : ERROR_VALUE.test(text)
            ? errorCellText(column, text)
            : null;
      if (failed === null) return capped(text);
      problem ??= failed;
      if (column === 'number') numberProblem = true;
      return '';
    };
    const name = cell('name');
    const pzwh = cell('pzwh');
    const spec = cell('spec');
    const maker = cell('maker');
    const quantity = cell('number');
    // IMPORT-18: a quantity that is an error or an unsaved formula is unknown, never the blank quantity's 1.
    const number = numberProblem ? null : parseQuantity(quantity);
    const error = problem ?? (name === '' && pzwh === '' ? NO_GOODS_TEXT : number === null ? QUANTITY_TEXT : null);
    this.rows.push({ line, name, spec, maker, pzwh, number, error });
  }

  finish(): ListRead {
    if (this.columns === null) this.withoutHeader();
    if (this.rows.length === 0) throw formError({ [this.field]: [EMPTY_TEXT] });
    const fields = new Map([...(this.columns ?? [])].map(([column, index]) => [index, column]));
    const width = Math.min(MAX_COLUMNS, Math.max(this.width, this.header?.length ?? 0));
    const columns = Array.from({ length: width }, (_, index) => ({
      index,
      title: capped(textOf(this.header?.[index]).replace(/\s+/g, ' ').trim()),
      field: fields.get(index) ?? null,
    }));
    return { rows: this.rows, columns, headerLine: this.headerLine };
  }
}

/**
 * IMPORT-01: rows of delimited text. Pasted spreadsheet cells are tab-separated; a CSV uses commas; papaparse
 * guesses between them and keeps quoted cells (a name with a comma) whole. Parsing stops at the row the reader
 * refuses (IMPORT-02), so a long text is not read past the row limit.
 */
function rowsOfText(text: string, field: 'text' | 'file', mapping?: ColumnMapping): ListRead {
  const reader = new ListReader(field, mapping);
  const source = text.replace(/^\uFEFF/, '');
  // IMPORT-16: a row's line in the source, blank and title rows counted, so the buyer finds it where it is: the
  // line its end is on, less the line breaks inside its quoted cells; counted on from the last row, never again.
  let counted = 0;
  let breaks = 0;
  let refusal: unknown;
  Papa.parse<string[]>(source, {
    delimiter: '',
    delimitersToGuess: ['\t', ',', ';'],
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      try {
        let end = result.meta.cursor;
        while (end > counted && (source[end - 1] === '\n' || source[end - 1] === '\r')) end -= 1;
        for (let i = counted; i < end; i += 1) if (source.charCodeAt(i) === 10) breaks += 1;
        counted = Math.max(counted, end);
        const inside = result.data.reduce((n, cell) => n + (cell.split('\n').length - 1), 0);
        reader.add(result.data, breaks + 1 - inside);
      } catch (error) {
        refusal = error;
        parser.abort();
      }
    },
  });
  if (refusal !== undefined) throw refusal;
  return reader.finish();
}

/**
 * IMPORT-19: text is typed lines when it has no tabs and no comma-separated header; spreadsheet cells pasted from
 * Excel or WPS always carry tabs.
 */
function isPastedLines(text: string): boolean {
  if (text.includes('\t')) return false;
  const first = text.split(/\r\n|\r|\n/).find((line) => line.trim() !== '') ?? '';
  return first.split(/[,;，]/).filter((cell) => headerField(cell.trim()) !== undefined).length < 2;
}

/**
 * IMPORT-01, IMPORT-19: pasted text. Spreadsheet cells (tabs, or a comma-separated header) are read as columns;
 * anything else is lines as people type them in a chat ("板蓝根颗粒 10盒"), each read for its quantity.
 */
export function readText(text: string, mapping?: ColumnMapping): ListRead {
  if (Buffer.byteLength(text, 'utf8') > MAX_TEXT_BYTES) throw formError({ text: [TOO_MANY_TEXT] });
  if (!isPastedLines(text)) return rowsOfText(text, 'text', mapping);
  const reader = new ListReader('text', { name: 0, spec: 1, maker: 2, pzwh: 3, number: 4 });
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = pastedLine(raw);
    if (line !== null) reader.add([line.name, line.spec, line.maker, line.pzwh, line.quantity], i + 1);
  });
  // Typed lines have no columns to map.
  return { ...reader.finish(), columns: [] };
}

/** IMPORT-01: pasted text's rows (see `readText`). */
export function parseText(text: string): ListRow[] {
  return readText(text).rows;
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

/**
 * A cell as the buyer sees it: numbers and dates as text, formulas by their saved result, an error value (#DIV/0!)
 * as its text, rich text joined; a formula with no saved result is a problem (IMPORT-18), never a blank.
 */
function cellOf(cell: ExcelJS.Cell): Cell {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object' || value instanceof Date) return cell.text;
  if ('error' in value) return String(value.error);
  if ('result' in value || 'formula' in value || 'sharedFormula' in value) {
    // The streaming reader reads an error result (t="e") as NaN and leaves it out of `value`; `result` keeps it.
    const result: unknown = cell.result;
    if (typeof result === 'number' && Number.isNaN(result)) return { problem: 'formula-error' };
    if (result === undefined || result === null) return { problem: 'no-result' };
    if (typeof result === 'object' && 'error' in result) return String(result.error);
    if (result instanceof Date) return result.toISOString().slice(0, 10);
    return String(result);
  }
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
export async function rowsOfXlsx(bytes: Uint8Array, deadline = Infinity, mapping?: ColumnMapping): Promise<ListRead> {
  const reader = new ListReader('file', mapping);
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
        const cells: Cell[] = [];
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          cells[column - 1] = cellOf(cell);
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
export async function parseFile(
  bytes: Uint8Array,
  filename: string,
  deadline = Infinity,
  mapping?: ColumnMapping,
): Promise<ListRead> {
  if (bytes.byteLength === 0) throw formError({ file: [EMPTY_TEXT] });
  if (bytes.byteLength > MAX_FILE_BYTES) throw formError({ file: [TOO_LARGE_TEXT] });
  if (isZip(bytes)) return rowsOfXlsx(bytes, deadline, mapping);
  if (isOle(bytes)) throw formError({ file: [BROKEN_XLSX_TEXT] });
  if (/\.xlsx?$/i.test(filename)) throw formError({ file: [BROKEN_XLSX_TEXT] });
  // A name with another extension (.png, .doc) or bytes no text holds is not a list, whatever it contains.
  if (/\.[^./\\]+$/.test(filename) && !/\.(csv|txt|tsv)$/i.test(filename)) throw formError({ file: [WRONG_TYPE_TEXT] });
  if (bytes.includes(0)) throw formError({ file: [WRONG_TYPE_TEXT] });
  return rowsOfText(decodeCsv(bytes), 'file', mapping);
}
