/**
 * Orders out to the ERP (ORDER-15, ORDER-16) and the monthly statement of purchases (ORDER-17): the buyer's own orders
 * (ORDER-13) as files. Rules over ./store; no HTTP here.
 */
import { Refusal } from '@pharma/domain/codes';
import type { Queryable } from '../../db/db';
import { ApiError } from '../../lib/http';
import { TRANSFER_STATUS_TEXT } from '../payments/dto';
import { STATUS_TEXT } from '../orders/service';
import type { OrderFilter } from '../orders/store';
import { renderStatementPdf } from './statement-pdf';
import { csv, workbook, XLSX_TYPE, type Cell, type Column, type CsvEncoding, type Table } from './sheets';
import * as store from './store';

/** ORDER-16: the longest date range one export covers, both days included. */
export const EXPORT_MAX_DAYS = 366;
/** ORDER-16: the most order lines one export holds. */
export const EXPORT_MAX_LINES = 10_000;

/** A file to send: its name (Chinese, the route writes it per RFC 6266/5987), type and bytes. */
export interface ExportFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** Days from `start` to `end` (YYYY-MM-DD), both included. */
export const rangeDays = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;

const stateText = (row: { status: number; confirming: number }) =>
  row.confirming === 1 ? TRANSFER_STATUS_TEXT.pending : (STATUS_TEXT[row.status] ?? '');

const exportEmpty = (what: string) => new ApiError(400, Refusal.EXPORT_EMPTY, what);

const LINE_COLUMNS: readonly Column[] = [
  { head: '订单号', width: 20 },
  { head: '下单时间', width: 17 },
  { head: '订单状态', width: 9 },
  { head: '商品编码', width: 10 },
  { head: '商品名称', width: 24 },
  { head: '规格', width: 16 },
  { head: '生产厂家', width: 24 },
  { head: '批准文号', width: 20 },
  { head: '单位', width: 6 },
  { head: '数量', width: 8 },
  { head: '单价（元）', money: true, width: 11 },
  { head: '金额（元）', money: true, width: 12 },
];

const ORDER_COLUMNS: readonly Column[] = [
  { head: '订单号', width: 20 },
  { head: '下单时间', width: 17 },
  { head: '订单状态', width: 9 },
  { head: '商品种数', width: 9 },
  { head: '商品金额（元）', money: true, width: 14 },
  { head: '优惠金额（元）', money: true, width: 14 },
  { head: '运费（元）', money: true, width: 11 },
  { head: '订单金额（元）', money: true, width: 14 },
];

export interface ExportRequest {
  format: 'xlsx' | 'csv';
  /** CSV only: UTF-8 with BOM or GBK (as GB18030). */
  encoding: CsvEncoding;
  /** CSV only, one table a file: the lines (订单明细) or one row per order (订单汇总). The workbook holds both. */
  kind: 'lines' | 'orders';
  /** The order list's filter (AFTER-02), with both days of the range given. */
  filter: OrderFilter & { start_date: string; end_date: string };
}

/** The order-level rows and their 合计, each order's 优惠 being what makes its amounts add up to what it charged. */
function orderTable(lines: readonly store.ExportLineRow[]): Table {
  const orders = new Map<number, { row: store.ExportLineRow; kinds: number }>();
  for (const line of lines) {
    const seen = orders.get(line.order_id);
    if (seen === undefined) orders.set(line.order_id, { row: line, kinds: 1 });
    else seen.kinds += 1;
  }
  const rows: Cell[][] = [...orders.values()].map(({ row, kinds }) => [
    row.order_sn,
    row.placed,
    stateText(row),
    kinds,
    row.goods_amount,
    // ORDER-06: goods − every reduction + freight = pay, so the reductions are what the amounts say they are.
    row.goods_amount + row.freight_amount - row.pay_amount,
    row.freight_amount,
    row.pay_amount,
  ]);
  const sum = (i: number) => rows.reduce((total, row) => total + Number(row[i]), 0);
  return {
    name: '订单汇总',
    columns: ORDER_COLUMNS,
    rows,
    total: [`合计（${rows.length}笔订单）`, '', '', sum(3), sum(4), sum(5), sum(6), sum(7)],
  };
}

/**
 * ORDER-15, ORDER-16: the account's orders that the order list's filter selects, as an .xlsx (订单明细 and 订单汇总
 * sheets) or a CSV of one of them. No order: 40150, never an empty file; more lines than EXPORT_MAX_LINES: 40151.
 */
