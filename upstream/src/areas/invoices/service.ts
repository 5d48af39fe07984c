/** E-invoices (INVOICE-01..INVOICE-07 in docs/product.md): listed for their owner, issued and reversed by the operator. */
import { Refusal } from '@pharma/domain/codes';
import { sellerOf, type Config } from '../../config';
import type { Db, Queryable } from '../../db/db';
import { ApiError, iso, notFound } from '../../lib/http';
import { page } from '../../lib/paging';
import { postMessage } from '../messages/store';
import { renderInvoicePdf, type InvoiceDocument } from './pdf';
import * as store from './store';
import type { InvoiceFilter, InvoiceRow, InvoiceState } from './store';

export const invoiceNotFound = () => notFound('发票不存在');

const STATE_TEXT: Record<InvoiceState, string> = { pending: '开票中', issued: '已开票', reversed: '已红冲' };
const KIND_TEXT = { 1: '增值税电子普通发票', 2: '增值税电子专用发票' } as const;
const TITLE = { 1: '电子发票（普通发票）', 2: '电子发票（增值税专用发票）' } as const;

const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

function toDto(row: InvoiceRow) {
  return {
    id: row.order_id,
    order_id: row.order_id,
    order_sn: row.order_sn,
    state: row.state,
    state_text: STATE_TEXT[row.state],
    kind: row.kind,
    kind_text: KIND_TEXT[row.kind],
    title: row.buyer_name,
    tax_id: row.buyer_tax_id,
    address_phone: row.buyer_address_phone,
    bank_account: row.buyer_bank_account,
    amount: row.amount,
    code: row.code,
    number: row.number,
    red_number: row.red_number,
    paid_at: isoOrNull(row.paid_at),
    issued_at: isoOrNull(row.issued_at),
    reversed_at: isoOrNull(row.reversed_at),
  };
}

export type InvoiceDto = ReturnType<typeof toDto>;

/** INVOICE-03: a page of the buyer's own invoices, of one state or all, by order number from its start. */
export async function invoicesPage(db: Db, userId: number, filter: InvoiceFilter, current: number, perPage: number) {
  const { rows, total } = await store.listInvoices(db, userId, filter, current, perPage);
  return page(rows.map(toDto), total, current, perPage);
}

/**
 * INVOICE-02: the invoice code (发票代码): 0, the seller's tax region (Hangzhou, 3301), the year, batch 001 and the
 * kind (11 ordinary, 12 special), twelve digits in all.
 */
function invoiceCode(kind: 1 | 2, at: Date): string {
  const year = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: '2-digit' }).format(at);
  return `03301${year}001${kind === 1 ? '11' : '12'}`;
}

/**
 * INVOICE-02: issues the invoice of a paid order, once, in one transaction with the buyer's message. The order row is
 * locked, so an issue racing another (or a refund) waits; the unique order_id is the last guard.
 */
export async function issueInvoice(db: Db, config: Config, orderId: number): Promise<InvoiceDto> {
  return db.transaction(async (tx) => issueIn(tx, config, orderId));
}

/**
 * INVOICE-02 inside the caller's transaction. The seed writes history with it: an issue date in the past and no
 * message, the buyer having read of it long ago.
 */
export async function issueIn(
  tx: Queryable,
  config: Pick<Config, 'seller'>,
  orderId: number,
  history?: { issuedAt: Date },
): Promise<InvoiceDto> {
  const order = await store.lockPaidOrder(tx, orderId);
  if (order === undefined) throw invoiceNotFound();
  const current = await store.invoiceOf(tx, orderId);
  if (current === undefined) throw new ApiError(400, Refusal.INVOICE_NOT_PAID, '订单未付款，不能开票');
  if (current.state !== 'pending') throw new ApiError(400, Refusal.INVOICE_STATE, '该订单的发票已开具');
  if (current.buyer_tax_id === null) {
    throw new ApiError(400, Refusal.INVOICE_NO_TAX_ID, '购买方未登记统一社会信用代码，不能开票');
  }
  // INVOICE-02, INFO-08: the seller is the marketplace's one company, as the footer, the contract and the payee name it.
  const seller = sellerOf(config);
  const at = history?.issuedAt ?? new Date();
  const inserted = await store.insertInvoice(tx, {
    orderId,
    kind: current.kind,
    buyerName: current.buyer_name,
    buyerTaxId: current.buyer_tax_id,
    // INVOICE-13: the 专票's lines from the title the order kept (INVOICE-12), not from today's title.
    buyerAddressPhone: current.kind === 2 ? current.buyer_address_phone : null,
    buyerBankAccount: current.kind === 2 ? current.buyer_bank_account : null,
    sellerName: seller.name,
    sellerTaxId: seller.taxId,
    amount: current.amount,
    code: invoiceCode(current.kind, at),
    number: await store.nextNumber(tx),
    ...(history === undefined ? {} : { issuedAt: history.issuedAt }),
  });
  if (!inserted) throw new ApiError(400, Refusal.INVOICE_STATE, '该订单的发票已开具');
  if (history === undefined) {
    await postMessage(tx, order.user_id, {
      kind: 'order',
      title: '电子发票已开具',
      body: `您的订单 ${order.order_sn} 的电子发票已开具，可在“电子发票”中下载。`,
      link: '/dzfp',
      dedupeKey: `invoice-issued:${orderId}`,
    });
  }
  const issued = await store.invoiceOf(tx, orderId);
  if (issued === undefined) throw new Error('the invoice just issued is not there');
  return toDto(issued);
}

