import { expect, test } from './support/test';
import { registerByApi } from './support/auth';
import { randomPhone } from './support/sms';
import { staffLogin, staffPost } from './support/funds';
import { openBackOfficeAs } from './support/admin';

/**
 * Screenshots of 财务管理 → 在线支付与对账 at 1280 and 390 px, for a person to look at
 * (PAYMENTS_SCREENSHOTS=1 npx playwright test e2e/admin-payments-screenshots.spec.ts → test-results/payments-screens/).
 */
test.skip(!process.env.PAYMENTS_SCREENSHOTS, 'screenshots only on request');

test('在线支付与对账', async ({ page, request }) => {
  test.setTimeout(180_000);
  const phone = randomPhone();
  const password = 'Lab@e2e2026';
  await registerByApi(request, phone, password);
  const login = (await (await request.post('/api/open/login', { form: { account: phone, password } })).json()) as { data: { token: string } };
  const started = (await (await request.post('/api/auth/onlinePay/start', { form: { purpose: 'topup', vendor: 'wechat', scene: 'native', amount: '500' }, headers: { token: login.data.token } })).json()) as { data: { payment: { paymentNo: string } } };
  await request.post(`/pay/gateway/${started.data.payment.paymentNo}/paid`);
  const yesterday = new Date(Date.now() - 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
  await staffPost(request, await staffLogin(request), '/api/admin/payments/reconcile/run', { day: yesterday });

  await openBackOfficeAs(page, 'finance', '/admin/finance/payments');
  for (const tab of ['payments', 'refunds', 'reconcile']) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.goto(`/admin/finance/payments?tab=${tab}`);
      await expect(page.locator('.ant-table')).toBeVisible();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      if (tab === 'payments') await expect(page.getByText(started.data.payment.paymentNo)).toBeVisible();
      await page.screenshot({ path: `test-results/payments-screens/${tab}-${width}.png`, fullPage: true, animations: 'disabled' });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/finance/payments?tab=reconcile');
  await page.getByRole('button', { name: '查看' }).first().click();
  await expect(page.locator('.ant-drawer').getByText(/支付：渠道/)).toBeVisible();
  await page.screenshot({ path: 'test-results/payments-screens/reconcile-drawer-1280.png', animations: 'disabled' });
});
