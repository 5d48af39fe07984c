// A purchaser compares the same medicine across makers (同品种比价, COMPARE-03..COMPARE-06): from a search result's
// 比价 link to the detail's comparison, cheapest unit first, adds one in place and the header badge follows; the
// table view sorts by unit price from its header.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, signIn, useBrowserMarketplace, visit } from '../testkit/browser';

/** The fen of one unit in a ¥0.23/粒 label, for the order (floored to the fen as shown). */
const unitFen = (label: string) => Number.parseInt(label.replace(/[^\d]/g, ''), 10);

async function cartCount(page: Page): Promise<number> {
  const name =
    (await page
      .getByRole('link', { name: /购物车/ })
      .first()
      .getAttribute('aria-label')) ?? '';
  const text =
    name ||
    (await page
      .getByRole('link', { name: /购物车/ })
      .first()
      .innerText());
  return Number.parseInt(/(\d+)/.exec(text)?.[1] ?? '0', 10);
}

describe.skipIf(!chromiumPath)('a purchaser comparing makers', () => {
  const suite = useBrowserMarketplace();

  it('goes from a search result to the comparison and adds the cheapest unit to the cart in place', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/login`);
    await signIn(page, 'demo');
    await expect.poll(() => page.getByRole('link', { name: /购物车/ }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await visit(page, `${suite.m.gatewayUrl}/search?keyword=${encodeURIComponent('阿莫西林胶囊')}&by=NAME`);
    const compare = page.getByRole('link', { name: /^比价：阿莫西林胶囊/ }).first();
    await compare.waitFor({ timeout: 15_000 });
    await compare.click();
    await page.waitForURL((url) => url.pathname.startsWith('/list/info/') && url.hash === '#compare');

    const panel = page.getByRole('region', { name: '同品种比价' });
    const rows = panel.getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(2);
    // The page's own goods is marked when it is among the cheapest shown.
    expect(await panel.getByText('（本品）').count()).toBeLessThanOrEqual(1);
    const labels = (
      await panel
        .getByRole('cell')
        .filter({ hasText: /^¥[\d.]+\/粒$/ })
        .allInnerTexts()
    ).map(unitFen);
    expect(labels.length).toBeGreaterThan(1);
    expect(labels).toEqual([...labels].sort((a, b) => a - b));

    const before = await cartCount(page);
    await panel.getByRole('button', { name: '加入购物车', exact: true }).and(page.locator(':enabled')).first().click();
    await expect.poll(() => cartCount(page), { timeout: 10_000 }).toBe(before + 1);
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
    const cells = table.getByRole('gridcell').filter({ hasText: /^¥[\d.]+\/[^\d]+$/ });
    await expect.poll(() => cells.count(), { timeout: 10_000 }).toBeGreaterThan(1);
    // Ordered by the exact unit price, the labels floored to the fen never go down, whatever their word.
    const shown = (await cells.allInnerTexts()).map(unitFen);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    await page.close();
  });
});
