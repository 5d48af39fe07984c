// A pharmacy's weekly purchase list in a real browser: pasted from a spreadsheet on /cgqd, matched (one row by its
// approval number, one name several goods share, one the catalogue does not have), reviewed (a candidate chosen,
// the unmatched row dropped) and put in the cart in one confirmation, the header's cart count following.
import { describe, expect, it } from 'vitest';
import { DEMO_PAY_PASSWORD } from '../../upstream/src/seed/pay-passwords';
import { axeViolations } from '../testkit/axe';
import { chromiumPath, placeOrder, signIn, useBrowserMarketplace, visit } from '../testkit/browser';

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
    // Sent empty, the form layer says what is missing beside the field (nothing is sent).
    await page.getByRole('button', { name: '识别商品' }).click();
    await expect.poll(() => page.getByText('请粘贴采购单内容').count(), { timeout: 10_000 }).toBe(1);
    await page.getByLabel('采购单内容（从 Excel 或 WPS 表格中复制）').fill(list);
    await expect.poll(() => page.getByText('请粘贴采购单内容').count()).toBe(0);
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
    expect(await axeViolations(page)).toEqual([]);

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

  it('IMPORT-16, INVOICE-11, PAY-14: an ERP list with a title row goes to the cart, then to a 专票 order paid with the payment password', async () => {
    const { m } = suite;
    await m.db.query("DELETE FROM cart_lines WHERE user_id = (SELECT id FROM users WHERE username = 'demo')");
    // The company's title starts incomplete, so the 专票 must wait for it.
    await m.db.query(
      "DELETE FROM invoice_titles WHERE company_id = (SELECT company_id FROM users WHERE username = 'demo')",
    );
    const [goods] = await m.db.query<{ id: number; name: string; ypgg: string; sccj: string }>(
      `SELECT g.id, g.name, g.ypgg, g.sccj FROM goods g
       WHERE g.is_buy = 1 AND g.number > 50 AND g.is_hm = 0 AND g.pzwh LIKE '国药准字%'
         AND (SELECT count(*) FROM goods o WHERE o.name = g.name) = 1
       ORDER BY g.sales DESC, g.id LIMIT 1`,
    );
    if (!goods) throw new Error('the seed lacks a goods of its own name');

    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await visit(page, `${m.gatewayUrl}/login?redirect=%2Fcgqd`);
    await signIn(page, 'demo');
    await page.waitForURL(/\/cgqd$/, { timeout: 15_000 });

    // As an ERP exports it: a title row above the header, 订货量 and 产地/厂家 as its column names.
    const list = [
      '仁心大药房 本月采购计划',
      '序号\t通用名\t规格\t产地/厂家\t订货量',
      `1\t${goods.name}\t${goods.ypgg}\t${goods.sccj}\t7`,
    ].join('\n');
    await page.getByLabel('采购单内容（从 Excel 或 WPS 表格中复制）').fill(list);
    await page.getByRole('button', { name: '识别商品' }).click();
    await expect.poll(() => page.getByText('第2行是表头，它上面的标题行已跳过。').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByLabel('第5列「订货量」').inputValue()).toBe('QUANTITY');
    await page.getByRole('button', { name: '加入购物车（1种）' }).click();
    await expect.poll(() => page.getByRole('link', { name: '购物车 1 种商品' }).count(), { timeout: 15_000 }).toBe(1);
    const [line] = await m.db.query<{ id: number; number: number }>(
      "SELECT id, number FROM cart_lines WHERE user_id = (SELECT id FROM users WHERE username = 'demo')",
    );
    expect(line?.number).toBe(7);

    // The confirm page offers the 专票 only once the title is complete, and says where to complete it.
    const confirmUrl = `${m.gatewayUrl}/cart/step2?lines=${line?.id ?? 0}`;
    await visit(page, confirmUrl);
    const special = page.getByRole('radio', { name: '增值税电子专用发票' });
    await special.waitFor({ timeout: 15_000 });
    await expect.poll(() => special.isDisabled(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: '去完善发票抬头' }).click();
    await page.waitForURL(/\/fptt$/);
    await page.getByLabel('注册地址').fill('浙江省杭州市西湖区文三路 388 号');
    await page.getByLabel('注册电话').fill('0571-88886666');
    await page.getByLabel('开户银行').fill('中国工商银行杭州文三路支行');
    await page.getByLabel('银行账号').fill('1202020109900012345');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByText('尚未保存发票抬头').count(), { timeout: 15_000 }).toBe(0);

    await visit(page, confirmUrl);
    await expect.poll(() => special.isDisabled(), { timeout: 15_000 }).toBe(false);
    await special.check();
    await placeOrder(page);
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());

    // The balance pays only with the payment password.
    const payPanel = page.getByRole('region', { name: '支付订单' });
    await payPanel.getByRole('radio', { name: /余额支付/ }).check();
    await payPanel.getByLabel('支付密码').fill(DEMO_PAY_PASSWORD);
    await payPanel.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(/\/cart\/step4\?order=/, { timeout: 15_000 });
    const [order] = await m.db.query<{ status: number; invoice_type: number; number: number }>(
      `SELECT o.status, o.invoice_type, l.number FROM orders o JOIN order_lines l ON l.order_id = o.id
       WHERE o.id = $1`,
      [orderId],
    );
    expect(order).toEqual({ status: 1, invoice_type: 2, number: 7 });
    await context.close();
  }, 180_000);
});
