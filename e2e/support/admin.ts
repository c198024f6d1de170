import { expect, type BrowserContext, type Page } from '@playwright/test';
import { freshTotpCode, skipTotpStep } from './totp';

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
    // a step another worker of this run used already (the server takes each step once): the next step's code
    const used = page.getByText('该动态码已使用过');
    await expect(backOfficeMenu(page).or(used)).toBeVisible();
    if (await used.isVisible()) {
      await page.getByRole('button', { name: '确定' }).click();
      skipTotpStep(person.account);
      await page.getByLabel('动态码').fill(await freshTotpCode(person.account));
      await page.getByRole('button', { name: '验证并登录' }).click();
    }
  }
  await expectBackOffice(page, role);
}

const backOfficeMenu = (page: Page) => page.getByRole('navigation', { name: '后台菜单' }).or(page.getByRole('menu', { name: '后台菜单' }));

async function expectBackOffice(page: Page, role: DemoRole) {
  await expect(backOfficeMenu(page)).toBeVisible();
  await expect(page.getByText(demoStaff[role].name).first()).toBeVisible();
}

/** The web app's key of the staff session in localStorage (apps/web/src/lib/admin-api.ts). */
const staffSessionKey = 'lab.staff-session';
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const keptSessions = new Map<DemoRole, StorageState>();

/**
 * The back office as a demo role, for journeys whose subject is not the login (that is
 * admin-shell's and staff-totp's): the first time this run through /admin/login
 * (loginToBackOffice), then with the staff session that login left in the browser's storage, as
 * a person stays logged in. Admin and finance give a TOTP code at each login and the server
 * takes each 30-second step once, so a third login within a minute waited for the next step.
 * Only the staff session is carried over (not a member's the page may also have had); a session
 * the server no longer accepts (a logout) sends the page to /admin/login, and it logs in again.
 */
export async function openBackOfficeAs(page: Page, role: DemoRole, next = '/admin/dashboard') {
  const kept = keptSessions.get(role);
  if (kept) {
    await page.context().setStorageState(kept);
    await page.goto(next);
    const menu = page.getByRole('navigation', { name: '后台菜单' }).or(page.getByRole('menu', { name: '后台菜单' }));
    await expect(menu.or(page.getByLabel('账号'))).toBeVisible();
    if (await menu.isVisible()) return expectBackOffice(page, role);
    keptSessions.delete(role);
  }
  await loginToBackOffice(page, role, next);
  const state = await page.context().storageState();
  keptSessions.set(role, {
    cookies: [],
    origins: state.origins.map((origin) => ({ ...origin, localStorage: origin.localStorage.filter((item) => item.name === staffSessionKey) })).filter((origin) => origin.localStorage.length),
  });
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
