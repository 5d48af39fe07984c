/** The SQL of invoice titles (migration 0041): one row per company, read and written by any of its store accounts. */
import type { Queryable } from '../../db/db';

export interface TitleInput {
  name: string;
  tax_id: string;
  address: string;
  phone: string;
  bank: string;
  bank_account: string;
}

export interface TitleRow extends TitleInput {
  updated_at: Date | string;
}

/** INVOICE-10: the title of the signed-in account's company, whichever of its stores signed in. */
export async function titleOf(q: Queryable, userId: number): Promise<TitleRow | undefined> {
  const [row] = await q.query<TitleRow>(
    `SELECT t.name, t.tax_id, t.address, t.phone, t.bank, t.bank_account, t.updated_at
     FROM users u JOIN invoice_titles t ON t.company_id = u.company_id WHERE u.id = $1`,
    [userId],
  );
  return row;
}

/** What the form starts from before a title is kept: the company's name and its licence's 统一社会信用代码. */
export async function companyOf(q: Queryable, userId: number): Promise<{ name: string; tax_id: string | null }> {
  const [row] = await q.query<{ name: string; tax_id: string | null }>(
    'SELECT c.name, c.tax_id FROM users u JOIN companies c ON c.id = u.company_id WHERE u.id = $1',
    [userId],
  );
  if (row === undefined) throw new Error('a signed-in account without its company');
  return row;
}

/** INVOICE-10: writes the company's one title, the first save and every later one alike. */
export async function saveTitle(q: Queryable, userId: number, t: TitleInput): Promise<void> {
  await q.query(
    `INSERT INTO invoice_titles (company_id, name, tax_id, address, phone, bank, bank_account, updated_by)
     SELECT company_id, $2, $3, $4, $5, $6, $7, id FROM users WHERE id = $1
     ON CONFLICT (company_id) DO UPDATE SET name = EXCLUDED.name, tax_id = EXCLUDED.tax_id,
       address = EXCLUDED.address, phone = EXCLUDED.phone, bank = EXCLUDED.bank,
       bank_account = EXCLUDED.bank_account, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [userId, t.name, t.tax_id, t.address, t.phone, t.bank, t.bank_account],
  );
}

/** INVOICE-10: the goods among these ids that are drugs by their approval number, with it, in id order. */
export async function goodsApprovals(
  q: Queryable,
  goodsIds: readonly number[],
): Promise<{ id: number; name: string; pzwh: string | null }[]> {
  if (goodsIds.length === 0) return [];
  return q.query<{ id: number; name: string; pzwh: string | null }>(
    'SELECT id, name, pzwh FROM goods WHERE id = ANY($1::int[]) ORDER BY id',
    [goodsIds],
  );
}

/** INVOICE-12: keeps the title the order was placed with; none (不开发票) leaves the columns null. */
export async function keepOrderTitle(
  tx: Queryable,
  orderId: number,
  t: { name: string; taxId: string | null; address: string; phone: string; bank: string; bankAccount: string },
): Promise<void> {
  await tx.query(
    `UPDATE orders SET invoice_name = $2, invoice_tax_id = $3, invoice_address = $4, invoice_phone = $5,
       invoice_bank = $6, invoice_bank_account = $7
     WHERE id = $1`,
    [orderId, t.name, t.taxId, t.address, t.phone, t.bank, t.bankAccount],
  );
}
