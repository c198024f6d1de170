import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { loginWithPassword, registerByApi } from './support/auth';
import { randomPhone } from './support/sms';
import { attestStudent, itemRid, memberToken, placeOrderByApi } from './support/orders';
import { xrd } from './support/order-journeys';

const password = 'Lab@e2e2026';

/** The number printed on a sealed PDF (its text is real text: pdftotext reads it). */
function documentNo(file: string): string {
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const no = /编号：((?:QD|JF|BJ)\d{14})/.exec(text)?.[1];
  expect(no, text.slice(0, 400)).toBeTruthy();
  return no!;
}

test.describe('sealed documents', () => {
  test('a member downloads the sealed 测试明细清单 of an order; /verify says 有效 and recognises the original, at 390 px and 1440 px', async ({ page, request }, info) => {
    test.setTimeout(180_000);
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    await attestStudent(request, token, '吴同学');
    const orderNo = await placeOrderByApi(request, token, await itemRid(request, xrd.keyword, xrd.name), 2);

    await loginWithPassword(page, phone, password);
    await page.goto(`/member/order/${orderNo}`);
    const papers = page.getByRole('region', { name: '报销材料' });
    await expect(papers).toBeVisible();
    const wait = page.waitForEvent('download');
    await papers.getByRole('button', { name: /测试明细清单（盖章）/ }).click();
    const download = await wait;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const no = documentNo(file);

    // the first page as an image, kept with the test's results to look at (seal, Chinese text, amounts)
    execFileSync('pdftoppm', ['-r', '80', '-png', '-f', '1', '-l', '1', '-singlefile', file, info.outputPath('statement-page-1')]);
    await info.attach('statement page 1', { path: info.outputPath('statement-page-1.png'), contentType: 'image/png' });

    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto(`/verify/${no}`);
      await expect(page.getByTestId('verify-status')).toHaveText('有效');
      await expect(page.getByText(orderNo, { exact: true })).toBeVisible();
      await expect(page.getByText(/测试签章：本文件由演示证书签署/)).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
      await page.locator('.verify-check input[type="file"]').setInputFiles({ name: 'copy.pdf', mimeType: 'application/pdf', buffer: bytes });
      await expect(page.getByTestId('verify-check-result')).toContainText('是原件');
      await page.screenshot({ path: info.outputPath(`verify-${width}.png`), fullPage: true });
    }

    // a changed byte: not the original
    const tampered = Buffer.from(bytes);
    const at = tampered.indexOf('/Producer');
    tampered[at + 12] = tampered[at + 12]! ^ 0x01;
    await page.locator('.verify-check input[type="file"]').setInputFiles({ name: 'copy.pdf', mimeType: 'application/pdf', buffer: tampered });
    await expect(page.getByTestId('verify-check-result')).toContainText('不是原件');
    await expect(page.getByTestId('verify-check-result')).toContainText('文件内容在签名后被改动');
  });
});
