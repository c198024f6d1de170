import { readFile } from 'node:fs/promises';
import { type Download } from '@playwright/test';
import { expect, test } from './support/test';
import { loginWithPassword, registerByApi } from './support/auth';
import { randomPhone } from './support/sms';
import { confirmPrestoreByApplyNo, issueInvoiceWithFile } from './support/funds';

const password = 'Lab@e2e2026';
/** 'YYYY-MM-DD HH:mm' */
const shanghaiTime = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/;

async function downloadBytes(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFile(file);
}

/** A 1×1 PNG, the smallest receipt the server accepts by its content. */
const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe('funds', () => {
  test('top up by bank transfer, finance confirms, balance and history, export xlsx and csv, invoice title and invoice', async ({ page, request }) => {
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    await loginWithPassword(page, phone, password);

    // ---- 预存款: the amount is checked with the contract's messages; the bonus previews live ----
    await page.goto('/member/prestore');
    await expect(page.getByRole('heading', { name: '预存款', level: 1 })).toBeVisible();
    await expect(page.getByTestId('prestore-balance')).toHaveText('¥0.00');
    const apply = page.getByRole('region', { name: '申请预存' });
    const bank = apply.getByLabel('对公转账账户');
    for (const label of ['户名', '开户行', '账号']) await expect(bank.getByText(label, { exact: true })).toBeVisible();
    await expect(bank).toContainText('上海科研检测技术服务有限公司');
    await expect(page.getByRole('region', { name: '预存规则' })).toContainText('满 ¥10,000.00 赠 3%');

    // the contract's messages under the amount, on 提交 (the form's check), one at a time
    const amount = apply.getByLabel('预存金额（元）');
    await amount.fill('0');
    await apply.getByRole('button', { name: '提交预存申请' }).click();
    await expect(apply.getByText('[预存金额]必须大于0')).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await amount.fill('100.123');
    await apply.getByRole('button', { name: '提交预存申请' }).click();
    await expect(apply.getByText('[预存金额]最多保留两位小数')).toBeVisible();
    await amount.fill('5000');
    await expect(apply.getByTestId('bonus-preview')).toContainText('再预存 ¥5,000.00 可享');
    await amount.fill('10000');
    await expect(apply.getByTestId('bonus-preview')).toContainText('预计赠送 ¥300.00，到账合计 ¥10,300.00');
    await apply.getByLabel('付款户名').fill('复旦大学');
    await apply.getByRole('button', { name: '提交预存申请' }).click();
    await expect(page.getByText('预存申请已提交', { exact: true })).toBeVisible();
    const created = apply.locator('.funds-created');
    await expect(created).toContainText('到账后赠送 ¥300.00');
    const applyNo = /YC\d+/.exec((await created.textContent()) ?? '')?.[0];
    expect(applyNo, 'the application number to write on the transfer').toBeTruthy();

    // ---- the application: pending, upload the transfer receipt ----
    await page.getByRole('tab', { name: '预存申请' }).click();
    const item = page.getByTestId('prestore-item').filter({ hasText: applyNo! });
    await expect(item).toContainText('待确认到账');
    await expect(item).toContainText('未上传凭证');
    await item.locator('input[type="file"]').setInputFiles({ name: '转账凭证.png', mimeType: 'image/png', buffer: tinyPng });
    await expect(page.getByText('转账凭证已上传')).toBeVisible();
    await expect(item).toContainText('已上传凭证');

    // ---- finance confirms the receipt (staff API) ----
    const confirmed = await confirmPrestoreByApplyNo(request, applyNo!);
    expect(confirmed.status).toBe('confirmed');

    await page.reload();
    await expect(page.getByTestId('prestore-balance')).toHaveText('¥10,300.00');
    await page.getByRole('tab', { name: '预存申请' }).click();
    await expect(page.getByTestId('prestore-item').filter({ hasText: applyNo! })).toContainText('已到账');

    // ---- balance history: time, type in Chinese, ±amount, balance after ----
    await page.getByRole('tab', { name: '余额明细' }).click();
    const history = page.getByRole('region', { name: '余额明细' });
    await expect(history.getByTestId('history-balance')).toHaveText('¥10,300.00');
    const topup = history.getByRole('row').filter({ hasText: '预存充值' });
    await expect(topup).toContainText('+¥10,000.00');
    await expect(topup).toContainText(applyNo!);
    await expect(topup).toContainText(shanghaiTime);
    const bonus = history.getByRole('row').filter({ hasText: '预存赠送' });
    await expect(bonus).toContainText('+¥300.00');
    await expect(bonus).toContainText('¥10,300.00');

    // ---- export: a real download through fetch with the token header ----
    const xlsxWait = page.waitForEvent('download');
    await history.getByRole('button', { name: '导出 Excel' }).click();
    const xlsx = await xlsxWait;
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const xlsxBytes = await downloadBytes(xlsx);
    expect(xlsxBytes.length).toBeGreaterThan(0);
    expect(xlsxBytes.subarray(0, 2).toString()).toBe('PK');

    const csvWait = page.waitForEvent('download');
    await history.getByRole('button', { name: '导出 CSV' }).click();
    const csv = await csvWait;
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const csvText = (await downloadBytes(csv)).toString('utf8');
    expect(csvText).toContain('时间');
    expect(csvText).toContain('预存充值');
    expect(csvText).toContain('10000.00');

    // ---- the member centre shows the money ----
    await page.goto('/member/center');
    await expect(page.getByTestId('asset-预存款余额')).toHaveText('¥10,300.00');
    await expect(page.getByTestId('asset-可开票金额')).toHaveText('¥10,000.00');

    // ---- 发票抬头: a unit title (tax number required) ----
    await page.goto('/member/invoiceMg');
    await expect(page.getByText('还没有发票抬头')).toBeVisible();
    await page.getByRole('button', { name: '新增抬头' }).first().click();
    const titleDialog = page.getByRole('dialog', { name: '新增发票抬头' });
    await titleDialog.getByLabel('发票抬头').fill('复旦大学');
    await titleDialog.getByRole('button', { name: '保存' }).click();
    await expect(titleDialog.getByText('[税号]不能为空')).toBeVisible();
    await titleDialog.getByLabel('税号').fill('12100000425006117P');
    await titleDialog.getByLabel('接收邮箱').fill('finance@fudan.edu.cn');
    await titleDialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('发票抬头已添加')).toBeVisible();
    await expect(titleDialog).toBeHidden();
    const card = page.getByTestId('invoice-title').filter({ hasText: '复旦大学' });
    await expect(card).toContainText('12100000425006117P');
    await expect(card).toContainText('默认抬头');

    // ---- 发票记录: apply for an e-invoice covering the confirmed top-up ----
    await page.goto('/member/invoiceLs');
    await expect(page.getByTestId('invoiceable')).toHaveText('¥10,000.00');
    await expect(page.getByText('暂无开票申请')).toBeVisible();
    await page.getByRole('button', { name: '申请开票' }).click();
    const applyDialog = page.getByRole('dialog', { name: '申请开票' });
    await expect(applyDialog.getByLabel('接收邮箱')).toHaveValue('finance@fudan.edu.cn');
    await applyDialog.getByRole('button', { name: '提交申请' }).click();
    await expect(applyDialog.getByText('[开票预存单]不能为空')).toBeVisible();
    await applyDialog.getByRole('checkbox', { name: new RegExp(applyNo!) }).check();
    await expect(applyDialog.getByTestId('invoice-total')).toHaveText('¥10,000.00');
    await applyDialog.getByRole('button', { name: '提交申请' }).click();
    await expect(page.getByText('开票申请已提交')).toBeVisible();
    await expect(applyDialog).toBeHidden();
    const invoice = page.getByTestId('invoice-item').first();
    await expect(invoice).toContainText('增值税普通电子发票');
    await expect(invoice).toContainText('¥10,000.00');
    await expect(invoice).toContainText('待开票');
    await expect(invoice).toContainText('复旦大学');
    await expect(page.getByTestId('invoiceable')).toHaveText('¥0.00');

    // ---- finance issues it with the e-invoice file; the member downloads it ----
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const invoiceNo = `2631${Date.now() % 10_000_000}`;
    const issued = await issueInvoiceWithFile(request, (a) => a.title.title === '复旦大学' && a.amountFen === 1_000_000, invoiceNo, pdf);
    await page.reload();
    await page.getByRole('tab', { name: '已开票' }).click();
    const issuedItem = page.getByTestId('invoice-item').filter({ hasText: invoiceNo });
    await expect(issuedItem).toContainText('已开票');
    await expect(issuedItem).toContainText(`开票日期：${issued.issuedOn}`);
    const pdfWait = page.waitForEvent('download');
    await issuedItem.getByRole('button', { name: '下载发票' }).click();
    const invoiceFile = await pdfWait;
    expect(invoiceFile.suggestedFilename()).toContain(invoiceNo);
    expect((await downloadBytes(invoiceFile)).subarray(0, 5).toString()).toBe('%PDF-');
    await issuedItem.getByRole('button', { name: '详情' }).click();
    await expect(page.getByRole('dialog', { name: '开票申请详情' })).toContainText(invoiceNo);
  });

  test('a teacher moves funds to a community (at once up to ¥5,000, above it finance approves) and applies for a credit line', async ({ page, request }) => {
    const teacher = { phone: '13900139000', password: 'Demo@2026' };
    const login = await request.post('/api/open/login', { form: { account: teacher.phone, password: teacher.password } });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const post = async <T>(path: string, form: Record<string, string>) => {
      const envelope = (await (await request.post(path, { form, headers: { token } })).json()) as { code: number; msg: string; data: T };
      expect(envelope.code, `${path}: ${envelope.msg}`).toBe(1);
      return envelope.data;
    };
    const community = `纳米材料课题组${Date.now() % 100000}`;
    await post('/api/auth/cluster/add', { name: community, unit: '复旦大学 化学系' });
    const topup = await post<{ applyNo: string }>('/api/auth/prestoreApply/add', { amount: '8000' });
    await confirmPrestoreByApplyNo(request, topup.applyNo);

    await loginWithPassword(page, teacher.phone, teacher.password);
    await page.goto('/member/prestore?tab=transfer');
    const panel = page.getByRole('region', { name: '团体转账' });
    await expect(panel).toContainText('单笔不超过 ¥5,000.00 即时到账');
    await panel.getByLabel('科研团体').click();
    await page.locator('.ant-select-dropdown:visible').getByText(community, { exact: false }).click();
    await panel.getByLabel('转账金额（元）').fill('1000');
    await panel.getByRole('button', { name: '提交转账' }).click();
    await expect(page.getByText('转账成功')).toBeVisible();
    await expect(panel.getByRole('list', { name: '转账记录' }).getByRole('listitem').first()).toContainText('已完成');
    await expect(page.getByRole('region', { name: '账户余额' })).toContainText(community);

    await panel.getByLabel('转账金额（元）').fill('6000');
    await panel.getByRole('button', { name: '提交转账' }).click();
    await expect(page.getByText('转账申请已提交，请等待财务审核')).toBeVisible();
    const pending = panel.getByRole('list', { name: '转账记录' }).getByRole('listitem').first();
    await expect(pending).toContainText('待审核');
    await expect(pending).toContainText('¥6,000.00');
    await pending.getByRole('button', { name: '取消申请' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '取消申请' }).click();
    await expect(page.getByText('转账申请已取消')).toBeVisible();
    await expect(pending).toContainText('已取消');

    // credit: teachers may apply
    await page.getByRole('tab', { name: '先测后付' }).click();
    const credit = page.getByRole('region', { name: '先测后付' });
    await credit.getByRole('button', { name: /申请/ }).first().click();
    const dialog = page.getByRole('dialog', { name: '申请先测后付额度' });
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await expect(dialog.getByText('[申请额度]不能为空')).toBeVisible();
    await dialog.getByLabel('申请额度（元）').fill('50000');
    await dialog.getByLabel('申请说明').fill('国家自然科学基金项目，每月约 20 个 XRD 与 SEM 样品，经费按季度报销。');
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await expect(page.getByText('申请已提交，请等待审核')).toBeVisible();
    await expect(credit).toContainText('审核中');
  });
});
