// Paying by bank transfer in a real browser (PAY-05..PAY-07): the platform's account on the pay page, the slip
// uploaded, the order waiting (待确认) on the pay page and in the order list, then the operator's confirmation.
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../testkit/axe';
import { chromiumPath, useBrowserMarketplace, visit } from '../testkit/browser';
import { DEMO_SELLER } from '../../upstream/src/config';
import { ADMIN_TOKEN } from '../testkit/marketplace';

// A 1×1 PNG: the upload judges the type by the content, so the slip must be a real image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe.skipIf(!chromiumPath)('a buyer paying by bank transfer in the browser', () => {
  const suite = useBrowserMarketplace();

  it('uploads the slip, sees the order wait for confirmation, and sees it paid once the platform confirms', async () => {
    const { db, gatewayUrl, upstreamUrl } = suite.m;
    const [buyer] = await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'demo'");
    const sn = `BT${Date.now()}`;
    const [order] = await db.query<{ id: number }>(
      `INSERT INTO orders (order_sn, user_id, idempotency_key, goods_amount, pay_amount)
       VALUES ($1, $2, $1, 45600, 45600) RETURNING id`,
      [sn, buyer?.id ?? 0],
    );
    const orderId = order?.id ?? 0;

    // Signed in by the session cookie, in a context of its own (axe reads the page through it).
    const token = await suite.m.login('demo');
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await context.addCookies([{ name: 'token', value: token, url: gatewayUrl }]);
    const page = await context.newPage();
    await visit(page, `${gatewayUrl}/cart/step3/${orderId}`);

    await page.getByRole('radio', { name: '对公转账' }).check();
    // PAY-05, INFO-08: the payee is the seller, the demo one when none is configured.
    const account = page.getByRole('definition').filter({ hasText: DEMO_SELLER.name });
    await expect.poll(() => account.count(), { timeout: 15_000 }).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    // Sent without a slip, the form says so and sends nothing; the slip uploaded clears it.
    await page.getByRole('button', { name: '提交转账凭证' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: '请先上传转账凭证' }).count()).toBe(1);
    await page.getByLabel('上传转账凭证').setInputFiles({ name: '回单.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.getByText('已上传：回单.png').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('请先上传转账凭证').count()).toBe(0);
    await page.getByRole('textbox', { name: '付款户名（选填）' }).fill('仁心大药房连锁有限公司');
    await page.getByRole('button', { name: '提交转账凭证' }).click();
    await expect.poll(() => page.getByText('订单状态：待确认').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByRole('radio', { name: '对公转账' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // ORDER-14: the waiting order is listed under 待确认, not 待付款.
    await visit(page, `${gatewayUrl}/order?status=CONFIRMING`);
    await expect.poll(() => page.getByText(sn).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const [transfer] = await db.query<{ id: number; status: string }>(
      'SELECT id, status FROM bank_transfers WHERE order_id = $1',
      [orderId],
    );
    expect(transfer?.status).toBe('pending');

    const confirmed = await fetch(`${upstreamUrl}/api/admin/payment/transfer/${transfer?.id ?? 0}/confirm`, {
      method: 'POST',
      headers: { 'x-admin-token': ADMIN_TOKEN },
    });
    expect(confirmed.status).toBe(200);
    await visit(page, `${gatewayUrl}/cart/step3/${orderId}`);
    await expect.poll(() => page.getByText('该订单无需支付').count(), { timeout: 15_000 }).toBe(1);
    const [paid] = await db.query<{ status: number; pay_method: string }>(
      'SELECT status, pay_method FROM orders WHERE id = $1',
      [orderId],
    );
    expect(paid).toEqual({ status: 1, pay_method: 'transfer' });
    await context.close();
  });
});
