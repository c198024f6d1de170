import { expect, test } from './support/test';
import { loginPanel } from './support/auth';

/** Issue 36: search from a phone's header with suggestions; a query for something not offered leads to 发布需求 with its words. */
test.describe('search as researchers speak (phone width)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the header's search is at the top of the page and suggests as the user types", async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: '搜索检测项目' });
    await expect(box).toBeVisible();
    expect((await box.boundingBox())!.y).toBeLessThan(150);
    await box.fill('扫描');
    const list = page.getByRole('listbox', { name: '搜索联想' });
    await expect(list.getByRole('option', { name: '技术 扫描电镜 SEM' })).toBeVisible();
    const item = list.getByRole('option', { name: /场发射扫描电镜/ });
    await expect(item).toBeVisible();
    await item.tap();
    await expect(page).toHaveURL(/\/detail\//);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('场发射扫描电镜');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  test('a synonym finds the technique; a query for something not offered leads to 发布需求 with the words kept', async ({ page }) => {
    await page.goto('/search?kw=' + encodeURIComponent('扫描电子显微镜'));
    const results = page.getByRole('region', { name: '搜索结果' });
    await expect(results.getByRole('link').first()).toBeVisible();
    await expect(results.locator('mark').first()).toBeVisible();

    await page.goto('/search?kw=' + encodeURIComponent('冷冻电镜'));
    await expect(page.getByText('没有找到与“冷冻电镜”相关的检测项目')).toBeVisible();
    await expect(page.getByText('相近的技术：')).toBeVisible();
    await page.locator('.empty-state').getByRole('link', { name: '发布需求' }).click();
    await expect(page).toHaveURL('/require?q=' + encodeURIComponent('冷冻电镜'));
    // the form is there to read and fill before any login (issue 31)
    await expect(page.getByLabel('测试需求')).toHaveValue('冷冻电镜');
    await expect(loginPanel(page)).toBeHidden();
  });
});
