import { expect, test } from './support/test';
import { loginPanel, registerByApi, submitPassword } from './support/auth';
import { randomPhone } from './support/sms';
import { attestStudent, itemRid, memberToken, pickFirstEnabledDate, pickSelect } from './support/orders';
import { xrd } from './support/order-journeys';

const password = 'Lab@e2e2026';

/*
 * A first order that never loses work (issue 31), at a computer's width and a phone's: a
 * visitor's 加入实验计划 is done once they log in; what is typed into the order form survives the
 * detour out of checkout and a reload (the invoice title added in a dialog inside it); the pay dialog opens on a way that can pay (no balance:
 * 微信支付), with the button on screen.
 */
for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`first order at ${width} px: login finishes 加入实验计划, the order form's draft outlives a detour and a reload, the pay step can pay`, async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height });
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    await attestStudent(request, await memberToken(request, phone, password), '秦同学');
    const rid = await itemRid(request, xrd.keyword, xrd.name);

    // ---- a visitor asks for 加入实验计划, logs in, and it is done ----
    await page.goto(`/detail/${rid}`);
    const panel = page.getByRole('region', { name: '选择测试条件' });
    await panel.getByLabel('样品数量').fill('5');
    await panel.getByRole('button', { name: /加入实验计划/ }).click();
    await submitPassword(loginPanel(page), phone, password);
    await expect(loginPanel(page)).toBeHidden();
    await expect(panel.getByRole('status')).toContainText('已加入实验计划');

    // ---- the order form, then a detour to add an invoice title ----
    await page.goto('/experiment/plan');
    await page.getByRole('button', { name: '去下单' }).click();
    await expect(page.getByRole('heading', { name: '确认订单', level: 1 })).toBeVisible();
    const sample = `${xrd.name} 样品1`;
    await page.getByLabel(`${sample} 名称`).fill('钛白粉 A');
    await pickSelect(page, page.getByLabel(`${sample} 形态`), '粉末');
    await page.getByRole('radiogroup', { name: '送样方式' }).locator('label').filter({ hasText: '上门取样' }).click();
    const date = await pickFirstEnabledDate(page, page.getByPlaceholder('请选择取样日期'));
    const slot = page.locator('.slot-group .ant-radio-button-wrapper:not(.ant-radio-button-wrapper-disabled)').first();
    const slotText = ((await slot.textContent()) ?? '').trim();
    await slot.click();
    await pickSelect(page, page.getByLabel('发票需求'), '增值税普通电子发票');
    // the first invoice title is added in a dialog inside checkout, and chosen
    await page.getByRole('button', { name: '添加抬头' }).click();
    const titleDialog = page.getByRole('dialog', { name: '新增发票抬头' });
    await titleDialog.getByLabel('发票抬头').fill('苏州大学');
    await titleDialog.getByLabel('税号').fill('12320000466008393T');
    await titleDialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(titleDialog).toBeHidden();
    await expect(page.getByLabel('发票抬头').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('苏州大学（单位）');
    // a detour out of checkout (the member centre) and back
    await page.goto('/member/center');
    await page.goBack();

    const restored = async () => {
      await expect(page.getByText('已恢复您上次未提交的填写')).toBeVisible();
      await expect(page.getByLabel(`${sample} 名称`)).toHaveValue('钛白粉 A');
      await expect(page.getByLabel(`${sample} 形态`).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('粉末');
      await expect(page.getByRole('radiogroup', { name: '送样方式' }).getByRole('radio', { name: '上门取样' })).toBeChecked();
      await expect(page.getByPlaceholder('请选择取样日期')).toHaveValue(date);
      await expect(page.locator('.slot-group .ant-radio-button-wrapper-checked')).toHaveText(slotText);
      await expect(page.getByLabel('发票需求').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('增值税普通电子发票');
      await expect(page.getByLabel('发票抬头').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('苏州大学（单位）');
    };
    await restored();
    await page.reload();
    await restored();
    await page.screenshot({ path: `test-results/first-order-checkout-${width}.png`, fullPage: true });

    // ---- submitted: the draft is gone; the pay dialog opens on 微信支付 (no balance), its button on screen ----
    await pickSelect(page, page.getByLabel('发票需求'), '不开发票');
    await page.getByRole('checkbox', { name: '我已阅读并同意' }).check();
    await page.getByRole('button', { name: '提交订单' }).click();
    await expect(page).toHaveURL(/\/member\/order\/[A-Z]+\d+\?pay=1$/);
    expect(await page.evaluate(() => localStorage.getItem('lab.order-drafts'))).toBeNull();
    const pay = page.getByRole('dialog', { name: '支付订单' });
    await expect(pay.getByRole('radiogroup', { name: '支付方式' }).getByRole('radio', { name: /微信支付/ })).toBeChecked();
    // the 新用户券 came with the registration, and fits this ¥300 order
    await expect(pay.getByRole('radiogroup', { name: '优惠券' }).getByRole('radio', { name: /新用户立减 ¥50.*立减 ¥50\.00/ })).toBeChecked();
    const button = pay.getByTestId('pay-bar').getByRole('button', { name: /微信支付 ¥250\.00/ });
    await expect(button).toBeEnabled();
    await expect(button).toBeInViewport();
    await page.screenshot({ path: `test-results/first-order-pay-${width}.png` });

    // ---- the member centre leads with where the order stands ----
    await page.goto('/member/center');
    const strip = page.getByRole('navigation', { name: '订单状态' });
    await expect(strip.getByRole('link', { name: '1 待支付' })).toHaveAttribute('href', '/member/unpaid');
    await expect(page.getByRole('list', { name: '最近订单' }).getByRole('link', { name: '去支付' })).toBeVisible();
    await page.screenshot({ path: `test-results/first-order-member-centre-${width}.png`, fullPage: true });
  });
}
