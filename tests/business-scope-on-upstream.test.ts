// SCOPE-02, SCOPE-03, SCOPE-05 end to end: the seeded pharmacy and clinic each read their own marks on the
// catalogue's first page through the gateway's response cache, a visitor none, and the cart refuses what is marked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRunMarketplace, type Marketplace } from './testkit/marketplace';

const FIRST_PAGE = '{ goodsList(page: 1, pageSize: 20) { items { id name scopeClass outOfScope } } }';

interface Item {
  id: string;
  name: string;
  scopeClass: string;
  outOfScope: boolean | null;
}

describe('business scope on the real upstream', () => {
  let m: Marketplace;
  let demo: string;
  let demo2: string;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const firstPage = async (headers?: Record<string, string>) =>
    (await m.gql<{ goodsList: { items: Item[] } }>(FIRST_PAGE, {}, headers)).body.data?.goodsList.items ?? [];

  beforeAll(async () => {
    m = await startRunMarketplace();
    demo = await m.login('demo');
    demo2 = await m.login('demo2');
  });
  afterAll(async () => m?.close());

  it('marks each company’s own out-of-scope goods on the first page, twice alike, and none for a visitor', async () => {
    for (let round = 0; round < 2; round += 1) {
      const pharmacy = await firstPage(bearer(demo));
      const visitor = await firstPage();
      const clinic = await firstPage(bearer(demo2));
      expect(pharmacy.filter((g) => g.outOfScope).map((g) => g.scopeClass)).toContain('COLD_CHAIN');
      expect(pharmacy.filter((g) => g.outOfScope).map((g) => g.scopeClass)).not.toContain('SLICES');
      expect(clinic.filter((g) => g.outOfScope).map((g) => g.scopeClass)).toContain('SLICES');
      expect(clinic.filter((g) => g.outOfScope).map((g) => g.scopeClass)).not.toContain('COLD_CHAIN');
      expect(visitor.every((g) => g.outOfScope === null)).toBe(true);
    }
  });

  it('refuses adding a marked goods as BUSINESS_ERROR 40160 with the buyer’s wording', async () => {
    const marked = (await firstPage(bearer(demo))).find((g) => g.outOfScope);
    if (marked === undefined) throw new Error('no marked goods on the first page');
    const { body } = await m.gql(
      'mutation($id: ID!) { addToCart(lines: [{ goodsId: $id, number: 1 }]) { message } }',
      { id: marked.id },
      bearer(demo),
    );
    expect(body.errors?.[0]).toMatchObject({
      message: '该商品超出贵公司经营范围，无法购买',
      extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40160 },
    });
  });
});
