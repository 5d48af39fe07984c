// The points mall (/jfsc) as a visitor and as a buyer who exchanges in the dialog; axe on the page and the dialog.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../testkit/axe';
import { chromiumPath, useBrowserMarketplace, visit } from '../testkit/browser';

/** The figure after 可用积分 in the mall's head, as a number. */
async function shownPoints(page: Page): Promise<number> {
  const text = await page.getByText(/^可用积分/).innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

/** Pages here wait on a shared, busy machine: polls get the time a page load may take. */
const WAIT = { timeout: 15_000 };

describe.skipIf(!chromiumPath)('the points mall in a browser', () => {
  const suite = useBrowserMarketplace();

  it('MALL-01: a visitor at 390 px sees the shelf with prices and stock and is sent to sign in to exchange', async () => {
    // axe needs a page of a context of its own (not browser.newPage); the mall has no lucky-draw pop-up to dismiss.
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await visit(page, `${suite.m.gatewayUrl}/jfsc`, { waitUntil: 'networkidle' });
    const shelf = page.getByRole('list', { name: '积分商品' });
    await expect.poll(async () => shelf.getByRole('listitem').count(), WAIT).toBe(12);
    const card = shelf.getByRole('listitem', { name: '电子体温计' });
    await expect.poll(async () => card.innerText(), WAIT).toMatch(/200\s*积分[\s\S]*库存 120 件[\s\S]*每人限兑 5 件/);
    const image = card.getByRole('img', { name: '电子体温计' });
    await expect.poll(async () => image.evaluate((img: HTMLImageElement) => img.naturalWidth), WAIT).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('link', { name: '登录后兑换电子体温计' }).click();
    await page.waitForURL(/\/login\?redirect=%2Fjfsc/);
    await context.close();
  }, 120_000);

  it('MALL-02, MALL-06: a buyer exchanges in the dialog; the points, the card and the points orders follow', async () => {
    const token = await suite.m.login('demo');
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await context.addCookies([{ name: 'token', value: token, url: suite.m.gatewayUrl }]);
    await visit(page, `${suite.m.gatewayUrl}/jfsc`, { waitUntil: 'networkidle' });
    await page.getByText(/^可用积分/).waitFor();
    const before = await shownPoints(page);
    const card = page.getByRole('listitem', { name: '电子体温计' });
    await card.getByRole('button', { name: '立即兑换：电子体温计' }).click();
    const dialog = page.getByRole('alertdialog', { name: '兑换 电子体温计' });
    // The default address is chosen before the buyer does anything.
    await expect.poll(async () => dialog.getByRole('radio', { checked: true }).count(), WAIT).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    const quantity = dialog.getByRole('spinbutton', { name: '兑换数量' });
    await quantity.fill('2');
    await quantity.press('Tab');
    await expect.poll(async () => dialog.innerText(), WAIT).toContain(`共需 400 积分`);
    await dialog.getByRole('button', { name: '确认兑换' }).click();
    const done = page.getByRole('alertdialog', { name: '兑换成功' });
    await expect.poll(async () => done.innerText(), WAIT).toMatch(/JF\d{14}[\s\S]*电子体温计 × 2[\s\S]*400/);
    await done.getByRole('button', { name: '完成' }).click();
    // The answer updated the cache: the balance and the card changed without reading the page again.
    await expect.poll(async () => shownPoints(page), WAIT).toBe(before - 400);
    await expect.poll(async () => card.innerText(), WAIT).toMatch(/库存 118 件[\s\S]*已兑 \d+ 件/);
    await page.getByRole('link', { name: '积分订单' }).click();
    await page.waitForURL(/\/jfdd$/);
    await expect
      .poll(() => page.getByRole('list', { name: '积分订单列表' }).getByRole('listitem').first().innerText())
      .toMatch(/电子体温计[\s\S]*200 积分 × 2[\s\S]*共 400 积分/);
    await context.close();
  }, 120_000);
});
