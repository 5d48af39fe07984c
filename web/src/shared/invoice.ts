import type { InvoiceType } from '../gql/graphql';

/** The invoice choices in the order the confirm page offers them (INVOICE-10). */
export const INVOICE_TYPES: readonly InvoiceType[] = ['NONE', 'ORDINARY', 'VAT_SPECIAL'];

/** The buyer's words for each invoice choice, on the confirm page and in the order detail. */
export const INVOICE_TEXT: Record<InvoiceType, string> = {
  NONE: '不开发票',
  ORDINARY: '电子普通发票',
  VAT_SPECIAL: '增值税电子专用发票',
};

/** Where the company's invoice title is completed (INVOICE-11). */
export const INVOICE_TITLE_PATH = '/fptt';

/** What the confirm page knows of the choices: the gateway's InvoiceOptions, or nothing while it is asked. */
export interface InvoiceOptionsView {
  noneAllowed: boolean;
  noneReason?: string | null | undefined;
  vatSpecialAllowed: boolean;
  missingForVatSpecial: readonly string[];
}

/** One radio of the invoice section: whether it may be chosen, and why not. */
export interface InvoiceChoice {
  type: InvoiceType;
  label: string;
  disabled: boolean;
  /** Why it is not offered, in the buyer's words; null when it is. */
  reason: string | null;
  /** True when the reason is the title, so the page links to where it is completed. */
  completeTitle: boolean;
}

/**
 * INVOICE-10, INVOICE-11: the three choices as the confirm page shows them. 不开发票 only without drugs, the 专票 only
 * with a complete title; until the gateway answers, only the ordinary invoice, which every order may have.
 */
export function invoiceChoices(options: InvoiceOptionsView | undefined): InvoiceChoice[] {
  return INVOICE_TYPES.map((type) => {
    const choice = { type, label: INVOICE_TEXT[type], disabled: false, reason: null, completeTitle: false };
    if (type === 'ORDINARY') return choice;
    if (options === undefined) return { ...choice, disabled: true, reason: '正在确认可选的发票类型…' };
    if (type === 'NONE') {
      return options.noneAllowed
        ? choice
        : { ...choice, disabled: true, reason: options.noneReason ?? '订单含药品，按GSP规定须开具发票' };
    }
    if (options.vatSpecialAllowed) return choice;
    const missing = options.missingForVatSpecial.join('、');
    return {
      ...choice,
      disabled: true,
      reason: `需完整的发票抬头资料${missing === '' ? '' : `，尚缺：${missing}`}`,
      completeTitle: true,
    };
  });
}

/** The choice to send: the buyer's while it is offered, else the ordinary invoice (a title became incomplete). */
export function offeredChoice(current: InvoiceType, choices: readonly InvoiceChoice[]): InvoiceType {
  return choices.find((choice) => choice.type === current)?.disabled === false ? current : 'ORDINARY';
}
