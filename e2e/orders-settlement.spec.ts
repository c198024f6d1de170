import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { loginWithPassword, registerByApi } from './support/auth';
import { randomPhone } from './support/sms';
import { approveAttestation, attestStudent, itemRid, labLogin, labProgress, memberPost, memberToken, pickSelect, placeOrderByApi, tinyPdf, topUp, uploadReport } from './support/orders';
import { sem, shanghaiTime, toast, xrd } from './support/order-journeys';

const password = 'Lab@e2e2026';

test.describe('orders', () => {
  test('pay after testing and settle from funds; statement with its xlsx; a paid order cancelled is refunded; too little balance says so', async ({ page, request }) => {
    test.setTimeout(180_000);
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    await attestStudent(request, token, '吴同学');
    await topUp(request, token, '500');
    const [xrdRid, semRid] = [await itemRid(request, xrd.keyword, xrd.name), await itemRid(request, sem.keyword, sem.name)];
    // XRD ¥60 × 3 = ¥180 (pay later), SEM ¥120 × 1 (paid, then cancelled), SEM ¥120 × 5 = ¥600 (more than the balance)
    const later = await placeOrderByApi(request, token, xrdRid, 3);
    const cancelled = await placeOrderByApi(request, token, semRid, 1);
    const big = await placeOrderByApi(request, token, semRid, 5);

    await loginWithPassword(page, phone, password);

    // ---- 待支付: all three; the first chooses 测试后结算 ----
    await page.goto('/member/unpaid');
    await expect(page.getByRole('heading', { name: '待支付订单', level: 1 })).toBeVisible();
    const laterCard = page.getByTestId('ord-card').filter({ hasText: later });
    await expect(laterCard).toContainText('¥180.00');
    await expect(page.getByTestId('ord-card')).toHaveCount(3);
    // a student who only declared themselves (review pending) gets nothing on credit
    await laterCard.getByRole('button', { name: '去支付' }).click();
    let pay = page.getByRole('dialog', { name: '支付订单' });
    await expect(pay.getByTestId('pay-later-reason')).toHaveText('您的资料认证正在审核中，审核通过后才可选择测试后结算');
    await expect(pay.getByRole('button', { name: '测试后结算' })).toHaveCount(0);
    await pay.getByRole('button', { name: '关闭' }).click();
    await expect(pay).toBeHidden();
    // sales approve the attestation: now pay-after-test is offered
    await approveAttestation(request, phone);
    await laterCard.getByRole('button', { name: '去支付' }).click();
    pay = page.getByRole('dialog', { name: '支付订单' });
    await expect(pay.getByTestId('pay-later-hint')).toContainText('额度 ¥50,000.00');
    await pay.getByRole('button', { name: '测试后结算' }).click();
    await expect(toast(page, '已选择测试后结算')).toBeVisible();
    await expect(pay).toBeHidden();

    // ---- too little balance: the dialog opens on 微信支付; the balance says what it lacks and cannot be paid from (issue 31) ----
    const bigCard = page.getByTestId('ord-card').filter({ hasText: big });
    await bigCard.getByRole('button', { name: '去支付' }).click();
    pay = page.getByRole('dialog', { name: '支付订单' });
    const methods = pay.getByRole('radiogroup', { name: '支付方式' });
    await expect(methods.getByRole('radio', { name: /微信支付/ })).toBeChecked();
    // the 新用户券 that came with the registration is chosen; without it the full amount
    await pay.getByRole('radiogroup', { name: '优惠券' }).locator('label').filter({ hasText: '不使用优惠券' }).click();
    await expect(pay.getByTestId('pay-amount')).toHaveText('¥600.00');
    await methods.locator('label').filter({ hasText: '预存款支付' }).click();
    await expect(pay.getByTestId('pay-short')).toContainText('还差 ¥100.00');
    await expect(pay.getByTestId('pay-short').getByRole('link', { name: '去预存' })).toHaveAttribute('href', '/member/prestore');
    await expect(pay.getByRole('button', { name: '确认支付 ¥600.00' })).toBeDisabled();
    await pay.getByRole('button', { name: '关闭' }).click();
    await expect(pay).toBeHidden();

    // ---- pay the SEM order, then cancel it: the money comes back ----
    await page.getByTestId('ord-card').filter({ hasText: cancelled }).getByRole('button', { name: '去支付' }).click();
    pay = page.getByRole('dialog', { name: '支付订单' });
    await pay.getByRole('button', { name: '确认支付 ¥120.00' }).click();
    await expect(toast(page, '支付成功')).toBeVisible();
    expect((await memberPost<{ prestoreFen: number }>(request, token, '/api/auth/asset/init')).prestoreFen).toBe(500_00 - 120_00);
    await page.goto(`/member/order/${cancelled}`);
    const summary = page.getByRole('region', { name: '订单概况' });
    await expect(summary.getByTestId('payment-tag')).toHaveText('已支付');
    await summary.getByRole('button', { name: '取消订单' }).click();
    const cancel = page.getByRole('dialog', { name: '取消订单' });
    await expect(cancel).toContainText('已支付的金额将原路退回');
    await cancel.getByRole('textbox').fill('课题方向调整，暂不测试');
    await cancel.getByRole('button', { name: '确认取消' }).click();
    await expect(toast(page, '订单已取消')).toBeVisible();
    await expect(summary.getByTestId('progress-tag')).toHaveText('已取消');
    await expect(summary.getByTestId('payment-tag')).toHaveText('已退款');
    await expect(page.getByRole('region', { name: '订单进度' }).getByTestId('ord-event').first()).toContainText(shanghaiTime);
    expect((await memberPost<{ prestoreFen: number }>(request, token, '/api/auth/asset/init')).prestoreFen).toBe(500_00);

    // ---- the lab tests the pay-later order; it waits in 待结算 ----
    const lab = await labLogin(request);
    for (const action of ['confirm', 'receive', 'test'] as const) await labProgress(request, lab, action, later);
    await uploadReport(request, lab, later, 'XRD报告.pdf', tinyPdf);
    await labProgress(request, lab, 'deliver', later);

    await page.goto('/member/unsettled');
    await expect(page.getByRole('heading', { name: '待结算', level: 1 })).toBeVisible();
    const unsettled = page.getByRole('region', { name: '待结算订单' });
    await expect(unsettled.getByTestId('settlement-due')).toHaveText('¥180.00');
    await expect(unsettled.getByRole('row').filter({ hasText: later })).toBeVisible();
    const checkbox = unsettled.getByRole('checkbox', { name: `选择订单 ${later}` });
    await expect(checkbox).toBeChecked();
    await checkbox.uncheck();
    await expect(unsettled.getByTestId('settlement-chosen')).toHaveText('¥0.00');
    await expect(unsettled.getByRole('button', { name: '结算' })).toBeDisabled();
    await checkbox.check();
    await expect(unsettled.getByTestId('settlement-chosen')).toHaveText('¥180.00');
    await expect(unsettled.getByRole('radio', { name: /个人预存款.*余额 ¥500\.00/ })).toBeChecked();
    await unsettled.getByRole('button', { name: '结算' }).click();
    await expect(toast(page, '结算成功')).toBeVisible();
    await expect(unsettled.getByTestId('settlement-due')).toHaveText('¥0.00');
    await expect(unsettled.getByText('没有待结算的订单')).toBeVisible();
    expect((await memberPost<{ prestoreFen: number }>(request, token, '/api/auth/asset/init')).prestoreFen).toBe(500_00 - 180_00);

    // ---- 对账单: this month's orders, paid and due; export xlsx ----
    const statement = page.getByRole('region', { name: '对账单' });
    await statement.getByRole('button', { name: '查看对账单' }).click();
    await expect(statement.getByRole('row').filter({ hasText: later })).toContainText('¥180.00');
    await expect(statement.getByRole('row').filter({ hasText: big })).toContainText('¥600.00');
    await expect(statement.getByTestId('statement-due')).toHaveText('¥600.00');
    const xlsxWait = page.waitForEvent('download');
    await statement.getByRole('button', { name: '导出Excel' }).click();
    const xlsx = await xlsxWait;
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    expect((await readFile(await xlsx.path())).subarray(0, 2).toString('latin1')).toBe('PK');

    // ---- 订单查询: by number, then by status ----
    await page.goto('/member/oquery');
    const form = page.getByRole('region', { name: '查询条件' });
    await form.getByLabel('订单编号').fill(later);
    await form.getByRole('button', { name: /查\s?询/ }).click();
    const results = page.getByRole('region', { name: '查询结果' });
    await expect(results.getByRole('row').filter({ hasText: later })).toBeVisible();
    await expect(results.getByRole('row').filter({ hasText: big })).toHaveCount(0);
    await form.getByLabel('订单编号').fill('');
    await pickSelect(page, form.getByLabel('订单状态'), '已取消');
    await form.getByRole('button', { name: /查\s?询/ }).click();
    await expect(results.getByRole('row').filter({ hasText: cancelled })).toBeVisible();
    await expect(results.getByRole('row').filter({ hasText: later })).toHaveCount(0);
  });
});
