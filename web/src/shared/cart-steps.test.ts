import { describe, expect, it } from 'vitest';
import { cartCheckoutPath, donePath, lineIdsFromSearch, orderNextPath } from './cart-steps';

describe('the way from the cart to payment', () => {
  it('carries the selected line ids from the cart to the confirm page and back out, once each', () => {
    const path = cartCheckoutPath(['12', '7', '12']);
    const params = new URL(path, 'http://x').searchParams;
    expect(lineIdsFromSearch(params)).toEqual(['12', '7']);
  });

  it('drops anything in the list that is not an id', () => {
    expect(lineIdsFromSearch(new URLSearchParams('lines=3,,<b>,4 '))).toEqual(['3', '4']);
    expect(lineIdsFromSearch(new URLSearchParams(''))).toEqual([]);
  });

  it('sends an order with ephedrine-type goods to the receipt step and any other to payment', () => {
    expect(orderNextPath({ id: '9', needsReceipt: true, receiptDone: false })).toBe('/cart/hm?order=9');
    expect(orderNextPath({ id: '9', needsReceipt: true, receiptDone: true })).toBe('/cart/step3/9');
    expect(orderNextPath({ id: '9', needsReceipt: false, receiptDone: false })).toBe('/cart/step3/9');
  });

  it('ends at the done page with the order in the query', () => {
    expect(donePath('9')).toBe('/cart/step4?order=9');
  });
});
