import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { loginWithPassword, openLoginPanel, registerByApi, submitPassword } from './support/auth';
import { attestStudent, itemRid, memberToken, placeOrderByApi, topUp } from './support/orders';
import { randomPhone } from './support/sms';

/** 个人信息与隐私 (PIPL): a copy of my data, and 注销账号 refused while money remains, then done. */
const password = 'Lab@e2e2026';
const xrd = { keyword: 'XRD', name: 'XRD 粉末衍射（物相分析）' };

async function openPrivacyPage(page: Page) {
  await page.goto('/member/privacy');
  await expect(page.getByRole('heading', { name: '个人信息与隐私', level: 1 })).toBeVisible();
}

test.describe('个人信息与隐私', () => {
  test('a member downloads a copy of their data with their phone and orders', async ({ page, request }) => {
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    await attestStudent(request, token, '导出测试');
    const orderNo = await placeOrderByApi(request, token, await itemRid(request, xrd.keyword, xrd.name), 1);

    await loginWithPassword(page, phone, password);
    await openPrivacyPage(page);
    // the open order is listed as what stands in the way of closing, before the member tries
    await expect(page.getByRole('list', { name: '注销阻碍' })).toContainText(orderNo);
    await expect(page.getByRole('button', { name: '注销账号' })).toBeDisabled();

    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载 JSON' }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toMatch(/^我的个人信息-\d{4}-\d{2}-\d{2}\.json$/);
    const copy = JSON.parse(await readFile(await file.path(), 'utf8')) as { sections: Record<string, { title: string; rows: Record<string, unknown>[] }> };
    expect(copy.sections.account!.rows[0]).toMatchObject({ phone, name: '导出测试' });
    expect(copy.sections.orders!.rows.map((o) => o.orderNo)).toContain(orderNo);
    expect(copy.sections.addresses!.rows.length).toBeGreaterThan(0);

    const excel = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载 Excel' }).click();
    expect((await excel).suggestedFilename()).toMatch(/\.xlsx$/);
    await expect(page.getByText(/上次下载：/)).toBeVisible();
  });

  test('a member gives and then withdraws the optional 营销短信 consent; each change is in 同意记录', async ({ page, request }) => {
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    await loginWithPassword(page, phone, password);
    await page.goto('/member/settings');
    await expect(page.getByRole('heading', { name: '账号设置', level: 1 })).toBeVisible();
    const marketing = page.getByRole('switch', { name: '营销短信' });
    // off unless the member said yes
    await expect(marketing).not.toBeChecked();
    const history = page.getByRole('region', { name: '同意记录' });
    await marketing.click();
    await expect(page.getByText('已开启营销短信')).toBeVisible();
    await expect(marketing).toBeChecked();
    await marketing.click();
    await expect(page.getByText('已关闭营销短信，我们将不再向您发送营销短信')).toBeVisible();
    await expect(marketing).not.toBeChecked();
    // the withdrawal is a record of its own beside the consent it ends
    await expect(history.getByRole('row').filter({ hasText: '营销短信' }).filter({ hasText: '撤回' })).toHaveCount(1);
    await expect(history.getByRole('row').filter({ hasText: '营销短信' }).filter({ hasText: '同意' })).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole('switch', { name: '营销短信' })).not.toBeChecked();
  });

  test('closing is refused with the reason while money remains', async ({ page, request }) => {
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    await topUp(request, token, '100');

    await loginWithPassword(page, phone, password);
    await openPrivacyPage(page);
    const blockers = page.getByRole('list', { name: '注销阻碍' });
    await expect(blockers).toContainText('预存款余额 ¥100.00');
    await expect(blockers.getByRole('link', { name: '去处理' })).toHaveAttribute('href', '/member/prestore');
    await expect(page.getByRole('button', { name: '注销账号' })).toBeDisabled();

    // the server refuses too, whatever the page allows, and names the reason
    const refused = await request.post('/api/auth/privacy/close', { headers: { token }, form: { password } });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { msg: string }).msg).toContain('预存款余额 ¥100.00');
    // still a working account
    expect(await memberToken(request, phone, password)).toBeTruthy();
  });

  test('a member without money or open orders closes the account and can no longer log in', async ({ page, request }) => {
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    await loginWithPassword(page, phone, password);
    await openPrivacyPage(page);
    await expect(page.getByText('可以注销')).toBeVisible();
    await page.getByRole('button', { name: '注销账号' }).click();

    const dialog = page.getByRole('dialog', { name: '注销账号' });
    await expect(dialog).toContainText('会计档案');
    await dialog.getByRole('radio', { name: '登录密码' }).check();
    await dialog.getByRole('textbox', { name: '登录密码' }).fill(password);
    const confirm = dialog.getByRole('button', { name: '确认注销' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('checkbox', { name: '我已阅读并知晓以上注销后果' }).check();
    await confirm.click();

    await expect(page.getByText('账号已注销，感谢您一直以来的使用')).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('navigation', { name: '快捷入口' }).getByRole('button', { name: '登录', exact: true })).toBeVisible();

    // the password no longer opens anything
    const panel = await openLoginPanel(page);
    await submitPassword(panel, phone, password);
    await expect(page.getByText(/账号或密码错误/).first()).toBeVisible();
    const login = await request.post('/api/open/login', { form: { account: phone, password } });
    expect(((await login.json()) as { code: number }).code).toBe(0);
  });
});
