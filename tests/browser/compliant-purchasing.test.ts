// Compliant purchasing as demo's pharmacy meets it (SCOPE-02, CREDIT-03, CREDIT-06): a cold-chain medicine its licences
// do not cover is marked 超出经营范围 on the list and its detail, priced but not addable; an everyday medicine goes
// through the cart and checkout and is paid on credit (账期支付) with the payment password; the order then stands on
// the 账期 page and in the month's statement (对账单), downloaded as a PDF.
import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { DEMO_PAY_PASSWORD } from '../../upstream/src/seed/pay-passwords';
import {
  actToReach,
  chromiumPath,
  networkSettled,
  placeOrder,
  signIn,
  useBrowserMarketplace,
  visit,
} from '../testkit/browser';

/** The words that describe a control (aria-describedby), as a screen reader reads them after its name. */
async function description(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

describe.skipIf(!chromiumPath)('compliant purchasing in the browser', () => {
  const suite = useBrowserMarketplace();

  it('marks goods outside the scope, then pays an order on credit and finds it in the month’s statement', async () => {
    const origin = suite.m.gatewayUrl;
    const page = await suite.newPage({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      acceptDownloads: true,
    });
    await visit(page, `${origin}/login`);
    await signIn(page, 'demo');

    // The first page of the catalogue holds a goods outside demo's scope: priced, marked, its button off and saying why.
    await visit(page, `${origin}/list`);
    const outside = page.locator('main article').filter({ hasText: '超出经营范围' }).first();
    await outside.waitFor({ timeout: 15_000 });
    expect(await outside.innerText()).toMatch(/¥\d/);
    const refused = outside.getByRole('button', { name: '加入购物车' });
    expect(await refused.isDisabled()).toBe(true);
    expect(await description(refused)).toContain('经营范围');
    const name = (await outside.getByRole('link').first().innerText()).trim();

    // Its detail page says the same (the page's own goods: other goods it lists have buttons of their own). The buyer
    // clicks once the list has come to rest, as they read it first.
    await networkSettled(page);
    await actToReach(page, () => outside.getByRole('link').first().click(), /\/list\/info\//, {
      what: `a click on ${name}`,
      timeout: 60_000,
    });
    const detail = page.locator('article[aria-labelledby="goods-name"]');
    await detail.getByText('超出经营范围').first().waitFor({ timeout: 15_000 });
    const detailButton = detail.getByRole('button', { name: '加入购物车' }).first();
    expect(await detailButton.isDisabled()).toBe(true);
    expect(await description(detailButton)).toContain('经营范围');

    // A goods within the scope goes into the cart and through checkout.
    await visit(page, `${origin}/list`);
    const inside = page
      .locator('main article')
      .filter({ hasNotText: '超出经营范围' })
      .filter({ has: page.getByRole('button', { name: '加入购物车', disabled: false }) })
      .first();
    expect(await inside.innerText()).not.toContain(name);
    await inside.getByRole('button', { name: '加入购物车' }).click();
    await expect.poll(() => page.getByRole('link', { name: /购物车.*[1-9]/ }).count(), { timeout: 15_000 }).toBe(1);
    await visit(page, `${origin}/cart`);
    await page.getByRole('region', { name: '结算' }).getByRole('button', { name: '去结算' }).click();
    await placeOrder(page);
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

    // 账期支付, within the line, after the payment password.
    const payPanel = page.getByRole('region', { name: '支付订单' });
    const credit = payPanel.getByRole('radio', { name: /账期支付/ });
    await credit.waitFor({ timeout: 15_000 });
    expect(await credit.isDisabled()).toBe(false);
    await credit.check();
    await payPanel.getByLabel('支付密码').fill(DEMO_PAY_PASSWORD);
    await payPanel.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(/\/cart\/step4\?order=/, { timeout: 15_000 });
    await page.getByRole('region', { name: '支付结果' }).getByText('支付成功').waitFor();

    // The 账期 page lists the order; the month's statement names it.
    await visit(page, `${origin}/wdqb/zq`);
    const charge = page.locator(`a[href="/order/info/${orderId}"]`);
    await charge.waitFor({ timeout: 15_000 });
    const orderSn = (await charge.innerText()).trim();
    expect(orderSn).toMatch(/^\d{16}$/);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: '下载对账单（PDF）' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
    expect(text.replace(/\s+/g, '')).toContain(orderSn);
    await page.close();
  }, 180_000);
});
