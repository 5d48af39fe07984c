import type { Queryable } from '../db/db';
import { issueIn } from '../areas/invoices/service';

/**
 * The seed step of e-invoices (INVOICE-01, INVOICE-02): the demo companies get their 统一社会信用代码, and the paid
 * orders of demo and demo2 paid more than two days before the seeding are invoiced a day after payment, so /dzfp shows
 * issued invoices beside recent ones still 开票中. The seller is the default (demo) one.
 */
export async function seedInvoices(tx: Queryable): Promise<void> {
  // Check characters computed by GB 32100-2015.
  await tx.query(
    `UPDATE companies SET tax_id = t.tax_id FROM (VALUES (1, '91330106MA27XK8P1K'), (2, '92320106MA1WQ3C5XW'))
       AS t (id, tax_id) WHERE companies.id = t.id AND companies.tax_id IS NULL`,
  );
  const orders = await tx.query<{ id: number; paid_at: Date | string }>(
    `SELECT o.id, o.paid_at FROM orders o JOIN users u ON u.id = o.user_id
     WHERE u.username IN ('demo', 'demo2') AND o.status IN (1, 2, 3) AND o.paid_at < now() - interval '2 days'
     ORDER BY o.paid_at, o.id`,
  );
  for (const o of orders) {
    const paidAt = o.paid_at instanceof Date ? o.paid_at : new Date(o.paid_at);
    await issueIn(tx, {}, o.id, { issuedAt: new Date(paidAt.getTime() + 24 * 3600 * 1000) });
  }
}
