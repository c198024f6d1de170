import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { loginPanel, registerByApi, submitPassword } from './support/auth';
import { randomPhone } from './support/sms';

const password = 'Lab@e2e2026';

interface Found {
  list: { rid: string; name: string; priceFen: number; typeId: number; reservable: boolean }[];
}

/** The header's 实验计划 link with its badge (cartNum). */
const planBadge = (page: Page) => page.locator('header a.plan-link .count-badge-wrap');

test('experiment plan: two items added from their detail pages, the badge, a count changed, one removed', async ({ page, request }) => {
  const phone = randomPhone();
  await registerByApi(request, phone, password);
  const found = (await (await request.get('/api/open/web/device/search?typeId=1&pageSize=20')).json()) as { data: Found };
  const [first, second] = found.data.list.filter((i) => !i.reservable);
  expect(first && second).toBeTruthy();
  if (!first || !second) return;

  // a visitor is asked to log in first; the item is added once they have (first item: two samples)
  await page.goto(`/detail/${encodeURIComponent(first.rid)}`);
  const count = page.getByRole('spinbutton', { name: '样品数量' });
  await count.fill('2');
  await page.getByRole('button', { name: /加入实验计划/ }).click();
  await expect(loginPanel(page)).toBeVisible();
  await submitPassword(loginPanel(page), phone, password);
  await expect(loginPanel(page)).toBeHidden();
  await expect(page).toHaveURL(`/detail/${encodeURIComponent(first.rid)}`);
  await expect(count).toHaveValue('2');
  await expect(page.getByText('已加入实验计划，')).toBeVisible();
  await expect(planBadge(page)).toContainText('1');

  // second item: one sample with a note
  await page.goto(`/detail/${encodeURIComponent(second.rid)}`);
  await page.getByRole('textbox', { name: '备注' }).fill('请尽快安排');
  await page.getByRole('button', { name: /加入实验计划/ }).click();
  await expect(page.getByText('已加入实验计划，')).toBeVisible();
  await expect(planBadge(page)).toContainText('2');

  await page.getByRole('link', { name: '去实验计划下单' }).click();
  await expect(page).toHaveURL(/\/experiment\/plan$/);
  const lines = page.getByTestId('plan-line');
  await expect(lines).toHaveCount(2);
  const firstLine = page.getByRole('listitem', { name: first.name });
  const secondLine = page.getByRole('listitem', { name: second.name });
  await expect(secondLine.getByRole('textbox', { name: `${second.name} 备注` })).toHaveValue('请尽快安排');

  // the count goes to the server and the amounts follow it
  const total = page.getByTestId('plan-total');
  const before = await total.innerText();
  await firstLine.getByRole('spinbutton', { name: `${first.name} 数量` }).fill('4');
  await expect(total).not.toHaveText(before);
  await page.reload();
  await expect(page.getByRole('listitem', { name: first.name }).getByRole('spinbutton', { name: `${first.name} 数量` })).toHaveValue('4');

  // removing one line: the badge drops to 1
  await page.getByRole('button', { name: `移除 ${second.name}` }).click();
  await expect(lines).toHaveCount(1);
  await expect(planBadge(page)).toContainText('1');

  // 去下单 opens the order form with that line
  await page.getByRole('button', { name: '去下单' }).click();
  await expect(page).toHaveURL(/\/experiment\/confirm\?ids=/);
  await expect(page.getByRole('article', { name: first.name })).toBeVisible();
  // no address on file yet: the spec's warning leads to the basic information
  await expect(page.getByText('未完善基本信息将无法正常下单')).toBeVisible();

  // emptying the plan asks first
  await page.goto('/experiment/plan');
  await page.getByRole('button', { name: '清空' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '清空' }).click();
  await expect(page.getByText('实验计划还是空的，先挑选需要的检测项目吧')).toBeVisible();
  await expect(planBadge(page).locator('sup')).toHaveCount(0);
});
