import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { loginWithPassword, registerByApi } from './support/auth';
import { randomPhone } from './support/sms';
import { attestStudent, itemRid, memberPost, memberToken, pickSelect, placeOrderByApi } from './support/orders';
import { openBackOfficeAs } from './support/admin';
import { xrd } from './support/order-journeys';

const password = 'Lab@e2e2026';

/*
 * Issue 31's screens at a phone's width and a computer's, for a person to look at
 * (test-results/screens/<screen>-<width>.png): checkout, the pay dialog, the member centre and the
 * back office's agreement editor (协议管理). Each is also checked for what a look found before:
 * nothing wider than the screen, and, in the agreement editor, the character counter of 更新说明
 * clear of the help text under it (antd draws the counter below the field, over the help at 390 px).
 */
const widths = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

// a whole page in one picture: the sticky header drawn once at the top, not where the capture scrolled to
const shot = (page: Page, name: string, width: number, fullPage = true) =>
  page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage, animations: 'disabled', ...(fullPage ? { style: '.site-header { position: static !important; }' } : {}) });

async function expectNoSideways(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The two boxes do not overlap (both on screen). */
async function expectApart(a: Locator, b: Locator) {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  expect(boxA && boxB, 'both drawn').toBeTruthy();
  const overlap = boxA!.x < boxB!.x + boxB!.width && boxB!.x < boxA!.x + boxA!.width && boxA!.y < boxB!.y + boxB!.height && boxB!.y < boxA!.y + boxA!.height;
  expect(overlap, `${JSON.stringify(boxA)} overlaps ${JSON.stringify(boxB)}`).toBe(false);
}

test('checkout, the pay dialog and the member centre at 1440 and 390 px', async ({ page, request }) => {
  test.setTimeout(240_000);
  const phone = randomPhone();
  await registerByApi(request, phone, password);
  const token = await memberToken(request, phone, password);
  await attestStudent(request, token, '周同学');
  const rid = await itemRid(request, xrd.keyword, xrd.name);
  const orderNo = await placeOrderByApi(request, token, rid, 3);
  // a plan line to order (the first choice of every option), as 加入实验计划 adds it
  const detail = (await (await request.get('/api/open/web/device/detail', { params: { rid } })).json()) as { data: { options: { id: number; choices: { id: number }[] }[] } };
  const options = Object.fromEntries(detail.data.options.map((o) => [String(o.id), o.choices[0]!.id]));
  await memberPost(request, token, '/api/auth/tempDevice/add', { rid, count: 2, options: JSON.stringify(options) });
  await memberPost(request, token, '/api/auth/invoice/add', { kind: 'unit', title: '苏州大学', tax_no: '12320000466008393T' });
  await loginWithPassword(page, phone, password);

  for (const { width, height } of widths) {
    await page.setViewportSize({ width, height });

    await page.goto('/experiment/plan');
    await page.getByRole('button', { name: '去下单' }).click();
    await expect(page.getByRole('heading', { name: '确认订单', level: 1 })).toBeVisible();
    await page.getByLabel(`${xrd.name} 样品1 名称`).fill('钛白粉 A');
    await pickSelect(page, page.getByLabel('发票需求'), '增值税普通电子发票');
    await expect(page.getByRole('button', { name: '新增抬头' })).toBeVisible();
    await expectNoSideways(page, width);
    await shot(page, 'checkout', width);
    await page.getByRole('region', { name: '联系人、优惠与发票' }).screenshot({ path: `test-results/screens/checkout-invoice-${width}.png`, animations: 'disabled', style: '.site-header { position: static !important; }' });

    await page.goto(`/member/order/${orderNo}?pay=1`);
    const pay = page.getByRole('dialog', { name: '支付订单' });
    await expect(pay.getByTestId('pay-amount')).toBeVisible();
    await expect(pay.getByTestId('pay-bar').getByRole('button', { name: /支付|¥/ }).first()).toBeInViewport();
    await expectNoSideways(page, width);
    await shot(page, 'pay-dialog', width, false);

    await page.goto('/member/center');
    await expect(page.getByRole('navigation', { name: '订单状态' })).toBeVisible();
    await expectNoSideways(page, width);
    await shot(page, 'member-centre', width);
  }
});

test('the agreement editor (协议管理) at 1440 and 390 px: the 更新说明 counter clear of its help text', async ({ page }) => {
  test.setTimeout(120_000);
  await openBackOfficeAs(page, 'admin', '/admin/content/agreements?kind=privacy');
  await expect(page.getByRole('heading', { name: '协议管理' })).toBeVisible();
  await page.getByRole('button', { name: /编辑新版本|继续编辑草稿/ }).click();
  const dialog = page.getByRole('dialog', { name: '编辑隐私政策新版本' });
  await expect(dialog.locator('.tiptap table th').first()).toBeVisible();
  await dialog.getByLabel('更新说明').fill('新增在线支付服务商（微信支付、支付宝）的委托处理说明，并补充了会员注销账号后数据的保存期限。');
  const summaryItem = dialog.locator('.ant-form-item').filter({ has: page.getByLabel('更新说明') });
  for (const { width, height } of widths) {
    await page.setViewportSize({ width, height });
    await summaryItem.scrollIntoViewIfNeeded();
    await expectApart(summaryItem.locator('.ant-input-data-count'), summaryItem.locator('.ant-form-item-extra'));
    await expectNoSideways(page, width);
    await shot(page, 'agreement-editor', width, false);
  }
});
