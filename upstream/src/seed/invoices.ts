import type { Seller } from '../config';
import type { Queryable } from '../db/db';
import { issueIn } from '../areas/invoices/service';

/**
 * The seed step of e-invoices (INVOICE-01, INVOICE-02): each company's 统一社会信用代码 is the one its 营业执照 (business
 * licence) bears (INVOICE-09), and the paid orders of demo and demo2 paid more than two days before the seeding are
 * invoiced a day after payment, so /dzfp shows issued invoices beside recent ones still 开票中. The seller is the
 * configured one (INFO-08), the company the footer, the contract and the transfer payee name.
 */
export async function seedInvoices(tx: Queryable, seller: Seller): Promise<void> {
  // INVOICE-09: read from the licence, never typed twice, so the invoice's buyer and the licence page agree.
  await tx.query(
    `UPDATE companies c SET tax_id = q.number FROM qualifications q
     WHERE q.company_id = c.id AND q.kind = 'business_licence' AND c.tax_id IS NULL
       AND q.number ~ '^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$'`,
  );
  const orders = await tx.query<{ id: number; paid_at: Date | string }>(
    `SELECT o.id, o.paid_at FROM orders o JOIN users u ON u.id = o.user_id
     WHERE u.username IN ('demo', 'demo2') AND o.status IN (1, 2, 3) AND o.paid_at < now() - interval '2 days'
     ORDER BY o.paid_at, o.id`,
  );
  for (const o of orders) {
    const paidAt = o.paid_at instanceof Date ? o.paid_at : new Date(o.paid_at);
    await issueIn(tx, { seller }, o.id, { issuedAt: new Date(paidAt.getTime() + 24 * 3600 * 1000) });
  }
}
