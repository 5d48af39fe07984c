import type { InvoiceType } from '../gql/graphql';

/** The invoice choices in the order the confirm page offers them. */
export const INVOICE_TYPES: readonly InvoiceType[] = ['NONE', 'ORDINARY', 'VAT_SPECIAL'];

/** The buyer's words for each invoice choice, on the confirm page and in the order detail. */
export const INVOICE_TEXT: Record<InvoiceType, string> = {
  NONE: '不开发票',
  ORDINARY: '普通发票',
  VAT_SPECIAL: '增值税专用发票',
};
