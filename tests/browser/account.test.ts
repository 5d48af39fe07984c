// 会员中心 (/user) in a real browser: a member reaches it from the top bar and reads their company, account manager,
// balance, unused coupons and cart lines there, and goes on from it to the order list; a visitor who opens it, by
// address or from the side bar of another page, is sent to sign in and brought back to it.
import { print } from 'graphql';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AccountPageDocument } from '../../web/src/gql/graphql';
import { chromiumPath, networkSettled, signIn, useBrowserMarketplace, visit } from '../testkit/browser';

interface Holdings {
  company: string;
  /** STORE-04: who the top bar greets, the login's store or else its company. */
  greeting: string;
  manager: string;
  unusedCoupons: number;
  cartLines: number;
}

/** Fen as buyers read them, written out here rather than taken from the web's code: 1234567 -> "¥12,345.67". */
function yuan(fen: number): string {
  const whole = Math.floor(fen / 100)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, ',');
  return `¥${whole}.${String(fen % 100).padStart(2, '0')}`;
}

describe.skipIf(!chromiumPath)('the member centre in the browser', () => {
  const suite = useBrowserMarketplace();

  /** What the store holds for `username`, read beside the web rather than through it. */
  const holdingsOf = async (username: string): Promise<Holdings> => {
    const [row] = await suite.m.db.query<Holdings>(
      `SELECT c.name AS company, COALESCE(NULLIF(u.store_name, ''), c.name) AS greeting, am.name AS manager,
              (SELECT count(*)::int FROM user_coupons uc JOIN coupons k ON k.id = uc.coupon_id
                WHERE uc.user_id = u.id AND uc.status = 0 AND k.end_at >= now()) AS "unusedCoupons",
              (SELECT count(*)::int FROM cart_lines cl WHERE cl.user_id = u.id) AS "cartLines"
         FROM users u JOIN companies c ON c.id = u.company_id
         LEFT JOIN account_managers am ON am.id = c.account_manager_id
        WHERE u.username = $1`,
      [username],
    );
    if (!row) throw new Error(`no seeded buyer ${username}`);
    return row;
  };

  const summaryOf = (page: Page) => page.getByRole('region', { name: '账户概况' });

  it('takes a member from the top bar to their company and balance, and on to the order list', async () => {
    // A balance no other suite and no default produces, so the page can only be showing this store's answer.
    const balance = 1_234_567;
    await suite.m.db.query('UPDATE users SET balance = $1 WHERE username = $2', [balance, 'demo']);
    await suite.m.db.query(
      `INSERT INTO cart_lines (user_id, goods_id, number)
       SELECT u.id, g.id, 2 FROM users u, (SELECT id FROM goods WHERE is_buy = 1 AND number > 10 ORDER BY id LIMIT 2) g
       WHERE u.username = 'demo'`,
    );
    const held = await holdingsOf('demo');
    expect(held.cartLines).toBeGreaterThan(0);
    expect(held.unusedCoupons).toBeGreaterThan(0);

    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, suite.m.gatewayUrl, { waitUntil: 'networkidle' });
    const topBar = page.getByRole('region', { name: '会员与客服' });
    await topBar.getByRole('link', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, 'demo');
    await page.waitForURL((url) => url.pathname === '/');

    const pageReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql') && (request.postData() ?? '').includes('"operationName":"AccountPage"')) {
        pageReads.push(request.url());
      }
    });
    await topBar.getByRole('link', { name: '会员中心' }).click();
    await page.waitForURL((url) => url.pathname === '/user');
    const summary = summaryOf(page);
    await summary.getByRole('heading', { name: held.company }).waitFor({ timeout: 15_000 });
    // The route's loader read it; the page renders that answer rather than asking again.
    await networkSettled(page);
    expect(pageReads).toHaveLength(1);
    await expect.poll(() => page.title()).toMatch(/^会员中心-/);
    const text = await summary.innerText();
    expect(text).toContain(yuan(balance));
    expect(text).toContain(held.manager);
    expect(text).toMatch(new RegExp(`可用优惠券\\s*${held.unusedCoupons}\\s*张`));
    expect(text).toMatch(new RegExp(`购物车商品\\s*${held.cartLines}\\s*种`));

    // The order shortcuts open the list on the status tab they name.
    await page.getByRole('link', { name: '待付款', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/order' && url.searchParams.get('status') === 'UNPAID');
    await page.getByRole('tab', { name: '待付款', selected: true }).waitFor({ timeout: 15_000 });
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/user');

    await page.getByRole('link', { name: '我的订单', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/order' && url.search === '');
    await page.getByRole('heading', { level: 1, name: '我的订单' }).waitFor({ timeout: 15_000 });
    await page.getByRole('tab', { name: '全部', selected: true }).waitFor();
    await page.close();
  }, 60_000);

  it('CART-24: reads the whole page in one operation, asking the upstream once for each thing it shows', async () => {
    const token = await suite.m.login('demo');
    suite.m.resetCalls();
    const { body } = await suite.m.gql<{ me: { company: string } | null }>(
      print(AccountPageDocument),
      {},
      { authorization: `Bearer ${token}` },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.me?.company).toBe((await holdingsOf('demo')).company);
    expect([...suite.m.calls].sort()).toEqual(
      // The cart's line count without pricing the cart (CART-24).
      ['GET /api/cart/total', 'GET /api/user/base', 'GET /api/user/couponNum', 'GET /api/user/user_money'].sort(),
    );
  });

  it('SHELL-15, AUTH-10: the login page asks nothing of the base; signing in and out each load a fresh document', async () => {
    const held = await holdingsOf('demo');
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    suite.m.resetCalls();
    await visit(page, `${suite.m.gatewayUrl}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('用户名').waitFor();
    // SHELL-15: the frame of the login page leaves the buyer's base data (and the header's menus) out.
    expect(suite.m.calls).not.toContain('GET /api/user/base');
    expect(suite.m.calls).not.toContain('GET /api/focus/common');

    // A mark only this document carries: a fresh document after signing in has none.
    await page.evaluate(() => Object.assign(window, { previousDocument: true }));
    await signIn(page, 'demo');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    const topBar = page.getByRole('region', { name: '会员与客服' });
    await topBar.getByText(held.greeting).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => 'previousDocument' in window)).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem('pharma:session-changed'))).toBeNull();

    // Moving on inside the site keeps the document: the flag was used once.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await topBar.getByRole('link', { name: '会员中心' }).click();
    await page.waitForURL((url) => url.pathname === '/user');
    await summaryOf(page).getByRole('heading', { name: held.company }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    // SHELL-15: on the member centre the top bar still names the store (STORE-04), from what is known.
    await topBar.getByText(held.greeting).waitFor();

    // AUTH-08: a failed logout shows the error and leaves the buyer signed in, on the same document.
    await page.route('**/graphql', (route) =>
      (route.request().postData() ?? '').includes('"operationName":"Logout"')
        ? route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({
              data: null,
              errors: [
                { message: '退出失败，请稍后再试', extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40099 } },
              ],
            }),
          })
        : route.continue(),
    );
    await topBar.getByRole('button', { name: '安全退出' }).click();
    const refused = page.getByRole('alertdialog', { name: '温馨提示' });
    await refused.getByText('退出失败，请稍后再试').waitFor({ timeout: 10_000 });
    await refused.getByRole('button', { name: '确定' }).click();
    await refused.waitFor({ state: 'detached' });
    await topBar.getByText(held.greeting).waitFor();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await page.unrouteAll();

    // AUTH-10: a successful logout removes the flag and reloads the page.
    await page.evaluate(() => sessionStorage.setItem('pharma:session-changed', '1'));
    await topBar.getByRole('button', { name: '安全退出' }).click();
    await topBar.getByRole('link', { name: '登录', exact: true }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem('pharma:session-changed'))).toBeNull();
    await page.close();
  }, 60_000);

  /** A visitor sent from the member centre to sign in signs in as demo and lands back on it, their company shown. */
  async function signInBackToMemberCentre(page: Page, company: string) {
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/user', {
      timeout: 15_000,
    });
    await signIn(page, 'demo');
    await page.waitForURL((url) => url.pathname === '/user', { timeout: 15_000 });
    await summaryOf(page).getByRole('heading', { name: company }).waitFor({ timeout: 15_000 });
  }

  it('sends a visitor who opens it to sign in, and back to it afterwards', async () => {
    const held = await holdingsOf('demo');
    const page = await suite.newPage({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/user`);
    await signInBackToMemberCentre(page, held.company);
    await page.close();
  }, 60_000);

  it('brings a visitor who follows 我的账户 from another page back to the member centre, not to that page', async () => {
    const held = await holdingsOf('demo');
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/list`, { waitUntil: 'networkidle' });
    await page.getByRole('complementary', { name: '购物车' }).getByRole('link', { name: '我的账户' }).click();
    await signInBackToMemberCentre(page, held.company);
    await page.close();
  }, 60_000);

  it('ERR-07, API-03: a request the gateway has not answered in 30 s says 请求超时，请刷新页面 and offers a refresh', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    // The page's clock is Playwright's, so the 30 s pass in a moment.
    await page.clock.install();
    await visit(page, suite.m.gatewayUrl, { waitUntil: 'networkidle' });
    await page.evaluate(() => Object.assign(window, { beforeRefresh: true }));
    // The points mall's own query is stalled: the connection stays open and nothing ever answers.
    await page.route('**/graphql', (route) =>
      (route.request().postData() ?? '').includes('"operationName":"PointsMall"') ? undefined : route.continue(),
    );
    const stalled = page.waitForRequest((request) =>
      (request.postData() ?? '').includes('"operationName":"PointsMall"'),
    );
    await page.getByRole('region', { name: '会员与客服' }).getByRole('link', { name: '积分商城' }).click();
    await stalled;
    const dialog = page.getByRole('alertdialog', { name: '温馨提示' });
    await page.clock.runFor(29_000);
    expect(await dialog.count()).toBe(0);
    await page.clock.runFor(1_500);
    await dialog.getByText('请求超时，请刷新页面').waitFor({ timeout: 10_000 });
    // 刷新 loads the page anew.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await dialog.getByRole('button', { name: '刷新' }).click();
    await expect.poll(() => page.evaluate(() => 'beforeRefresh' in window), { timeout: 15_000 }).toBe(false);
    await page.close();
  }, 60_000);
});
