// A buyer finds the activity centre from the home carousel, switches its tabs (each tab its own address), opens an
// activity's own page with its countdown and goods, and opens a category's medicine list by its link.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, useBrowserMarketplace, visit, reload } from '../testkit/browser';

describe.skipIf(!chromiumPath)('the activity zone and centre in the browser', () => {
  const suite = useBrowserMarketplace();

  const count = async (sql: string, params: readonly (string | number)[] = []): Promise<number> => {
    const [row] = await suite.m.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) AS q`, params);
    return row?.n ?? 0;
  };
  const goodsOfActivity = (id: number) => count('SELECT goods_id FROM goods_activities WHERE activity_id = $1', [id]);
  /** The names of the goods an activity covers. */
  const namesOfActivity = async (id: number): Promise<Set<string>> =>
    new Set(
      (
        await suite.m.db.query<{ name: string }>(
          'SELECT g.name FROM goods g JOIN goods_activities ga ON ga.goods_id = g.id WHERE ga.activity_id = $1',
          [id],
        )
      ).map((r) => r.name),
    );

  const totalShown = async (page: Page): Promise<number> => {
    const text = page.getByText(/^共 \d+ 件商品$/);
    await text.waitFor({ timeout: 15_000 });
    return Number((await text.innerText()).replace(/\D/g, ''));
  };
  // Text content, not inner text: a card far below the screen is not rendered yet (content-visibility, SSR-03), and
  // its inner text is empty until the buyer scrolls near it.
  const cardNames = async (page: Page): Promise<string[]> =>
    (await page.getByRole('article').getByRole('heading').allTextContents()).map((t) => t.trim());

  const newPage = () => suite.browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });

  /** CATALOG-11: the taps counted for an activity, all days together. */
  const tapsOf = async (id: number): Promise<number> => {
    const [row] = await suite.m.db.query<{ taps: number }>(
      'SELECT coalesce(sum(taps), 0)::int AS taps FROM activity_taps WHERE activity_id = $1',
      [id],
    );
    return row?.taps ?? 0;
  };

  it("reaches the centre from the home carousel, switches tabs by address and sees each tab's goods", async () => {
    const page = await newPage();
    await visit(page, suite.m.gatewayUrl, { waitUntil: 'networkidle' });
    const carousel = page.getByRole('region', { name: '活动推荐' });
    await carousel.getByRole('button', { name: /活动中心/ }).click();
    await carousel.getByRole('link', { name: /活动中心/ }).click();
    await page.waitForURL((url) => url.pathname === '/Hdzx/4,1,3,7');
    await expect.poll(() => page.title()).toBe('活动中心-药采网');

    // The first activity is shown until the buyer chooses another.
    const tabs = page.getByRole('tablist', { name: '活动' });
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(['整点秒杀', '满300减20', '限时9.5折', '买10赠1']);
    expect(await tabs.getByRole('tab', { name: '整点秒杀' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => totalShown(page), { timeout: 10_000 }).toBe(await goodsOfActivity(4));
    await page.getByRole('timer', { name: /^距结束/ }).waitFor();

    const tapsBefore = await tapsOf(3);
    await tabs.getByRole('tab', { name: '限时9.5折' }).click();
    await page.waitForURL((url) => url.pathname === '/Hdzx/4,1,3,7/3');
    // CATALOG-11: choosing an activity's tab counts a tap on it.
    await expect.poll(() => tapsOf(3), { timeout: 10_000 }).toBe(tapsBefore + 1);
    await page.getByRole('heading', { level: 2, name: '限时9.5折' }).waitFor();
    await expect.poll(() => totalShown(page), { timeout: 10_000 }).toBe(await goodsOfActivity(3));
    const discounted = await namesOfActivity(3);
    await expect.poll(async () => (await cardNames(page)).length).toBe(20);
    expect((await cardNames(page)).every((name) => discounted.has(name))).toBe(true);

    // The tab's address is shareable: opened afresh it shows the same tab.
    await reload(page, { waitUntil: 'networkidle' });
    expect(await tabs.getByRole('tab', { name: '限时9.5折' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => totalShown(page), { timeout: 10_000 }).toBe(await goodsOfActivity(3));

    // Ids that name no activity say so instead of showing an empty page.
    await visit(page, `${suite.m.gatewayUrl}/Hdzx/abc,0`, { waitUntil: 'networkidle' });
    await page.getByText('活动链接有误，没有可查看的活动').waitFor();
    await visit(page, `${suite.m.gatewayUrl}/Hdzx/99998,99999`, { waitUntil: 'networkidle' });
    await page.getByText('这些活动不存在或已下架').waitFor({ timeout: 10_000 });
    await page.close();
  });

  it('/yjh/{id} shows the activity, its countdown and its goods sorted by price; the index leads to it', async () => {
    const page = await newPage();
    await visit(page, `${suite.m.gatewayUrl}/yjh`, { waitUntil: 'networkidle' });
    const cards = page.getByRole('list', { name: '进行中的活动' });
    await cards.getByRole('listitem').first().waitFor({ timeout: 10_000 });
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('活动专区-药采网');
    const tapsBefore = await tapsOf(4);
    await cards.getByRole('link', { name: '秒杀 整点秒杀' }).click();
    await page.waitForURL((url) => url.pathname === '/yjh/4');
    // CATALOG-11: the tap on the card is counted, once.
    await expect.poll(() => tapsOf(4), { timeout: 10_000 }).toBe(tapsBefore + 1);
    await page.getByRole('heading', { level: 1, name: '整点秒杀' }).waitFor();
    await expect.poll(() => page.title()).toBe('整点秒杀-药采网');
    await page.getByRole('timer', { name: /^距结束/ }).waitFor();
    expect(await totalShown(page)).toBe(await goodsOfActivity(4));

    await page.getByRole('group', { name: '排序' }).getByRole('button', { name: '价格从低到高' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'PRICE_ASC');
    const [cheapest] = await suite.m.db.query<{ price: number }>(
      'SELECT min(g.price) AS price FROM goods g JOIN goods_activities ga ON ga.goods_id = g.id WHERE ga.activity_id = 4',
    );
    const firstPrice = page.getByRole('article').first().getByText(/^¥/).first();
    await expect
      .poll(async () => Math.round(Number((await firstPrice.innerText()).replace(/[^\d.]/g, '')) * 100))
      .toBe(cheapest?.price);
    await page.close();
  });

  it('an ended or unknown activity says so and leads back to the running ones', async () => {
    const page = await newPage();
    const [period] = await suite.m.db.query<{ start_at: Date; end_at: Date }>(
      'SELECT start_at, end_at FROM activities WHERE id = 2',
    );
    await suite.m.db.query(
      "UPDATE activities SET start_at = now() - interval '9 days', end_at = now() - interval '1 day' WHERE id = 2",
    );
    try {
      await visit(page, `${suite.m.gatewayUrl}/yjh/2`, { waitUntil: 'networkidle' });
      await page.getByText('该活动已结束，活动商品不再按活动价销售').waitFor({ timeout: 10_000 });
      expect(await page.getByRole('article').count()).toBe(0);
      await page.getByRole('link', { name: '看看进行中的活动' }).click();
      await page.waitForURL((url) => url.pathname === '/yjh');
      const cards = page.getByRole('list', { name: '进行中的活动' });
      await cards.getByRole('listitem').first().waitFor();
      expect(await cards.getByRole('link', { name: '满减 满1000减80' }).count()).toBe(0);
    } finally {
      await suite.m.db.query('UPDATE activities SET start_at = $1, end_at = $2 WHERE id = 2', [
        period?.start_at ?? null,
        period?.end_at ?? null,
      ]);
    }
    await visit(page, `${suite.m.gatewayUrl}/yjh/99999`, { waitUntil: 'networkidle' });
    await page.getByText('活动不存在').waitFor({ timeout: 10_000 });
    await page.close();
  });

  it("a goods' activity on its detail page leads to that activity's page, however long its tap takes", async () => {
    const [goods] = await suite.m.db.query<{ id: number }>(
      'SELECT goods_id AS id FROM goods_activities WHERE activity_id = 7 ORDER BY goods_id LIMIT 1',
    );
    const page = await newPage();
    await visit(page, `${suite.m.gatewayUrl}/list/info/${goods?.id}`, { waitUntil: 'networkidle' });
    // CATALOG-11: the tap is sent and forgotten: a tap the gateway never answers holds nothing up.
    const taps: string[] = [];
    await page.route('**/graphql', (route) => {
      if ((route.request().postData() ?? '').includes('"operationName":"TapActivity"')) {
        taps.push(route.request().postData() ?? '');
        return;
      }
      return route.continue();
    });
    await page.getByRole('list', { name: '促销活动' }).getByRole('link', { name: '买10赠1' }).click();
    await page.waitForURL((url) => url.pathname === '/yjh/7');
    await page.getByRole('heading', { level: 1, name: '买10赠1' }).waitFor();
    expect(taps).toHaveLength(1);
    expect(taps[0]).toContain('"id":"7"');
    // Nothing was said about the stalled count.
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  it('/list/other/{id}/{name} lists the category titled with the name; without a name, the category’s own', async () => {
    const [category] = await suite.m.db.query<{ id: number; name: string }>(
      'SELECT id, name FROM categories WHERE parent_id IS NULL ORDER BY sort, id LIMIT 1',
    );
    const id = category?.id ?? 0;
    const inCategory = await count(
      `SELECT gc.goods_id FROM goods_categories gc WHERE gc.category_id IN (
        WITH RECURSIVE sub AS (SELECT id FROM categories WHERE id = $1
          UNION ALL SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id) SELECT id FROM sub)`,
      [id],
    );
    const page = await newPage();
    await visit(page, `${suite.m.gatewayUrl}/list/other/${id}/${encodeURIComponent('感冒药 特价')}`, {
      waitUntil: 'networkidle',
    });
    await page.getByRole('heading', { level: 1, name: '感冒药 特价' }).waitFor();
    await expect.poll(() => page.title()).toBe('感冒药 特价-药采网');
    expect(await totalShown(page)).toBe(inCategory);

    await visit(page, `${suite.m.gatewayUrl}/list/other/${id}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: category?.name ?? '' }).waitFor({ timeout: 10_000 });
    expect(await totalShown(page)).toBe(inCategory);
    await page.close();
  });
});
