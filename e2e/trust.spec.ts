import { expect, test } from './support/test';
import { openBackOfficeAs, openFromMenu } from './support/admin';

/** A 1×1 PNG: the business licence the admin uploads. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe('a site a careful customer trusts', () => {
  test('staff set the filings in 站点设置, and the public footer shows them with the right links — in the server’s first HTML too', async ({ page }) => {
    // none set in the demo: the footer shows no filing
    await page.goto('/');
    await expect(page.getByRole('contentinfo').locator('.filing')).toHaveCount(0);

    await openBackOfficeAs(page, 'admin');
    await openFromMenu(page, '网站内容', '站点设置');
    const form = page.locator('form#site-identity');
    await form.getByLabel('ICP备案号').fill('沪ICP备20261126号-1');
    await form.getByLabel('公安机关备案号').fill('沪公网安备 31010402001126号');
    await form.getByLabel('运营主体').fill('上海科研检测技术有限公司');
    // 营业执照 is the form's first image (the footer's QR codes follow it)
    await form.locator('input[type=file]').first().setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: png });
    const preview = form.locator('.admin-image-upload img').first();
    await expect(preview).toHaveAttribute('src', /\/upload\/img\/u\/.+\.png$/);
    const licence = await preview.getAttribute('src');
    await form.getByRole('button', { name: '保存备案与主体信息' }).click();
    await expect(page.getByText('备案与主体信息已保存')).toBeVisible();

    // the server drew the page again (the content version moved): the filings are in its first HTML
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('沪ICP备20261126号-1');
    expect(html).toContain('recordcode=31010402001126');

    await page.goto('/');
    const filings = page.getByRole('contentinfo').locator('.footer-bottom');
    await expect(filings).toContainText('运营主体：上海科研检测技术有限公司');
    await expect(filings.getByRole('link', { name: '沪ICP备20261126号-1' })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    await expect(filings.getByRole('link', { name: /沪公网安备 31010402001126号/ })).toHaveAttribute(
      'href',
      'http://www.beian.gov.cn/portal/registerSystemInfo?recordcode=31010402001126',
    );
    await expect(filings.getByRole('link', { name: '营业执照' })).toHaveAttribute('href', new RegExp(`${licence!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });

  test('/license lists the certificates from data: the demo ones as 示例证书, without a number', async ({ page }) => {
    await page.goto('/license');
    const list = page.getByRole('list', { name: '资质证书' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByText('示例证书', { exact: true })).toHaveCount(3);
    await expect(list).toContainText('示例证书，不提供编号');
    await expect(list).not.toContainText('DEMO');
    await expect(page.getByText(/L-0000/)).toHaveCount(0);
  });

  test('the home banner, the about page and /televised state the same instrument count', async ({ page }) => {
    await page.goto('/televised');
    const figure = page.getByRole('list', { name: '关键数据' }).getByRole('listitem').filter({ hasText: '在线仪器' });
    const count = (await figure.locator('.tv-figure-value').textContent())!.replace(/[^\d]/g, '');
    expect(Number(count)).toBeGreaterThan(0);

    await page.goto('/');
    await expect(page.getByRole('region', { name: '首页横幅' })).toContainText(`${Number(count).toLocaleString('zh-CN')} 台套在线仪器`);
    await page.goto('/about');
    await expect(page.locator('main')).toContainText(`仪器 ${Number(count).toLocaleString('zh-CN')} 台套`);
  });

  test('an item page states its standards and its sample report downloads as a PDF', async ({ page }) => {
    await page.goto('/search?kw=XRD');
    await page.getByRole('link', { name: /XRD 粉末衍射（物相分析）/ }).first().click();
    const standards = page.getByRole('region', { name: '执行标准' });
    await expect(standards).toContainText('JY/T 0587-2020');
    const link = page.getByRole('link', { name: '下载样例报告（PDF）' });
    const href = await link.getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
