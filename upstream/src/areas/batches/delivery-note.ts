/**
 * BATCH-08: the delivery note (随货同行单) of a shipped order as a PDF, with the fields GSP asks the seller to send
 * with the goods: seller and buyer, each goods with its specification, maker, approval number, batch, production date
 * and expiry, quantity, unit price and amount, and the shipping date. Drawn by the statement's table renderer.
 */
import { chinaDay } from '@pharma/domain/china-day';
import { Refusal } from '@pharma/domain/codes';
import type { Seller } from '../../config';
import type { Queryable } from '../../db/db';
import { ApiError } from '../../lib/http';
import { loadOrder, type OrderDetailDto } from '../orders/service';
import { DONE, SHIPPED } from '../orders/store';
import type { ExportFile } from '../order-export/service';
import type { Cell, Column, Table } from '../order-export/sheets';
import { renderStatementPdf } from '../order-export/statement-pdf';

export const notShippedYet = () => new ApiError(400, Refusal.DELIVERY_NOTE_NOT_SHIPPED, '订单发货后才能下载随货同行单');

const COLUMNS: readonly Column[] = [
  { head: '序号', width: 4 },
  { head: '商品名称', width: 20 },
  { head: '规格', width: 14 },
  { head: '生产企业', width: 20 },
  { head: '批准文号', width: 16 },
  { head: '批号', width: 10 },
  { head: '生产日期', width: 10 },
  { head: '有效期至', width: 10 },
  { head: '单位', width: 4 },
  { head: '数量', width: 5 },
  { head: '单价（元）', money: true, width: 8 },
  { head: '金额（元）', money: true, width: 9 },
];

/**
 * One row per batch of each line (a line from two batches is two rows, its units and amount split by batch); a line
 * of goods not held by batch is one row with the batch columns empty.
 */
export function noteRows(order: OrderDetailDto, approvals: ReadonlyMap<number, string>): Cell[][] {
  const rows: Cell[][] = [];
  for (const line of order.lines) {
    const parts =
      line.batches.length === 0
        ? [{ batch_no: '', produced_on: '', expires_on: '', number: line.number }]
        : line.batches;
    let left = line.total;
    parts.forEach((part, i) => {
      // The last part takes what is left, so the parts add up to the line's amount to the fen.
      const amount = i === parts.length - 1 ? left : Math.floor((line.total * part.number) / line.number);
      left -= amount;
      rows.push([
        rows.length + 1,
        line.name,
        line.ypgg,
        line.sccj,
        approvals.get(line.goods_id) ?? '',
        part.batch_no,
        part.produced_on,
        part.expires_on,
        line.bzdw,
        part.number,
        line.price,
        amount,
      ]);
    });
  }
  return rows;
}

/**
 * The buyer's own shipped (or received) order's delivery note; another buyer's or a missing order answers 404
 * (ORDER-13), one not shipped yet 40170.
 */
export async function deliveryNote(q: Queryable, seller: Seller, userId: number, orderId: number): Promise<ExportFile> {
  const order = await loadOrder(q, userId, orderId);
  if (order.status !== SHIPPED && order.status !== DONE) throw notShippedYet();
  const [party] = await q.query<{ company: string; store: string | null }>(
    `SELECT c.name AS company, u.store_name AS store FROM users u JOIN companies c ON c.id = u.company_id
     WHERE u.id = $1`,
    [userId],
  );
  const approvals = new Map(
    (
      await q.query<{ id: number; pzwh: string }>('SELECT id, pzwh FROM goods WHERE id = ANY($1::int[])', [
        order.lines.map((l) => l.goods_id),
      ])
    ).map((g) => [g.id, g.pzwh]),
  );
  const rows = noteRows(order, approvals);
  const shippedOn = order.shipment === null ? '' : chinaDay(new Date(order.shipment.shipped_at));
  const a = order.address;
  const table: Table = {
    name: '随货同行单',
    title: [
      '随货同行单',
      `发货单位：${seller.name}  药品经营许可证：${seller.drugLicence ?? '待公示'}`,
      `收货单位：${party?.company ?? ''}${party?.store ? `（${party.store}）` : ''}`,
      `收货地址：${a.province}${a.city}${a.district}${a.address}  收货人：${a.consignee}  电话：${a.phone}`,
      `订单号：${order.order_sn}  下单日期：${chinaDay(new Date(order.created_at))}  发货日期：${shippedOn}` +
        (order.shipment === null ? '' : `  承运商：${order.shipment.carrier}  运单号：${order.shipment.waybill}`),
    ],
    columns: COLUMNS,
    rows,
    total: ['合计', '', '', '', '', '', '', '', '', order.lines.reduce((n, l) => n + l.number, 0), '', sum(rows)],
  };
  const bytes = await renderStatementPdf(
    table,
    '金额单位：元。质量状况：合格。储存条件：按药品说明书。\n' +
      '发货人：__________  复核人：__________  收货人签收：__________  收货日期：__________',
    'landscape',
  );
  return { name: `随货同行单-${order.order_sn}.pdf`, type: 'application/pdf', bytes };
}

const sum = (rows: readonly Cell[][]) => rows.reduce((total, row) => total + Number(row[11]), 0);
