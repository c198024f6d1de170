import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { loginPanel, openLoginPanel, registerByApi, submitPassword } from './support/auth';
import { randomPhone } from './support/sms';
import { attestStudent, itemRid, memberToken, placeOrderByApi, topUp } from './support/orders';

/**
 * Screenshots of the online-payment screens at 1280 and 390 px, for a person to look at
 * (PAY_SCREENSHOTS=1 npx playwright test e2e/payments-screenshots.spec.ts → test-results/pay-screens/).
 */
test.skip(!process.env.PAY_SCREENSHOTS, 'screenshots only on request');

const password = 'Lab@e2e2026';
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/pay-screens/${name}.png`, fullPage: false, animations: 'disabled' });

test('online payment screens', async ({ page, request, context }) => {
  test.setTimeout(240_000);
  const phone = randomPhone();
  await registerByApi(request, phone, password);
  const token = await memberToken(request, phone, password);
  await attestStudent(request, token, '吴同学');
  await topUp(request, token, '100');
  const orderNo = await placeOrderByApi(request, token, await itemRid(request, 'XRD', 'XRD 粉末衍射（物相分析）'), 3);
  await page.goto('/');
  await submitPassword(await openLoginPanel(page), phone, password);
  await expect(loginPanel(page)).toBeHidden();

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 860 : 844 });
    await page.goto(`/member/order/${orderNo}?pay=1`);
    const pay = page.getByRole('dialog', { name: '支付订单' });
    await expect(pay.getByTestId('pay-amount')).toBeVisible();
    await shot(page, `pay-dialog-balance-${width}`);
    await pay.getByRole('radiogroup', { name: '支付方式' }).locator('label').filter({ hasText: '微信支付' }).click();
    await pay.getByRole('checkbox', { name: /余额抵扣/ }).check();
    await shot(page, `pay-dialog-wechat-${width}`);
    await page.goto('/member/prestore');
    await expect(page.getByRole('region', { name: '在线充值' })).toBeVisible();
    await page.getByRole('region', { name: '在线充值' }).getByLabel('充值金额（元）').fill('500');
    await page.screenshot({ path: `test-results/pay-screens/prestore-${width}.png`, fullPage: true, animations: 'disabled' });
  }

  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(`/member/order/${orderNo}?pay=1`);
  const pay = page.getByRole('dialog', { name: '支付订单' });
  await pay.getByRole('radiogroup', { name: '支付方式' }).locator('label').filter({ hasText: '微信支付' }).click();
  await pay.getByRole('button', { name: /^微信支付 ¥/ }).click();
  const qr = page.getByRole('dialog', { name: '微信扫码支付' });
  await expect(qr.locator('.qr-image img')).toBeVisible();
  await shot(page, 'qr-1280');
  const codeUrl = (await qr.locator('.qr-image').getAttribute('data-value'))!;
  const gateway = await context.newPage();
  await gateway.goto(codeUrl);
  await gateway.screenshot({ path: 'test-results/pay-screens/gateway-1280.png' });
  await gateway.getByRole('button', { name: '模拟支付成功' }).click();
  await gateway.getByRole('link', { name: '返回商户' }).click();
  await expect(gateway.getByText('支付成功', { exact: true })).toBeVisible();
  await gateway.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await gateway.screenshot({ path: 'test-results/pay-screens/result-1280.png', animations: 'disabled' });
  await gateway.setViewportSize({ width: 390, height: 844 });
  await gateway.screenshot({ path: 'test-results/pay-screens/result-390.png', animations: 'disabled' });
  await gateway.close();
  await expect(qr).toBeHidden({ timeout: 20_000 });
  await page.getByRole('region', { name: '订单概况' }).getByRole('button', { name: '取消订单' }).click();
  await page.getByRole('dialog', { name: '取消订单' }).getByRole('button', { name: '确认取消' }).click();
  await expect(page.getByTestId('ord-refund-note')).toBeVisible();
  await page.getByRole('region', { name: '支付信息' }).scrollIntoViewIfNeeded();
  await shot(page, 'order-refunded-1280');
});
