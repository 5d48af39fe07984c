// A buyer logs in, adds goods from the search results, and the header badge and the cart panel change together.
import { describe, expect, it } from 'vitest';
import { chromiumPath, signIn, useBrowserMarketplace, visit } from '../testkit/browser';

describe.skipIf(!chromiumPath)('a buyer in the browser', () => {
  const suite = useBrowserMarketplace();

  it('logs in, adds to cart, and sees the badge and the panel change at once', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/login`);
    await signIn(page, 'demo');
    const cartEntry = page.getByRole('link', { name: /购物车.*0/ });
    await expect.poll(() => cartEntry.count(), { timeout: 15_000 }).toBe(1);

    const search = page.getByRole('combobox', { name: '搜索' });
    await search.fill('感冒灵');
    await search.press('Enter');
    await page.waitForURL(/\/search\?/);
    // The address changes before the results replace the page it was typed on (a transition); the buyer
    // acts on what they see.
    await page.getByRole('heading', { name: /按药品名搜索/ }).waitFor();
    const add = page.getByRole('button', { name: '加入购物车' }).first();
    await add.waitFor();

    let graphqlRequests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql')) graphqlRequests += 1;
    });
    await add.click();

    await expect.poll(() => page.getByRole('link', { name: /购物车.*1/ }).count(), { timeout: 10_000 }).toBe(1);
    const panel = page.getByRole('complementary', { name: '购物车' });
    await panel.getByRole('button', { name: /展开购物车/ }).click();
    await expect.poll(() => panel.getByText(/感冒灵/).count(), { timeout: 5_000 }).toBeGreaterThan(0);
    // The badge and the panel read one cached Cart: the add mutation is the only request, with no refetch.
    expect(graphqlRequests).toBe(1);
    await page.close();
  });
});
