import { expect, test } from './support/test';
import { loginToBackOffice, openFromMenu } from './support/admin';

test.describe('the back office shell', () => {
  test('a staff member logs in at /admin/login, sees only the screens of the role, and logs out', async ({ page }) => {
    await page.goto('/admin/staff');
    await expect(page).toHaveURL(/\/admin\/login\?next=/);
    await page.getByLabel('账号').fill('lab');
    await page.getByLabel('密码', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText(/账号或密码错误/)).toBeVisible();
    await page.getByRole('button', { name: '确定' }).click();

    await loginToBackOffice(page, 'lab');
    const menu = page.getByRole('menu', { name: '后台菜单' });
    await expect(menu.getByText('订单与样品')).toBeVisible();
    await expect(menu.getByText('财务')).toHaveCount(0);
    await expect(menu.getByText('系统管理')).toHaveCount(0);
    // a screen outside the role, typed into the address bar
    await page.goto('/admin/staff');
    await expect(page.getByText('无权访问')).toBeVisible();

    await page.getByRole('button', { name: /李实验员/ }).click();
    await page.getByText('退出登录').click();
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test('the admin opens staff accounts and sees the four roles', async ({ page }) => {
    await loginToBackOffice(page, 'admin');
    await openFromMenu(page, '系统管理', '员工账号');
    for (const name of ['系统管理员', '王经理', '李实验员', '赵会计']) await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

    // a reload (or a link pasted into a new tab) asks the server for the screen's address itself:
    // the shell, 200, and the same screen again (it answered 404 while the back office's screens
    // joined the router only on first use)
    await expect(page).toHaveURL(/\/admin\/staff/);
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    for (const name of ['系统管理员', '王经理', '李实验员', '赵会计']) await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    expect((await page.request.get('/admin/orders')).status()).toBe(200);
  });
});
