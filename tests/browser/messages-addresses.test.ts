// The account centre's address book and inbox in a real browser: a buyer adds a delivery address on /addr, choosing
// its province and city from the cascading selects, finds it among checkout's addresses and adds another there with
// the same form; a buyer reads a message on /wdxx and the unread count of the top bar and the side bar drops with it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../testkit/axe';
import { chromiumPath, searchByName, signIn, useBrowserMarketplace, visit } from '../testkit/browser';

describe.skipIf(!chromiumPath)('addresses and messages in the browser', () => {
  const suite = useBrowserMarketplace();

  const signedInPage = async (username: string): Promise<Page> => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/login`);
    await signIn(page, username);
    await expect.poll(() => page.getByRole('link', { name: /购物车/ }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    return page;
  };

  it('adds an address on /addr and offers it at checkout', async () => {
    const page = await signedInPage('demo2');
    await visit(page, `${suite.m.gatewayUrl}/zhzx_shdz`);
    await page.waitForURL(/\/addr$/);
    await page.getByRole('button', { name: '新增收货地址' }).click();
    const form = page.getByRole('form', { name: '新增收货地址' });
    await form.getByLabel('收货人').fill('赵药师');
    // A phone that breaks the rule is refused beside its field, and nothing is saved.
    await form.getByLabel('联系电话').fill('12345');
    await form.getByLabel('省份').selectOption('江苏省');
    await form.getByLabel('城市').selectOption('苏州市');
    await form.getByLabel('区县').fill('姑苏区');
    await form.getByLabel('详细地址').fill('人民路 88 号 康宁诊所苏州分部');
    await form.getByRole('button', { name: '保存地址' }).click();
    await expect.poll(() => form.getByText('请输入正确的手机号码').count(), { timeout: 5_000 }).toBeGreaterThan(0);
    await form.getByLabel('联系电话').fill('0512-65221234');
    await form.getByRole('button', { name: '保存地址' }).click();
    const list = page.getByRole('list', { name: '收货地址列表' });
    await expect.poll(() => list.getByText('赵药师').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => list.getByText(/江苏省苏州市姑苏区/).count()).toBe(1);

    // Checkout reads the same address book.
    await searchByName(page, '感冒灵');
    await page.getByRole('button', { name: '加入购物车' }).first().click();
    await expect.poll(() => page.getByRole('link', { name: /购物车.*[1-9]/ }).count(), { timeout: 10_000 }).toBe(1);
    await visit(page, `${suite.m.gatewayUrl}/cart`);
    await page.getByRole('region', { name: '结算' }).getByRole('button', { name: '去结算' }).click();
    await page.waitForURL(/\/cart\/step2\?lines=/);
    await expect
      .poll(() => page.getByRole('radio', { name: /赵药师 0512-65221234 江苏省苏州市姑苏区/ }).count(), {
        timeout: 15_000,
      })
      .toBe(1);

    // Checkout adds an address with the same form (ADR 0314): the same rules, the same cascading selects.
    await page.getByRole('button', { name: '+ 新增收货地址' }).click();
    const inline = page.getByRole('form', { name: '新增收货地址' });
    await inline.getByRole('button', { name: '保存地址' }).click();
    await inline.getByText('请填写收货人').waitFor({ timeout: 5_000 });
    await inline.getByLabel('收货人').fill('钱药师');
    await inline.getByLabel('联系电话').fill('13905710001');
    await inline.getByLabel('省份').selectOption('浙江省');
    await inline.getByLabel('城市').selectOption('杭州市');
    await inline.getByLabel('区县').fill('西湖区');
    await inline.getByLabel('详细地址').fill('文三路 388 号');
    await inline.getByRole('button', { name: '保存地址' }).click();
    await expect
      .poll(() => page.getByRole('radio', { name: /钱药师 13905710001 浙江省杭州市西湖区/, checked: true }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await page.close();
  }, 120_000);

  it('reads a message and the unread count drops in the top bar and the side bar', async () => {
    const page = await signedInPage('demo');
    await visit(page, `${suite.m.gatewayUrl}/wdxx`);
    const topBar = page.getByRole('region', { name: '会员与客服' });
    const countIn = async () => {
      const label = (await topBar.getByRole('link', { name: /^消息/ }).getAttribute('aria-label')) ?? '';
      return Number(/（(\d+) 条未读）/.exec(label)?.[1] ?? '0');
    };
    await expect.poll(countIn, { timeout: 15_000 }).toBeGreaterThan(0);
    const before = await countIn();
    const [row] = await suite.m.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages m JOIN users u ON u.id = m.user_id
       WHERE u.username = 'demo' AND m.read_at IS NULL`,
    );
    expect(before).toBe(row?.n);

    await page
      .getByRole('list', { name: '消息列表' })
      .getByRole('button', { name: /标为已读/ })
      .first()
      .click();
    await expect.poll(countIn, { timeout: 10_000 }).toBe(before - 1);
    const sideBar = page.getByRole('complementary', { name: '购物车' });
    await expect
      .poll(() => sideBar.getByRole('link', { name: `消息（${before - 1} 条未读）` }).count(), { timeout: 10_000 })
      .toBe(1);
    await page.close();
  }, 120_000);

  it('STORE-04: greets the buyer by the store it orders for, before and after switching to another', async () => {
    const page = await signedInPage('demo');
    const bar = page.getByRole('region', { name: '会员与客服' });
    await expect.poll(() => bar.innerText(), { timeout: 15_000 }).toContain('您好，仁心大药房（文三路总店）');
    await visit(page, `${suite.m.gatewayUrl}/ddgl`);
    await page.getByRole('button', { name: /切换到.*滨江店/ }).click();
    await page.getByRole('button', { name: '确定切换' }).click();
    await expect.poll(() => bar.innerText(), { timeout: 15_000 }).toContain('您好，仁心大药房（滨江店）');
  });

  // The pages of this part at 1440 px (with the credit account and the first-business documents), and those whose
  // layout changes most on a phone (the message list, the address form open, the payment password, the credit
  // account's tables as cards) at 390 px; each page a test of its own (tests/browser/accessibility.test.ts).
  let demoToken: string | undefined;
  it.each([
    ...['/wdxx', '/ddgl', '/bdwx', '/addr', '/dzht', '/wdqb/zfmm', '/wdqb/zq', '/syzl'].map((path) => ({
      width: 1440,
      path,
    })),
    ...['/wdxx', '/addr', '/wdqb/zfmm', '/wdqb/zq'].map((path) => ({ width: 390, path })),
  ])('has no axe violations on $path at $width px', async ({ width, path }) => {
    demoToken ??= await suite.m.login('demo');
    const page = await suite.readingPage(width, demoToken);
    await visit(page, `${suite.m.gatewayUrl}${path}`, { waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor({ timeout: 15_000 });
    if (path === '/addr') await page.getByRole('button', { name: '新增收货地址' }).click();
    expect(await axeViolations(page, `${width} ${path}`)).toEqual([]);
  });
});
