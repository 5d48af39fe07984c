/**
 * The files of the order export and the statement's workbook (ORDER-15, ORDER-17): tables of text and money written
 * as .xlsx by exceljs and as CSV by papaparse, UTF-8 with a BOM or GB18030 (GBK's superset) by iconv-lite.
 */
import { PassThrough } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { formatFen } from '@pharma/domain/money';

/** A column: its heading, and whether it holds money (integer fen, written as yuan with two decimals). */
export interface Column {
  head: string;
  money?: boolean;
  /** Width in characters in the workbook. */
  width?: number;
}

/** A row's cells in column order: text, whole numbers, or fen for money columns. */
export type Cell = string | number;

/** A table of a file: a sheet of a workbook, or the whole of a CSV. */
export interface Table {
  name: string;
  columns: readonly Column[];
  rows: readonly Cell[][];
  /** A last row (合计) set in bold. */
  total?: Cell[];
  /** Lines above the heading (the statement's company and period). */
  title?: readonly string[];
}

/** MONEY-02: yuan with two decimals from integer fen, floored (fen are whole, so nothing is rounded). */
const yuan = (fen: Cell): Cell => (typeof fen === 'number' ? formatFen(fen) : fen);

/** Rows written between two turns of the event loop, so a long export never holds up other buyers' calls. */
const ROWS_PER_TURN = 200;

/**
 * An .xlsx of one sheet per table; money cells are numbers of yuan shown with two decimals, so sums work in Excel.
 * Written by exceljs' streaming writer, row by row, giving the event loop a turn every ROWS_PER_TURN rows.
 */
export async function workbook(tables: readonly Table[], creator: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  book.creator = creator;
  let written = 0;
  for (const table of tables) {
    const titleRows = table.title?.length ?? 0;
    const sheet = book.addWorksheet(table.name, { views: [{ state: 'frozen', ySplit: titleRows + 1 }] });
    sheet.columns = table.columns.map((c) => ({
      width: c.width ?? 12,
      ...(c.money === true ? { style: { numFmt: '#,##0.00' } } : {}),
    }));
    for (const line of table.title ?? []) {
      const row = sheet.addRow([line]);
      row.font = { bold: true };
      sheet.mergeCells(row.number, 1, row.number, table.columns.length);
      row.commit();
    }
    const head = sheet.addRow(table.columns.map((c) => c.head));
    head.font = { bold: true };
    head.commit();
    // A money cell holds the two-decimal yuan figure written from fen, as a number; everything else as given, so an
    // order number of 16 digits stays text and is never shown as 2.03E+15.
    const cells = (row: readonly Cell[]) =>
      row.map((cell, i) => (table.columns[i]?.money === true && typeof cell === 'number' ? Number(yuan(cell)) : cell));
    for (const row of table.rows) {
      sheet.addRow(cells(row)).commit();
      written += 1;
      if (written % ROWS_PER_TURN === 0) await setImmediate();
    }
    if (table.total !== undefined) {
      const total = sheet.addRow(cells(table.total));
      total.font = { bold: true };
      total.commit();
    }
    sheet.commit();
  }
  await book.commit();
  return Buffer.concat(chunks);
}

export type CsvEncoding = 'utf8' | 'gbk';

/**
 * A CSV of one table (RFC 4180: CRLF, quotes where needed), money as yuan with two decimals. UTF-8 starts with a BOM
 * so that Excel reads it as UTF-8; `gbk` is encoded as GB18030, byte for byte GBK for every character GBK has and
 * still lossless for the few it lacks. Cells that a spreadsheet would run as a formula (=, +, -, @) are escaped.
 */
export function csv(table: Table, encoding: CsvEncoding): Buffer {
  const rows = table.rows.map((row) => row.map((cell, i) => (table.columns[i]?.money === true ? yuan(cell) : cell)));
  const text = Papa.unparse(
    { fields: table.columns.map((c) => c.head), data: rows },
    { newline: '\r\n', escapeFormulae: true },
  );
  return encoding === 'gbk' ? iconv.encode(`${text}\r\n`, 'gb18030') : Buffer.from(`\ufeff${text}\r\n`, 'utf8');
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
