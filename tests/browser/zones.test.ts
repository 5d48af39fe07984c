// A buyer reaches the free-shipping and herbal zones from the home page's navigation, sees only the zone's goods,
// and the zone's own category menu leads to the list with the zone's query.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, signIn, useBrowserMarketplace, visit, reload } from '../testkit/browser';

describe.skipIf(!chromiumPath)('the zones in the browser', () => {
  const suite = useBrowserMarketplace();

  const count = async (sql: string, params: readonly (string | number)[] = []): Promise<number> => {
    const [row] = await suite.m.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) AS q`, params);
    return row?.n ?? 0;
  };
  /** The goods of a category and its descendants, as the list narrows them. */
  const inCategory = `SELECT gc.goods_id FROM goods_categories gc WHERE gc.category_id IN (
    WITH RECURSIVE sub AS (SELECT id FROM categories WHERE id = $1
      UNION ALL SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id) SELECT id FROM sub)`;

  const totalShown = async (page: Page): Promise<number> => {
    const text = page.getByText(/^共 \d+ 件商品$/);
    await text.waitFor({ timeout: 15_000 });
    return Number((await text.innerText()).replace(/\D/g, ''));
  };

  /** Opens the header's category menu as a mouse does and follows its first top-level category. */
  const followFirstCategory = async (page: Page, menuName: string): Promise<string> => {
    const menu = page.getByRole('navigation', { name: menuName });
    await menu.getByRole('heading', { name: menuName }).hover();
    const first = menu.getByRole('listitem').first().getByRole('link').first();
    const name = (await first.innerText()).trim();
    await first.click();
    return name;
  };

  it('reaches /yx from the home nav: preferred goods only, its table, its menu keeps yx=1', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, suite.m.gatewayUrl, { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '优选专区' }).click();
    await page.waitForURL((url) => url.pathname === '/yx');
    await expect.poll(() => page.title()).toBe('优选专区-药采网');
    await page.getByRole('heading', { level: 1, name: '优选专区' }).waitFor();

    const preferred = await count('SELECT id FROM goods WHERE is_youx = 1');
    expect(preferred).toBeGreaterThan(20);
    expect(preferred).toBeLessThan(await count('SELECT id FROM goods'));
    await expect.poll(() => totalShown(page), { timeout: 10_000 }).toBe(preferred);
    expect(await page.getByRole('article').count()).toBe(20);
    // The zone's banner leads somewhere real.
    expect(await page.getByRole('img', { name: '优选专区' }).count()).toBeGreaterThan(0);

    // The same list as a table, under the zone's own address.
    await page.getByRole('navigation', { name: '显示方式' }).getByRole('link', { name: '列表' }).click();
    await page.waitForURL((url) => url.pathname === '/yx/table');
    const table = page.getByRole('grid', { name: '优选专区商品' });
    await table.waitFor({ timeout: 10_000 });
    expect(await table.getByRole('row').count()).toBe(21);
    await expect.poll(() => totalShown(page), { timeout: 10_000 }).toBe(preferred);

    // The header shows the preferred tree; a category from it stays in the zone.
    const category = await followFirstCategory(page, '优选商品分类');
    await page.waitForURL((url) => url.pathname === '/list' && url.searchParams.get('yx') === '1');
    const categoryId = new URL(page.url()).searchParams.get('select') ?? '';
    const [row] = await suite.m.db.query<{ kind: string; name: string }>(
      'SELECT kind, name FROM categories WHERE id = $1',
      [Number(categoryId)],
    );
    expect(row).toEqual({ kind: 'yx', name: category });
    await page.getByRole('heading', { level: 1, name: '优选分类商品' }).waitFor();
    const expected = await count(`SELECT id FROM goods WHERE is_youx = 1 AND id IN (${inCategory})`, [categoryId]);
    expect(expected).toBeGreaterThan(0);
    await expect.poll(() => totalShown(page), { timeout: 10_000 }).toBe(expected);
    // The zone's list keeps the zone's menu, so the next category chosen stays in the zone as well.
    expect(await page.getByRole('navigation', { name: '全部商品分类' }).count()).toBe(0);
    await followFirstCategory(page, '优选商品分类');
    await page.waitForURL((url) => url.searchParams.get('yx') === '1');
    await visit(page, `${suite.m.gatewayUrl}/list?category=${categoryId}`);
    await page.getByRole('navigation', { name: '全部商品分类' }).waitFor({ timeout: 10_000 });

    // The rules open on their own, without the frame.
    await visit(page, `${suite.m.gatewayUrl}/yx/rule`);
    await page.getByRole('heading', { level: 1, name: '优选规则' }).waitFor();
    await expect.poll(() => page.title()).toBe('优选规则-药采网');
    expect(await page.getByRole('navigation', { name: '主导航' }).count()).toBe(0);
    await page.close();
  });

  it('reaches /zyyp from the home nav: herbal goods only, and its menu lists the herbal tree', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, suite.m.gatewayUrl, { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '中药专区' }).click();
    await page.waitForURL((url) => url.pathname === '/zyyp');
    await expect.poll(() => page.title()).toBe('中药专区-药采网');

    const herbal = await count('SELECT id FROM goods WHERE type = 1');
    expect(herbal).toBeGreaterThan(20);
    await expect.poll(() => totalShown(page), { timeout: 10_000 }).toBe(herbal);
    expect(await page.getByRole('article').count()).toBe(20);

    const category = await followFirstCategory(page, '中药商品分类');
    await page.waitForURL((url) => url.pathname === '/list' && url.searchParams.has('select'));
    const params = new URL(page.url()).searchParams;
    expect(params.has('yx')).toBe(false);
    const categoryId = params.get('select') ?? '';
    const [row] = await suite.m.db.query<{ kind: string; name: string }>(
      'SELECT kind, name FROM categories WHERE id = $1',
      [Number(categoryId)],
    );
    expect(row).toEqual({ kind: 'zy', name: category });
    // The list replaces the zone's page in place: poll until it shows its own total, not the zone's.
    const inThisCategory = await count(`SELECT id FROM goods WHERE id IN (${inCategory})`, [categoryId]);
    await expect.poll(() => totalShown(page), { timeout: 10_000 }).toBe(inThisCategory);

    // The menu of every other page is the whole catalogue again.
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '器械专区' }).click();
    await page.waitForURL((url) => url.pathname === '/qxzq');
    await page.getByRole('navigation', { name: '器械商品分类' }).waitFor({ timeout: 10_000 });
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '每日特价' }).click();
    await page.waitForURL((url) => url.pathname === '/mrtj');
    await page.getByRole('navigation', { name: '全部商品分类' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('list', { name: '特价商品' }).getByRole('listitem').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('takes a coupon in the coupon centre once: signed in first, then 已领取', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, suite.m.gatewayUrl, { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '领券中心' }).click();
    await page.waitForURL((url) => url.pathname === '/lqzx');
    const coupons = page.getByRole('list', { name: '可领取的优惠券' });
    const offered = coupons.getByRole('listitem').filter({ has: page.getByRole('button', { name: '立即领取' }) });
    await offered.first().waitFor({ timeout: 10_000 });
    const name = (await offered.first().getAttribute('aria-label')) ?? '';

    // A visitor is sent to sign in and comes back to the centre.
    await offered.first().getByRole('button', { name: '立即领取' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/lqzx');
    await signIn(page, 'demo');
    await page.waitForURL((url) => url.pathname === '/lqzx', { timeout: 15_000 });

    const card = coupons.getByRole('listitem', { name, exact: true });
    await card.getByRole('button', { name: '立即领取' }).click();
    await page.getByText('领取成功', { exact: true }).first().waitFor({ timeout: 10_000 });
    await card.getByRole('button', { name: '已领取' }).waitFor({ timeout: 10_000 });
    expect(await card.getByRole('button', { name: '已领取' }).isDisabled()).toBe(true);

    // The upstream holds the buyer's coupon: a fresh page still says taken.
    await reload(page);
    await card.getByRole('button', { name: '已领取' }).waitFor({ timeout: 10_000 });
    await page.close();
  });

  it('PROMO-03, PROMO-05: adds a /welfare goods at its 9.4折 price, which the cart charges; an unknown template is /noActivity', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/login?redirect=%2Fwelfare`, { waitUntil: 'networkidle' });
    await signIn(page, 'demo2');
    await page.waitForURL((url) => url.pathname === '/welfare', { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: '全场9.4折 福利专场' }).waitFor({ timeout: 15_000 });
    const list = page.getByRole('list', { name: '福利专场商品' });
    const card = list.getByRole('article').first();
    await card.waitFor({ timeout: 15_000 });
    const name = (await card.getByRole('heading').first().innerText()).trim();
    // The card's detail link names the goods and the campaign whose price the cart charges.
    const href = (await card.locator('a[href*="goods_price_id"]').first().getAttribute('href')) ?? '';
    const goodsId = Number(/\/list\/info\/(\d+)/.exec(href)?.[1]);
    const [offer] = await suite.m.db.query<{ id: number; goods_id: number; price: number }>(
      `SELECT c.id, g.id AS goods_id, g.price FROM campaigns c JOIN campaign_goods cg ON cg.campaign_id = c.id
       JOIN goods g ON g.id = cg.goods_id WHERE c.kind = 'welfare' AND g.id = $1`,
      [goodsId],
    );
    if (offer === undefined) throw new Error(`${name} (${href}) is not a welfare goods`);
    const welfare = Math.floor((offer.price * 94) / 100);
    const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
    expect(await card.innerText()).toContain(yuan(welfare));

    await card.getByRole('button', { name: '加入购物车' }).click();
    await page.getByText('加入购物车成功', { exact: false }).first().waitFor({ timeout: 10_000 });
    const lines = await suite.m.db.query<{ goods_price_id: number }>(
      `SELECT c.goods_price_id FROM cart_lines c JOIN users u ON u.id = c.user_id
       WHERE u.username = 'demo2' AND c.goods_id = $1`,
      [offer.goods_id],
    );
    expect(lines.map((l) => l.goods_price_id)).toContain(offer.id);
    // The cart prices the line at the campaign's price, not the goods' own.
    await visit(page, `${suite.m.gatewayUrl}/cart`, { waitUntil: 'networkidle' });
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('checkbox', { name: `选择 ${name}` }) })
      .first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain(yuan(welfare));
    await suite.m.db.query(
      "DELETE FROM cart_lines WHERE goods_id = $1 AND user_id = (SELECT id FROM users WHERE username = 'demo2')",
      [offer.goods_id],
    );

    await visit(page, `${suite.m.gatewayUrl}/hdmb?id=99999`);
    await page.waitForURL((url) => url.pathname === '/noActivity', { timeout: 15_000 });
    await page.getByRole('link', { name: '去活动中心' }).waitFor();
    await page.close();
  });
});
