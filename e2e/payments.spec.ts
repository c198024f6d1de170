import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { loginWithPassword, registerByApi } from './support/auth';
import { randomPhone } from './support/sms';
import { attestStudent, itemRid, memberToken, placeOrderByApi } from './support/orders';

/**
 * Online payment (issue 20) against the local payment gateway, the default provider of
 * `npm start`: a checkout page on our own server with 模拟支付成功 / 模拟支付失败 that sends a
 * signed callback. The shop believes only what the server says (onlinePay.status).
 */

const password = 'Lab@e2e2026';
const xrd = { keyword: 'XRD', name: 'XRD 粉末衍射（物相分析）' };

/** axe-core: no critical or serious violation (as e2e/a11y.spec.ts) on the page, or only inside `within` (a dialog: the page behind is not this spec's). */
async function expectNoSeriousViolations(page: Page, within?: string) {
  const builder = new AxeBuilder({ page });
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  const grave = violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')).join('\n  ')}`);
  expect(grave, grave.join('\n')).toEqual([]);
}

test.describe('online payment', () => {
  test('desktop: an order paid by WeChat Native (QR → the local gateway → 模拟支付成功) shows 已支付; cancelled, it is refunded to WeChat', async ({ page, request, context }) => {
    test.setTimeout(180_000);
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    // basic information (an address) comes before a first order
    await attestStudent(request, token, '吴同学');
    const orderNo = await placeOrderByApi(request, token, await itemRid(request, xrd.keyword, xrd.name), 1);
    await loginWithPassword(page, phone, password);

    await page.goto(`/member/order/${orderNo}?pay=1`);
    const pay = page.getByRole('dialog', { name: '支付订单' });
    await expect(pay).toBeVisible();
    const amount = ((await pay.getByTestId('pay-amount').textContent()) ?? '').trim();
    expect(amount).toMatch(/^¥[\d,]+\.\d\d$/);
    await pay.getByRole('radiogroup', { name: '支付方式' }).locator('label').filter({ hasText: '微信支付' }).click();
    await expect(pay.getByRole('button', { name: `微信支付 ${amount}` })).toBeEnabled();
    await expectNoSeriousViolations(page, '.ant-modal-wrap');
    await pay.getByRole('button', { name: `微信支付 ${amount}` }).click();

    // a computer: the QR with the amount and the time left
    const qr = page.getByRole('dialog', { name: '微信扫码支付' });
    await expect(qr.getByTestId('pay-qr-amount')).toHaveText(amount);
    await expect(qr.getByTestId('pay-qr-timer')).toContainText('二维码有效时间');
    const codeUrl = await qr.locator('.qr-image').getAttribute('data-value');
    expect(codeUrl).toMatch(/\/pay\/gateway\//);
    await expect(qr.locator('.qr-image img')).toBeVisible();
    await expectNoSeriousViolations(page, '.ant-modal-wrap');

    // the phone that scans it: the local gateway's checkout page
    const gateway = await context.newPage();
    await gateway.goto(codeUrl!);
    await expect(gateway.getByText(amount, { exact: true })).toBeVisible();
    await gateway.getByRole('button', { name: '模拟支付成功' }).click();
    await expect(gateway.getByText('支付成功', { exact: true })).toBeVisible();
    await gateway.close();

    // the dialog asks the server until it says paid, then closes; the order is paid
    await expect(qr).toBeHidden({ timeout: 20_000 });
    await expect(pay).toBeHidden();
    const summary = page.getByRole('region', { name: '订单概况' });
    await expect(summary.getByTestId('payment-tag')).toHaveText('已支付');
    const payment = page.getByRole('region', { name: '支付信息' });
    await expect(payment.getByTestId('ord-paid-note')).toContainText('微信支付');

    // cancelled before the sample arrives: the money goes back the way it came
    await summary.getByRole('button', { name: '取消订单' }).click();
    const cancel = page.getByRole('dialog', { name: '取消订单' });
    await expect(cancel).toContainText('已支付的金额将原路退回');
    await cancel.getByRole('button', { name: '确认取消' }).click();
    await expect(summary.getByTestId('payment-tag')).toHaveText('已退款');
    await expect(payment.getByTestId('ord-refund-note')).toContainText(`原路退回微信支付${amount}`);
    await expect(page.getByRole('region', { name: '订单进度' }).getByTestId('ord-event').filter({ hasText: '已退款' })).toContainText(`原路退回微信支付${amount}`);
  });

  test('phone (390 px): an online top-up with Alipay goes to the wap checkout, comes back to the result page, and the balance grows', async ({ page, request }) => {
    test.setTimeout(180_000);
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    await loginWithPassword(page, phone, password);
    // (the header's 登录 button lives in the desktop header: log in first, then the phone's width)
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto('/member/prestore');
    await expect(page.getByTestId('prestore-balance')).toHaveText('¥0.00');
    const topup = page.getByRole('region', { name: '在线充值' });
    await expectNoSeriousViolations(page);
    await topup.getByLabel('充值金额（元）').fill('200');
    await topup.getByRole('radiogroup', { name: '支付方式' }).locator('label').filter({ hasText: '支付宝' }).click();
    await topup.getByRole('button', { name: '支付宝 ¥200.00' }).click();

    // a phone: the browser leaves for Alipay's wap checkout (here the local gateway's page)
    await page.waitForURL(/\/pay\/gateway\//);
    await expect(page.getByText('¥200.00', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: '模拟支付成功' }).click();
    await page.getByRole('link', { name: '返回商户' }).click();

    // the result page asks the server (never the address)
    await page.waitForURL(/\/pay\/result\?payment_no=/);
    const result = page.getByRole('region', { name: '支付结果' });
    await expect(result.getByText('支付成功', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(result).toContainText('支付宝已支付 ¥200.00，预存款已到账。');
    await expectNoSeriousViolations(page);
    await result.getByRole('button', { name: '查看预存款' }).click();
    await expect(page).toHaveURL(/\/member\/prestore$/);
    await expect(page.getByTestId('prestore-balance')).toHaveText('¥200.00');
    // the page fits the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
