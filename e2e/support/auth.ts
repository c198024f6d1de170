import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readSmsCode } from './sms';

/** The demo member the server seeds (README). */
export const demoMember = { phone: '13800138000', password: 'Demo@2026', name: '张明', inviteCode: 'DEMO2026' } as const;

/** The full-screen login panel. */
export const loginPanel = (page: Page): Locator => page.locator('[role="dialog"][aria-labelledby="login-panel-title"]');

export async function openLoginPanel(page: Page, which: '登录' | '注册' = '登录') {
  await page.getByRole('navigation', { name: '快捷入口' }).getByRole('button', { name: which, exact: true }).click();
  await expect(loginPanel(page)).toBeVisible();
  return loginPanel(page);
}

/** Fills and submits the password form of an open panel. */
export async function submitPassword(panel: Locator, account: string, password: string) {
  await panel.getByLabel('用户名/手机号').fill(account);
  await panel.getByLabel('密码', { exact: true }).fill(password);
  await panel.getByRole('button', { name: '登录', exact: true }).click();
}

export async function expectLoggedIn(page: Page, name: string = demoMember.name) {
  await expect(loginPanel(page)).toBeHidden();
  await expect(page.getByTestId('header-user')).toContainText(name);
}

/** Logs in through the header's login button with the demo member's password. */
export async function loginAsDemo(page: Page) {
  const panel = await openLoginPanel(page);
  await submitPassword(panel, demoMember.phone, demoMember.password);
  await expect(page.getByText('登录成功!')).toBeVisible();
  await expectLoggedIn(page);
}

/**
 * A member registered through the API (used where a test needs a fresh account). Each one signs
 * up from an address of its own, as separate people do: the server allows 20 codes an hour per
 * address (the e2e server trusts one proxy hop, playwright.config.ts), and the suite makes more
 * accounts than that; the browser's own sign-ups still come from 127.0.0.1.
 */
export async function registerByApi(request: APIRequestContext, phone: string, password: string) {
  const headers = { 'x-forwarded-for': `10.${phone.slice(-6, -4)}.${phone.slice(-4, -2)}.${phone.slice(-2)}` };
  const send = await request.post('/api/open/code4sms', { headers, form: { phone, useFor: '0' } });
  const sent = (await send.json()) as { code: number; msg: string };
  expect(sent.code, `send register code: ${sent.msg}`).toBe(1);
  const code = await readSmsCode(request, phone);
  const sign = await request.post('/api/open/sign', { headers, form: { phone, code, password, agreement: '1' } });
  expect((await sign.json()).code, 'register').toBe(1);
}

/**
 * The failure alert (spec: the server's msg with a confirm button): checks the text, waits
 * for the opening animation to finish (a click during it can leave antd's dialog half
 * closed in headless runs), confirms, and waits until it is gone.
 */
export async function confirmFailureAlert(page: Page, text: string | RegExp) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await expect(page.locator('.ant-modal').filter({ hasText: text })).not.toHaveClass(/-(appear|enter)/);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Picks an item of the member dropdown in the header. The menu opens on hover with an
 * animation; a click that lands while it is still moving can be lost, so the pick is
 * retried until the page shows its effect.
 */
export async function pickMemberMenu(page: Page, item: '会员中心' | '退出登录', expectedPath: string) {
  await expect(async () => {
    await page.getByTestId('header-user').hover({ timeout: 2000 });
    await page.getByRole('menuitem', { name: item }).click({ timeout: 2000 });
    await expect(page).toHaveURL(expectedPath, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}
