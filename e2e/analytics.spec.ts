import type { AnalyticsTile, AnalyticsView } from '@lab/contract';
import { expect, test } from './support/test';
import { openBackOfficeAs } from './support/admin';
import { registerByApi } from './support/auth';
import { memberPost, memberToken } from './support/orders';
import { randomPhone } from './support/sms';

/**
 * 运营分析 (issue 37): the lab manager opens the screen at 1440 px and every chart is drawn on
 * its canvas where the figures have data, and says 暂无数据 where they have none (told from the
 * screen's own answer); the screenshots are kept for a person to look at
 * (test-results/analytics/). And finance books a top-up from the bank's statement.
 */

const hasData = (data: AnalyticsView): Record<AnalyticsTile, boolean> => ({
  turnaround: data.turnaround.weeks.length > 0,
  promises: data.promises.some((p) => p.kept + p.late + p.missed > 0),
  utilisation: data.utilisation.some((u) => u.bookedHours > 0),
  samples: data.samples.length > 0,
  backlog: data.backlog.some((b) => b.orders > 0),
  revenue: data.revenue.length > 0,
  customers: data.customers.length > 0,
});

test('the manager opens 运营分析 and each chart with data draws', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/analytics' && response.request().method() === 'POST');
  await openBackOfficeAs(page, 'admin', '/admin/analytics');
  await expect(page.getByRole('heading', { name: '运营分析', level: 1 })).toBeVisible();
  const data = ((await (await answered).json()) as { data: AnalyticsView }).data;
  const tiles = hasData(data);
  expect(Object.values(tiles).some(Boolean), 'the demo has figures to draw').toBe(true);
  for (const [tile, drawn] of Object.entries(tiles)) {
    const box = page.locator(`[data-tile="${tile}"]`);
    await expect(box).toBeVisible();
    if (drawn) {
      await expect(box.locator('canvas').first(), tile).toBeVisible();
      await expect(box.getByText('暂无数据'), tile).toHaveCount(0);
    } else {
      await expect(box.getByText('暂无数据'), tile).toBeVisible();
    }
    await expect(box.getByRole('button', { name: '导出' })).toBeVisible();
  }
  await expect(page.getByText('大仪考核年度报表')).toBeVisible();
  await page.screenshot({ path: 'test-results/analytics/analytics-1440.png', fullPage: true, animations: 'disabled' });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('[data-tile="backlog"]')).toBeVisible();
  await page.screenshot({ path: 'test-results/analytics/analytics-390.png', fullPage: true, animations: 'disabled' });
});

test('finance books a bank transfer from the uploaded statement (银行流水对账)', async ({ page, request }) => {
  test.setTimeout(120_000);
  const phone = randomPhone();
  const password = 'Bank@e2e2026';
  await registerByApi(request, phone, password);
  const token = await memberToken(request, phone, password);
  const payer = `测试大学${phone.slice(-4)}`;
  const topUp = await memberPost<{ rid: string; applyNo: string }>(request, token, '/api/auth/prestoreApply/add', { amount: '321.50', payer });
  const statement = ['日期,时间,收入金额,支出金额,付款人,备注,流水号', `2026-12-01,10:20:00,321.50,,${payer},预存款 ${topUp.applyNo},E2E${phone}`, `2026-12-01,11:00:00,,12.00,本单位,手续费,E2E${phone}-fee`].join('\n');

  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOfficeAs(page, 'finance', '/admin/finance/bank');
  await expect(page.getByRole('heading', { name: '银行流水对账', level: 1 })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({ name: '对账单.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
  await expect(page.getByText(/已读取通用格式流水 2 笔：新增入账 1 笔，支出 1 笔不参与对账/)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: topUp.applyNo }).filter({ hasText: payer });
  await expect(row.getByText('附言含申请号')).toBeVisible();
  await page.screenshot({ path: 'test-results/analytics/bank-1440.png', fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/analytics/bank-390.png', fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1440, height: 900 });

  await row.getByRole('button', { name: '确认到账' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '确认到账' }).click();
  await expect(page.getByText('已确认到账').first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: payer })).toHaveCount(0);
  await page.getByText('已入账', { exact: true }).first().click();
  await expect(page.getByRole('row').filter({ hasText: payer }).getByText(`已入账：${topUp.applyNo}`)).toBeVisible();
  // the same file again is recognised: nothing is added
  await page.locator('input[type=file]').setInputFiles({ name: '对账单（重复）.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
  await expect(page.getByText(/该文件已于此前上传过/)).toBeVisible();
});
