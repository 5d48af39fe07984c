// A pharmacy's weekly purchase list in a real browser: pasted from a spreadsheet on /cgqd, matched (one row by its
// approval number, one name several goods share, one the catalogue does not have), reviewed (a candidate chosen,
// the unmatched row dropped) and put in the cart in one confirmation, the header's cart count following.
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { chromiumPath, signIn, useBrowserMarketplace, visit } from '../testkit/browser';

describe.skipIf(!chromiumPath)('importing a purchase list (IMPORT-01..IMPORT-06)', () => {
  const suite = useBrowserMarketplace();

  it('IMPORT-06: pastes a list, chooses a candidate, drops the unmatched row and the cart count follows', async () => {
    const { m } = suite;
    await m.db.query("DELETE FROM cart_lines WHERE user_id = (SELECT id FROM users WHERE username = 'demo')");
    // A buyable goods whose approval number is its own, and a name several buyable goods share.
    const [exact] = await m.db.query<{ id: number; name: string; pzwh: string }>(
      `SELECT g.id, g.name, g.pzwh FROM goods g WHERE g.is_buy = 1 AND g.number > 50 AND g.pzwh LIKE '国药准字%'
         AND (SELECT count(*) FROM goods o WHERE o.pzwh = g.pzwh) = 1 ORDER BY g.id LIMIT 1`,
    );
    const [shared] = await m.db.query<{ name: string }>(
      `SELECT name FROM goods WHERE is_buy = 1 AND number > 50 GROUP BY name HAVING count(*) > 2
       ORDER BY name LIMIT 1`,
    );
    if (!exact || !shared) throw new Error('the seed lacks the goods this test needs');

    // Its own context, as axe asks; the page never passes the home page, so the draw pop-up cannot open over it.
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await visit(page, `${m.gatewayUrl}/login?redirect=%2Fzzfw_cgqd`);
    await signIn(page, 'demo');
    await page.waitForURL(/\/cgqd$/, { timeout: 15_000 });
    await expect.poll(() => page.getByRole('link', { name: '购物车 0 种商品' }).count(), { timeout: 15_000 }).toBe(1);

    const list = [
      '品名\t规格\t生产厂家\t批准文号\t数量',
      `某个别名\t\t\t${exact.pzwh}\t3`,
      `${shared.name}\t\t\t\t2`,
      '目录里没有的药品\t10片\t某某制药\t\t5',
    ].join('\n');
    await page.getByLabel('采购单内容（从 Excel 或 WPS 表格中复制）').fill(list);
    await page.getByRole('button', { name: '识别商品' }).click();
    await expect
      .poll(() => page.getByText('共识别 3 行：已匹配 1 行，待选择 1 行，未找到 1 行').count(), { timeout: 15_000 })
      .toBe(1);

    // The exact row starts chosen; the ambiguous one waits, so only one line would go in yet.
    await expect
      .poll(() => page.getByRole('radiogroup', { name: '第2行的商品' }).getByRole('radio', { checked: true }).count())
      .toBe(1);
    await expect.poll(() => page.getByRole('button', { name: '加入购物车（1种）' }).count()).toBe(1);
    const candidates = page.getByRole('radiogroup', { name: '第3行的商品' }).getByRole('radio');
    expect(await candidates.count()).toBeGreaterThan(1);
    await candidates.first().check();
    await expect
      .poll(() => page.getByText('商品库中没有找到这一行的商品，可以搜索后选择，或移除这一行。').count())
      .toBe(1);
    await page.getByRole('button', { name: '移除第4行' }).click();

    // Nothing on the page is unreachable to assistive technology, with the review showing.
    const axe = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // At 390 px the review fits the screen: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: '加入购物车（2种）' }).click();
    await expect.poll(() => page.getByText('已加入购物车2种商品').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('link', { name: '购物车 2 种商品' }).count(), { timeout: 10_000 }).toBe(1);
    const [cart] = await m.db.query<{ n: number; units: number }>(
      `SELECT count(*)::int AS n, sum(number)::int AS units FROM cart_lines
       WHERE user_id = (SELECT id FROM users WHERE username = 'demo')`,
    );
    expect(cart).toEqual({ n: 2, units: 5 });
    await context.close();
  }, 120_000);
});
