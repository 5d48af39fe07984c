// Quick purchase and buying an order again in a real browser (QUICK-01..QUICK-08): /kjcg lists what demo bought and
// one click puts a row in the cart with the header badge changing; a done order's 再次购买 shows a price that went up
// since, and confirming puts the order's goods in the cart. axe checks the page and the dialog.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../testkit/axe';
import { chromiumPath, useBrowserMarketplace, visit } from '../testkit/browser';

describe.skipIf(!chromiumPath)('quick purchase and buying again in the browser', () => {
  const suite = useBrowserMarketplace();

  async function signedInPage(width = 1440): Promise<Page> {
    const origin = suite.m.gatewayUrl;
    // A context of its own (axe needs one), signed in by the session cookie; no page here opens the home's pop-up.
    const context = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'zh-CN' });
    await context.addCookies([{ name: 'token', value: await suite.m.login('demo'), url: origin }]);
    return context.newPage();
  }

  async function demoId(): Promise<number> {
    const [row] = await suite.m.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'demo'");
    if (row === undefined) throw new Error('no demo buyer');
    return row.id;
  }

  it('QUICK-01, QUICK-03: lists what the buyer bought and adds a row to the cart, the badge changing at once', async () => {
    const demo = await demoId();
    await suite.m.db.query('DELETE FROM cart_lines WHERE user_id = $1', [demo]);
    const page = await signedInPage();
    await visit(page, `${suite.m.gatewayUrl}/zzfw_kjcg`);
    // The alias leads to /kjcg.
    await page.waitForURL(/\/kjcg$/);
    const table = page.getByRole('table', { name: '采购过的商品' });
    await table.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByRole('link', { name: '购物车 0 种商品' }).count(), { timeout: 10_000 }).toBe(1);
    const violations = await axeViolations(page, '/kjcg');

    const add = table.getByRole('button', { name: '加入购物车', exact: true }).first();
    await add.click();
    await expect.poll(() => page.getByRole('link', { name: '购物车 1 种商品' }).count(), { timeout: 10_000 }).toBe(1);
    const lines = await suite.m.db.query<{ number: number }>('SELECT number FROM cart_lines WHERE user_id = $1', [
      demo,
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.number).toBeGreaterThan(0);

    // A sort lives in the address and reorders the rows.
    await page.getByRole('combobox', { name: '排序' }).selectOption('times');
    await page.waitForURL(/order=times/);
    await table.waitFor();
    expect(violations).toEqual([]);
    await page.context().close();
  }, 150_000);

  it('QUICK-05, QUICK-08: a done order bought again shows a price that went up, and confirming fills the cart', async () => {
    const demo = await demoId();
    await suite.m.db.query('DELETE FROM cart_lines WHERE user_id = $1', [demo]);
    // A done order of demo whose goods can all go back to the cart today.
    const [order] = await suite.m.db.query<{ id: number }>(
      `SELECT o.id FROM orders o WHERE o.user_id = $1 AND o.status = 3
         AND NOT EXISTS (SELECT 1 FROM order_lines l JOIN goods g ON g.id = l.goods_id
                         WHERE l.order_id = o.id AND (g.is_buy <> 1 OR g.number < l.number OR l.combination_id IS NOT NULL
                           OR l.group_buy_id IS NOT NULL))
       ORDER BY o.id LIMIT 1`,
      [demo],
    );
    if (order === undefined) throw new Error('the seed has no done order of demo to buy again');
    const goods = await suite.m.db.query<{ goods_id: number; price: number }>(
      'SELECT DISTINCT ON (goods_id) goods_id, price FROM order_lines WHERE order_id = $1 ORDER BY goods_id, id',
      [order.id],
    );
    const [first] = goods;
    if (first === undefined) throw new Error('the order has no lines');
    // The price of its first goods goes up, above whatever the order paid and any ladder tier.
    await suite.m.db.query('UPDATE goods SET price = $2 WHERE id = $1', [first.goods_id, first.price + 1234]);
    await suite.m.db.query('DELETE FROM ladder_prices WHERE goods_id = $1', [first.goods_id]);

    const page = await signedInPage();
    await visit(page, `${suite.m.gatewayUrl}/order/info/${order.id}`);
    await page.getByRole('button', { name: '再次购买' }).click();
    const dialog = page.getByRole('alertdialog', { name: '再次购买' });
    await dialog.waitFor({ timeout: 10_000 });
    const changes = dialog.getByRole('list', { name: '商品变化' });
    await changes.waitFor({ timeout: 10_000 });
    await expect.poll(() => changes.getByText(/涨价/).count()).toBeGreaterThan(0);
    const violations = await axeViolations(page, 'buy-again dialog');

    await dialog.getByRole('button', { name: '加入购物车' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await expect
      .poll(() => page.getByRole('link', { name: `购物车 ${goods.length} 种商品` }).count(), { timeout: 10_000 })
      .toBe(1);
    const cart = await suite.m.db.query<{ goods_id: number }>(
      'SELECT goods_id FROM cart_lines WHERE user_id = $1 ORDER BY goods_id',
      [demo],
    );
    expect(cart.map((l) => l.goods_id)).toEqual(goods.map((g) => g.goods_id));
    expect(violations).toEqual([]);
    await page.context().close();
  }, 150_000);
});
