import { expect, test } from './support/test';
import { loginPanel, registerByApi, submitPassword } from './support/auth';
import { randomPhone } from './support/sms';

const password = 'Lab@e2e2026';

/*
 * /require (提交测试需求, issue 31): a visitor reads and fills the form first; 提交需求 asks for the
 * login, and what was typed, the attachment too, is sent once they have logged in. Closing the
 * login panel sends nothing and leaves the form as typed. At a computer's width and a phone's.
 */
for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a visitor fills /require at ${width} px, logs in on 提交需求, and the requirement is posted as typed`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const phone = randomPhone();
    await registerByApi(request, phone, password);

    await page.goto('/require');
    const form = page.getByRole('region', { name: '需求表单' });
    // nothing stands between a visitor and the form
    await expect(form.getByLabel('测试需求')).toBeVisible();
    await expect(loginPanel(page)).toBeHidden();
    await expect(form).toContainText('登录后自动提交');

    // a problem is said before any login is asked
    await form.getByRole('button', { name: /提交需求/ }).click();
    await expect(form.getByText('[测试需求]不能为空')).toBeVisible();
    await expect(loginPanel(page)).toBeHidden();

    const title = `XRD 物相分析 ${phone.slice(-4)}`;
    await form.getByLabel('测试需求').fill(title);
    await form.getByLabel('需求描述').fill('NCM811 正极材料，确认物相纯度，需要全谱精修。');
    await form.getByLabel('样品信息').fill('粉末 3 个，每个约 1 g，无毒');
    await form.getByLabel('预算').fill('3000 元以内');
    await form.getByLabel('联系人').fill('王老师');
    await form.getByLabel('联系电话').fill(phone);
    await form.locator('input[type=file]').setInputFiles({ name: '测试方案.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
    await expect(form.getByText('测试方案.pdf')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/require-visitor-${width}.png`, fullPage: true, style: '.site-header { position: static !important; }' });

    // the panel closed without logging in: nothing is sent, the form is as typed
    await form.getByRole('button', { name: /提交需求/ }).click();
    await expect(loginPanel(page)).toBeVisible();
    await loginPanel(page).getByRole('button', { name: '关闭登录面板' }).click();
    await expect(loginPanel(page)).toBeHidden();
    await expect(form.getByLabel('测试需求')).toHaveValue(title);
    await expect(form.getByText('测试方案.pdf')).toBeVisible();

    // asked again and logged in: the requirement goes out with no further click
    await form.getByRole('button', { name: /提交需求/ }).click();
    await submitPassword(loginPanel(page), phone, password);
    await expect(loginPanel(page)).toBeHidden();
    await expect(page.getByText('需求已提交，我们会尽快联系您')).toBeVisible();

    await page.getByRole('link', { name: '查看我的需求', exact: true }).click();
    await expect(page).toHaveURL('/experiment/demand');
    const posted = page.getByTestId('requirement-item').filter({ hasText: title });
    await expect(posted).toHaveCount(1);
    await expect(posted).toContainText('待报价');
    await expect(posted).toContainText('3000 元以内');
    await expect(posted.getByRole('button', { name: '测试方案.pdf' })).toBeVisible();
  });
}
