import { createHash } from 'node:crypto';
import { expect, test } from './support/test';
import { openBackOfficeAs } from './support/admin';
import { loginPanel, openLoginPanel, registerByApi, submitPassword } from './support/auth';
import { attestStudent, itemRid, memberToken, placeOrderByApi } from './support/orders';
import { sem } from './support/order-journeys';
import { randomPhone } from './support/sms';

const password = 'Vault@e2e2026';

test.describe('数据保管箱', () => {
  test('the lab uploads a raw file with its progress bar; the member sees its hash and shares it; the link opens in a fresh browser', async ({ page, browser, request }) => {
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    await attestStudent(request, token, '宁数据');
    const orderNo = await placeOrderByApi(request, token, await itemRid(request, sem.keyword, sem.name), 1);
    const bytes = Buffer.from(`SEM raw data of ${orderNo}\n${'0123456789abcdef'.repeat(4096)}\n`);
    const sha = createHash('sha256').update(bytes).digest('hex');

    // ---- the lab: 原始数据上传 ----
    await openBackOfficeAs(page, 'lab', `/admin/vault?order=${orderNo}`);
    await page.getByLabel('仪器').fill('SEM Sigma 300');
    await page.locator('input[type="file"]').setInputFiles({ name: 'sem-001.tif', mimeType: 'image/tiff', buffer: bytes });
    const bar = page.getByRole('progressbar', { name: 'sem-001.tif 上传进度' });
    await expect(bar).toBeVisible();
    await page.getByRole('button', { name: '开始上传' }).click();
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    const row = page.locator('tr', { hasText: 'sem-001.tif' });
    await expect(row).toContainText(sha);
    await expect(row.locator('.ant-tag')).toHaveText('已校验', { timeout: 15_000 });

    // ---- the member: 数据保管箱, at a phone's width ----
    const memberContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const member = await memberContext.newPage();
    await member.goto('/');
    await submitPassword(await openLoginPanel(member), phone, password);
    await expect(loginPanel(member)).toBeHidden();
    await member.setViewportSize({ width: 390, height: 844 });
    await member.goto('/member/vault');
    const file = member.locator('tr', { hasText: 'sem-001.tif' });
    await expect(file.getByLabel('sem-001.tif 的 SHA-256')).toHaveText(sha);
    await file.getByLabel('选择 sem-001.tif').check();
    await member.getByRole('button', { name: /分享所选/ }).click();
    await member.getByLabel('提取码').fill('k7q2');
    await member.getByRole('button', { name: '生成链接' }).click();
    const link = (await member.locator('.vault-link').first().innerText()).trim();
    expect(link).toContain('/vault/share/');
    await member.getByRole('button', { name: '完成' }).click();

    // ---- the member extends the file's retention: the quote, then the order's pay dialog ----
    await member.getByRole('button', { name: /延长保存期/ }).click();
    await member.getByRole('dialog').getByText('3 年', { exact: true }).click();
    await expect(member.getByText(/1 GB × 3 年 × ¥[\d.,]+ = ¥[\d.,]+/)).toBeVisible();
    await member.screenshot({ path: test.info().outputPath('vault-extend-390.png') });
    await member.setViewportSize({ width: 1440, height: 900 });
    await member.screenshot({ path: test.info().outputPath('vault-extend-1440.png') });
    await member.getByRole('button', { name: '下单并支付' }).click();
    await expect(member).toHaveURL(/\/member\/order\/KY\d+\?pay=1$/);
    await expect(member.getByText(/数据保管延期 3 年 · 1 个文件 · 1 GB/).first()).toBeVisible();
    await member.screenshot({ path: test.info().outputPath('vault-extend-order-1440.png') });
    await memberContext.close();

    // ---- a co-author, without an account ----
    const fresh = await browser.newContext({ locale: 'zh-CN' });
    const coauthor = await fresh.newPage();
    await coauthor.goto(link);
    await coauthor.getByRole('textbox', { name: /提取码/ }).fill('k7q2');
    await coauthor.getByRole('button', { name: '提取文件' }).click();
    await expect(coauthor.getByLabel('sem-001.tif 的 SHA-256')).toHaveText(sha);
    const download = coauthor.waitForEvent('download');
    await coauthor.getByRole('button', { name: '下载' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('sem-001.tif');
    await fresh.close();
  });
});
