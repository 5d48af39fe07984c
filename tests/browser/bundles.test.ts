// A buyer buys a set of a combination purchase (组合购) and joins a group-buy (拼团) in a real browser: the set is
// one line of the cart that shows the set's goods, the join a line with its group's progress, and both reach the
// confirm page and the order.
import { describe, expect, it } from 'vitest';
import { chromiumPath, placeOrder, signIn, useBrowserMarketplace, visit } from '../testkit/browser';

describe.skipIf(!chromiumPath)('sets and group-buy joins in the browser', () => {
  const suite = useBrowserMarketplace();

  it('adds a set from /zhmz/list as one combination line, joins a group-buy, and orders both', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/login`);
    await signIn(page, 'demo');
    await expect.poll(() => page.getByRole('link', { name: /购物车.*0/ }).count(), { timeout: 15_000 }).toBe(1);

    // /zhzq lists the bundles; the first opens its page on /zhmz/list?id=...
    await visit(page, `${suite.m.gatewayUrl}/zhzq`);
    const bundles = page.getByRole('list', { name: '组合购活动' });
    await bundles.getByRole('link').first().click();
    await page.waitForURL(/\/zhmz\/list\?id=\d+$/);
    await page.getByRole('list', { name: '每组包含' }).waitFor({ timeout: 15_000 });
    const heading = page.getByRole('heading', { level: 1 });
    const setName = (await heading.innerText()).trim();
    const setGoods = (await page.getByRole('list', { name: '每组包含' }).getByRole('listitem').allInnerTexts()).map(
      (text) => /^(.+?) × (\d+)/.exec(text)?.slice(1) ?? [],
    );
    expect(setGoods.length).toBeGreaterThan(1);

    // The offer's own stepper and button (each goods card below has its own 加入购物车 at the goods' price).
    const offer = page.getByRole('region', { name: setName, exact: true });
    await offer.getByRole('spinbutton', { name: `${setName} 组数` }).fill('2');
    await offer.getByRole('spinbutton', { name: `${setName} 组数` }).press('Tab');
    await offer.getByRole('button', { name: '加入购物车', exact: true }).click();
    await expect.poll(() => page.getByRole('link', { name: /购物车.*1/ }).count(), { timeout: 10_000 }).toBe(1);
    // Adding the same set again adds to its line: still one line.
    const again = page.waitForResponse(
      (res) => res.url().endsWith('/graphql') && (res.request().postData() ?? '').includes('AddCombinationToCart'),
    );
    await offer.getByRole('button', { name: '加入购物车', exact: true }).click();
    expect((await again).ok()).toBe(true);

    // /ptzq: join the first group-buy with 5 units.
    await visit(page, `${suite.m.gatewayUrl}/ptzq`);
    const offers = page.getByRole('list', { name: '拼团商品' });
    await offers.waitFor({ timeout: 15_000 });
    const join = offers.getByRole('button', { name: /^参团/ }).first();
    const joinedGoods = ((await join.getAttribute('aria-label')) ?? '').replace(/^参团 /, '');
    const amount = offers.getByRole('spinbutton', { name: `${joinedGoods} 参团数量` });
    await amount.fill('5');
    await amount.press('Tab');
    await join.click();
    await expect.poll(() => page.getByRole('link', { name: /购物车.*2/ }).count(), { timeout: 10_000 }).toBe(1);

    // The cart: one combination line named after the set with its goods and 2 + 2 sets, and the group-buy line.
    await visit(page, `${suite.m.gatewayUrl}/cart`);
    const lines = page.getByRole('list', { name: '购物车商品' });
    await lines.waitFor({ timeout: 15_000 });
    const setLine = lines.locator(':scope > li').filter({ hasText: setName });
    await expect.poll(() => setLine.count(), { timeout: 10_000 }).toBe(1);
    expect(await setLine.innerText()).toContain('组合');
    const contents = setLine.getByRole('list', { name: `${setName} 每组包含` });
    for (const [name, number] of setGoods) expect(await contents.innerText()).toContain(`${name} ×${number}`);
    expect(await setLine.getByRole('spinbutton', { name: `${setName} 数量` }).inputValue()).toBe('4');
    expect(await setLine.innerText()).toContain('/组');
    const joinLine = lines.locator(':scope > li').filter({ hasText: '拼团' });
    expect(await joinLine.innerText()).toContain(joinedGoods);
    expect(await joinLine.innerText()).toMatch(/已拼 \d+ \/ \d+ 件成团/);
    expect(await lines.locator(':scope > li').count()).toBe(2);

    // Confirm and order: both lines carry their kind; the order lists the set's goods with the set.
    await page.getByRole('region', { name: '结算' }).getByRole('button', { name: '去结算' }).click();
    await page.waitForURL(/\/cart\/step2\?lines=/);
    const list = page.getByRole('region', { name: /商品清单/ });
    await list.getByText(`【组合】${setName}`).waitFor({ timeout: 15_000 });
    await list.getByText(`【拼团】${joinedGoods}`).waitFor();
    await placeOrder(page);
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await visit(page, `${suite.m.gatewayUrl}/order/info/${orderId}`);
    const orderLines = page.getByRole('region', { name: /商品（/ });
    await orderLines.waitFor({ timeout: 15_000 });
    const text = await orderLines.innerText();
    for (const [name] of setGoods) expect(text).toContain(name);
    expect(text).toContain(`${setName}：每组`);
    expect(text).toContain('× 4 组');
    expect(text).toContain('【拼团】');
    await page.close();
  });
});