export async function exportOrders(
  q: Queryable,
  userId: number,
  request: ExportRequest,
  limits = { lines: EXPORT_MAX_LINES },
): Promise<ExportFile> {
  const { filter } = request;
  const lines = await store.exportLines(q, userId, filter, limits.lines + 1);
  if (lines.length === 0) throw exportEmpty('所选日期和状态下没有订单，请调整条件后再导出');
  if (lines.length > limits.lines) {
    throw new ApiError(
      400,
      Refusal.EXPORT_TOO_LARGE,
      `导出内容超过${limits.lines}行商品明细，请缩短日期范围后分次导出`,
    );
  }
  const lineTable: Table = {
    name: '订单明细',
    columns: LINE_COLUMNS,
    rows: lines.map((l) => [
      l.order_sn,
      l.placed,
      stateText(l),
      String(l.goods_id),
      l.name,
      l.ypgg,
      l.sccj,
      l.pzwh,
      l.bzdw,
      l.number,
      l.price,
      l.total,
    ]),
  };
  const period = `${filter.start_date}至${filter.end_date}`;
  if (request.format === 'xlsx') {
    return {
      name: `订单导出-${period}.xlsx`,
      type: XLSX_TYPE,
      bytes: await workbook([lineTable, orderTable(lines)], '药采网'),
    };
  }
  const table = request.kind === 'orders' ? orderTable(lines) : lineTable;
  return {
    name: `${table.name}-${period}.csv`,
    type: request.encoding === 'gbk' ? 'text/csv; charset=gbk' : 'text/csv; charset=utf-8',
    bytes: csv(table, request.encoding),
  };
}

const STATEMENT_COLUMNS: readonly Column[] = [
  { head: '序号', width: 5 },
  { head: '订单号', width: 19 },
  { head: '下单时间', width: 16 },
  { head: '订单状态', width: 8 },
  { head: '订单金额', money: true, width: 11 },
  { head: '已付金额', money: true, width: 11 },
  { head: '已退款', money: true, width: 10 },
  { head: '净额', money: true, width: 11 },
];

/** The month a buyer may ask a statement of: YYYY-MM, from 2000-01 to the current month in China. */
export function statementMonthProblem(month: string, now: Date): string | undefined {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return '月份格式应为YYYY-MM';
  if (month < '2000-01') return '月份不能早于2000-01';
  const current = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' })
    .format(now)
    .slice(0, 7);
  return month > current ? '不能选择未来的月份' : undefined;
}

/** The last day of a YYYY-MM month. */
const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y ?? 2000, m ?? 1, 0)).getUTCDate();
};

/**
 * ORDER-17: the statement of a China-time month: the company (and store), the period, each order placed in it that
 * was not cancelled with its amount, what it paid, what its returns refunded and the net, and totals that are the
 * sums of those columns to the fen. No order: 40150.
 */
export async function orderStatement(
  q: Queryable,
  userId: number,
  month: string,
  format: 'pdf' | 'xlsx',
): Promise<ExportFile> {
  const [rows, party] = await Promise.all([store.statementRows(q, userId, month), store.statementParty(q, userId)]);
  const [y, m] = month.split('-');
  const monthText = `${y}年${Number(m)}月`;
  if (rows.length === 0) throw exportEmpty(`${monthText}没有订单，无需对账`);
  const cells: Cell[][] = rows.map((r, i) => [
    i + 1,
    r.order_sn,
    r.placed,
    stateText(r),
    r.pay_amount,
    r.paid,
    r.refunded,
    r.paid - r.refunded,
  ]);
  const sum = (i: number) => cells.reduce((total, row) => total + Number(row[i]), 0);
  const table: Table = {
    name: '对账单',
    title: [
      `采购对账单（${monthText}）`,
      `采购单位：${party.company}${party.store ? `（${party.store}）` : ''}`,
      `对账期间：${monthText}1日至${monthText}${lastDay(month)}日（按下单时间，北京时间；已取消的订单不计）`,
    ],
    columns: STATEMENT_COLUMNS,
    rows: cells,
    total: [`合计`, `${rows.length}笔订单`, '', '', sum(4), sum(5), sum(6), sum(7)],
  };
  const name = `对账单-${monthText}`;
  if (format === 'xlsx') return { name: `${name}.xlsx`, type: XLSX_TYPE, bytes: await workbook([table], '药采网') };
  return {
    name: `${name}.pdf`,
    type: 'application/pdf',
    bytes: await renderStatementPdf(table, '金额单位：元。净额 = 已付金额 − 已退款；退款按售后退款到账计入原订单。'),
  };
}