/**
 * INVOICE-07: reverses (红冲) an issued invoice once every unit of its order has been refunded, by a red-letter
 * invoice of the next number; the buyer is told.
 */
export async function reverseInvoice(db: Db, orderId: number): Promise<InvoiceDto> {
  return db.transaction(async (tx) => {
    const order = await store.lockPaidOrder(tx, orderId);
    const current = order === undefined ? undefined : await store.invoiceOf(tx, orderId);
    if (order === undefined || current === undefined) throw invoiceNotFound();
    if (current.state !== 'issued') throw new ApiError(400, Refusal.INVOICE_STATE, '只有已开具的发票可以红冲');
    if (!(await store.fullyRefunded(tx, orderId))) {
      throw new ApiError(400, Refusal.INVOICE_NOT_REFUNDED, '订单尚未全额退款，不能红冲');
    }
    if (!(await store.markReversed(tx, orderId, await store.nextNumber(tx)))) {
      throw new ApiError(400, Refusal.INVOICE_STATE, '只有已开具的发票可以红冲');
    }
    await postMessage(tx, order.user_id, {
      kind: 'order',
      title: '电子发票已红冲',
      body: `您的订单 ${order.order_sn} 已全额退款，其电子发票（号码 ${current.number ?? ''}）已红冲作废。`,
      link: '/dzfp',
      dedupeKey: `invoice-reversed:${orderId}`,
    });
    const reversed = await store.invoiceOf(tx, orderId);
    if (reversed === undefined) throw new Error('the invoice just reversed is not there');
    return toDto(reversed);
  });
}

/**
 * INVOICE-04: the PDF of one of the buyer's issued (or reversed) invoices with the file name it is offered under;
 * another buyer's is as unknown as a missing one, and one still 开票中 has none yet.
 */
export async function invoicePdf(db: Db, userId: number, orderId: number): Promise<{ bytes: Buffer; name: string }> {
  const row = await store.ownInvoice(db, userId, orderId);
  if (row === undefined) throw invoiceNotFound();
  if (row.state === 'pending' || row.code === null || row.number === null || row.issued_at === null) {
    throw new ApiError(409, Refusal.INVOICE_PENDING, '发票开具中，暂无PDF，开具后即可下载');
  }
  const [lines, amounts] = await Promise.all([store.invoiceLines(db, orderId), store.orderAmounts(db, orderId)]);
  if (amounts === undefined) throw invoiceNotFound();
  const doc: InvoiceDocument = {
    title: TITLE[row.kind],
    code: row.code,
    number: row.number,
    issuedAt: new Date(iso(row.issued_at)),
    buyer: {
      name: row.buyer_name,
      taxId: row.buyer_tax_id ?? '',
      ...(row.kind === 2
        ? { addressPhone: row.buyer_address_phone ?? '', bankAccount: row.buyer_bank_account ?? '' }
        : {}),
    },
    seller: { name: row.seller_name ?? '', taxId: row.seller_tax_id ?? '' },
    lines: invoiceLinesOf(lines, amounts, row.amount),
    total: row.amount,
    note: [
      `订单号：${row.order_sn}`,
      ...(row.state === 'reversed' && row.red_number !== null && row.reversed_at !== null
        ? [`本发票已于${iso(row.reversed_at).slice(0, 10)}全额红冲，红字发票号码：${row.red_number}`]
        : []),
    ],
  };
  return { bytes: await renderInvoicePdf(doc), name: `电子发票-${row.code}-${row.number}.pdf` };
}

/**
 * INVOICE-04: the goods as sold, then freight, then the promotions taken off as one discount line (折扣), so the lines
 * add up to what was paid, as an invoice's must.
 */
export function invoiceLinesOf(
  lines: store.InvoiceLine[],
  amounts: { goods_amount: number; freight_amount: number },
  paid: number,
): InvoiceDocument['lines'] {
  const out: InvoiceDocument['lines'] = lines.map((l) => ({
    name: l.name,
    spec: l.ypgg,
    unit: l.bzdw,
    quantity: l.number,
    price: l.price,
    total: l.total,
  }));
  const goods = lines.reduce((sum, l) => sum + l.total, 0);
  if (amounts.freight_amount > 0) {
    out.push({ name: '运输服务*运费', spec: '', unit: '', quantity: null, price: null, total: amounts.freight_amount });
  }
  const off = goods + amounts.freight_amount - paid;
  if (off !== 0)
    out.push({ name: '折扣（促销及优惠券）', spec: '', unit: '', quantity: null, price: null, total: -off });
  return out;
}
