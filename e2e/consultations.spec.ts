import { expect, test } from './support/test';
import { loginWithPassword, registerByApi } from './support/auth';
import { openBackOfficeAs } from './support/admin';
import { randomPhone } from './support/sms';

/**
 * Issue 31: a consultation is a thread. A member asks on 我的咨询, sales reply twice in the back
 * office (客户咨询), the member follows up; at a phone's width and a desktop's. Screenshots of
 * the member's thread and the back office's drawer go to test-results/consult-screens/.
 */
const password = 'Lab@e2e2026';

for (const width of [1440, 390]) {
  test(`member asks, sales reply twice, member follows up (${width} px)`, async ({ page, browser, request }) => {
    test.setTimeout(300_000);
    const viewport = { width, height: width === 390 ? 844 : 900 };
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    // logged in from the header's 登录 (a desktop's header), then the width under test
    await loginWithPassword(page, phone, password);
    await page.setViewportSize(viewport);

    // the member asks
    const question = `SEM 能测磁性样品吗？（${width}-${Date.now() % 100000}）`;
    await page.goto('/member/consult');
    await expect(page.getByRole('heading', { level: 1, name: '我的咨询' })).toBeVisible();
    await page.getByRole('button', { name: '提交咨询' }).click();
    await expect(page.getByText('[咨询内容]不能为空')).toBeVisible();
    await page.getByRole('textbox', { name: '咨询内容' }).fill(question);
    await page.getByRole('button', { name: '提交咨询' }).click();
    await expect(page).toHaveURL(/\/member\/consult\/[\w-]+$/);
    const thread = page.getByRole('list', { name: '咨询记录' });
    await expect(thread.getByTestId('consult-message')).toHaveCount(1);
    await expect(page.getByText('待回复', { exact: true })).toBeVisible();
    const threadUrl = page.url();

    // sales answer twice in the back office
    const office = await browser.newContext();
    const sales = await office.newPage();
    // logged in as on a desktop (the helper reads the person's name in the header, which a phone hides), then the width under test
    await openBackOfficeAs(sales, 'sales', '/admin/consultations');
    await sales.setViewportSize(viewport);
    await expect(sales.getByRole('heading', { level: 1, name: '客户咨询' })).toBeVisible();
    const row = sales.getByRole('row').filter({ hasText: question });
    await row.getByRole('button', { name: '回复' }).click();
    const drawer = sales.getByRole('dialog').filter({ hasText: '的咨询' });
    await expect(drawer.getByRole('list', { name: '咨询记录' }).getByTestId('consult-message')).toHaveCount(1);
    await drawer.getByRole('textbox', { name: '回复内容' }).fill('可以，磁性样品需先消磁处理。');
    await drawer.getByRole('button', { name: '发送回复' }).click();
    await expect(drawer.getByRole('list', { name: '咨询记录' }).getByTestId('consult-message')).toHaveCount(2);
    await drawer.getByRole('textbox', { name: '回复内容' }).fill('消磁另收 50 元，请在下单时备注。');
    await drawer.getByRole('button', { name: '发送回复' }).click();
    const staffThread = drawer.getByRole('list', { name: '咨询记录' }).getByTestId('consult-message');
    await expect(staffThread).toHaveCount(3);
    await expect(staffThread.nth(2)).toContainText('客服 · 王经理');
    await expect(drawer.getByText('已回复', { exact: true })).toBeVisible();
    await sales.screenshot({ path: `test-results/consult-screens/admin-thread-${width}.png`, animations: 'disabled' });

    // the member reads both replies, and follows up
    await page.goto(threadUrl);
    await expect(thread.getByTestId('consult-message')).toHaveCount(3);
    await expect(thread.getByTestId('consult-message').nth(1)).toContainText('可以，磁性样品需先消磁处理。');
    await expect(thread.getByTestId('consult-message').nth(2)).toContainText('客服 · 王经理');
    await expect(page.getByText('已回复', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: '留言内容' }).fill('粉末样品也需要消磁吗？');
    await page.getByRole('button', { name: '发送', exact: true }).click();
    await expect(thread.getByTestId('consult-message')).toHaveCount(4);
    await expect(thread.getByTestId('consult-message').nth(3)).toContainText('我');
    await expect(page.getByText('待回复', { exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/consult-screens/member-thread-${width}.png`, fullPage: true, animations: 'disabled' });

    // the replies reached the member's in-site messages, and the thread waits for sales again
    await page.goto('/member/message');
    await expect(page.getByText('您的咨询已回复').first()).toBeVisible();
    await sales.reload();
    await expect(sales.getByRole('row').filter({ hasText: question })).toContainText('待回复');
    await office.close();
  });
}
