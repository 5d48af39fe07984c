// The e-contract in a real browser (CONTRACT-04, CONTRACT-05): demo4's company has not signed, so submitting its
// order lands on /dzht with the message; the buyer reads the contract, signs it there, goes back and the same order
// is placed. On a phone-sized screen, to hold the page to 390 px.
import { describe, expect, it } from 'vitest';
import { drawDismissKey } from '../../web/src/features/draw/lucky-draw';
import { axeViolations } from '../testkit/axe';
import { chromiumPath, placeOrder, signIn, useBrowserMarketplace, visit } from '../testkit/browser';

describe.skipIf(!chromiumPath)('signing the e-contract on the way to an order', () => {
  const suite = useBrowserMarketplace();

  it('CONTRACT-05: an unsigned buyer is sent to the contract, signs it, goes back and the order is placed', async () => {
    // A page of its own context (axe needs one), with the home's lucky-draw pop-up closed as suite.newPage does.
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    const running = await suite.m.db.query<{ id: number }>(
      'SELECT id FROM draws WHERE start_at <= now() AND end_at > now()',
    );
    await context.addInitScript(
      (keys: string[]) => {
        for (const key of keys) window.sessionStorage.setItem(key, '1');
      },
      running.map((d) => drawDismissKey(String(d.id))),
    );
    const page = await context.newPage();
    const origin = suite.m.gatewayUrl;
    await visit(page, `${origin}/login`);
    await signIn(page, 'demo4');
    await expect.poll(() => page.getByRole('link', { name: /购物车.*2/ }).count(), { timeout: 15_000 }).toBe(1);

    await visit(page, `${origin}/cart`);
    await page.getByRole('region', { name: '结算' }).getByRole('button', { name: '去结算' }).click();
    await page.waitForURL(/\/cart\/step2\?/, { timeout: 15_000 });
    const confirmUrl = new URL(page.url());
    await page.getByRole('button', { name: '提交订单' }).click();

    // 459: the message, and the contract page that knows where the buyer came from.
    await page.waitForURL(/\/dzht\?from=/, { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('from')).toBe(`${confirmUrl.pathname}${confirmUrl.search}`);
    const notice = page.getByRole('alertdialog');
    await expect.poll(() => notice.innerText(), { timeout: 10_000 }).toContain('请先签署电子合同后再下单');
    await notice.getByRole('button', { name: '确定' }).click();

    // The whole contract, filled for the buyer's company.
    await page.getByRole('heading', { level: 1, name: '药品购销合同（电子采购合同）' }).waitFor({ timeout: 15_000 });
    const text = page.getByRole('article', { name: '合同全文' });
    expect(await text.innerText()).toContain('甲方（采购方）：康泰医药零售');
    expect(await text.innerText()).toContain('第九条 争议解决');
    // The contract page itself fits the phone: nothing of it reaches past the screen's right edge.
    const overflowing = await page
      .getByRole('region', { name: '药品购销合同（电子采购合同）' })
      .evaluate(
        (section) =>
          Array.from(section.querySelectorAll('*')).filter((el) => el.getBoundingClientRect().right > 391).length,
      );
    expect(overflowing).toBe(0);
    // With the form showing, axe finds nothing (the signed page is checked by the messages-addresses suite).
    expect(await axeViolations(page)).toEqual([]);

    // The form: the contact's name is filled in; without agreeing nothing is sent.
    const form = page.getByRole('form', { name: '签署合同' });
    expect(await form.getByRole('textbox', { name: /签署人姓名/ }).inputValue()).toBe('王芳');
    await form.getByRole('button', { name: '签署合同' }).click();
    await form.getByText('请先阅读并同意合同条款').waitFor();
    await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await form.getByRole('button', { name: '签署合同' }).click();
    const confirm = page.getByRole('alertdialog', { name: '确认签署' });
    expect(await confirm.innerText()).toContain('确认以康泰医药零售的名义签署');
    await confirm.getByRole('button', { name: '确认签署' }).click();

    await page.getByText(/签署本合同，签署人：王芳/).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('form', { name: '签署合同' }).count()).toBe(0);

    // Back where the buyer was: the same order now goes through.
    await page.getByRole('button', { name: '返回继续下单' }).click();
    await page.waitForURL(/\/cart\/step2\?/, { timeout: 15_000 });
    await placeOrder(page);
    const [row] = await suite.m.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.username = 'demo4'",
    );
    expect(row?.n).toBe(1);
    await context.close();
  }, 150_000);
});
