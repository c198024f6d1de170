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
});
