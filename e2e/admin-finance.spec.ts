import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { registerByApi } from './support/auth';
import { openBackOfficeAs, openFromMenu } from './support/admin';
import { memberPost, memberToken } from './support/orders';
import { confirmPrestoreByApplyNo, staffLogin, staffPost } from './support/funds';
import { randomPhone } from './support/sms';

const password = 'Fin@e2e2026';
/** A 1×1 PNG: the transfer receipt the member uploads. */
const receipt = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** The e-invoice finance uploads. */
const invoicePdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const invoiceNo = `2431200000${String(Date.now()).slice(-10)}`;

/** The member's figures as their own API answers them. */
async function assetOf(request: APIRequestContext, token: string) {
  return memberPost<{ prestoreFen: number; invoiceableFen: number }>(request, token, '/api/auth/asset/init');
}

/** The queue's rows whose text holds `text` (the table is searched by it first). */
async function searchQueue(page: Page, text: string) {
  const search = page.getByRole('searchbox', { name: '搜索' }).or(page.getByPlaceholder(/手机号/)).first();
  await search.fill(text);
  await search.press('Enter');
  return page.getByRole('row').filter({ hasText: text });
}

test.describe('finance in the back office', () => {
  test('a member applies for a top-up; finance confirms it on 预存审核, then issues the invoice of it with the PDF on 发票管理; the member sees balance and invoice', async ({ page, request, browser }) => {
    // ---- the member: registers, applies for a ¥12,000 top-up with the transfer receipt (API) ----
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    const topUp = await memberPost<{ rid: string; applyNo: string; bonusFen: number }>(request, token, '/api/auth/prestoreApply/add', { amount: '12000', payer: '复旦大学材料科学系' });
    expect(topUp.bonusFen).toBe(36_000);
    const upload = await request.post('/api/auth/prestoreApply/receipt', { headers: { token }, multipart: { rid: topUp.rid, file: { name: '转账凭证.png', mimeType: 'image/png', buffer: receipt } } });
    expect((await upload.json()).code).toBe(1);
    expect((await assetOf(request, token)).prestoreFen).toBe(0);

    // ---- finance: 预存审核, the pending tab, the application found by its number ----
    await openBackOfficeAs(page, 'finance');
    await openFromMenu(page, '财务', '预存审核');
    await expect(page.getByRole('tab', { name: /待确认到账/, selected: true })).toBeVisible();
    const row = await searchQueue(page, topUp.applyNo);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('¥12,000.00');
    await expect(row).toContainText('复旦大学材料科学系');
    await expect(row).toContainText('待确认到账');

    // the receipt, then 确认到账 with a note
    await row.getByRole('button', { name: '确认到账' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '请核对银行流水' });
    await expect(confirm).toContainText(topUp.applyNo);
    await expect(confirm).toContainText('¥12,000.00');
    await confirm.getByRole('button', { name: '查看凭证' }).click();
    const preview = page.getByRole('dialog').filter({ hasText: `转账凭证 · ${topUp.applyNo}` });
    await expect(preview.locator('img')).toBeVisible();
    await preview.getByRole('button', { name: /关\s*闭/ }).last().click();
    await expect(preview).toBeHidden();
    await confirm.getByLabel(/入账备注/).fill('招商银行 对公到账');
    await confirm.getByRole('button', { name: '确认到账' }).click();
    await expect(page.getByText('已确认到账')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: topUp.applyNo })).toHaveCount(0);

    await page.getByRole('tab', { name: '已到账' }).click();
    const done = page.getByRole('row').filter({ hasText: topUp.applyNo });
    await expect(done).toContainText('已到账');
    await expect(done).toContainText('赵会计');

    // the member's money arrived once, with the bonus of the tiers
    const asset = await assetOf(request, token);
    expect(asset.prestoreFen).toBe(1_236_000);
    expect(asset.invoiceableFen).toBe(1_200_000);

    // the export of what the table shows
    const exported = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 Excel' }).click();
    expect((await exported).suggestedFilename()).toMatch(/^预存申请-\d{8}\.xlsx$/);

    // ---- the member applies for an e-invoice of that top-up (API) ----
    const title = await memberPost<{ rid: string }>(request, token, '/api/auth/invoice/add', { kind: 'unit', title: '复旦大学', tax_no: '12100000425006117P', email: 'zhou@example.edu.cn' });
    const application = await memberPost<{ rid: string; status: string }>(request, token, '/api/auth/invoiceApply/add', { type: 1, title_rid: title.rid, prestore_rids: topUp.rid });
    expect(application.status).toBe('pending');

    // ---- finance: 发票管理, 开票 with the number, today's date and the PDF ----
    await openFromMenu(page, '财务', '发票管理');
    await expect(page.getByRole('tab', { name: /待开票/, selected: true })).toBeVisible();
    const invoiceRow = await searchQueue(page, phone);
    await expect(invoiceRow).toHaveCount(1);
    await expect(invoiceRow).toContainText('增值税普通电子发票');
    await expect(invoiceRow).toContainText('复旦大学');
    await expect(invoiceRow).toContainText('¥12,000.00');
    await invoiceRow.getByRole('button', { name: /开\s*票/ }).click();
    const issue = page.getByRole('dialog').filter({ hasText: '开具发票' });
    await expect(issue).toContainText('12100000425006117P');
    await expect(issue).toContainText('zhou@example.edu.cn');
    // an e-invoice cannot go without its file
    await issue.getByLabel('发票号码').fill(invoiceNo);
    await issue.getByRole('button', { name: '确认开票' }).click();
    await expect(page.getByText('电子发票请上传发票文件（PDF）')).toBeVisible();
    await issue.locator('input[type="file"]').setInputFiles({ name: `${invoiceNo}.pdf`, mimeType: 'application/pdf', buffer: invoicePdf });
    await expect(issue.getByText(`${invoiceNo}.pdf`)).toBeVisible();
    await issue.getByRole('button', { name: '确认开票' }).click();
    await expect(page.getByText('已开票', { exact: true }).first()).toBeVisible();
    await expect(issue).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: phone })).toHaveCount(0);

    await page.getByRole('tab', { name: '已开票' }).click();
    const issuedRow = page.getByRole('row').filter({ hasText: phone });
    await expect(issuedRow).toContainText(invoiceNo);
    await expect(issuedRow.getByRole('button', { name: '查看发票' })).toBeVisible();

    // ---- the member: the invoice records page shows it issued, with the file to download ----
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    const login = await (await request.post('/api/open/login', { form: { account: phone, password } })).json();
    await memberPage.goto('/');
    await memberPage.evaluate((s: { token: string; refreshToken: string; expires: number }) => localStorage.setItem('lab.session', JSON.stringify(s)), login.data);
    await memberPage.goto('/member/invoiceLs');
    const record = memberPage.getByTestId('invoice-item').filter({ hasText: invoiceNo });
    await expect(record).toContainText('已开票');
    await expect(record).toContainText('¥12,000.00');
    const downloaded = memberPage.waitForEvent('download');
    await record.getByRole('button', { name: '下载发票' }).click();
    const file = await downloaded;
    expect((await readFile(await file.path())).equals(invoicePdf)).toBe(true);
    await memberContext.close();

    // and told in-site of both
    const messages = await memberPost<{ list: { title: string }[] }>(request, token, '/api/auth/message/list', { page: 1, pageSize: 10 });
    expect(messages.list.map((m) => m.title)).toEqual(expect.arrayContaining(['预存款已到账', '发票已开具']));
  });

  test('finance credits ¥5,000, above its own ¥1,000 limit: it waits in 待审批 until the admin approves it, is booked once, and the log names both', async ({ page, request, browser }) => {
    // ---- a member with an account (a confirmed ¥100 top-up) ----
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    const topUp = await memberPost<{ applyNo: string }>(request, token, '/api/auth/prestoreApply/add', { amount: '100' });
    await confirmPrestoreByApplyNo(request, topUp.applyNo);
    expect((await assetOf(request, token)).prestoreFen).toBe(100_00);

    // ---- finance: 资金账户 → 调账 +¥5,000 → filed, not booked ----
    await openBackOfficeAs(page, 'finance');
    await openFromMenu(page, '财务', '资金账户');
    const search = page.getByRole('searchbox', { name: '搜索账户' }).or(page.getByPlaceholder('手机号、姓名或团体名称')).first();
    await search.fill(phone);
    await search.press('Enter');
    const account = page.getByRole('row').filter({ hasText: phone });
    await expect(account).toHaveCount(1);
    await account.getByRole('button', { name: '调账' }).click();
    const adjust = page.getByRole('dialog').filter({ hasText: '调整方向' });
    await adjust.getByLabel('调整金额').fill('5000');
    await adjust.getByLabel('调整原因').fill('线下转账补录');
    await adjust.getByRole('button', { name: /调\s*账/ }).click();
    await page.getByRole('button', { name: '确认调账' }).click();
    const filed = page.getByRole('dialog').filter({ hasText: '已提交审批' });
    await expect(filed).toContainText('调整余额（¥5,000.00）超出您的单笔权限（¥1,000.00），已提交审批');
    await filed.getByRole('button', { name: '知道了' }).click();
    expect((await assetOf(request, token)).prestoreFen).toBe(100_00);

    // finance cannot approve its own request: 我提交的 shows it waiting, with no 通过
    await page.goto('/admin/approvals?scope=mine&status=');
    const mine = page.getByRole('row').filter({ hasText: phone });
    await expect(mine).toContainText('待审批');
    await expect(mine.getByRole('button', { name: '撤回' })).toBeVisible();
    await expect(mine.getByRole('button', { name: '通过' })).toHaveCount(0);

    // ---- the admin, in another browser: the menu's badge, 待审批, 通过 ----
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await openBackOfficeAs(admin, 'admin');
    const menuItem = admin.getByRole('menu', { name: '后台菜单' }).getByRole('menuitem', { name: /待审批/ });
    await expect(menuItem.getByLabel(/\d+ 条待您审批/)).toBeVisible();
    await menuItem.click();
    await expect(admin.getByRole('heading', { level: 1, name: '待审批' })).toBeVisible();
    const waiting = admin.getByRole('row').filter({ hasText: phone });
    await expect(waiting).toContainText('¥5,000.00');
    await expect(waiting).toContainText('赵会计（财务）');
    await expect(waiting).toContainText('线下转账补录');
    await waiting.getByRole('button', { name: '通过' }).click();
    const approve = admin.getByRole('dialog').filter({ hasText: '通过审批' });
    await expect(approve).toContainText('申请人：赵会计（财务），金额 ¥5,000.00');
    await approve.getByRole('button', { name: '通过并办理' }).click();
    await expect(admin.getByText('已审批通过，已按申请内容办理')).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: phone })).toHaveCount(0);
    await admin.getByRole('tab', { name: '全部' }).click();
    const decided = admin.getByRole('row').filter({ hasText: phone });
    await expect(decided).toContainText('已通过');
    await expect(decided).toContainText('系统管理员（管理员）');
    await adminContext.close();

    // booked once, as filed; finance sees it approved
    expect((await assetOf(request, token)).prestoreFen).toBe(5_100_00);
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: phone })).toContainText('已通过');

    // both names in the audit log, on the one request
    const adminToken = await staffLogin(request, { account: 'admin', password: 'Admin@2026' });
    const requests = await staffPost<{ list: { rid: string; summary: string }[] }>(request, adminToken, '/api/admin/approvals/list', { kind: 'adjustment', pageSize: 100 });
    const rid = requests.list.find((r) => r.summary.includes(phone))!.rid;
    const log = await staffPost<{ list: { staffName: string; action: string }[] }>(request, adminToken, '/api/admin/audit/list', { entity: 'approval', target: rid });
    expect(log.list.map((e) => [e.action, e.staffName]).sort()).toEqual([
      ['approvals.approve', '系统管理员'],
      ['funds.account.adjust', '赵会计'],
    ]);
  });

  test('issue 16, hole 1: a top-up changed after finance opened the queue is not booked; the page says so and the refreshed queue books what it shows', async ({ page, request }) => {
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    const topUp = await memberPost<{ rid: string; applyNo: string }>(request, token, '/api/auth/prestoreApply/add', { amount: '100', payer: '张明' });

    // finance opens the queue and sees ¥100 (the search's own answer, so what is on screen is read before the member acts)
    await openBackOfficeAs(page, 'finance');
    await openFromMenu(page, '财务', '预存审核');
    const searched = page.waitForResponse((r) => r.url().endsWith('/api/admin/funds/prestore/list') && (r.request().postData() ?? '').includes(topUp.applyNo));
    const row = await searchQueue(page, topUp.applyNo);
    await searched;
    await expect(row).toContainText('¥100.00');

    // the member raises the amount: refused; changes the remark: allowed, the application moved on
    const raised = await (await request.post('/api/auth/prestoreApply/edit', { headers: { token }, form: { rid: topUp.rid, amount: '9999999', payer: '张明' } })).json();
    expect(raised).toMatchObject({ code: 0, msg: '预存申请提交后，预存金额和付款户名不能修改；如需修改，请取消该申请后重新申请' });
    await memberPost(request, token, '/api/auth/prestoreApply/edit', { rid: topUp.rid, amount: '100', remark: '请尽快确认' });

    // finance confirms what it saw: refused with the server's words, nothing booked
    await row.getByRole('button', { name: '确认到账' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '请核对银行流水' });
    await confirm.getByRole('button', { name: '确认到账' }).click();
    const refused = page.getByRole('dialog').filter({ hasText: '该申请已被修改，请刷新后重新审核' });
    await expect(refused).toContainText('操作失败');
    await expect(confirm).toBeHidden();
    await refused.getByRole('button', { name: '确定' }).click();
    expect((await assetOf(request, token)).prestoreFen).toBe(0);

    // the queue was read again: the same button now books the ¥100 finance sees, never more
    await row.getByRole('button', { name: '确认到账' }).click();
    await expect(confirm).toContainText('¥100.00');
    await confirm.getByRole('button', { name: '确认到账' }).click();
    await expect(page.getByText('已确认到账')).toBeVisible();
    expect((await assetOf(request, token)).prestoreFen).toBe(100_00);
  });
});
