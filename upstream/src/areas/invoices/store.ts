/** The SQL of e-invoices: paid orders joined with the invoices issued for them (migration 0025). */
import type { Queryable, SqlValue } from '../../db/db';

export type InvoiceState = 'pending' | 'issued' | 'reversed';

/** Statuses of an order that was paid: 1 待发货, 2 待收货, 3 已完成 (ORDER-10). */
const PAID = '(1, 2, 3)';

export interface InvoiceRow {
  order_id: number;
  order_sn: string;
  state: InvoiceState;
  kind: 1 | 2;
  buyer_name: string;
  buyer_tax_id: string | null;
  /** INVOICE-13: a 专票's 地址、电话 and 开户行及账号 lines; null on an ordinary invoice. */
  buyer_address_phone: string | null;
  buyer_bank_account: string | null;
  seller_name: string | null;
  seller_tax_id: string | null;
  amount: number;
  code: string | null;
  number: string | null;
  issued_at: Date | string | null;
  reversed_at: Date | string | null;
  red_number: string | null;
  paid_at: Date | string | null;
}

// INVOICE-01: every paid order that asked for one has an invoice (不开发票, invoice_type 0, has none: INVOICE-10);
// one issued stays listed whatever became of the order. Before issue it names the buyer and amount it will carry:
// the title kept with the order (INVOICE-12; the company as it is now for orders placed before titles were kept)
// and the order's paid amount.
const INVOICES = `
  SELECT o.id AS order_id, o.order_sn, o.paid_at, o.user_id,
    CASE WHEN i.id IS NULL THEN 'pending' WHEN i.reversed_at IS NULL THEN 'issued' ELSE 'reversed' END AS state,
    COALESCE(i.kind, CASE WHEN o.invoice_type = 2 THEN 2 ELSE 1 END)::int AS kind,
    COALESCE(i.buyer_name, o.invoice_name, c.name) AS buyer_name,
    COALESCE(i.buyer_tax_id, o.invoice_tax_id, c.tax_id) AS buyer_tax_id,
    CASE WHEN i.id IS NOT NULL THEN i.buyer_address_phone WHEN o.invoice_type = 2
      THEN concat_ws(' ', o.invoice_address, o.invoice_phone) END AS buyer_address_phone,
    CASE WHEN i.id IS NOT NULL THEN i.buyer_bank_account WHEN o.invoice_type = 2
      THEN concat_ws(' ', o.invoice_bank, o.invoice_bank_account) END AS buyer_bank_account,
    i.seller_name, i.seller_tax_id, COALESCE(i.amount, o.pay_amount) AS amount,
    i.code, i.number, i.issued_at, i.reversed_at, i.red_number
  FROM orders o
  JOIN users u ON u.id = o.user_id
  JOIN companies c ON c.id = u.company_id
  LEFT JOIN invoices i ON i.order_id = o.id
  WHERE ((o.status IN ${PAID} AND o.invoice_type <> 0) OR i.id IS NOT NULL)`;

export interface InvoiceFilter {
  state: InvoiceState | undefined;
  /** The start of an order number (AFTER-02's search reads order numbers from their start too). */
  orderSn: string | undefined;
}

