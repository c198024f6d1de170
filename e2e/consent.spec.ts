import { expect, test } from './support/test';
import type { Locator } from '@playwright/test';
import { demoMember, expectLoggedIn, loginPanel, openLoginPanel, submitPassword } from './support/auth';
import { loginToBackOffice } from './support/admin';
import { randomPhone, readSmsCode } from './support/sms';

/**
 * Consent (个人信息保护法): registration on every path needs the tick of 用户协议 and 隐私政策 —
 * the form refuses without it, and so does the server — and a new 隐私政策 published in the
 * back office asks a logged-in member again. Runs after the other journeys (playwright.config.ts,
 * project 'consent'): the new version asks every member again.
 */
const REFUSED = '请阅读并同意《用户协议》和《隐私政策》';
const tick = (scope: Locator) => scope.getByRole('checkbox', { name: /我已阅读并同意/ });

async function expectTickRefused(scope: Locator) {
  await expect(tick(scope)).not.toBeChecked();
  await expect(scope.getByText(REFUSED)).toBeVisible();
}

test.describe('registration needs the tick on every path', () => {
  test('the server refuses a sign-up or a first SMS login without it', async ({ request }) => {
    const phone = randomPhone();
    const headers = { 'x-forwarded-for': `10.77.${phone.slice(-4, -2)}.${phone.slice(-2)}` };
    const sign = await request.post('/api/open/sign', { headers, form: { phone, code: '123456', password: 'Consent#Lab-2026' } });
    expect(sign.status()).toBe(400);
    expect(await sign.json()).toMatchObject({ code: 0, msg: REFUSED });
    await request.post('/api/open/code4sms', { headers, form: { phone, useFor: '3' } });
    const code = await readSmsCode(request, phone);
    const login = await request.post('/api/open/loginForCode', { headers, form: { phone, code } });
    expect(login.status()).toBe(400);
    expect(await login.json()).toMatchObject({ code: 0, msg: REFUSED });
  });

  test('SMS code: 登录 refuses until the box is ticked, then registers', async ({ page, request }) => {
    const phone = randomPhone();
    await page.goto('/');
    const panel = await openLoginPanel(page);
    await panel.getByRole('tab', { name: '短信登录' }).click();
    const form = panel.getByRole('tabpanel', { name: '短信登录' });
    await expect(tick(form)).not.toBeChecked();
    await expect(form.getByRole('checkbox', { name: /营销短信/ })).not.toBeChecked();
    await form.getByLabel('手机号').fill(phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await form.getByLabel('验证码').fill(await readSmsCode(request, phone));
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expectTickRefused(form);
    await tick(form).check();
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('登录成功!')).toBeVisible();
    await expectLoggedIn(page, phone.slice(-4));
    await expect(page.getByRole('dialog', { name: /已更新/ })).toHaveCount(0);
  });

  test('password: 注册 refuses until the box is ticked', async ({ page, request }) => {
    const phone = randomPhone();
    await page.goto('/');
    const panel = await openLoginPanel(page, '注册');
    await panel.getByLabel('手机号').fill(phone);
    await panel.getByRole('button', { name: '获取验证码' }).click();
    await panel.getByLabel('验证码').fill(await readSmsCode(request, phone));
    await panel.getByLabel('密码', { exact: true }).fill('Consent#Lab-2026');
    await panel.getByLabel('确认密码').fill('Consent#Lab-2026');
    await panel.getByRole('button', { name: '注册', exact: true }).click();
    await expectTickRefused(panel);
    await tick(panel).check();
    await panel.getByRole('button', { name: '注册', exact: true }).click();
    await expect(page.getByText('注册成功!')).toBeVisible();
  });

  test('invite link: the register view it opens refuses until the box is ticked', async ({ page, request }) => {
    const phone = randomPhone();
    await page.goto(`/invited/${demoMember.inviteCode}`);
    const panel = loginPanel(page);
    await expect(panel.getByLabel('邀请码')).toHaveValue(demoMember.inviteCode);
    await panel.getByLabel('手机号').fill(phone);
    await panel.getByRole('button', { name: '获取验证码' }).click();
    await panel.getByLabel('验证码').fill(await readSmsCode(request, phone));
    await panel.getByLabel('密码', { exact: true }).fill('Invited#Lab-2026');
    await panel.getByLabel('确认密码').fill('Invited#Lab-2026');
    await panel.getByRole('button', { name: '注册', exact: true }).click();
    await expectTickRefused(panel);
    await tick(panel).check();
    await panel.getByRole('button', { name: '注册', exact: true }).click();
    await expect(page.getByText('注册成功!')).toBeVisible();
  });

  test('WeChat QR: a new phone registering on the confirm page is refused until the box is ticked', async ({ page, browser, request }) => {
    await page.goto('/');
    const panel = await openLoginPanel(page);
    const ticketResponse = page.waitForResponse((response) => response.url().includes('/api/open/wx/ticket'));
    await panel.getByRole('tab', { name: '微信扫码登录' }).click();
    const ticket = (await (await ticketResponse).json()) as { data: { confirm_url: string } };

    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
    const mobile = await phoneContext.newPage();
    await mobile.goto(ticket.data.confirm_url);
    const mobilePanel = loginPanel(mobile);
    await expect(mobilePanel).toBeVisible();
    await mobilePanel.getByRole('tab', { name: '短信登录' }).click();
    const form = mobilePanel.getByRole('tabpanel', { name: '短信登录' });
    const phone = randomPhone();
    await form.getByLabel('手机号').fill(phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await form.getByLabel('验证码').fill(await readSmsCode(request, phone));
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expectTickRefused(form);
    await mobile.screenshot({ path: test.info().outputPath('consent-wx-390.png'), fullPage: true });
    await tick(form).check();
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(mobilePanel).toBeHidden();
    // a new member without an address is offered 资料认证 after an SMS login: later
    const attest = mobile.getByRole('dialog', { name: '资料认证' });
    await expect(attest).toBeVisible();
    await attest.locator('.ant-modal-close').click();
    await expect(attest).toBeHidden();
    await mobile.getByRole('button', { name: '确认登录' }).click();
    await expect(mobile.getByText('已确认，请在电脑上继续操作')).toBeVisible();
    await phoneContext.close();
    await expect(page.getByText('登录成功!')).toBeVisible();
  });
});

test('a new 隐私政策 published in the back office asks a logged-in member again; 同意 records it', async ({ page, browser }) => {
  // the member is logged in before the new version exists
  const memberPage = page;
  await memberPage.goto('/');
  await submitPassword(await openLoginPanel(memberPage), demoMember.phone, demoMember.password);
  await expectLoggedIn(memberPage);
  await expect(memberPage.getByRole('dialog', { name: /已更新/ })).toHaveCount(0);

  // staff publish version n+1 of the privacy policy (the back office is not drawn on the server)
  const staffContext = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
  const staffPage = await staffContext.newPage();
  await loginToBackOffice(staffPage, 'admin', '/admin/content/agreements?kind=privacy');
  await expect(staffPage.getByRole('heading', { name: '协议管理' })).toBeVisible();
  await staffPage.getByRole('button', { name: /编辑新版本|继续编辑草稿/ }).click();
  const dialog = staffPage.getByRole('dialog', { name: '编辑隐私政策新版本' });
  await expect(dialog.getByLabel('标题', { exact: true })).toHaveValue('隐私政策');
  // the editor keeps section 二's table (issue 31: it was flattened into a paragraph)
  await expect(dialog.locator('.tiptap table th').first()).toBeVisible();
  await dialog.getByLabel('更新说明').fill('新增在线支付服务商（微信支付、支付宝）的委托处理说明。');
  // 保存草稿 puts nothing in force
  await dialog.getByRole('button', { name: '保存草稿' }).click();
  await expect(staffPage.getByText('草稿已保存，尚未发布')).toBeVisible();
  for (const width of [1440, 390]) {
    await staffPage.setViewportSize({ width, height: 900 });
    await staffPage.screenshot({ path: test.info().outputPath(`agreement-editor-${width}.png`) });
  }
  await staffPage.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('tab', { name: '预览' }).click();
  await expect(dialog.locator('.admin-agreement-preview table')).toBeVisible();
  // 发布 goes through the comparison with the version in force
  await dialog.getByRole('button', { name: '发布…' }).click();
  await expect(dialog.getByTestId('agreement-diff-summary')).toContainText('新增 0 处，删除 0 处');
  await staffPage.screenshot({ path: test.info().outputPath('agreement-diff-1280.png') });
  await dialog.getByRole('button', { name: /确认发布第 \d+ 版/ }).click();
  await expect(staffPage.getByText(/第 \d+ 版已发布/)).toBeVisible();
  const newest = staffPage.getByRole('row').filter({ hasText: '现行' });
  await expect(newest).toContainText('新增在线支付服务商');
  const version = Number(/第 (\d+) 版/.exec((await newest.textContent()) ?? '')?.[1]);
  expect(version).toBeGreaterThan(1);
  await staffContext.close();

  // the member's next page load asks again; nothing else can be reached until 同意
  await memberPage.goto('/member/center');
  const ask = memberPage.getByRole('dialog', { name: '《隐私政策》已更新' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(`第 ${version} 版`);
  await expect(ask).toContainText('新增在线支付服务商');
  await expect(ask.getByRole('link', { name: '阅读全文' })).toHaveAttribute('href', '/agreement/privacy');
  await memberPage.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  // the server refuses new personal data meanwhile too (a second tab, a script), with the code the dialog listens for
  const refused = await memberPage.evaluate(async () => {
    const { token } = JSON.parse(localStorage.getItem('lab.session') ?? '{}') as { token?: string };
    const res = await fetch('/api/auth/user/update4contact', { method: 'POST', headers: { token: token ?? '', 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=%E5%BC%A0%E4%B8%89&email=zhangsan%40example.edu.cn' });
    return { status: res.status, body: (await res.json()) as { msg: string; data: { reason?: string } } };
  });
  expect(refused).toMatchObject({ status: 403, body: { msg: '《用户协议》或《隐私政策》已更新，请阅读并同意后再继续操作', data: { reason: 'CONSENT_REQUIRED' } } });
  await memberPage.screenshot({ path: test.info().outputPath('consent-due-1280.png') });
  await ask.getByRole('button', { name: '同意', exact: true }).click();
  await expect(ask).toBeHidden();
  await memberPage.reload();
  await expect(memberPage.getByTestId('header-user')).toBeVisible();
  await expect(memberPage.getByRole('dialog', { name: /已更新/ })).toHaveCount(0);

  // the record, in 账号设置
  await memberPage.goto('/member/settings');
  const record = memberPage.getByRole('region', { name: '同意记录' });
  await expect(record.getByRole('row').filter({ hasText: `隐私政策（第 ${version} 版）` })).toContainText('协议更新后再次同意');
  await memberPage.screenshot({ path: test.info().outputPath('consent-settings-1280.png'), fullPage: true });

  // the public page shows the new version, the old one stays listed
  await memberPage.goto('/agreement/privacy');
  await expect(memberPage.getByText(`第 ${version} 版`, { exact: true })).toBeVisible();
  await expect(memberPage.getByRole('link', { name: /第 1 版/ })).toBeVisible();
  await memberPage.setViewportSize({ width: 390, height: 844 });
  await memberPage.screenshot({ path: test.info().outputPath('agreement-privacy-390.png') });
});
