import { describe, expect, it } from 'vitest';
import { changeFilter } from '../../shared/list-page/list-search';
import { isDay, ledgerSearch, rangeError, readLedgerFilter } from './wallet-filters';

const SLUGS = ['recharge', 'payment', 'refund'] as const;
const read = (query: string) => readLedgerFilter(new URLSearchParams(query), SLUGS);

describe('isDay', () => {
  it('accepts real days written YYYY-MM-DD only', () => {
    expect(isDay('2026-11-30')).toBe(true);
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-1-1')).toBe(false);
    expect(isDay('2026/11/30')).toBe(false);
    expect(isDay('')).toBe(false);
  });
});

describe('a ledger filter in the address (WALLET-07)', () => {
  it('reads type, days and page', () => {
    expect(read('type=payment&from=2026-11-01&to=2026-11-30&page=3')).toEqual({
      type: 'payment',
      from: '2026-11-01',
      to: '2026-11-30',
      page: 3,
    });
  });

  it('reads unknown or broken values as not chosen, and a reversed range in order', () => {
    expect(read('type=gift&from=2026-02-30&to=yesterday&page=-2')).toEqual({
      type: null,
      from: null,
      to: null,
      page: 1,
    });
    expect(read('from=2026-11-30&to=2026-11-01')).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('writes only what is chosen, so the default is the plain address', () => {
    expect(ledgerSearch(read(''))).toBe('');
    expect(ledgerSearch({ type: 'refund', from: '2026-11-01', to: null, page: 2 })).toBe(
      'type=refund&from=2026-11-01&page=2',
    );
    const round = 'type=recharge&from=2026-10-01&to=2026-10-31&page=4';
    expect(ledgerSearch(read(round))).toBe(round);
  });

  it('goes back to page 1 on any change but paging', () => {
    const at4 = read('type=payment&page=4');
    expect(changeFilter(at4, { type: 'refund' })).toEqual({ type: 'refund', from: null, to: null, page: 1 });
    expect(changeFilter(at4, { from: '2026-11-01' }).page).toBe(1);
    expect(changeFilter(at4, { page: 5 })).toMatchObject({ type: 'payment', page: 5 });
  });
});

describe('rangeError', () => {
  it('says why a typed range cannot be applied', () => {
    expect(rangeError('', '')).toBeNull();
    expect(rangeError('2026-11-01', '')).toBeNull();
    expect(rangeError('2026-11-01', '2026-11-01')).toBeNull();
    expect(rangeError('2026-11-31', '')).toBe('开始日期格式应为YYYY-MM-DD');
    expect(rangeError('', '11/30')).toBe('结束日期格式应为YYYY-MM-DD');
    expect(rangeError('2026-11-30', '2026-11-01')).toBe('结束日期不能早于开始日期');
  });
});
