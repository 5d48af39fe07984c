import type { Schemas } from '../../rest/client';

export type InvoiceMapper = Schemas['Invoice'];
export type InvoicePageMapper = Schemas['InvoicePage'];
