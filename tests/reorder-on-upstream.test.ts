// REORDER-01..REORDER-05 end to end: the seeded company of demo and demo3 reads its goods due through the gateway,
// adds the chosen ones with the purchase list's add and gets the cart back; demo2, another company, sees none of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRunMarketplace, type Marketplace } from './testkit/marketplace';

const REORDER = `{ reorderSuggestions(limit: 100) { total dueCount
  items { id intervalDays usualQuantity state isBuyable price { fen } } } }`;

interface Suggestion {
  id: string;
  intervalDays: number;
  usualQuantity: number;
  state: 'DUE' | 'DUE_SOON';
  isBuyable: boolean;
  price: { fen: number } | null;
}
interface Suggestions {
  reorderSuggestions: { total: number; dueCount: number; items: Suggestion[] };
}

describe('due to reorder on the real upstream', () => {
  let m: Marketplace;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const suggestions = async (token: string) => {
    const { body } = await m.gql<Suggestions>(REORDER, {}, bearer(token));
    expect(body.errors).toBeUndefined();
    return body.data?.reorderSuggestions ?? { total: 0, dueCount: 0, items: [] };
  };

  beforeAll(async () => {
    m = await startRunMarketplace();
  });
  afterAll(async () => m?.close());

  it('shows the company’s seeded cadences to both its stores and none of them to another company', async () => {
    const demo = await suggestions(await m.login('demo'));
    const demo3 = await suggestions(await m.login('demo3'));
    expect(demo.dueCount).toBeGreaterThanOrEqual(2);
    expect(demo.items.map((i) => i.intervalDays)).toEqual(expect.arrayContaining([14, 10, 7]));
    expect(demo.items.every((i) => i.price !== null && i.price.fen > 0)).toBe(true);
    expect(demo3.items.map((i) => i.id)).toEqual(demo.items.map((i) => i.id));
    const ids = new Set(demo.items.map((i) => i.id));
    const demo2 = await suggestions(await m.login('demo2'));
    expect(demo2.items.filter((i) => ids.has(i.id))).toEqual([]);
  });

  it('adds the chosen goods at their usual quantity in one mutation whose answer carries the cart', async () => {
    const token = await m.login('demo3');
    const chosen = (await suggestions(token)).items.filter((i) => i.isBuyable);
    expect(chosen.length).toBeGreaterThan(0);
    const { body } = await m.gql<{
      importPurchaseList: { added: { goodsId: string; number: number }[]; refused: unknown[]; cart: { id: string } };
    }>(
      `mutation ($lines: [PurchaseListLineInput!]!) {
        importPurchaseList(lines: $lines) { added { goodsId number } refused { goodsId } cart { id } } }`,
      { lines: chosen.map((i) => ({ goodsId: i.id, number: i.usualQuantity })) },
      bearer(token),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.importPurchaseList.refused).toEqual([]);
    expect(body.data?.importPurchaseList.added).toEqual(
      chosen.map((i) => expect.objectContaining({ goodsId: i.id, number: i.usualQuantity })),
    );
    expect(body.data?.importPurchaseList.cart).not.toBeNull();
  });
});
