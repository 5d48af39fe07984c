import { describe, expect, it } from 'vitest';
import { firstBusinessHref } from './paths';

describe('first-business download addresses (FIRST-06)', () => {
  it("FIRST-06: an order's documents and chosen goods' documents, as the gateway relays them", () => {
    expect(firstBusinessHref({ orderId: '42' })).toBe('/first-business/documents.zip?order=42');
    expect(firstBusinessHref({ goodsIds: ['7', '9'] })).toBe('/first-business/documents.zip?goods=7%2C9');
  });
});
