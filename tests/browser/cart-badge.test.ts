// A buyer logs in, adds goods from the search results, and the header badge and the cart panel change together.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, searchByName, signIn, useBrowserMarketplace, visit } from '../testkit/browser';

/** The rendered width of an element, in CSS pixels. */
const widthOf = (locator: Locator) => locator.evaluate((element) => Math.round(element.getBoundingClientRect().width));

describe.skipIf(!chromiumPath)('a buyer in the browser', () => {
  const suite = useBrowserMarketplace();

  it('logs in, adds to cart, and sees the badge and the panel change at once', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/login`);
    await signIn(page, 'demo');
    const cartEntry = page.getByRole('link', { name: /购物车.*0/ });
    await expect.poll(() => cartEntry.count(), { timeout: 15_000 }).toBe(1);

    await searchByName(page, '感冒灵');
    const add = page.getByRole('button', { name: '加入购物车' }).first();
    await add.waitFor();

    let graphqlRequests = 0;
    page.on('request', (request) => {
      // The tab's live-cart stream (CART-30) is no request for the cart: it may open at any moment after idle.
      if (request.url().endsWith('/graphql') && request.headers()['accept'] !== 'text/event-stream')
        graphqlRequests += 1;
    });
    await add.click();

    await expect.poll(() => page.getByRole('link', { name: /购物车.*1/ }).count(), { timeout: 10_000 }).toBe(1);
    const panel = page.getByRole('complementary', { name: '购物车' });
    // CART-14: the side panel is 40 px wide collapsed and 310 px with the cart preview.
    expect(await widthOf(panel)).toBe(40);
    await panel.getByRole('button', { name: /展开购物车/ }).click();
    await expect.poll(() => panel.getByText(/感冒灵/).count(), { timeout: 5_000 }).toBeGreaterThan(0);
    await expect.poll(() => widthOf(panel)).toBe(310);
    // The badge and the panel read one cached Cart: the add mutation is the only request, with no refetch.
    expect(graphqlRequests).toBe(1);
    await page.close();
  });

  it('CART-13, CART-14, CART-10: adds 200 ms after the click, once for a double click; on /cart the panel stays collapsed and a delete asks first', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/login`);
    await signIn(page, 'demo2');
    // The granules: demo2's clinic may not buy the herbal slices (板蓝根) also found by 板蓝根 (SCOPE-06).
    await visit(page, `${suite.m.gatewayUrl}/search?keyword=${encodeURIComponent('板蓝根颗粒')}&by=NAME`);
    const add = page.getByRole('button', { name: '加入购物车' }).first();
    await add.waitFor({ timeout: 15_000 });

    const adds: number[] = [];
    page.on('request', (request) => {
      if ((request.postData() ?? '').includes('"operationName":"AddToCart"')) adds.push(Date.now());
    });
    const answered = page.waitForResponse((response) =>
      (response.request().postData() ?? '').includes('"operationName":"AddToCart"'),
    );
    const clicked = Date.now();
    await add.dblclick();
    await answered;
    // CART-13: not sent before 200 ms have passed since the click (measured from before it, so never less).
    expect((adds[0] ?? 0) - clicked).toBeGreaterThanOrEqual(200);
    // The double click made one add: a second one would have been sent by now.
    await page.waitForTimeout(600);
    expect(adds).toHaveLength(1);

    // CART-14: on the cart page the panel stays collapsed, whatever the buyer clicks.
    await visit(page, `${suite.m.gatewayUrl}/cart`);
    const lines = page.getByRole('list', { name: '购物车商品' });
    await lines.waitFor({ timeout: 15_000 });
    const panel = page.getByRole('complementary', { name: '购物车' });
    await panel.getByRole('button', { name: /展开购物车/ }).click();
    await page.waitForTimeout(400);
    expect(await widthOf(panel)).toBe(40);

    // CART-10: deleting a line asks 确定要删除该商品吗？ first; cancelling keeps the line.
    const before = await lines.locator(':scope > li').count();
    await lines.getByRole('button', { name: '删除' }).first().click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('确定要删除该商品吗？');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => lines.locator(':scope > li').count()).toBe(before);
    await page.close();
  });

  it('CART-30: moves the badge of an open tab when the buyer changes the cart elsewhere (a phone)', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/login`);
    await signIn(page, 'demo');
    // The tab follows the cart once the page is first idle.
    await expect.poll(() => suite.m.gateway.pubsub.activeSubscriptions(), { timeout: 15_000 }).toBe(1);

    const phone = { authorization: `Bearer ${await suite.m.login('demo')}` };
    const [goods] = await suite.m.db.query<{ id: number }>(
      `SELECT id FROM goods WHERE is_buy = 1 AND number >= 100 AND id NOT IN
         (SELECT goods_id FROM cart_lines WHERE user_id = (SELECT id FROM users WHERE username = 'demo'))
       ORDER BY id LIMIT 1`,
    );
    const { body } = await suite.m.gql<{ addToCart: { cart: { count: number } } }>(
      `mutation { addToCart(lines: [{ goodsId: "${goods?.id}", number: 1 }]) { cart { count } } }`,
      {},
      phone,
    );
    const count = body.data?.addToCart.cart.count;
    expect(count).toBeGreaterThan(0);
    const badge = page.getByRole('link', { name: new RegExp(`购物车\\D*${count}(\\D|$)`) });
    await expect.poll(() => badge.count(), { timeout: 10_000 }).toBe(1);
    await page.close();
  });
});
