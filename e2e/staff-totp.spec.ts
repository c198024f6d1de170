import { generateSync } from 'otplib';
import { expect, test } from './support/test';
import { demoStaff, loginToBackOffice } from './support/admin';
import { staffLogin, staffPost } from './support/funds';
import { freshTotpCode } from './support/totp';

test.describe('admin and finance log in with password and TOTP', () => {
  test('the demo finance gives the authenticator code (computed with otplib from the demo secret); a wrong one is refused', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('账号').fill(demoStaff.finance.account);
    await page.getByLabel('密码', { exact: true }).fill(demoStaff.finance.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('heading', { name: '两步验证' })).toBeVisible();
    // nothing logged in yet: the back office still asks to log in
    expect(await page.evaluate(() => localStorage.getItem('lab.staff-session'))).toBeNull();
    const right = await freshTotpCode(demoStaff.finance.account);
    await page.getByLabel('动态码').fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '验证并登录' }).click();
    await expect(page.getByText('动态码错误，还可尝试4次')).toBeVisible();
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByLabel('动态码').fill(right);
    await page.getByRole('button', { name: '验证并登录' }).click();
    await expect(page.getByRole('menu', { name: '后台菜单' })).toBeVisible();
    await expect(page.getByText(demoStaff.finance.name).first()).toBeVisible();
  });

  test('a new finance staff member binds an authenticator on first login: QR and key, a code, recovery codes once', async ({ page, request }) => {
    const admin = await staffLogin(request, demoStaff.admin);
    const account = `fin${Date.now().toString(36)}`;
    await staffPost(request, admin, '/api/admin/staff/add', { account, name: '新财务', role: 'finance', password: 'Ledger#Lab-2026x' });

    await page.goto('/admin/login');
    await page.getByLabel('账号').fill(account);
    await page.getByLabel('密码', { exact: true }).fill('Ledger#Lab-2026x');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('heading', { name: '绑定身份验证器' })).toBeVisible();
    const qr = page.getByAltText('身份验证器二维码');
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const secret = (await page.getByLabel('密钥').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.screenshot({ path: test.info().outputPath('totp-setup-1440.png'), fullPage: true });
    await page.getByLabel('动态码').fill(generateSync({ secret }));
    await page.getByRole('button', { name: '完成绑定' }).click();

    await expect(page.getByRole('heading', { name: '保存恢复码' })).toBeVisible();
    const codes = page.getByRole('list', { name: '恢复码' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await page.screenshot({ path: test.info().outputPath('totp-recovery-1440.png'), fullPage: true });
    await page.getByRole('button', { name: '我已保存，进入后台' }).click();
    await expect(page.getByRole('menu', { name: '后台菜单' })).toBeVisible();
    await expect(page.getByText('新财务').first()).toBeVisible();
  });

  test('the admin sees who has bound an authenticator', async ({ page }) => {
    await loginToBackOffice(page, 'admin', '/admin/staff');
    const finance = page.getByRole('row').filter({ hasText: '赵会计' });
    await expect(finance.getByText('已绑定')).toBeVisible();
    await expect(finance.getByRole('button', { name: '重置验证器' })).toBeVisible();
  });

  test('after the admin resets an authenticator, the password alone binds nothing: the setup code shown once to the admin does (issue 28, 9b)', async ({ page, request, browser }) => {
    const admin = await staffLogin(request, demoStaff.admin);
    const account = `fin${Date.now().toString(36)}`;
    const password = 'Ledger#Lab-2026y';
    const added = await staffPost<{ id: number }>(request, admin, '/api/admin/staff/add', { account, name: '钱出纳', role: 'finance', password });
    // the person binds a first authenticator and uses the account (through the API: the first binding is the test above)
    const first = await (await request.post('/api/admin/login', { form: { account, password } })).json();
    const key = await (await request.post('/api/admin/totp/setup', { form: { challenge: first.data.challenge } })).json();
    const bound = await (await request.post('/api/admin/totp/enable', { form: { challenge: first.data.challenge, code: generateSync({ secret: key.data.secret }) } })).json();
    expect(bound.code, bound.msg).toBe(1);

    // the phone is lost: the admin resets the authenticator in 员工账号 and is shown the code once
    await loginToBackOffice(page, 'admin', '/admin/staff');
    await page.getByLabel('搜索员工').fill(account);
    await page.getByLabel('搜索员工').press('Enter');
    const row = page.getByRole('row').filter({ hasText: account });
    await row.getByRole('button', { name: '重置验证器' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '重置' }).click();
    const shown = page.getByLabel('绑定码', { exact: true });
    await expect(shown).toHaveText(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const setupCode = (await shown.textContent())!;
    await page.screenshot({ path: test.info().outputPath('setup-code-1440.png') });
    await page.getByRole('button', { name: '已交给本人' }).click();
    await expect(row.getByText('已发绑定码')).toBeVisible();
    expect(added.id).toBeGreaterThan(0);

    // the person's next login asks for the code before any key is shown
    const other = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await other.goto('/admin/login');
    await other.getByLabel('账号').fill(account);
    await other.getByLabel('密码', { exact: true }).fill(password);
    await other.getByRole('button', { name: '登录', exact: true }).click();
    await expect(other.getByLabel('绑定码')).toBeVisible();
    await expect(other.getByAltText('身份验证器二维码')).toHaveCount(0);
    await other.screenshot({ path: test.info().outputPath('setup-code-step-390.png'), fullPage: true });
    await other.getByLabel('绑定码').fill(setupCode.toLowerCase());
    await other.getByRole('button', { name: '下一步' }).click();
    await expect(other.getByAltText('身份验证器二维码')).toBeVisible();
    const secret = (await other.getByLabel('密钥').textContent())!.replace(/\s/g, '');
    await other.getByLabel('动态码').fill(generateSync({ secret }));
    await other.getByRole('button', { name: '完成绑定' }).click();
    await expect(other.getByRole('heading', { name: '保存恢复码' })).toBeVisible();
    await other.getByRole('button', { name: '我已保存，进入后台' }).click();
    // at 390 px the header keeps the role; the dashboard greets the person
    await expect(other.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible();
    await expect(other.getByText(/钱出纳/).filter({ visible: true }).first()).toBeVisible();
    await other.close();
  });
});
