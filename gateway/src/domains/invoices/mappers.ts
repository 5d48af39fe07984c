import type { Schemas } from '../../rest/client';

export type InvoiceMapper = Schemas['Invoice'];
export type InvoicePageMapper = Schemas['InvoicePage'];
export type InvoiceTitleMapper = Schemas['InvoiceTitle'];
export type InvoiceOptionsMapper = Schemas['InvoiceOptions'];
