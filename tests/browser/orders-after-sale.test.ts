// Orders after the sale in a real browser (AFTER-02..AFTER-08): the order centre with its tabs and counts, a done
// order's detail with its timeline and logistics, a return asked for with a photo, the operator's approve, receive
// and refund through the REST admin calls, and the refund in the balance (/wdqb/yegl). axe checks the new pages.
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../testkit/axe';
import { chromiumPath, fenOf, useBrowserMarketplace, visit, walletBalance } from '../testkit/browser';
import { ADMIN_TOKEN } from '../testkit/marketplace';

// The smallest PNG there is: one transparent pixel.
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe.skipIf(!chromiumPath)('orders after the sale in the browser', () => {
  const suite = useBrowserMarketplace();

  it('applies for a return on a done order, and sees the operator refund it into the balance', async () => {
    const origin = suite.m.gatewayUrl;
    // A context of its own (axe needs one), signed in by the session cookie, as the accessibility suite is.
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await context.addCookies([{ name: 'token', value: await suite.m.login('demo'), url: origin }]);
    const page = await context.newPage();
    const balanceBefore = await walletBalance(page, origin);
    const violations: string[] = [];

    // The order centre: the 已完成 tab shows its count, and the seeded done orders offer 申请售后.
    await visit(page, `${origin}/order_wddd`);
    await page.waitForURL(/\/order$/);
    const doneTab = page.getByRole('tab', { name: /已完成 \(\d+\)/ });
    await doneTab.waitFor({ timeout: 15_000 });
    await doneTab.click();
    await page.waitForURL(/status=DONE/);
    // The old tab's list stays while the done orders load: wait for the load to end before reading or checking it.
    await page.getByRole('progressbar', { name: '页面加载中' }).waitFor({ state: 'detached', timeout: 15_000 });
    const orders = page.getByRole('list', { name: '订单列表' });
    await orders.waitFor({ timeout: 15_000 });
    violations.push(...(await axeViolations(page, '/order?status=DONE')));

    // The detail of a seeded done order (upstream/src/seed/after-sale.ts): its timeline and logistics with the trace.
    // One paid from the balance, whose refund goes back to the balance (a credit order's restores the line, CREDIT-07).
    const [seeded] = await suite.m.db.query<{ order_sn: string }>(
      `SELECT o.order_sn FROM orders o JOIN users u ON u.id = o.user_id JOIN shipments s ON s.order_id = o.id
       WHERE u.username = 'demo' AND o.status = 3 AND o.pay_method = 'balance' ORDER BY o.id DESC LIMIT 1`,
    );
    if (seeded === undefined) throw new Error('the seed gave demo no shipped and done order');
    await orders.getByRole('link', { name: `订单 ${seeded.order_sn} 详情` }).click();
    await page.waitForURL(/\/order\/info\/\d+/);
    await page.getByRole('heading', { name: '订单跟踪' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByText('确认收货').count()).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page
          .getByRole('list', { name: /物流轨迹/ })
          .getByRole('listitem')
          .count(),
      )
      .toBeGreaterThan(0);
    violations.push(...(await axeViolations(page, '/order/info/:id')));
    const orderId = /\/order\/info\/(\d+)/.exec(page.url())?.[1] ?? '';
    // The old logistics address leads to the same detail.
    await visit(page, `${origin}/order_wddd_wl/${orderId}`);
    await page.waitForURL(new RegExp(`/order/info/${orderId}#logistics$`));

    // The after-sales page of the order: ask for one unit of the first line that can still be returned, with a photo.
    await visit(page, `${origin}/order_wddd_afterSalesInfo/${orderId}`);
    await page.waitForURL(new RegExp(`/order/afterSalesInfo/${orderId}$`));
    await page
      .getByRole('button', { name: /^申请退货：/ })
      .first()
      .click();
    const form = page.getByRole('form', { name: /申请退货：/ });
    await form.waitFor({ timeout: 10_000 });
    const quantity = form.getByRole('spinbutton', { name: /退货数量/ });
    await quantity.fill('1');
    await quantity.press('Tab');
    // Submitting without a reason is stopped beside the field; nothing is sent.
    await form.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(() => form.getByText('请选择退货原因').count()).toBe(1);
    await form.getByRole('radio', { name: '商品破损' }).check();
    await form.getByRole('textbox', { name: '问题描述' }).fill('外箱压损，一盒破裂');
    await form
      .getByLabel(/上传凭证照片/)
      .setInputFiles({ name: 'damage.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await expect
      .poll(() => form.getByRole('list', { name: '已上传的照片' }).getByRole('img').count(), { timeout: 15_000 })
      .toBe(1);
    violations.push(...(await axeViolations(page, '/order/afterSalesInfo/:id')));
    await form.getByRole('button', { name: '提交申请' }).click();

    // The return: requested, with its refund amount fixed.
    await page.waitForURL(/\/order\/returnInfo\/\d+/, { timeout: 15_000 });
    const returnId = /\/order\/returnInfo\/(\d+)/.exec(page.url())?.[1] ?? '';
    await expect.poll(() => page.getByText('待审核').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const refundText = await page.getByText(/^退款金额：/).innerText();
    const refund = fenOf(refundText);
    expect(refund).toBeGreaterThan(0);

    // The operator: approve, goods received, refund, through the REST admin calls.
    for (const step of ['approve', 'receive', 'refund']) {
      const answer = await fetch(`${suite.m.upstreamUrl}/api/admin/return/${returnId}/${step}`, {
        method: 'POST',
        headers: { 'x-admin-token': ADMIN_TOKEN },
      });
      expect(answer.status, step).toBe(200);
    }
    // A second refund is refused: exactly once.
    const again = await fetch(`${suite.m.upstreamUrl}/api/admin/return/${returnId}/refund`, {
      method: 'POST',
      headers: { 'x-admin-token': ADMIN_TOKEN },
    });
    expect(((await again.json()) as { code: number }).code).toBe(40062);

    await visit(page, `${origin}/order_wddd_returnInfo/${returnId}`);
    await page.waitForURL(new RegExp(`/order/returnInfo/${returnId}$`));
    await expect.poll(() => page.getByText('已退款').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    violations.push(...(await axeViolations(page, '/order/returnInfo/:id')));
    await page.getByRole('link', { name: '查看余额明细' }).click();
    await page.waitForURL(/\/wdqb\/yegl$/);
    const balance = page.getByTestId('wallet-balance');
    await balance.waitFor({ timeout: 15_000 });
    await expect.poll(async () => fenOf(await balance.innerText()), { timeout: 15_000 }).toBe(balanceBefore + refund);
    await expect.poll(() => page.getByText(/售后退款/).count(), { timeout: 15_000 }).toBeGreaterThan(0);

    await context.close();
    expect(violations).toEqual([]);
  }, 180_000);
});
