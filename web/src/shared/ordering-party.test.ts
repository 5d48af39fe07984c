import { describe, expect, it } from 'vitest';
import { orderingLine, orderingParty } from './ordering-party';

const store = { company: '仁心大药房连锁有限公司', storeName: '仁心大药房（滨江店）', username: 'demo3' };

describe('who is ordering (STORE-04)', () => {
  it('greets a store account by its store, so a buyer who switched stores sees which one orders', () => {
    expect(orderingParty(store)).toBe('仁心大药房（滨江店）');
    expect(orderingLine(store)).toBe('仁心大药房（滨江店），仁心大药房连锁有限公司');
  });

  it('names the company for an account without a store name, and the username when nothing else is known', () => {
    expect(orderingParty({ ...store, storeName: null })).toBe('仁心大药房连锁有限公司');
    expect(orderingLine({ ...store, storeName: '' })).toBe('仁心大药房连锁有限公司');
    expect(orderingParty({ company: null, storeName: null, username: 'demo3' })).toBe('demo3');
  });
});
