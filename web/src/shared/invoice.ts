import type { InvoiceType } from '../gql/graphql';

/**
 * The invoice choices in the order the confirm page offers them: every drug sale is invoiced (INVOICE-01), so the
 * choice is the kind of invoice, ordinary by default; NONE is no longer offered and reads as what it now gets.
 */
export const INVOICE_TYPES: readonly InvoiceType[] = ['ORDINARY', 'VAT_SPECIAL'];

/** The buyer's words for each invoice choice, on the confirm page and in the order detail. */
export const INVOICE_TEXT: Record<InvoiceType, string> = {
  NONE: '电子普通发票',
  ORDINARY: '电子普通发票',
  VAT_SPECIAL: '增值税电子专用发票',
};
