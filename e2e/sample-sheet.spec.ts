import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from './support/test';
import { loginWithPassword, registerByApi } from './support/auth';
import { itemRid, memberPost, memberToken } from './support/orders';
import { xrd } from './support/order-journeys';
import { randomPhone } from './support/sms';

const password = 'Lab@e2e2026';

/** The downloaded template filled as a person does in Excel: one sample per row from row 2. */
async function filled(template: string, rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(template);
  const sheet = book.getWorksheet('样品')!;
  rows.forEach((values, i) => values.forEach((value, c) => (sheet.getCell(i + 2, c + 1).value = c === 1 ? Number(value) : value)));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Issue 34: a thesis batch from one spreadsheet. On the order form at 1440 px the member downloads
 * the XRD template, uploads it with a wrong option in row 37 (every problem listed, nothing
 * imported), then the corrected 120 rows: the samples fill the form, split by their 扫描速度 into
 * two lines priced by the catalogue.
 */
test('a 120-row sample sheet imported into the order form at 1440 px', async ({ page, request }, testInfo) => {
  // the order form draws every sample as a row of fields: 120 of them take a while on a loaded machine
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const phone = randomPhone();
  await registerByApi(request, phone, password);
  const token = await memberToken(request, phone, password);
  const rid = await itemRid(request, xrd.keyword, xrd.name);
  // in the plan as the detail page adds it: the first choice of each option
  const detail = (await (await request.get('/api/open/web/device/detail', { params: { rid } })).json()) as { data: { options: { id: number; choices: { id: number }[] }[] } };
  const options = JSON.stringify(Object.fromEntries(detail.data.options.map((o) => [String(o.id), o.choices[0]!.id])));
  const plan = await memberPost<{ dataArr: { items: { id: string; rid: string }[] }[] }>(request, token, '/api/auth/tempDevice/add', { rid, count: 1, options });
  const line = plan.dataArr.flatMap((g) => g.items).find((l) => l.rid === rid)!;

  await loginWithPassword(page, phone, password);
  await page.goto(`/experiment/confirm?ids=${line.id}`);
  const article = page.getByRole('article', { name: xrd.name });
  await article.getByRole('button', { name: '表格导入样品' }).click();
  const dialog = page.getByRole('dialog', { name: `表格导入样品 · ${xrd.name}` });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '下载模板' }).click()]);
  expect(download.suggestedFilename()).toBe(`样品导入表-${xrd.name}.xlsx`);
  const template = testInfo.outputPath('template.xlsx');
  await download.saveAs(template);

  // every 4th sample slow-scanned; all at room temperature
  const rows = Array.from({ length: 120 }, (_, i) => [`LFP-${String(i + 1).padStart(3, '0')}`, '1', i % 10 === 0 ? '块体' : '粉末', i === 7 ? '易燃' : '', '否', i % 2 ? '否' : '是', i % 4 === 3 ? '慢扫 2°/min（精修用）' : '常规 10°/min', '室温']);
  const wrong = rows.map((r) => [...r]);
  wrong[35]![6] = '快扫 20°/min'; // Excel row 37
  wrong[4]![0] = ''; // Excel row 6
  const input = dialog.locator('input[type=file]');
  await input.setInputFiles({ name: '样品-有误.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await filled(template, wrong) });
  const problems = dialog.getByRole('list', { name: '表格问题' });
  await expect(dialog.getByText('表格有 2 处问题，未导入任何样品，请修改后重新上传')).toBeVisible();
  await expect(problems.getByRole('listitem')).toHaveText(['第6行「样品名称」不能为空', '第37行「扫描速度」不是可选值']);
  await dialog.screenshot({ path: testInfo.outputPath('sample-sheet-problems-1440.png') });
  // nothing imported: the form still has its one empty sample row
  await expect(page.locator('fieldset.order-sample')).toHaveCount(1);

  await input.setInputFiles({ name: '样品.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await filled(template, rows) });
  // the sheet is read and imported in about a second; drawing 120 rows of fields takes the browser longer
  await expect(page.getByText('已导入 120 个样品（按测试条件分为 2 个项目）')).toBeVisible({ timeout: 300_000 });
  await expect(dialog).toBeHidden();
  await expect(page.locator('fieldset.order-sample')).toHaveCount(120, { timeout: 30_000 });
  const lines = page.locator('article.order-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('扫描速度：常规 10°/min；测试温度：室温');
  await expect(lines.nth(0)).toContainText('× 90');
  await expect(lines.nth(1)).toContainText('扫描速度：慢扫 2°/min（精修用）');
  await expect(lines.nth(1)).toContainText('× 30');
  await expect(page.getByRole('textbox', { name: `${xrd.name} 样品1 名称` }).first()).toHaveValue('LFP-001');
  await expect(page.getByRole('textbox', { name: `${xrd.name} 样品8 名称` }).first()).toHaveValue('LFP-010');
  await expect(page.getByRole('textbox', { name: `${xrd.name} 样品1 名称` }).nth(1)).toHaveValue('LFP-004');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  await page.screenshot({ path: testInfo.outputPath('sample-sheet-imported-1440.png') });
  await lines.nth(1).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('sample-sheet-second-line-1440.png') });
  fs.rmSync(template, { force: true });
});
