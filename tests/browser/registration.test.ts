// Self-service registration and password reset in a real browser: a visitor registers a new pharmacy through the
// three steps (the code as texted to its phone), is told what is wrong beside each field (by the page and by the
// upstream), lands signed in with the company in the top bar; then resets the password through /forget, which signs
// every session out, and signs in with the new password.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, signIn, useBrowserMarketplace, visit, reload } from '../testkit/browser';

const PHONE = '13712340001';
const USERNAME = 'kangning_01';
const COMPANY = '康宁大药房（注册测试）';
const PASSWORD = 'kangning2026';
const NEW_PASSWORD = 'renewed2027x';

describe.skipIf(!chromiumPath)('registration and password reset in the browser', () => {
  const suite = useBrowserMarketplace();

  const topBar = (page: Page) => page.getByRole('region', { name: '会员与客服' });
  // A required field's label ends in Fluent's asterisk; exact, so 密码 is not also 确认密码.
  const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
  const onPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);

  /** Asks for a code the way a buyer does and answers the code texted to the phone. */
  const askForCode = async (page: Page, phone: string): Promise<string> => {
    const before = suite.m.lastCode(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    // The button counts down once the gateway has answered: the code has been texted by then.
    const countdown = page.getByRole('button', { name: /^\d+秒后重新获取$/ });
    await countdown.waitFor({ timeout: 15_000 });
    expect(await countdown.isDisabled()).toBe(true);
    const code = suite.m.lastCode(phone);
    if (!code || code === before) throw new Error(`no new code was texted to ${phone}`);
    return code;
  };

  it('registers a new buyer in three steps and signs it in', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/register`, { waitUntil: 'networkidle' });
    await onPath(page, '/register/step1');
    await page.getByRole('heading', { name: '注册会员' }).waitFor({ timeout: 15_000 });

    // The page's own rules, before anything is sent.
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('请输入手机号').waitFor();
    await field(page, '手机号').fill('12712340001');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('请输入正确的手机号').waitFor();
    expect(suite.m.lastCode('12712340001')).toBeUndefined();

    // A number already registered is refused beside the phone field.
    const [seeded] = await suite.m.db.query<{ phone: string }>(
      "SELECT phone FROM users WHERE username = 'demo' AND phone <> ''",
    );
    if (!seeded) throw new Error('the seeded demo buyer has no phone');
    await field(page, '手机号').fill(seeded.phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('该手机号已注册').waitFor({ timeout: 15_000 });

    await field(page, '手机号').fill(PHONE);
    const code = await askForCode(page, PHONE);
    await field(page, '验证码').fill(code);
    // A taken username is only known to the upstream: it sends the buyer back to step 1, to the username.
    await field(page, '用户名').fill('demo');
    await field(page, '密码').fill(PASSWORD);
    await field(page, '确认密码').fill('different1');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('两次输入的密码不一致').waitFor();
    await field(page, '确认密码').fill(PASSWORD);
    await page.getByRole('button', { name: '下一步' }).click();
    await onPath(page, '/register/step2');
    expect(page.url()).not.toContain(PASSWORD);

    await field(page, '企业名称').fill(COMPANY);
    await field(page, '联系人').fill('王五');
    await page.getByRole('button', { name: '完成注册' }).click();
    await onPath(page, '/register/step1');
    await page.getByText('该用户名已被使用').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Step 1 kept what was typed; only the username changes.
    expect(await field(page, '手机号').inputValue()).toBe(PHONE);
    expect(await field(page, '验证码').inputValue()).toBe(code);
    await field(page, '用户名').fill(USERNAME);
    await page.getByRole('button', { name: '下一步' }).click();
    await onPath(page, '/register/step2');
    // ...and step 2 too.
    expect(await field(page, '企业名称').inputValue()).toBe(COMPANY);
    await page.getByRole('button', { name: '完成注册' }).click();

    await onPath(page, '/register/step3');
    await page.getByRole('heading', { name: '注册成功' }).waitFor({ timeout: 15_000 });
    await topBar(page).getByText(COMPANY).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('link', { name: '去会员中心' }).getAttribute('href')).toBe('/user');
    expect(await page.getByRole('link', { name: '去首页' }).getAttribute('href')).toBe('/');

    const [row] = await suite.m.db.query<{ phone: string; name: string; company: string; is_passed: number }>(
      `SELECT u.phone, u.name, c.name AS company, c.is_passed
         FROM users u JOIN companies c ON c.id = u.company_id WHERE u.username = $1`,
      [USERNAME],
    );
    expect(row).toEqual({ phone: PHONE, name: '王五', company: COMPANY, is_passed: 1 });

    // Signed in for real: the member centre opens on the new company.
    await page.getByRole('link', { name: '去会员中心' }).click();
    await onPath(page, '/user');
    await page.getByRole('heading', { name: COMPANY }).waitFor({ timeout: 15_000 });
    await page.context().close();
  }, 90_000);

  it('resets the password by a texted code, signs every session out, and the new password signs in', async () => {
    // The registered buyer's session from the previous test lives in its own browser.
    const registered = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await visit(registered, `${suite.m.gatewayUrl}/login`, { waitUntil: 'networkidle' });
    await signIn(registered, USERNAME, PASSWORD);
    await topBar(registered).getByText(COMPANY).waitFor({ timeout: 15_000 });

    const page = await suite.newPage({ viewport: { width: 390, height: 900 }, locale: 'zh-CN' });
    await visit(page, `${suite.m.gatewayUrl}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: '忘记密码' }).click();
    await onPath(page, '/forget/step1');
    await field(page, '手机号').fill(PHONE);
    const code = await askForCode(page, PHONE);

    // A wrong code is refused beside the code field, back on step 1, with no dialog.
    const wrong = code === '000000' ? '111111' : '000000';
    await field(page, '验证码').fill(wrong);
    await page.getByRole('button', { name: '下一步' }).click();
    await onPath(page, '/forget/step2');
    await field(page, '新密码').fill(NEW_PASSWORD);
    await field(page, '确认新密码').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: '重置密码' }).click();
    await onPath(page, '/forget/step1');
    await page.getByText('验证码错误或已过期').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('dialog').count()).toBe(0);

    await field(page, '验证码').fill(code);
    await page.getByRole('button', { name: '下一步' }).click();
    await onPath(page, '/forget/step2');
    await field(page, '新密码').fill('short1');
    await field(page, '确认新密码').fill('short1');
    await page.getByRole('button', { name: '重置密码' }).click();
    await page.getByText('密码为8-20位，需包含字母和数字').waitFor();
    await field(page, '新密码').fill(NEW_PASSWORD);
    await field(page, '确认新密码').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: '重置密码' }).click();
    await onPath(page, '/forget/step3');
    await page.getByRole('heading', { name: '重置成功' }).waitFor({ timeout: 15_000 });

    // Signed out everywhere: the other browser is a visitor at its next page.
    await reload(registered, { waitUntil: 'networkidle' });
    await topBar(registered).getByRole('link', { name: '登录', exact: true }).waitFor({ timeout: 15_000 });
    await registered.context().close();

    const old = await suite.m.gql('mutation { login(username: "kangning_01", password: "kangning2026") { token } }');
    expect(old.body.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');

    await page.getByRole('link', { name: '去登录' }).click();
    await onPath(page, '/login');
    await signIn(page, USERNAME, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    // A phone's top bar is in the header's menu (SHELL-22).
    await page.getByRole('button', { name: '菜单' }).click();
    await page.getByRole('dialog', { name: '菜单' }).getByText(COMPANY).waitFor({ timeout: 15_000 });
    await page.context().close();
  }, 90_000);

  it('AUTH-05, AUTH-06: sends the flows’ aliases to step 1 and keeps a visitor from skipping steps', async () => {
    const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    for (const [from, to] of [
      ['/register_index', '/register_index/step1'],
      ['/register_index/step2', '/register_index/step1'],
      ['/register/step3', '/register/step1'],
      ['/forget', '/forget/step1'],
      ['/forget/step2', '/forget/step1'],
    ] as const) {
      await visit(page, `${suite.m.gatewayUrl}${from}`, { waitUntil: 'networkidle' });
      await onPath(page, to);
      await field(page, '手机号').waitFor({ timeout: 15_000 });
    }
    await page.context().close();
  }, 60_000);
});