/** INVOICE-03: a page of the buyer's own invoices, newest payment first, with how many the filter finds. */
export async function listInvoices(
  q: Queryable,
  userId: number,
  filter: InvoiceFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const params: SqlValue[] = [userId, filter.state ?? null, filter.orderSn ?? null];
  const where = `user_id = $1 AND ($2::text IS NULL OR state = $2) AND ($3::text IS NULL OR starts_with(order_sn, $3))`;
  const [count] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${INVOICES}) x WHERE ${where}`, params);
  const rows = await q.query<InvoiceRow>(
    `SELECT * FROM (${INVOICES}) x WHERE ${where}
     ORDER BY paid_at DESC NULLS LAST, order_id DESC LIMIT $4 OFFSET $5`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  return { rows, total: count?.n ?? 0 };
}

/** One invoice of the buyer's; another buyer's, or an order that was never paid, is none. */
export async function ownInvoice(q: Queryable, userId: number, orderId: number): Promise<InvoiceRow | undefined> {
  const [row] = await q.query<InvoiceRow>(`SELECT * FROM (${INVOICES}) x WHERE user_id = $1 AND order_id = $2`, [
    userId,
    orderId,
  ]);
  return row;
}

/** Any buyer's invoice, for the operator's calls. */
export async function invoiceOf(
  q: Queryable,
  orderId: number,
): Promise<(InvoiceRow & { user_id: number }) | undefined> {
  const [row] = await q.query<InvoiceRow & { user_id: number }>(`SELECT * FROM (${INVOICES}) x WHERE order_id = $1`, [
    orderId,
  ]);
  return row;
}

export interface InvoiceLine {
  name: string;
  ypgg: string;
  bzdw: string;
  number: number;
  price: number;
  total: number;
}

/** The goods an invoice lists: the order's lines as sold, in the order's own order. */
export async function invoiceLines(q: Queryable, orderId: number): Promise<InvoiceLine[]> {
  return q.query<InvoiceLine>(
    'SELECT name, ypgg, bzdw, number, price, total FROM order_lines WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
}

/** The order's amounts that make its lines add up to what was paid: freight on, promotions off. */
export async function orderAmounts(
  q: Queryable,
  orderId: number,
): Promise<{ goods_amount: number; freight_amount: number; pay_amount: number } | undefined> {
  const [row] = await q.query<{ goods_amount: number; freight_amount: number; pay_amount: number }>(
    'SELECT goods_amount, freight_amount, pay_amount FROM orders WHERE id = $1',
    [orderId],
  );
  return row;
}

/** The order to issue for, locked against a concurrent issue or refund until the transaction ends. */
export async function lockPaidOrder(
  tx: Queryable,
  orderId: number,
): Promise<{ user_id: number; status: number; order_sn: string } | undefined> {
  const [row] = await tx.query<{ user_id: number; status: number; order_sn: string }>(
    'SELECT user_id, status, order_sn FROM orders WHERE id = $1 FOR UPDATE',
    [orderId],
  );
  return row;
}

/** The next number of the invoice series, eight digits. */
export async function nextNumber(tx: Queryable): Promise<string> {
  const [row] = await tx.query<{ n: string }>("SELECT lpad(nextval('invoice_number_seq')::text, 8, '0') AS n");
  if (row === undefined) throw new Error('the invoice sequence answered no number');
  return row.n;
}

export interface NewInvoice {
  orderId: number;
  kind: 1 | 2;
  buyerName: string;
  buyerTaxId: string;
  /** INVOICE-13: a 专票's two extra lines, null on an ordinary invoice. */
  buyerAddressPhone: string | null;
  buyerBankAccount: string | null;
  sellerName: string;
  sellerTaxId: string;
  amount: number;
  code: string;
  number: string;
  /** When it was issued; now unless a seed writes history. */
  issuedAt?: Date;
}

/** Writes an issued invoice; false when the order already has one (the unique order_id decides a race). */
export async function insertInvoice(tx: Queryable, inv: NewInvoice): Promise<boolean> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO invoices (order_id, kind, buyer_name, buyer_tax_id, seller_name, seller_tax_id, amount, code, number,
       issued_at, buyer_address_phone, buyer_bank_account)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, COALESCE($10::timestamptz, now()), $11, $12)
     ON CONFLICT (order_id) DO NOTHING RETURNING id`,
    [
      inv.orderId,
      inv.kind,
      inv.buyerName,
      inv.buyerTaxId,
      inv.sellerName,
      inv.sellerTaxId,
      inv.amount,
      inv.code,
      inv.number,
      inv.issuedAt ?? null,
      inv.buyerAddressPhone,
      inv.buyerBankAccount,
    ],
  );
  return rows.length > 0;
}

/** Marks an issued, not yet reversed invoice reversed by its red-letter number; false when it is not in that state. */
export async function markReversed(tx: Queryable, orderId: number, redNumber: string): Promise<boolean> {
  const rows = await tx.query<{ id: number }>(
    `UPDATE invoices SET reversed_at = now(), red_number = $2 WHERE order_id = $1 AND reversed_at IS NULL
     RETURNING id`,
    [orderId, redNumber],
  );
  return rows.length > 0;
}

/**
 * INVOICE-07: whether every unit the order sold has been refunded (returns in state 4, refunded): then nothing of the
 * sale is left for the invoice to stand for.
 */
export async function fullyRefunded(q: Queryable, orderId: number): Promise<boolean> {
  const [row] = await q.query<{ open: number }>(
    `SELECT count(*)::int AS open FROM order_lines l
     WHERE l.order_id = $1 AND l.number > COALESCE(
       (SELECT sum(r.number) FROM returns r WHERE r.order_line_id = l.id AND r.status = 4), 0)`,
    [orderId],
  );
  return row?.open === 0;
}
