import type { AnalyticsTile, AnalyticsView } from '@lab/contract';
import { expect, test } from './support/test';
import { openBackOfficeAs } from './support/admin';

/**
 * 运营分析 (issue 37): the lab manager opens the screen at 1440 px and every chart is drawn on
 * its canvas where the figures have data, and says 暂无数据 where they have none (told from the
 * screen's own answer); the screenshots are kept for a person to look at
 * (test-results/analytics/).
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
