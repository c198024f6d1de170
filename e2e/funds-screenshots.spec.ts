import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { registerByApi } from './support/auth';
import { randomPhone } from './support/sms';
import { confirmPrestoreByApplyNo } from './support/funds';

/**
 * Screenshots of the money pages at 1440 and 390 px, for a person to look at
 * (FUNDS_SCREENSHOTS=1 npx playwright test e2e/funds-screenshots.spec.ts → test-results/funds-screens/).
 */
test.skip(!process.env.FUNDS_SCREENSHOTS, 'screenshots only on request');

const password = 'Lab@e2e2026';

async function apiLogin(request: APIRequestContext, phone: string, pass: string) {
  const response = await request.post('/api/open/login', { form: { account: phone, password: pass } });
  const envelope = (await response.json()) as { code: number; data: { token: string; refreshToken: string; expires: number } };
  expect(envelope.code).toBe(1);
  return envelope.data;
}

async function memberPost<T>(request: APIRequestContext, token: string, path: string, form: Record<string, string> = {}) {
  const envelope = (await (await request.post(path, { form, headers: { token } })).json()) as { code: number; msg: string; data: T };
  expect(envelope.code, `${path}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

async function shoot(page: Page, path: string, name: string, prepare?: () => Promise<void>) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto(path);
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    if (prepare) await prepare();
    // what the picture shows is there: every image loaded; antd's entrance animations are finished by the screenshot itself
    await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
    await page.screenshot({ path: `test-results/funds-screens/${name}-${width}.png`, fullPage: true, animations: 'disabled' });
  }
}

test('funds pages', async ({ page, request }) => {
  test.setTimeout(180_000);
  const phone = randomPhone();
  await registerByApi(request, phone, password);
  const session = await apiLogin(request, phone, password);
  await page.addInitScript((s) => localStorage.setItem('lab.session', JSON.stringify(s)), session);
  const t = session.token;

  const first = await memberPost<{ applyNo: string }>(request, t, '/api/auth/prestoreApply/add', { amount: '12000', payer: '复旦大学' });
  await confirmPrestoreByApplyNo(request, first.applyNo);
  await memberPost(request, t, '/api/auth/prestoreApply/add', { amount: '2000.50', payer: '复旦大学' });
  const title = await memberPost<{ rid: string }>(request, t, '/api/auth/invoice/add', { kind: 'unit', title: '复旦大学', tax_no: '12100000425006117P', email: 'finance@fudan.edu.cn', default: '1' });
  await memberPost(request, t, '/api/auth/invoice/add', { kind: 'personal', title: '李同学', email: 'li@example.edu.cn' });
  const prestores = await memberPost<{ list: { rid: string; invoiceable: boolean }[] }>(request, t, '/api/auth/prestore/list', {});
  const invoiceable = prestores.list.find((p) => p.invoiceable);
  if (invoiceable) await memberPost(request, t, '/api/auth/invoiceApply/add', { type: '1', title_rid: title.rid, prestore_rids: invoiceable.rid });
  const later = await memberPost<{ applyNo: string }>(request, t, '/api/auth/prestoreApply/add', { amount: '3000' });
  await confirmPrestoreByApplyNo(request, later.applyNo);
  const claimable = await memberPost<{ rid: string }[]>(request, t, '/api/auth/discount4user/list4all');
  if (claimable[0]) await memberPost(request, t, '/api/auth/discount4user/add', { rid: claimable[0].rid });

  await shoot(page, '/member/center', 'center');
  await shoot(page, '/member/prestore', 'prestore-apply', async () => {
    await page.getByLabel('预存金额（元）').fill('10000');
  });
  await shoot(page, '/member/prestore?tab=list', 'prestore-list');
  await shoot(page, '/member/prestore?tab=history', 'prestore-history');
  await shoot(page, '/member/prestore?tab=transfer', 'prestore-transfer');
  await shoot(page, '/member/prestore?tab=credit', 'prestore-credit');
  await shoot(page, '/member/coupon', 'coupon');
  await shoot(page, '/member/invoiceMg', 'invoice-titles');
  await shoot(page, '/member/invoiceLs', 'invoice-records');
  await shoot(page, '/member/invoiceLs', 'invoice-apply', async () => {
    await page.getByRole('button', { name: '申请开票' }).click();
    await expect(page.getByRole('dialog', { name: '申请开票' })).toBeVisible();
  });
  await shoot(page, '/member/invoiceMg', 'invoice-title-modal', async () => {
    await page.getByRole('button', { name: '新增抬头' }).first().click();
    await expect(page.getByRole('dialog', { name: '新增发票抬头' })).toBeVisible();
  });

  // a teacher: the credit line can be applied for
  await page.context().clearCookies();
  const teacher = await apiLogin(request, '13900139000', 'Demo@2026');
  await page.addInitScript((s) => localStorage.setItem('lab.session', JSON.stringify(s)), teacher);
  await shoot(page, '/member/prestore?tab=credit', 'prestore-credit-teacher');
  await memberPost(request, teacher.token, '/api/auth/cluster/add', { name: `表面分析课题组${Date.now() % 10000}`, unit: '复旦大学 化学系' });
  await shoot(page, '/member/prestore?tab=transfer', 'prestore-transfer-teacher');
  await shoot(page, '/member/prestore?tab=history', 'prestore-history-teacher');
});
