// A purchaser narrows a list by facets (FACET-01, FACET-08): a value's count is the list's total once chosen, the
// choice lives in the address (reload keeps it), a chip clears it and 清除筛选 clears all; on a phone the panel sits
// behind a 筛选 button in a drawer.
import { describe, expect, it } from 'vitest';
import { chromiumPath, useBrowserMarketplace, visit } from '../testkit/browser';

const countOf = (name: string) => Number.parseInt(/（(\d+)）/.exec(name)?.[1] ?? '-1', 10);

describe.skipIf(!chromiumPath)('a purchaser narrowing by facets', () => {
  const suite = useBrowserMarketplace();

  it('chooses a dosage form with its count, keeps it on reload and clears it', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
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
});
