import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import { loginWithPassword, registerByApi } from './support/auth';
import { randomPhone } from './support/sms';
import { attestStudent, itemRid, labLogin, labProgress, memberPost, memberToken, placeOrderByApi, tinyPdf, uploadReport } from './support/orders';
import { confirmPrestoreByApplyNo, issueInvoiceWithFile } from './support/funds';
import { xrd } from './support/order-journeys';

const password = 'Lab@e2e2026';

/** Every file under a folder, by its path relative to it. */
function filesUnder(root: string, dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(root, full) : [path.relative(root, full)];
  });
}

test.describe('reimbursement pack', () => {
  test('a member sees what the pack holds and downloads it at 390 px and 1440 px; the ZIP’s manifest and checksums match its files', async ({ page, request }, info) => {
    test.setTimeout(240_000);
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    await attestStudent(request, token, '陈同学');

    // a top-up by bank transfer (finance confirms it), its invoice issued with the e-invoice file
    const topUp = await memberPost<{ rid: string; applyNo: string }>(request, token, '/api/auth/prestoreApply/add', { amount: '1000', payer: '中山大学化学学院' });
    await confirmPrestoreByApplyNo(request, topUp.applyNo);
    const title = await memberPost<{ rid: string }>(request, token, '/api/auth/invoice/add', { kind: 'unit', title: '中山大学', tax_no: '12100000425006117P', email: 'chen@example.edu.cn' });
    await memberPost(request, token, '/api/auth/invoiceApply/add', { type: 1, title_rid: title.rid, prestore_rids: topUp.rid });
    const invoiceNo = `2644${Date.now() % 10_000_000}`;
    await issueInvoiceWithFile(request, (a) => a.title.title === '中山大学' && a.amountFen === 100_000, invoiceNo, tinyPdf);

    // an order paid from the funds, tested, its report delivered
    const orderNo = await placeOrderByApi(request, token, await itemRid(request, xrd.keyword, xrd.name), 2);
    await memberPost(request, token, '/api/auth/order/pay', { order_no: orderNo, coupon_rid: 'none' });
    const lab = await labLogin(request);
    await labProgress(request, lab, 'confirm', orderNo);

    await loginWithPassword(page, phone, password);
    await page.goto(`/member/order/${orderNo}`);
    const papers = page.getByRole('region', { name: '报销材料' });
    const panel = papers.getByTestId('pack-panel');
    // before the report: the panel says what is missing and holds the download
    await expect(panel.getByTestId('pack-missing')).toContainText(`订单 ${orderNo}：尚无检测报告，报告上传后方可报销`);
    await expect(panel.getByRole('button', { name: /下载报销材料/ })).toBeDisabled();

    await labProgress(request, lab, 'receive', orderNo);
    await labProgress(request, lab, 'test', orderNo);
    await uploadReport(request, lab, orderNo, 'XRD检测报告.pdf', tinyPdf);
    await labProgress(request, lab, 'deliver', orderNo, '报告已上传');

    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto(`/member/order/${orderNo}`);
      await expect(panel.getByTestId('pack-piece')).toHaveCount(6);
      await expect(panel.getByTestId('pack-missing')).toHaveCount(0);
      await expect(panel).toContainText(`01-发票-${invoiceNo}.pdf`);
      await panel.scrollIntoViewIfNeeded();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
      await papers.screenshot({ path: info.outputPath(`pack-panel-${width}.png`) });

      const wait = page.waitForEvent('download');
      await panel.getByRole('button', { name: /下载报销材料/ }).click();
      const download = await wait;
      expect(download.suggestedFilename()).toMatch(/^报销材料-.*\.zip$/);
      const dir = info.outputPath(`pack-${width}`);
      mkdirSync(dir, { recursive: true });
      execFileSync('unzip', ['-q', '-o', await download.path(), '-d', dir]);

      const files = filesUnder(dir).sort();
      expect(files).toEqual(
        [
          '00-报销材料封面.pdf',
          `01-发票-${invoiceNo}.pdf`,
          `${orderNo}/1-测试明细清单.pdf`,
          `${orderNo}/3-付款证明.pdf`,
          `${orderNo}/4-检测报告-1-XRD检测报告.pdf`,
          'manifest.txt',
          'SHA256SUMS',
        ].sort(),
      );
      const manifest = readFileSync(path.join(dir, 'manifest.txt'), 'utf8');
      expect(manifest).toContain('报销模板：高校报销（通用）');
      expect(manifest).toContain(orderNo);
      // every listed checksum is the file's, and `sha256sum -c` agrees
      for (const line of readFileSync(path.join(dir, 'SHA256SUMS'), 'utf8').trim().split('\n')) {
        const [sum, name] = [line.slice(0, 64), line.slice(66)];
        expect(crypto.createHash('sha256').update(readFileSync(path.join(dir, name))).digest('hex'), name).toBe(sum);
        if (name !== 'manifest.txt') expect(manifest).toContain(sum);
      }
      execFileSync('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], { cwd: dir });
    }

    // the cover and the payment proof drawn as images, kept with the results to look at (seal, Chinese text, amounts in 大写)
    const dir = info.outputPath('pack-1440');
    const cover = path.join(dir, '00-报销材料封面.pdf');
    const text = execFileSync('pdftotext', ['-layout', cover, '-'], { encoding: 'utf8' });
    expect(text).toContain('报销材料封面');
    expect(text).toContain(orderNo);
    expect(text).toContain('¥120.00');
    expect(text).toContain('壹佰贰拾元整');
    execFileSync('pdftoppm', ['-r', '80', '-png', '-f', '1', '-l', '1', '-singlefile', cover, info.outputPath('cover-page-1')]);
    await info.attach('cover page 1', { path: info.outputPath('cover-page-1.png'), contentType: 'image/png' });
    const proof = path.join(dir, orderNo, '3-付款证明.pdf');
    expect(execFileSync('pdftotext', ['-layout', proof, '-'], { encoding: 'utf8' })).toContain(topUp.applyNo);
    execFileSync('pdftoppm', ['-r', '80', '-png', '-f', '1', '-l', '1', '-singlefile', proof, info.outputPath('proof-page-1')]);
    await info.attach('payment proof page 1', { path: info.outputPath('proof-page-1.png'), contentType: 'image/png' });
  });
});
