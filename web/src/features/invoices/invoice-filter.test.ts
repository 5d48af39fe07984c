import { describe, expect, it } from 'vitest';
import { invoiceSearch, readInvoiceFilter } from './invoice-filter';

describe('invoice filter in the address', () => {
  it('INVOICE-08: reads state, search and page, and writes them back the same', () => {
    const filter = readInvoiceFilter(new URLSearchParams('state=issued&sn=%202026%20&page=3'));
    expect(filter).toEqual({ state: 'ISSUED', orderSn: '2026', page: 3 });
    expect(invoiceSearch(filter)).toBe('state=issued&sn=2026&page=3');
  });

  it('INVOICE-08: an unknown state, a malformed page and an empty search read as none', () => {
    expect(readInvoiceFilter(new URLSearchParams('state=paid&page=x&sn='))).toEqual({
      state: null,
      orderSn: '',
      page: 1,
    });
    expect(readInvoiceFilter(new URLSearchParams('state=toString'))).toMatchObject({ state: null });
    expect(invoiceSearch({ state: null, orderSn: ' ', page: 1 })).toBe('');
  });
});
