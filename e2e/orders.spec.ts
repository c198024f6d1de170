import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { loginWithPassword, registerByApi } from './support/auth';
import { randomPhone } from './support/sms';
import {
  attestStudent,
  itemRid,
  labLogin,
  labProgress,
  memberPost,
  memberToken,
  pickFirstEnabledDate,
  pickSelect,
  tinyPdf,
  topUp,
  uploadReport,
} from './support/orders';
import { sem, shanghaiTime, toast, xrd } from './support/order-journeys';

const password = 'Lab@e2e2026';

/** On an item's detail page: the first choice of every option, the sample count, 加入实验计划. */
async function addToPlan(page: Page, rid: string, name: string, count: number) {
  await page.goto(`/detail/${rid}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const panel = page.getByRole('region', { name: '选择测试条件' });
  await panel.getByLabel('样品数量').fill(String(count));
  await panel.getByRole('button', { name: /加入实验计划/ }).click();
  await expect(panel.getByRole('status')).toContainText('已加入实验计划');
}

test.describe('orders', () => {
  test('college journey: plan from two detail pages, order with a home pickup, pay from funds with a coupon, lab delivers a report, member downloads, confirms and evaluates', async ({ page, request }) => {
    // a long journey on a busy machine
    test.setTimeout(240_000);
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    await attestStudent(request, token, '周同学');
    await topUp(request, token, '1000');
    // the 新用户立减 ¥50 came with the registration (新用户券, issue 31): nothing to claim
    const [xrdRid, semRid] = [await itemRid(request, xrd.keyword, xrd.name), await itemRid(request, sem.keyword, sem.name)];

    await loginWithPassword(page, phone, password);

    // ---- two items into the plan from their detail pages ----
    await addToPlan(page, xrdRid, xrd.name, 2);
    await addToPlan(page, semRid, sem.name, 2);
    await page.goto('/experiment/plan');
    await expect(page.getByTestId('plan-line')).toHaveCount(2);
    // XRD ¥60 × 2 + SEM ¥120 × 2
    await expect(page.getByTestId('plan-total')).toHaveText('¥360.00');
    await page.getByRole('button', { name: '去下单' }).click();

    // ---- the order form: samples, home pickup, agreement ----
    await expect(page).toHaveURL(/\/experiment\/confirm/);
    await expect(page.getByRole('heading', { name: '确认订单', level: 1 })).toBeVisible();
    for (const [line, samples] of [
      [xrd.name, ['TiO2 粉末', '粉末']],
      [sem.name, ['ZnO 薄膜', '薄膜']],
    ] as const) {
      const label = `${line} 样品1`;
      await page.getByLabel(`${label} 名称`).fill(samples[0]);
      await pickSelect(page, page.getByLabel(`${label} 形态`), samples[1]);
    }
    await page.getByRole('radiogroup', { name: '送样方式' }).locator('label').filter({ hasText: '上门取样' }).click();
    await expect(page.getByRole('radiogroup', { name: '取样地址' }).getByRole('radio', { name: /干将东路/ })).toBeChecked();
    const date = await pickFirstEnabledDate(page, page.getByPlaceholder('请选择取样日期'));
    const slot = page.locator('.slot-group .ant-radio-button-wrapper:not(.ant-radio-button-wrapper-disabled)').first();
    const slotText = ((await slot.textContent()) ?? '').trim();
    await slot.click();
    await page.getByRole('checkbox', { name: '我已阅读并同意' }).check();
    await page.getByRole('button', { name: '提交订单' }).click();

    // ---- the order's page opens with the pay dialog ----
    await expect(page).toHaveURL(/\/member\/order\/[A-Z]+\d+\?pay=1$/);
    const orderNo = (await page.getByTestId('ord-no').textContent())?.trim() ?? '';
    expect(orderNo).toMatch(/^[A-Z]+\d+$/);
    const pay = page.getByRole('dialog', { name: '支付订单' });
    await expect(pay).toBeVisible();
    const accounts = pay.getByRole('radiogroup', { name: '支付账户' });
    await expect(accounts.getByRole('radio', { name: /个人预存款.*余额 ¥1,000\.00/ })).toBeChecked();
    const coupons = pay.getByRole('radiogroup', { name: '优惠券' });
    await coupons.locator('label').filter({ hasText: '不使用优惠券' }).click();
    await expect(pay.getByTestId('pay-amount')).toHaveText('¥360.00');
    await coupons.locator('label').filter({ hasText: '新用户立减 ¥50' }).click();
    await expect(coupons.getByRole('radio', { name: /新用户立减 ¥50.*立减 ¥50\.00/ })).toBeChecked();
    await expect(pay.getByTestId('pay-amount')).toHaveText('¥310.00');
    await pay.getByRole('button', { name: '确认支付 ¥310.00' }).click();
    await expect(toast(page, '支付成功')).toBeVisible();
    await expect(pay).toBeHidden();

    const summary = page.getByRole('region', { name: '订单概况' });
    await expect(summary.getByTestId('payment-tag')).toHaveText('已支付');
    await expect(summary.getByTestId('progress-tag')).toHaveText('待确认');
    const payment = page.getByRole('region', { name: '支付信息' });
    await expect(payment).toContainText('-¥50.00（新用户立减 ¥50）');
    await expect(payment.getByTestId('ord-payable')).toHaveText('¥310.00');
    await expect(payment).toContainText('个人预存款');
    const delivery = page.getByRole('region', { name: '送样方式' });
    await expect(delivery).toContainText('上门取样');
    await expect(delivery).toContainText(`${date} ${slotText}`);
    await expect(delivery).toContainText('干将东路 333 号');
    // each sample has its code
    const lines = page.getByTestId('ord-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: xrd.name })).toContainText('TiO2 粉末');
    await expect(lines.filter({ hasText: xrd.name }).locator('.ord-sample-code')).toHaveText(new RegExp(`^${orderNo}`));

    // ---- the testing agreement: download it filled in, upload the signed copy ----
    const agreement = page.getByRole('region', { name: '委托协议' }).getByTestId('agreement-item');
    await expect(agreement).toContainText('待签署');
    const agreementWait = page.waitForEvent('download');
    await agreement.getByRole('button', { name: '下载协议' }).click();
    const agreementFile = await agreementWait;
    expect((await readFile(await agreementFile.path())).toString('utf8')).toContain(orderNo);
    await agreement.locator('input[type="file"]').setInputFiles({ name: '委托协议-已签署.pdf', mimeType: 'application/pdf', buffer: tinyPdf });
    await expect(toast(page, '签署件已上传，等待确认')).toBeVisible();
    await expect(agreement).toContainText('已上传，待确认');

    // the funds paid the rest of the order
    const asset = await memberPost<{ prestoreFen: number }>(request, token, '/api/auth/asset/init');
    expect(asset.prestoreFen).toBe(1000_00 - 310_00);

    // ---- the lab: confirm, sample received, testing, report, data delivered ----
    const lab = await labLogin(request);
    await labProgress(request, lab, 'confirm', orderNo, '已安排上门取样');
    await labProgress(request, lab, 'receive', orderNo, '样品完好，共 4 个');
    await labProgress(request, lab, 'test', orderNo);
    await uploadReport(request, lab, orderNo, 'XRD-SEM检测报告.pdf', tinyPdf);
    await labProgress(request, lab, 'deliver', orderNo, '报告已上传，请查收');

    // ---- the member sees the timeline ----
    await page.reload();
    await expect(summary.getByTestId('progress-tag')).toHaveText('已出数据');
    const progress = page.getByRole('region', { name: '订单进度' });
    const steps = progress.getByTestId('ord-steps').locator('.ant-steps-item');
    await expect(steps).toHaveCount(6);
    await expect(steps.nth(4)).toHaveClass(/ant-steps-item-process/);
    await expect(steps.nth(4)).toContainText('已出数据');
    await expect(steps.nth(2)).toContainText(shanghaiTime);
    const events = progress.getByTestId('ord-event');
    await expect(events.first()).toContainText('报告已上传，请查收');
    await expect(events.first()).toContainText(shanghaiTime);
    await expect(events.filter({ hasText: '样品完好，共 4 个' })).toHaveCount(1);
    await expect(events.filter({ hasText: '已支付' })).toContainText('操作人');
    await expect(events.last()).toContainText(shanghaiTime);

    // ---- downloads the report ----
    const report = page.getByTestId('report-item').filter({ hasText: 'XRD-SEM检测报告.pdf' });
    await expect(report).toBeVisible();
    const downloadWait = page.waitForEvent('download');
    await report.getByRole('button', { name: '下载 XRD-SEM检测报告.pdf' }).click();
    const download = await downloadWait;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // ---- confirms the data ----
    await summary.getByRole('button', { name: '确认数据' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '确认数据' }).click();
    await expect(toast(page, '已确认数据')).toBeVisible();
    await expect(summary.getByTestId('progress-tag')).toHaveText('已完成');
    await expect(steps.nth(5)).toHaveClass(/ant-steps-item-finish/);

    // ---- evaluates ----
    await summary.getByRole('button', { name: '评价' }).click();
    const evaluate = page.getByRole('dialog', { name: '评价订单' });
    await expect(evaluate).toBeVisible();
    await evaluate.locator('.ant-rate-star').nth(3).click();
    await expect(evaluate).toContainText('满意');
    await evaluate.getByPlaceholder(/说说测试速度/).fill('取样准时，报告清晰，数据可靠。');
    await evaluate.getByRole('button', { name: '提交评价' }).click();
    await expect(toast(page, '评价成功，感谢您的反馈')).toBeVisible();
    const mine = page.getByRole('region', { name: '我的评价' });
    await expect(mine).toContainText('取样准时，报告清晰，数据可靠。');
    await expect(mine.locator('.ant-rate-star-full')).toHaveCount(4);
    await expect(summary.getByRole('button', { name: '评价' })).toHaveCount(0);

    // ---- the list shows it under 已完成 ----
    await page.goto('/member/order?tab=completed');
    const card = page.getByTestId('ord-card').filter({ hasText: orderNo });
    await expect(card).toContainText('¥310.00');
    await expect(card.getByTestId('progress-tag')).toHaveText('已完成');
    await expect(card.getByTestId('payment-tag')).toHaveText('已支付');
  });
});
