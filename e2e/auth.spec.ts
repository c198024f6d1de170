import { expect, test } from './support/test';
import { confirmFailureAlert, demoMember, pickMemberMenu, expectLoggedIn, loginAsDemo, loginPanel, openLoginPanel, submitPassword } from './support/auth';
import { randomPhone, readSmsCode } from './support/sms';
import { loadResetMember } from './support/reset-member';
import type { Locator } from '@playwright/test';

/** A form shows its first problem only (spec), under the field it is about: that field's description, the one field marked invalid. */
async function expectOnlyError(scope: Locator, field: string, message: string) {
  await expect(scope.getByLabel(field, { exact: true })).toHaveAccessibleDescription(message);
  await expect(scope.locator('[aria-invalid="true"]')).toHaveCount(1);
}

test.describe('login paths', () => {

  test('password login, member dropdown, logout', async ({ page }) => {
    await page.goto('/');
    const panel = await openLoginPanel(page);
    await expect(panel.getByRole('tab', { name: '密码登录' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('tab', { name: '短信登录' })).toBeVisible();
    await expect(panel.getByRole('tab', { name: '微信扫码登录' })).toBeVisible();

    // only the first error, in the spec's words
    await panel.getByRole('button', { name: '登录', exact: true }).click();
    await expectOnlyError(panel, '用户名/手机号', '[用户名/手机号]不能为空');
    await panel.getByLabel('用户名/手机号').fill(demoMember.phone);
    await panel.getByRole('button', { name: '登录', exact: true }).click();
    await expectOnlyError(panel, '密码', '[密码]不能为空');

    // the server's msg in an alert
    await submitPassword(panel, demoMember.phone, 'not-the-password');
    await confirmFailureAlert(page, '账号或密码错误');

    await submitPassword(panel, demoMember.phone, demoMember.password);
    await expect(page.getByText('登录成功!')).toBeVisible();
    await expectLoggedIn(page);
    expect(await page.evaluate(() => localStorage.getItem('lab.session'))).toContain('refreshToken');

    await pickMemberMenu(page, '会员中心', '/member/center');
    await expect(page.getByRole('heading', { name: '会员中心' })).toBeVisible();
    await expect(page.getByText('138****8000').first()).toBeVisible();
    await expect(page.getByTestId('invite-code')).toHaveText(demoMember.inviteCode);

    await pickMemberMenu(page, '退出登录', '/');
    await expect(page.getByRole('navigation', { name: '快捷入口' }).getByRole('button', { name: '登录' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lab.session'))).toBeNull();
  });

  test('a guarded route opens the login panel, and login lands on it', async ({ page }) => {
    await page.goto('/member/order');
    await expect(loginPanel(page)).toBeVisible();
    await expect(page).toHaveURL('/');
    await submitPassword(loginPanel(page), demoMember.phone, demoMember.password);
    await expect(page).toHaveURL('/member/order');
    await expect(page.getByRole('heading', { name: '我的订单' })).toBeVisible();
    const menu = page.getByRole('complementary', { name: '会员中心菜单' });
    for (const label of ['会员中心', '预存款', '待结算', '待支付', '优惠券', '个人资料', '地址管理', '上门取样', '我的订单', '订单查询', '我的预约', '推广合伙人', '邀请有礼', '我的积分', '发票抬头', '发票记录', '我管理的团体', '我加入的团体']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: '我的订单' })).toHaveClass(/active/);
    await page.goto('/member');
    await expect(page).toHaveURL('/member/center');
    await page.goto('/experiment');
    await expect(page).toHaveURL('/experiment/plan');
  });

  test('in-app navigation to a guarded route is cancelled; closing the panel stays; login goes on', async ({ page }) => {
    const planLink = page.getByRole('banner').getByRole('link', { name: '实验计划' });
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const scrolled = await page.evaluate(() => window.scrollY);
    await planLink.click();
    await expect(loginPanel(page)).toBeVisible();
    await expect(page).toHaveURL('/');
    // a cancelled navigation leaves the page where it was
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await loginPanel(page).getByRole('button', { name: '关闭登录面板' }).click();
    await expect(loginPanel(page)).toBeHidden();
    await expect(page).toHaveURL('/');

    await page.goto('/list/news');
    await planLink.click();
    await expect(loginPanel(page)).toBeVisible();
    await expect(page).toHaveURL('/list/news');
    await submitPassword(loginPanel(page), demoMember.phone, demoMember.password);
    await expect(page).toHaveURL('/experiment/plan');
    await expect(page.getByRole('complementary', { name: '实验菜单' }).getByRole('link', { name: '合同协议' })).toBeVisible();
  });

  test('SMS login of a new phone; no address on file opens 资料认证', async ({ page, request }) => {
    const phone = randomPhone();
    await page.goto('/');
    const panel = await openLoginPanel(page);
    await panel.getByRole('tab', { name: '短信登录' }).click();
    const form = panel.getByRole('tabpanel', { name: '短信登录' });
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expectOnlyError(form, '手机号', '[手机号]不能为空');
    await form.getByLabel('手机号').fill(`${phone}999`);
    await expect(form.getByLabel('手机号')).toHaveValue(phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('验证码已发送!')).toBeVisible();
    await expect(form.getByRole('button', { name: /\d+秒后重发/ })).toBeDisabled();
    const code = await readSmsCode(request, phone);
    await form.getByLabel('验证码').fill(code);
    await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('登录成功!')).toBeVisible();
    await expect(loginPanel(page)).toBeHidden();
    await expect(page.getByTestId('header-user')).toContainText(phone.slice(-4));

    const attest = page.getByRole('dialog', { name: '资料认证' });
    await expect(attest).toBeVisible();
    await expect(attest).toContainText('未完善基本信息将无法正常下单');
    await attest.getByRole('button', { name: '去完善资料' }).click();
    await expect(page).toHaveURL('/member/information');
    await expect(attest).toBeHidden();
  });

  test('QR login confirmed from a phone', async ({ page, browser }) => {
    await page.goto('/');
    const panel = await openLoginPanel(page);
    const ticketResponse = page.waitForResponse((response) => response.url().includes('/api/open/wx/ticket'));
    await panel.getByRole('tab', { name: '微信扫码登录' }).click();
    const ticket = (await (await ticketResponse).json()) as { data: { confirm_url: string; qr_code_url: string } };
    expect(ticket.data.qr_code_url).toMatch(/^data:image\//);
    const qr = panel.getByAltText('扫码登录二维码');
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
    const mobile = await phone.newPage();
    await mobile.goto(ticket.data.confirm_url);
    // the desktop sees the scan
    await expect(panel.getByText('扫描成功')).toBeVisible();
    await expect(panel.getByRole('button', { name: '重新扫码' })).toBeVisible();
    // not logged in on the phone: the login panel opens on the confirm page
    await expect(loginPanel(mobile)).toBeVisible();
    await submitPassword(loginPanel(mobile), demoMember.phone, demoMember.password);
    await expect(loginPanel(mobile)).toBeHidden();
    await expect(mobile).toHaveURL(/\/wx\/confirm\?ticket=/);
    // before approving: which device asks, from where and when (issue 16: none of it was shown)
    const request = mobile.getByLabel('登录请求');
    // the desktop browser (Playwright’s Desktop Chrome says Windows 10)
    await expect(request).toContainText(/Chrome \d+ · Windows 10/);
    await expect(request).toContainText('127.0.0.1');
    await expect(request).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await mobile.screenshot({ path: test.info().outputPath('wx-confirm-390.png'), fullPage: true });
    await mobile.getByRole('button', { name: '确认登录' }).click();
    await expect(mobile.getByText('已确认，请在电脑上继续操作')).toBeVisible();
    await phone.close();

    await expect(page.getByText('登录成功!')).toBeVisible();
    await expectLoggedIn(page);
  });

  test('register through an invite link', async ({ page, request }) => {
    const phone = randomPhone();
    await page.goto(`/invited/${demoMember.inviteCode}`);
    await expect(page).toHaveURL('/');
    const panel = loginPanel(page);
    await expect(panel.getByRole('heading', { name: '注册会员' })).toBeVisible();
    await expect(panel.getByLabel('邀请码')).toHaveValue(demoMember.inviteCode);

    await panel.getByLabel('手机号').fill(phone);
    await panel.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('验证码已发送!')).toBeVisible();
    const code = await readSmsCode(request, phone);
    await panel.getByLabel('验证码').fill(code);
    await panel.getByLabel('密码', { exact: true }).fill('Invited@2026');
    await panel.getByRole('button', { name: '注册', exact: true }).click();
    await expectOnlyError(panel, '确认密码', '[确认密码]不能为空');
    await panel.getByLabel('确认密码').fill('Invited@2027');
    await panel.getByRole('button', { name: '注册', exact: true }).click();
    await expectOnlyError(panel, '确认密码', '[密码]不一致');
    await panel.getByLabel('确认密码').fill('Invited@2026');
    await panel.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await panel.getByRole('button', { name: '注册', exact: true }).click();
    await expect(page.getByText('注册成功!')).toBeVisible();

    // registration leads to the login view, phone filled in
    await expect(panel.getByRole('heading', { name: '账号登录' })).toBeVisible();
    await expect(panel.getByLabel('用户名/手机号')).toHaveValue(phone);
    await panel.getByLabel('密码', { exact: true }).fill('Invited@2026');
    await panel.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('登录成功!')).toBeVisible();
    await expectLoggedIn(page, phone.slice(-4));
  });

  test('reset a password', async ({ page, request }) => {
    test.setTimeout(120_000);
    // registered by the setup project when the run started (support/reset-member.ts); the
    // server's one-code-a-minute rule for this phone has passed by now unless this file runs alone
    const resetMember = loadResetMember(test.info());
    const wait = resetMember.codeSentAt + 61_000 - Date.now();
    if (wait > 0) await page.waitForTimeout(wait);

    await page.goto('/');
    const panel = await openLoginPanel(page);
    await panel.getByRole('button', { name: '忘记密码' }).click();
    await expect(panel.getByRole('heading', { name: '重置密码' })).toBeVisible();
    await panel.getByRole('button', { name: '重置密码' }).click();
    await expectOnlyError(panel, '手机号', '[手机号]不能为空');
    await panel.getByLabel('手机号').fill(resetMember.phone);
    await panel.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('验证码已发送!')).toBeVisible();
    const code = await readSmsCode(request, resetMember.phone, { skip: 1 });
    await panel.getByLabel('验证码').fill(code);
    await panel.getByLabel('新密码').fill('Second@2026');
    await panel.getByLabel('确认密码').fill('Second@2026');
    await panel.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByText('密码重置成功!')).toBeVisible();

    await expect(panel.getByRole('heading', { name: '账号登录' })).toBeVisible();
    await submitPassword(panel, resetMember.phone, resetMember.password);
    await confirmFailureAlert(page, '账号或密码错误');
    await submitPassword(panel, resetMember.phone, 'Second@2026');
    await expect(page.getByText('登录成功!')).toBeVisible();
    await expectLoggedIn(page, resetMember.phone.slice(-4));
  });
});

test('登录 clicked before the app has taken the drawn page over opens the panel once it has', async ({ browser }) => {
  // a page of its own: the fixture's page waits for the app after every goto
  const context = await browser.newContext();
  const page = await context.newPage();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await page.getByRole('navigation', { name: '快捷入口' }).getByRole('button', { name: '登录', exact: true }).click();
  // the click was kept while the app's script had not run
  await expect(page.locator('html')).toHaveAttribute('data-early-login', 'sign');
  release();
  await expect(loginPanel(page)).toBeVisible();
  await expect(loginPanel(page).getByRole('tab', { name: '密码登录' })).toHaveAttribute('aria-selected', 'true');
  await context.close();
});

test('an expired token is cleared and the member area asks to log in again', async ({ page }) => {
  await page.goto('/');
  await loginAsDemo(page);
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('lab.session') ?? '{}') as { expires: number };
    localStorage.setItem('lab.session', JSON.stringify({ ...session, expires: Math.floor(Date.now() / 1000) - 10 }));
  });
  await page.goto('/member/center');
  await expect(page).toHaveURL('/');
  await expect(loginPanel(page)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lab.session'))).toBeNull();
});
