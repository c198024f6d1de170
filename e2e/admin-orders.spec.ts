import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { openBackOfficeAs } from './support/admin';
import { loginPanel, openLoginPanel, registerByApi, submitPassword } from './support/auth';
import { approveAttestation, attestStudent, itemRid, labLogin, labProgress, memberPost, memberToken, placeOrderByApi, tinyPdf } from './support/orders';
import { randomPhone } from './support/sms';

const password = 'Desk@e2e2026';
const xrd = { keyword: 'XRD', name: 'XRD 粉末衍射（物相分析）' };

/** A success message (antd message), not the same words elsewhere on the page. */
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

test.describe('the order desk', () => {
  test('the lab receives a sample by typing its order number, starts testing, uploads the report and delivers; the member sees 已出数据 and the report', async ({ page, browser, request }) => {
    // ---- a student's order waiting for its sample (pay after testing), confirmed by the lab ----
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    await attestStudent(request, token, '柳收样');
    await approveAttestation(request, phone);
    const orderNo = await placeOrderByApi(request, token, await itemRid(request, xrd.keyword, xrd.name), 2);
    await memberPost(request, token, '/api/auth/order/payLater', { order_no: orderNo });
    await labProgress(request, await labLogin(request), 'confirm', orderNo);

    // ---- 收样登记: the number typed as a scanner would, then Enter ----
    await openBackOfficeAs(page, 'lab', '/admin/receive');
    await expect(page.getByRole('heading', { level: 1, name: '收样登记' })).toBeVisible();
    const scan = page.getByLabel('订单号或样品编号');
    await expect(scan).toBeFocused();
    await scan.fill(orderNo);
    await scan.press('Enter');
    const found = page.getByTestId('receive-order');
    await expect(found.getByRole('heading', { name: orderNo })).toBeVisible();
    await expect(found.getByTestId('progress-tag')).toHaveText('待寄样');
    await expect(found).toContainText('柳收样');
    await expect(found.getByText(`${orderNo}-1-1`)).toBeVisible();
    await page.getByLabel('收样备注').fill('样品完好，共 2 份');
    await page.getByRole('button', { name: '确认收样' }).click();
    await expect(toast(page, '已确认收样，已通知客户')).toBeVisible();
    await expect(found.getByTestId('progress-tag')).toHaveText('已收样');
    await expect(page.getByRole('link', { name: /打印样品标签/ })).toHaveAttribute('href', `/admin/orders/${orderNo}/labels`);
    await expect(page.getByTestId('received-item')).toContainText(orderNo);

    // ---- the printable labels: one per sample, a QR code of the order number ----
    await page.goto(`/admin/orders/${orderNo}/labels`);
    const label = page.getByTestId('sample-label');
    await expect(label).toHaveCount(1);
    await expect(label).toContainText(`${orderNo}-1-1`);
    await expect(label.getByRole('img', { name: `订单${orderNo}二维码` })).toBeVisible();

    // ---- the order: start testing, upload the report in the deliver dialog, deliver ----
    await page.goto(`/admin/orders/${orderNo}`);
    await expect(page.getByRole('heading', { level: 1, name: `订单 ${orderNo}` })).toBeVisible();
    await expect(page.getByTestId('progress-tag').first()).toHaveText('已收样');
    await expect(page.getByTestId('desk-event').filter({ hasText: '样品已签收' })).toContainText('样品完好，共 2 份');
    await page.getByRole('button', { name: '开始测试' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '开始测试' }).click();
    await expect(toast(page, '已开始测试')).toBeVisible();
    await expect(page.getByTestId('progress-tag').first()).toHaveText('测试中');

    await page.getByRole('button', { name: '交付数据' }).click();
    const deliver = page.getByRole('dialog', { name: `交付数据：${orderNo}` });
    await expect(deliver.getByRole('button', { name: '确认交付' })).toBeDisabled();
    await deliver.locator('input[type=file]').setInputFiles({ name: 'XRD检测报告.pdf', mimeType: 'application/pdf', buffer: tinyPdf });
    await expect(toast(page, '报告文件已上传')).toBeVisible();
    await expect(deliver.getByTestId('desk-report')).toContainText('XRD检测报告.pdf');
    await deliver.getByLabel('交付说明').fill('报告已上传，含原始数据');
    await deliver.getByRole('button', { name: '确认交付' }).click();
    await expect(toast(page, '数据已交付，已通知客户')).toBeVisible();
    await expect(deliver).toBeHidden();
    await expect(page.getByTestId('progress-tag').first()).toHaveText('已出数据');
    await expect(page.getByTestId('promise-row-notice')).toContainText('已按时完成');

    // ---- the member, in a browser of their own ----
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await member.goto('/');
    await submitPassword(await openLoginPanel(member), phone, password);
    await expect(member.getByText('登录成功!')).toBeVisible();
    await expect(loginPanel(member)).toBeHidden();
    await member.goto(`/member/order/${orderNo}`);
    const summary = member.getByRole('region', { name: '订单概况' });
    await expect(summary.getByTestId('progress-tag')).toHaveText('已出数据');
    const report = member.getByTestId('report-item').filter({ hasText: 'XRD检测报告.pdf' });
    await expect(report.getByRole('button', { name: '下载 XRD检测报告.pdf' })).toBeVisible();
    await memberContext.close();
  });
});
