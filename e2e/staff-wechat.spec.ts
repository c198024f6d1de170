import { expect, test } from './support/test';
import { openBackOfficeAs } from './support/admin';

/**
 * 微信提醒 (decision 0056): a staff member opens it from the user menu. The e2e server runs without
 * an official account (no WECHAT_MP_APPID), so the dialog says so and offers no code; the binding
 * by a scan is tested against the protocol peer (apps/server promise-alerts-wechat.test.ts).
 * Screenshots at 1440 and 390 px in test-results/staff-wechat/.
 */
test('the lab opens 微信提醒 from the user menu: without an official account it says so', async ({ page }) => {
  await openBackOfficeAs(page, 'lab');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto('/admin/dashboard');
    await page.locator('.admin-header-user').click();
    await page.getByRole('menuitem', { name: '微信提醒' }).click();
    const dialog = page.getByRole('dialog', { name: '微信提醒' });
    await expect(dialog.getByText('未配置公众号')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '扫码绑定' })).toHaveCount(0);
    await page.screenshot({ path: `test-results/staff-wechat/not-configured-${width}.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: '关闭' }).click();
    await expect(dialog).toBeHidden();
  }
});
