// A visitor finds goods by pinyin initials with the keyboard, opens its detail page, signs in to keep it among the
// favourites, finds it on /star and lets it go again.
import { describe, expect, it } from 'vitest';
import { chromiumPath, signIn, useBrowserMarketplace, visit } from '../testkit/browser';

describe.skipIf(!chromiumPath)('finding and keeping goods in the browser', () => {
  const suite = useBrowserMarketplace();

  it('searches by initials with the keyboard, opens the detail, favourites it and cancels it on /star', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, suite.m.gatewayUrl, { waitUntil: 'networkidle' });

    // Suggestions by pinyin initials, driven by the keyboard only.
    const search = page.getByRole('combobox', { name: '搜索' });
    await search.focus();
    await page.keyboard.type('gmlkl');
    const suggestion = page.getByRole('option', { name: /感冒灵/ }).first();
    await suggestion.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('listbox').count(), { timeout: 5_000 }).toBe(0);
    expect(page.url()).toBe(`${suite.m.gatewayUrl}/`);

    await page.keyboard.press('ArrowDown');
    await suggestion.waitFor({ timeout: 5_000 });
    await page.keyboard.press('ArrowDown');
    const picked = (await page.locator('[role="option"][data-activedescendant-focusvisible]').innerText()).trim();
    expect(picked).toMatch(/感冒灵/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('keyword') === picked);

    // The results link to the goods' own page, titled after it.
    await page.getByRole('link', { name: picked, exact: true }).first().click();
    await page.waitForURL(/\/list\/info\/\d+$/);
    const detailPath = new URL(page.url()).pathname;
    await expect.poll(() => page.getByRole('heading', { level: 1, name: picked }).count()).toBe(1);
    await expect.poll(() => page.title()).toBe(`${picked}-药采网`);
    for (const term of ['规格', '生产厂家', '批准文号', '包装单位', '库存']) {
      expect(await page.getByRole('term').filter({ hasText: term }).count()).toBe(1);
    }
    // One for the goods itself; the 同品种比价 panel's rows have their own (COMPARE-06).
    const addButtons = page.getByRole('button', { name: '加入购物车', exact: true });
    const inComparison = page
      .getByRole('region', { name: '同品种比价' })
      .getByRole('button', { name: '加入购物车', exact: true });
    await expect.poll(async () => (await addButtons.count()) - (await inComparison.count())).toBe(1);

    // A visitor is asked to sign in first and comes back to the same goods.
    await page.getByRole('button', { name: '收藏', exact: true }).click();
    await page.waitForURL(/\/login\?redirect=/);
    await signIn(page, 'demo');
    await page.waitForURL((url) => url.pathname === detailPath, { timeout: 15_000 });

    await page.getByRole('button', { name: '收藏', exact: true }).click();
    await page.getByText('收藏成功', { exact: true }).first().waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByRole('button', { name: '取消收藏', exact: true }).count()).toBe(1);

    // The toast's button leads to the favourites, where the goods is listed and can be let go.
    await page.getByRole('button', { name: '查看收藏' }).click();
    await page.waitForURL(/\/star$/);
    const kept = page.getByRole('list', { name: '收藏的商品' });
    await kept.getByRole('link', { name: picked, exact: true }).waitFor({ timeout: 10_000 });
    await kept.getByRole('button', { name: `取消收藏 ${picked}` }).click();
    await page.getByText('取消收藏成功', { exact: true }).first().waitFor({ timeout: 10_000 });
    await page.getByText('还没有收藏的商品').waitFor({ timeout: 10_000 });

    // The detail page agrees: the goods is no longer kept.
    await visit(page, `${suite.m.gatewayUrl}${detailPath}`);
    await expect
      .poll(() => page.getByRole('button', { name: '收藏', exact: true }).count(), { timeout: 10_000 })
      .toBe(1);
    await page.close();
  });

  it('SEC-20: sends every operation as a trusted document’s hash, never its text', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/graphql' && request.method() === 'POST') {
        sent.push(request.postDataJSON());
      }
    });
    await visit(page, suite.m.gatewayUrl, { waitUntil: 'networkidle' });
    // The client's own queries, after the server-rendered first view: suggestions, then a client-side navigation.
    const search = page.getByRole('combobox', { name: '搜索' });
    await search.fill('感冒');
    await page.getByRole('option', { name: /感冒/ }).first().waitFor({ timeout: 10_000 });
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    await page.getByRole('article').first().waitFor({ timeout: 15_000 });
    expect(sent.length).toBeGreaterThan(1);
    for (const body of sent) {
      expect(body).toMatchObject({
        extensions: { persistedQuery: { version: 1, sha256Hash: expect.stringMatching(/^[0-9a-f]{64}$/) } },
      });
      expect(body).not.toHaveProperty('query');
    }
    await page.close();
  });

  it('lays the same sorted, paged list out as cards, a table and compact rows, and lists a brand', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    // Favourites belong to a member: a visitor is sent to sign in and brought back.
    await visit(page, `${suite.m.gatewayUrl}/star`);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/star');

    await visit(page, `${suite.m.gatewayUrl}/list?sort=PRICE_ASC`);
    await page.getByRole('button', { name: '加入购物车' }).first().waitFor({ timeout: 15_000 });
    expect(await page.getByRole('article').count()).toBe(20);

    const views = page.getByRole('navigation', { name: '显示方式' });
    await views.getByRole('link', { name: '列表' }).click();
    await page.waitForURL((url) => url.pathname === '/list/table' && url.searchParams.get('sort') === 'PRICE_ASC');
    const table = page.getByRole('grid', { name: '商品列表' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(21);
    expect(await table.getByRole('button', { name: '加入购物车', exact: true }).count()).toBe(20);
    // The price column's cells: a unit price (¥0.23/粒, COMPARE-05) has a word after its amount.
    const prices = (
      await table
        .getByRole('gridcell')
        .filter({ hasText: /^¥[\d,.]+$/ })
        .allInnerTexts()
    ).map((text) => Number.parseInt(text.replace(/[^\d]/g, ''), 10));
    expect(prices).toHaveLength(20);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    await page.getByRole('button', { name: '下一页' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('page') === '2' && url.searchParams.get('sort') === 'PRICE_ASC',
    );
    // The address changes a moment before the list draws page 2 (and the layout links with it): a click in between
    // would follow page 1's link, which no buyer is fast enough to do.
    await page
      .getByRole('navigation', { name: '分页' })
      .getByText(/^第 2 \/ \d+ 页$/)
      .waitFor();
    await views.getByRole('link', { name: '无图' }).click();
    await page.waitForURL((url) => url.pathname === '/list/no_image' && url.searchParams.get('page') === '2');
    const rows = page.getByRole('list', { name: '商品列表' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(20);
    expect(await rows.getByRole('img').count()).toBe(0);

    await visit(page, `${suite.m.gatewayUrl}/ppzq/info/1`);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor({ timeout: 15_000 });
    const brand = (await heading.innerText()).trim();
    await expect.poll(() => page.title()).toBe(`${brand}-药采网`);
    await expect.poll(() => page.getByRole('article').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.close();
  });

  it('SEARCH-14: a hot word under the search box lists goods of its word, not the whole catalogue (390 px)', async () => {
    const page = await suite.newPage({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/`);
    const hot = page.getByRole('navigation', { name: '热门搜索' }).getByRole('link').first();
    const word = (await hot.innerText()).trim();
    await hot.click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('keyword') === word);
    // The address changes before the search page replaces the home page's cards, so the list is read until it
    // settles: every card then names the word, and the whole catalogue would not.
    const names = page.getByRole('main').getByRole('article').getByRole('heading');
    await expect
      .poll(
        async () => {
          const found = await names.allInnerTexts();
          return found.length > 0 && found.every((name) => name.includes(word));
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await page.close();
  });
});
