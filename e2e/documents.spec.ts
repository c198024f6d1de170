import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { loginWithPassword, registerByApi } from './support/auth';
import { randomPhone, readSmsCode } from './support/sms';
import { attestStudent, itemRid, memberToken, placeOrderByApi } from './support/orders';
import { xrd } from './support/order-journeys';

const password = 'Lab@e2e2026';

/** The number printed on a sealed PDF (its text is real text: pdftotext reads it). */
function documentNo(file: string): string {
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const no = /编号：((?:QD|JF|BJ|XY)\d{14})/.exec(text)?.[1];
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

  test('a member reads the 委托检测服务协议 on the order page and signs it with an SMS code; the sealed PDF says who signed, at 390 px and 1440 px', async ({ page, request }, info) => {
    test.setTimeout(360_000);
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    await attestStudent(request, token, '郑同学');
    const orderNo = await placeOrderByApi(request, token, await itemRid(request, xrd.keyword, xrd.name), 2);

    await loginWithPassword(page, phone, password);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto(`/member/order/${orderNo}`);
      const section = page.getByRole('region', { name: '委托协议' });
      await section.getByRole('button', { name: '在线阅读并签署' }).click();
      const dialog = page.getByRole('dialog', { name: '在线签署委托检测服务协议' });
      await expect(dialog.getByTestId('agreement-text')).toContainText(orderNo);
      await expect(dialog.getByTestId('agreement-text')).toContainText('协议文本 SHA-256');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: info.outputPath(`agreement-sign-${width}.png`) });
      if (width === 390) {
        await dialog.getByRole('button', { name: '取消' }).click();
        continue;
      }
      // the phone got its register code moments ago (one code a minute per phone): the signing code is asked
      // for as soon as the server takes it, the way the dialog's 获取验证码 asks (agreement-sign.test.ts covers the call)
      await expect(async () => {
        const sent = await request.post('/api/auth/order/agreement/code', { headers: { token }, form: { order_no: orderNo } });
        expect(((await sent.json()) as { code: number }).code).toBe(1);
      }).toPass({ intervals: [5_000], timeout: 120_000 });
      await dialog.getByPlaceholder('6位数字').fill(await readSmsCode(request, phone, { skip: 1 }));
      await dialog.getByRole('checkbox').check();
      await dialog.getByRole('button', { name: '确认签署' }).click();
      await expect(section.getByText('已在线签署')).toBeVisible();
      await expect(section.getByTestId('agreement-item')).toContainText('已生效');
      await page.screenshot({ path: info.outputPath(`agreement-signed-${width}.png`), fullPage: true });
    }

    const wait = page.waitForEvent('download');
    await page.getByRole('region', { name: '委托协议' }).getByRole('button', { name: /下载已签署协议/ }).click();
    const file = await (await wait).path();
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('委托检测服务协议');
    expect(text).toContain('甲方电子签署');
    const no = documentNo(file);
    for (let p = 1; p <= 3; p++) {
      try {
        execFileSync('pdftoppm', ['-r', '80', '-png', '-f', String(p), '-l', String(p), '-singlefile', file, info.outputPath(`agreement-page-${p}`)]);
      } catch {
        break;
      }
    }
    await info.attach('agreement page 1', { path: info.outputPath('agreement-page-1.png'), contentType: 'image/png' });
    await page.goto(`/verify/${no}`);
    await expect(page.getByTestId('verify-status')).toHaveText('有效');
    await expect(page.getByText(orderNo, { exact: true })).toBeVisible();
  });
});
