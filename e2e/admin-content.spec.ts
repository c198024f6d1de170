import { expect, test } from './support/test';
import { openBackOfficeAs, openFromMenu } from './support/admin';

/** A 1×1 PNG: the new banner picture the admin uploads. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe('site content in the back office', () => {
  test('the admin edits a banner’s title and picture on 轮播图, and the home page shows them at once', async ({ page }) => {
    const title = `春季检测季 ${Date.now() % 100_000}`;
    await openBackOfficeAs(page, 'admin');
    await openFromMenu(page, '网站内容', '轮播图');

    await page.getByRole('button', { name: '编辑 一站式科研检测服务平台' }).click();
    const dialog = page.getByRole('dialog', { name: '编辑轮播图' });
    await dialog.getByLabel('标题').fill(title);
    await dialog.locator('input[type=file]').setInputFiles({ name: 'spring.png', mimeType: 'image/png', buffer: png });
    const preview = dialog.locator('.admin-image-upload img');
    await expect(preview).toHaveAttribute('src', /\/upload\/img\/u\/.+\.png$/);
    const picture = await preview.getAttribute('src');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('轮播图已保存')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();

    await page.goto('/');
    const carousel = page.getByRole('region', { name: '首页横幅' });
    await expect(carousel.getByRole('heading', { name: title }).first()).toBeVisible();
    await expect(carousel.getByRole('img', { name: title }).first()).toHaveAttribute('src', picture!);
  });
});
