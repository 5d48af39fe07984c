// The account centre in a real browser (issue 11, part A1): demo2, whose clinic's GSP certificate has expired, is
// warned in the top bar, corrects its contact on /basic (a phone that breaks the rule is refused beside the field),
// and uploads a new scan of the certificate on /zzzj, which then waits for the platform's review; the scan is read
// back through the gateway by its owner only.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chromiumPath, signIn, useBrowserMarketplace, visit } from '../testkit/browser';

/** A real PNG of one pixel, as a phone's camera would send a much larger one. */
function onePixelPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])),
    chunk('IDAT', deflateSync(Buffer.from([0, 200, 30, 30]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.skipIf(!chromiumPath)('the account centre in the browser', () => {
  const suite = useBrowserMarketplace();

  it('edits the contact on /basic and sends a new GSP certificate for review on /zzzj', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/login`);
    await signIn(page, 'demo2');
    const topBar = page.getByRole('region', { name: '会员与客服' });
    await topBar.getByRole('link', { name: '您的GSP证书已过期，请更新资质后再下单' }).waitFor({ timeout: 15_000 });

    // /zhzx is the account centre's old address: it opens basic info.
    await visit(page, `${suite.m.gatewayUrl}/zhzx`);
    await page.waitForURL((url) => url.pathname === '/basic');
    await page.getByRole('heading', { level: 1, name: '基本信息' }).waitFor({ timeout: 15_000 });
    await page.getByRole('list', { name: '经营范围' }).getByText('中成药').waitFor();

    const contact = page.getByRole('form', { name: '联系人信息' });
    await contact.getByLabel('联系人').fill('陈静（店长）');
    await contact.getByLabel('联系电话').fill('12345');
    await contact.getByRole('button', { name: '保存' }).click();
    await contact.getByText('请输入正确的手机号码或固定电话（如 020-12345678）').waitFor();
    await contact.getByLabel('联系电话').fill('025-83456789');
    await contact.getByRole('button', { name: '保存' }).click();
    await page.getByText('联系人信息已保存').first().waitFor({ timeout: 15_000 });
    const [saved] = await suite.m.db.query<{ name: string; phone: string }>(
      "SELECT name, phone FROM users WHERE username = 'demo2'",
    );
    expect(saved).toEqual({ name: '陈静（店长）', phone: '025-83456789' });

    // The documents: the expired GSP certificate, a new scan of it, and the review it waits for.
    await page.getByRole('navigation').getByRole('link', { name: '资质证件' }).first().click();
    await page.waitForURL((url) => url.pathname === '/zzzj');
    const gsp = page.getByRole('listitem', { name: 'GSP证书' });
    await gsp.getByText('已过期', { exact: true }).waitFor({ timeout: 15_000 });
    await gsp.getByRole('button', { name: '上传新的GSP证书' }).click();
    const input = gsp.getByLabel('新的GSP证书扫描件');
    // A file of the wrong kind is refused before anything is sent.
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('GSP') });
    await gsp.getByText('只能上传JPG、PNG图片或PDF文件').waitFor();
    await input.setInputFiles({ name: 'GSP证书2026.png', mimeType: 'image/png', buffer: onePixelPng() });
    await gsp.getByText('审核中', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByText('GSP证书已提交，等待平台审核').first().waitFor();

    const [review] = await suite.m.db.query<{ file_id: number; status: string; name: string }>(
      `SELECT r.file_id, r.status, f.name FROM qualification_reviews r JOIN files f ON f.id = r.file_id
       JOIN qualifications q ON q.id = r.qualification_id JOIN users u ON u.company_id = q.company_id
       WHERE u.username = 'demo2' AND q.kind = 'gsp' ORDER BY r.id DESC LIMIT 1`,
    );
    expect(review).toMatchObject({ status: 'pending', name: 'GSP证书2026.png' });

    // The owner reads the scan through the gateway; another buyer's session gets the answer of an unknown file.
    const own = await page.request.get(`${suite.m.gatewayUrl}/files/${review?.file_id}`);
    expect(own.status()).toBe(200);
    expect(own.headers()['content-type']).toBe('image/png');
    expect(own.headers()['x-content-type-options']).toBe('nosniff');
    const other = await suite.m.login('demo');
    const theirs = await fetch(`${suite.m.gatewayUrl}/files/${review?.file_id}`, {
      headers: { authorization: `Bearer ${other}` },
    });
    expect(theirs.status).toBe(404);
    await page.close();
  }, 90_000);

  it('REQ-04: refuses an incomplete feedback beside its fields, keeps what was typed, and lists the one sent (390 px)', async () => {
    const page = await suite.newPage({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/login`);
    await signIn(page, 'demo2');
    await visit(page, `${suite.m.gatewayUrl}/yjfk`);
    const form = page.getByRole('form', { name: '提交意见反馈' });
    await form.getByRole('button', { name: '提交反馈' }).click();
    await form.getByText('请选择反馈类型').waitFor();
    await form.getByText('请填写反馈内容').waitFor();

    const text = `希望增加按效期筛选 ${Date.now()}`;
    await form.getByRole('radio', { name: '网站建议' }).check();
    await form.getByLabel('反馈内容').fill(text);
    await form.getByLabel('联系手机').fill('123');
    await form.getByRole('button', { name: '提交反馈' }).click();
    await form.getByText('请输入正确的手机号').waitFor();
    expect(await form.getByText('请选择反馈类型').count()).toBe(0);
    expect(await form.getByLabel('反馈内容').inputValue()).toBe(text);

    await form.getByLabel('联系手机').fill('13812345678');
    await form.getByRole('button', { name: '提交反馈' }).click();
    await page
      .getByRole('region', { name: '通知' })
      .getByText('感谢您的反馈，平台会尽快回复')
      .waitFor({ timeout: 15_000 });
    await page.getByRole('main').getByText(text).waitFor({ timeout: 15_000 });
    expect(await form.getByLabel('反馈内容').inputValue()).toBe('');
  });

  it('tells demo2 on the confirm page, before it presses anything, that its expired GSP certificate stops the order', async () => {
    await suite.m.db.query(
      `INSERT INTO cart_lines (user_id, goods_id, number)
       SELECT u.id, g.id, 1 FROM users u, (SELECT id FROM goods WHERE is_buy = 1 AND number > 10 ORDER BY id LIMIT 1) g
       WHERE u.username = 'demo2'`,
    );
    const lines = await suite.m.db.query<{ id: number }>(
      "SELECT cl.id FROM cart_lines cl JOIN users u ON u.id = cl.user_id WHERE u.username = 'demo2'",
    );
    const page = await suite.newPage({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/login`);
    await signIn(page, 'demo2');
    await page.waitForURL((url) => url.pathname === '/');
    await visit(page, `${suite.m.gatewayUrl}/cart/step2?lines=${lines.map((l) => l.id).join(',')}`);
    const settle = page.getByRole('region', { name: '结算' });
    await settle.getByText('您的GSP证书已过期，请更新资质后再下单').waitFor({ timeout: 15_000 });
    expect(await settle.getByRole('button', { name: '提交订单' }).isDisabled()).toBe(true);
    await settle.getByRole('link', { name: '去更新资质' }).click();
    await page.waitForURL((url) => url.pathname === '/zzzj');
    await page.close();
  }, 60_000);
});
