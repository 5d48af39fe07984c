/**
 * Invoice titles and the invoice choice at checkout (INVOICE-10..INVOICE-12 in docs/product.md): the company's tax
 * details, what a 专票 still needs of them, and which choices an order's goods allow.
 */
import { Refusal } from '@pharma/domain/codes';
import { isDrugApproval, missingForVatSpecial, type InvoiceTitleFields } from '@pharma/domain/invoice-title';
import type { Queryable } from '../../db/db';
import { ApiError, iso } from '../../lib/http';
import { lineUnits, type StoredLine } from '../../lib/cart-lines';
import type { PricedLine } from '@pharma/domain/cart-pricing';
import * as store from './store';
import type { TitleInput, TitleRow } from './store';

/** The invoice the buyer asks for at checkout (ORDER-12): 0 不开发票, 1 电子普通发票, 2 增值税专用发票. */
export const INVOICE_NONE = 0;
export const INVOICE_VAT_SPECIAL = 2;

const fieldsOf = (row: TitleInput): InvoiceTitleFields => ({
  name: row.name,
  taxId: row.tax_id,
  address: row.address,
  phone: row.phone,
  bank: row.bank,
  bankAccount: row.bank_account,
});

/** The title as kept, or before one is: the company's name and licence number, the rest empty. */
function effective(row: TitleRow | undefined, company: { name: string; tax_id: string | null }): TitleInput {
  return (
    row ?? { name: company.name, tax_id: company.tax_id ?? '', address: '', phone: '', bank: '', bank_account: '' }
  );
}

function toDto(row: TitleRow | undefined, company: { name: string; tax_id: string | null }) {
  const fields = effective(row, company);
  return {
    saved: row === undefined ? 0 : 1,
    name: fields.name,
    tax_id: fields.tax_id,
    address: fields.address,
    phone: fields.phone,
    bank: fields.bank,
    bank_account: fields.bank_account,
    updated_at: row === undefined ? null : iso(row.updated_at),
    // INVOICE-11: what a 增值税专用发票 still needs.
    missing: missingForVatSpecial(fieldsOf(fields)),
  };
}

export type InvoiceTitleDto = ReturnType<typeof toDto>;

/** INVOICE-10: the company's title, or, before one is kept, the form's start from the company's own records. */
export async function invoiceTitle(q: Queryable, userId: number): Promise<InvoiceTitleDto> {
  const [row, company] = await Promise.all([store.titleOf(q, userId), store.companyOf(q, userId)]);
  return toDto(row, company);
}

/** INVOICE-10: saves the company's title (the fields checked by the route, VAL-27..VAL-30) and answers it. */
export async function saveInvoiceTitle(q: Queryable, userId: number, input: TitleInput): Promise<InvoiceTitleDto> {
  await store.saveTitle(q, userId, input);
  return invoiceTitle(q, userId);
}

/** INVOICE-10: the drugs among the lines' goods (a set's goods and gifts too), by name, for the reason shown. */
export async function drugNames(q: Queryable, lines: readonly PricedLine<StoredLine>[]): Promise<string[]> {
  const ids = new Set<number>();
  for (const line of lines) {
    for (const { goods } of lineUnits(line.dto)) ids.add(goods.id);
    if (line.gift !== null) ids.add(line.gift.goodsId);
  }
  const goods = await store.goodsApprovals(q, [...ids]);
  return goods.filter((g) => isDrugApproval(g.pzwh)).map((g) => g.name);
}

/** INVOICE-10: 不开发票 is refused while a drug is ordered: GSP has every drug sale invoiced. */
export const drugsNeedInvoice = (names: readonly string[]) =>
  new ApiError(
    400,
    Refusal.INVOICE_REQUIRED,
    `订单含药品（${names.slice(0, 3).join('、')}${names.length > 3 ? '等' : ''}），按GSP规定须开具发票，请选择电子普通发票或增值税专用发票`,
  );

/** INVOICE-11: a 专票 is refused until the title holds everything it prints. */
export const titleIncomplete = (missing: readonly string[]) =>
  new ApiError(
    400,
    Refusal.INVOICE_TITLE_INCOMPLETE,
    `开具增值税专用发票需完整的发票抬头资料，尚缺：${missing.join('、')}，请先在“发票抬头”中补全`,
  );

/** The title an order keeps (INVOICE-12): null for 不开发票, which nothing will be issued for. */
export interface OrderTitle {
  name: string;
  taxId: string | null;
  address: string;
  phone: string;
  bank: string;
  bankAccount: string;
}

/**
 * INVOICE-10..INVOICE-12, inside the order's transaction: refuses what the confirm page does not offer, and answers
 * the snapshot of the title the order keeps. An ordinary invoice without a kept title names the company as before.
 */
export async function checkInvoiceChoice(
  tx: Queryable,
  userId: number,
  invoiceType: number,
  lines: readonly PricedLine<StoredLine>[],
): Promise<OrderTitle | null> {
  if (invoiceType === INVOICE_NONE) {
    const drugs = await drugNames(tx, lines);
    if (drugs.length > 0) throw drugsNeedInvoice(drugs);
    return null;
  }
  // One after the other: inside the order's transaction both would share one connection anyway.
  const row = await store.titleOf(tx, userId);
  const title = effective(row, await store.companyOf(tx, userId));
  if (invoiceType === INVOICE_VAT_SPECIAL) {
    const missing = missingForVatSpecial(fieldsOf(title));
    if (missing.length > 0) throw titleIncomplete(missing);
  }
  return {
    name: title.name,
    // An ordinary invoice for a company with no 统一社会信用代码 yet waits for one (INVOICE-02's 40112).
    taxId: title.tax_id === '' ? null : title.tax_id,
    address: title.address,
    phone: title.phone,
    bank: title.bank,
    bankAccount: title.bank_account,
  };
}

/**
 * INVOICE-10, INVOICE-11: which invoice choices the confirm page offers for these lines, and why one is not; the
 * same judgement the order makes when placed.
 */
export async function invoiceOptions(q: Queryable, userId: number, lines: readonly PricedLine<StoredLine>[]) {
  const [drugs, title] = await Promise.all([drugNames(q, lines), invoiceTitle(q, userId)]);
  return {
    none_allowed: drugs.length === 0 ? 1 : 0,
    none_reason: drugs.length === 0 ? null : drugsNeedInvoice(drugs).message,
    drug_names: drugs,
    vat_special_allowed: title.missing.length === 0 ? 1 : 0,
    missing: title.missing,
    title,
  };
}

/** INVOICE-12: keeps the snapshot on the placed order, in its transaction. */
export async function keepOrderTitle(tx: Queryable, orderId: number, title: OrderTitle | null): Promise<void> {
  if (title !== null) await store.keepOrderTitle(tx, orderId, title);
}
