// A purchaser finds and chooses goods (issue 29): narrows a search by a facet whose count is the list's total once
// chosen (FACET-01, FACET-08), held in the address through a reload; from a result's 比价 link compares the same
// medicine across makers cheapest unit first (COMPARE-03..COMPARE-06) and adds one in place, the header badge
// following; back on the list clears the facets. On a phone the facets sit behind 筛选; the table view sorts by
// unit price from its header.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, signIn, useBrowserMarketplace, visit } from '../testkit/browser';

const countOf = (name: string) => Number.parseInt(/（(\d+)）/.exec(name)?.[1] ?? '-1', 10);

/** The fen of one unit in a ¥0.23/粒 label, for the order (floored to the fen as shown). */
const unitFen = (label: string) => Number.parseInt(label.replace(/[^\d]/g, ''), 10);

async function cartCount(page: Page): Promise<number> {
  const link = page.getByRole('link', { name: /购物车/ }).first();
  const text = (await link.getAttribute('aria-label')) || (await link.innerText());
  return Number.parseInt(/(\d+)/.exec(text)?.[1] ?? '0', 10);
}

describe.skipIf(!chromiumPath)('a purchaser finding and choosing goods', () => {
  const suite = useBrowserMarketplace();

  // A slow phone shows the server's HTML well before its script runs, and a buyer types and presses Enter in it.
  it('SEARCH-15, SEC-25: before the script runs, a search opens its results and a login keeps the password out of the address', async () => {
    const context = await suite.browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${suite.m.gatewayUrl}/`);
    const search = page.getByRole('combobox', { name: '搜索' });
    await search.fill('阿莫西林');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('阿莫西林');
    await expect.poll(() => page.getByRole('heading', { name: /阿莫西林/ }).count()).toBeGreaterThan(0);

    await page.goto(`${suite.m.gatewayUrl}/login?redirect=%2Fcart`);
    await page.getByLabel('用户名').fill('demo');
    await page.getByLabel('密码').fill('demo1234');
    await page.getByLabel('密码').press('Enter');
    await page.waitForLoadState('load');
    await expect.poll(() => page.getByLabel('密码').count()).toBe(1);
    expect(page.url()).toBe(`${suite.m.gatewayUrl}/login?redirect=%2Fcart`);
    await context.close();
  });

  it('narrows a search by a facet, compares the medicine across makers and adds the cheapest unit', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/login`);
    await signIn(page, 'demo');
    await expect.poll(() => page.getByRole('link', { name: /购物车/ }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await visit(page, `${suite.m.gatewayUrl}/search?keyword=${encodeURIComponent('阿莫西林')}&by=NAME`);

    const panel = page.getByRole('complementary', { name: '筛选' });
    const form = panel.getByRole('checkbox', { name: /^胶囊剂（\d+）$/ });
    await form.waitFor({ timeout: 15_000 });
    // The checkbox is named by its label: the form and the goods it leaves.
    const count = countOf(
      await panel
        .locator('label')
        .filter({ hasText: /^胶囊剂（\d+）$/ })
        .first()
        .innerText(),
    );
    expect(count).toBeGreaterThan(0);
    await form.click();
    await page.waitForURL((url) => url.searchParams.getAll('form').includes('胶囊剂'));
    await expect
      .poll(() => page.getByRole('heading', { name: `共 ${count} 件商品` }).count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => page.getByRole('button', { name: '取消筛选 剂型：胶囊剂' }).count()).toBe(1);
    const crumbs = page.getByRole('navigation', { name: '当前位置' });
    expect(await crumbs.getByRole('link', { name: '全部商品' }).count()).toBe(1);
    await page.reload();
    await expect
      .poll(() => panel.getByRole('checkbox', { name: /^胶囊剂（\d+）$/ }).isChecked(), { timeout: 15_000 })
      .toBe(true);

    const compare = page.getByRole('link', { name: /^比价：阿莫西林胶囊/ }).first();
    await compare.waitFor({ timeout: 15_000 });
    await compare.click();
    await page.waitForURL((url) => url.pathname.startsWith('/list/info/') && url.hash === '#compare');
    const comparison = page.getByRole('region', { name: '同品种比价' });
    const rows = comparison.getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(2);
    // The page's own goods is marked when it is among the cheapest shown.
    expect(await comparison.getByText('（本品）').count()).toBeLessThanOrEqual(1);
    const labels = (
      await comparison
        .getByRole('cell')
        .filter({ hasText: /^¥[\d.]+\/粒$/ })
        .allInnerTexts()
    ).map(unitFen);
    expect(labels.length).toBeGreaterThan(1);
    expect(labels).toEqual([...labels].sort((a, b) => a - b));
    const before = await cartCount(page);
    await comparison
      .getByRole('button', { name: '加入购物车', exact: true })
      .and(page.locator(':enabled'))
      .first()
      .click();
    await expect.poll(() => cartCount(page), { timeout: 10_000 }).toBe(before + 1);

    // Back on the narrowed list, 清除筛选 clears the facets and keeps the keyword.
    await page.goBack();
    await page.getByRole('button', { name: '清除筛选' }).click();
    await page.waitForURL((url) => url.searchParams.getAll('form').length === 0);
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('阿莫西林');
    await page.close();
  });

  it('opens the facets behind 筛选 on a phone and narrows to goods in stock', async () => {
    const page = await suite.newPage({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', isMobile: true });
    await visit(page, `${suite.m.gatewayUrl}/list`);
    expect(await page.getByRole('complementary', { name: '筛选' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: '筛选', exact: true }).click();
    const drawer = page.getByRole('dialog');
    const stock = drawer.getByRole('checkbox', { name: /^有货（\d+）$/ });
    await stock.waitFor({ timeout: 15_000 });
    await stock.click();
    await page.waitForURL((url) => url.searchParams.getAll('flag').includes('IN_STOCK'));
    await page.close();
  });

  it('sorts the table view by unit price from its header, one line per goods', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/search/table?keyword=${encodeURIComponent('阿莫西林')}&by=NAME`);
    const table = page.getByRole('grid').first();
    await table.waitFor({ timeout: 15_000 });
    await table.getByRole('button', { name: /^按单位价排序/ }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'UNIT_PRICE_ASC');
    await expect
      .poll(() => table.getByRole('button', { name: '按单位价排序，从低到高' }).count(), { timeout: 10_000 })
      .toBe(1);
    // The order is by the goods' own price per unit (COMPARE-04); a goods under a running discount shows the unit
    // price of its discounted price (COMPARE-02), so only the undiscounted rows are held to the order.
    const cells = table
      .getByRole('row')
      .filter({ hasNotText: '折' })
      .getByRole('gridcell')
      .filter({ hasText: /^¥[\d.]+\/[^\d]+$/ });
    await expect.poll(() => cells.count(), { timeout: 10_000 }).toBeGreaterThan(1);
    // Ordered by the exact unit price, the labels floored to the fen never go down, whatever their word.
    const shown = (await cells.allInnerTexts()).map(unitFen);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    // Beside the facet panel on a 1440 px screen the table fits: no sideways scrolling for one line per goods.
    const box = table.locator('xpath=..');
    expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await page.close();
  });
});
