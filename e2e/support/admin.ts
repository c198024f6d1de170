import { expect, type Page } from '@playwright/test';
import { freshTotpCode } from './totp';

/** The staff accounts the demo seed adds (README). */
export const demoStaff = {
  admin: { account: 'admin', password: 'Admin@2026', name: '系统管理员' },
  sales: { account: 'sales', password: 'Sales@2026', name: '王经理' },
  lab: { account: 'lab', password: 'Lab@2026!', name: '李实验员' },
  finance: { account: 'finance', password: 'Finance@2026', name: '赵会计' },
} as const;
export type DemoRole = keyof typeof demoStaff;

/**
 * Logs a staff member in on /admin/login (password tab) and waits for the back office. Admin
 * and finance then give their authenticator's code, computed from the demo secret (README).
 */
export async function loginToBackOffice(page: Page, role: DemoRole, next = '/admin/dashboard') {
  const person = demoStaff[role];
  await page.goto(`/admin/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('账号').fill(person.account);
  await page.getByLabel('密码', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  if (role === 'admin' || role === 'finance') {
    await expect(page.getByRole('heading', { name: '两步验证' })).toBeVisible();
    await page.getByLabel('动态码').fill(await freshTotpCode(person.account));
    await page.getByRole('button', { name: '验证并登录' }).click();
  }
  await expect(page.getByRole('navigation', { name: '后台菜单' }).or(page.getByRole('menu', { name: '后台菜单' }))).toBeVisible();
  await expect(page.getByText(person.name).first()).toBeVisible();
}

/** Opens a back-office screen from the side menu by its group and title. */
export async function openFromMenu(page: Page, group: string | null, title: string) {
  const menu = page.getByRole('menu', { name: '后台菜单' });
  if (group) {
    const item = menu.getByRole('menuitem', { name: title, exact: true });
    if (!(await item.isVisible())) await menu.getByText(group, { exact: true }).click();
  }
  await menu.getByRole('menuitem', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}
