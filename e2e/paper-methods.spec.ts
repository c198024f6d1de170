import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import { loginWithPassword, registerByApi } from './support/auth';
import { randomPhone } from './support/sms';
import { attestStudent, itemRid, labLogin, labProgress, memberPost, memberToken, placeOrderByApi, tinyPdf, topUp, uploadReport } from './support/orders';
import { openBackOfficeAs } from './support/admin';
import { xrd } from './support/order-journeys';

const password = 'Lab@e2e2026';

test.describe('methods and acknowledgement', () => {
  test('a member generates the methods text of a delivered order at 390 px and 1440 px: 草稿, then final once the lab confirmed the conditions; the .docx opens', async ({ page, request, browser }, info) => {
    test.setTimeout(240_000);
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    await attestStudent(request, token, '陈同学');
    const orderNo = await placeOrderByApi(request, token, await itemRid(request, xrd.keyword, xrd.name), 1);
    await topUp(request, token, '100');
    await memberPost(request, token, '/api/auth/order/pay', { order_no: orderNo, coupon_rid: 'none' });
    const lab = await labLogin(request);
    for (const step of ['confirm', 'receive', 'test'] as const) await labProgress(request, lab, step, orderNo);
    await uploadReport(request, lab, orderNo, 'XRD检测报告.pdf', tinyPdf);
    await labProgress(request, lab, 'deliver', orderNo, '报告已上传');

    await loginWithPassword(page, phone, password);
    const open = async (width: number) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto(`/member/order/${orderNo}`);
      const section = page.getByRole('region', { name: '论文方法与致谢' });
      await section.getByRole('button', { name: '生成论文方法与致谢' }).click();
      await expect(section.getByTestId('paper-methods')).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
      return section;
    };

    // before the lab confirmed: a draft
    const draft = await open(390);
    await expect(draft.getByText('草稿', { exact: true })).toBeVisible();
    await expect(draft).toContainText('Bruker D8 Advance');
    await expect(draft).toContainText('X-ray diffraction (XRD) was performed on a Bruker D8 Advance (Bruker AXS, Germany).');
    await draft.screenshot({ path: info.outputPath('methods-draft-390.png') });

    // the lab confirms on the order page: the slow scan was used instead, and the person agrees to be named
    const staffPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await openBackOfficeAs(staffPage, 'lab', `/admin/orders/${orderNo}`);
    const conditions = staffPage.getByTestId('conditions-status');
    await expect(conditions).toContainText('未确认');
    await conditions.getByRole('button', { name: '确认测试条件' }).click();
    const dialog = staffPage.getByRole('dialog', { name: /确认测试条件/ });
    await dialog.getByLabel(`${xrd.name} 扫描速度`).click();
    await staffPage.getByTitle('慢扫 2°/min（精修用）').click();
    await expect(dialog).toContainText('已改');
    await dialog.getByLabel(`${xrd.name} 补充条件（英文）`).fill('Samples were ground to below 48 μm');
    await dialog.getByLabel(`${xrd.name} 补充条件（中文）`).fill('样品研磨至 48 μm 以下');
    await dialog.getByRole('checkbox').check();
    await dialog.getByLabel('英文署名').fill('Li Shiyan');
    await dialog.screenshot({ path: info.outputPath('conditions-dialog-1440.png') });
    await dialog.getByRole('button', { name: '确 认' }).or(dialog.getByRole('button', { name: '确认' })).first().click();
    await expect(conditions).toContainText('已确认');
    await staffPage.close();

    for (const width of [390, 1440]) {
      const final = await open(width);
      await expect(final.getByText('实验室已确认测试条件')).toBeVisible();
      await expect(final).toContainText('扫描速度 2°/min，步长 0.01°');
      await expect(final).toContainText('The scan rate was 2° min⁻¹ with a step of 0.01°; patterns were recorded at room temperature.');
      await expect(final).toContainText('Li Shiyan for technical assistance');
      await expect(final.getByTestId('citation-code')).toHaveText(/^KY-[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      await final.screenshot({ path: info.outputPath(`methods-final-${width}.png`) });
    }

    const section = page.getByRole('region', { name: '论文方法与致谢' });
    const wait = page.waitForEvent('download');
    await section.getByRole('button', { name: /下载 \.docx/ }).click();
    const download = await wait;
    expect(download.suggestedFilename()).toBe(`论文方法与致谢-${orderNo}.docx`);
    const dir = info.outputPath('docx');
    mkdirSync(dir, { recursive: true });
    execFileSync('unzip', ['-q', '-o', await download.path(), '-d', dir]);
    const xml = readFileSync(path.join(dir, 'word', 'document.xml'), 'utf8');
    expect(xml).toContain('Bruker D8 Advance');
    expect(xml).not.toContain('草稿');

    // a paper quoting the code: the award form takes it
    const code = (await section.getByTestId('citation-code').textContent())!;
    await page.goto('/member/integral');
    await page.getByRole('tab', { name: /致谢/ }).click().catch(() => undefined);
    await page.getByLabel('论文题目').fill('LiFePO4 正极的 XRD 精修');
    await page.getByLabel('期刊名称').fill('Journal of Power Sources');
    await page.getByLabel('引用代码').fill(code);
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect(page.getByTestId('award-application').first()).toContainText(`引用代码：${code}`);
  });
});

test('admin keeps an item’s instrument words and option phrases (仪器信息) at 1440 px', async ({ page }, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOfficeAs(page, 'admin', '/admin/catalog/items');
  await page.getByLabel('搜索服务项目').fill('比表面积及孔径分布');
  await page.getByLabel('搜索服务项目').press('Enter');
  const row = page.getByRole('row', { name: /比表面积及孔径分布 BET/ });
  await row.getByRole('button', { name: '仪器信息' }).click();
  const dialog = page.getByRole('dialog', { name: /仪器信息/ });
  await expect(dialog.getByLabel('型号')).toHaveValue('ASAP 2460');
  await expect(dialog.getByLabel('产地（英文）')).toHaveValue('USA');
  await dialog.getByLabel('产地（英文）').fill('美国');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toContainText('请用英文填写');
  await dialog.screenshot({ path: info.outputPath('item-methods-1440.png') });
});
