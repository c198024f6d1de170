import { expect, test } from './support/test';
import { loginWithPassword, registerByApi } from './support/auth';
import { openBackOfficeAs } from './support/admin';
import { randomPhone } from './support/sms';

/** The second demo member the seed adds: a teacher with an address (README). */
const demoTeacher = { phone: '13900139000', password: 'Demo@2026', name: '陈老师' } as const;
const password = 'Lab@e2e2026';

test.describe('member area', () => {
  test('communities: a teacher creates one, sales approves it, a student applies, the teacher agrees', async ({ page, browser, request }) => {
    const name = `陈老师课题组 ${Date.now() % 100000}`;
    await loginWithPassword(page, demoTeacher.phone, demoTeacher.password);
    await page.goto('/member/communityMg');
    await page.getByRole('button', { name: '创建团体' }).first().click();
    const create = page.getByRole('dialog', { name: '创建科研团体' });
    await expect(create.getByLabel('所属单位')).toHaveValue('上海交通大学 化学化工学院');
    await create.getByRole('button', { name: '创建' }).click();
    await expect(create.getByText('[团体名称]不能为空')).toBeVisible();
    await create.getByLabel('团体名称').fill(name);
    await create.getByLabel('团体简介').fill('研究方向：多孔材料与催化，常用 XRD、BET、SEM 测试。');
    await create.getByRole('button', { name: '创建' }).click();
    await expect(page.getByText('团体创建成功')).toBeVisible();
    const card = page.getByTestId('owned-community').filter({ hasText: name });
    await expect(card).toContainText('1 名成员');
    await expect(card).toContainText('平台审核中');
    await expect(card).toContainText('暂无待审核的申请');

    // the lab's customer manager approves it in the back office, so other members can find it
    const office = await browser.newContext();
    const sales = await office.newPage();
    await openBackOfficeAs(sales, 'sales', '/admin/communities');
    await expect(sales.getByRole('heading', { level: 1, name: '科研团体' })).toBeVisible();
    const pending = sales.getByRole('row').filter({ hasText: name });
    await pending.getByRole('button', { name: '通过' }).click();
    await sales.getByRole('dialog').getByRole('button', { name: '通过' }).click();
    await expect(sales.getByText('团体已通过审核，已通知负责人')).toBeVisible();
    await expect(pending).toHaveCount(0);
    await office.close();
    await page.reload();
    await expect(card).not.toContainText('平台审核中');

    // a student applies
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const context = await browser.newContext();
    const student = await context.newPage();
    await loginWithPassword(student, phone, password);
    await student.goto('/member/communityMg');
    await expect(student.getByText('只有认证为老师的用户可以创建科研团体')).toBeVisible();
    await expect(student.getByRole('button', { name: '创建团体' })).toBeDisabled();
    await student.goto('/member/communityJn');
    await expect(student.getByText('还没有加入或申请任何团体')).toBeVisible();
    await student.getByRole('tab', { name: '查找团体' }).click();
    await student.getByLabel('团体关键词').fill(name);
    await student.getByRole('main').getByRole('button', { name: '搜索', exact: false }).filter({ hasText: '搜索' }).click();
    const row = student.getByTestId('community-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: '申请加入' }).click();
    const apply = student.getByRole('dialog', { name: /申请加入/ });
    await apply.getByLabel('申请说明').fill('我是 2025 级硕士研究生');
    await apply.getByRole('button', { name: '提交申请' }).click();
    await expect(student.getByText('申请已提交，请等待负责人审核')).toBeVisible();
    await expect(row.getByRole('button', { name: '待审核' })).toBeDisabled();
    await student.getByRole('tab', { name: '我的团体' }).click();
    await expect(student.getByRole('list', { name: '我加入的团体' }).getByTestId('community-row').filter({ hasText: name })).toContainText('待审核');

    // the teacher agrees
    await page.reload();
    const application = card.getByTestId('application');
    await expect(application).toContainText('我是 2025 级硕士研究生');
    await application.getByRole('button', { name: '同意' }).click();
    await expect(page.getByText('已同意入团申请')).toBeVisible();
    await expect(card.getByTestId('member')).toHaveCount(2);
    await expect(card).toContainText('2 名成员');

    await student.reload();
    await expect(student.getByRole('list', { name: '我加入的团体' }).getByTestId('community-row').filter({ hasText: name })).toContainText('已加入');
    await context.close();
  });

  test('the side bar opens the pickup dialog; member pages fit a 390 px phone', async ({ page }) => {
    await loginWithPassword(page, demoTeacher.phone, demoTeacher.password);
    await page.getByRole('complementary', { name: '快捷服务' }).getByRole('button', { name: '上门取样' }).click();
    const pickup = page.getByRole('dialog', { name: '上门取样' });
    await expect(pickup).toBeVisible();
    await expect(pickup.getByRole('radio', { name: /东川路800号/ })).toBeChecked();
    await pickup.getByRole('button', { name: '取消' }).click();
    await expect(pickup).toBeHidden();

    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['center', 'information', 'address', 'sample', 'communityMg', 'communityJn']) {
      await page.goto(`/member/${path}`);
      await expect(page.locator('.area-content h1')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `/member/${path} is wider than the phone`).toBeLessThanOrEqual(0);
    }
  });
});
