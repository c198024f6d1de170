import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { loginWithPassword, openLoginPanel, registerByApi } from './support/auth';
import { randomPhone, readSmsCode } from './support/sms';

const password = 'Lab@e2e2026';

/** Picks province → city → district in an open antd cascader. */
async function pickRegion(page: Page, cascader: Locator, path: [string, string, string]) {
  await cascader.click();
  const menus = page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu');
  for (const [i, name] of path.entries()) {
    const item = menus.nth(i).locator(`.ant-cascader-menu-item[title="${name}"]`);
    if (i === path.length - 1) {
      await item.click();
      continue;
    }
    // A click while the dropdown is still animating in can be lost: click until the next column opens.
    await expect(async () => {
      await item.click();
      await expect(menus.nth(i + 1)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }
  await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0);
}

/** Picks the first enabled date of the pickup date picker (the next month's when this one has none left). */
async function pickFirstDate(page: Page, dialog: Locator): Promise<string> {
  const input = dialog.getByPlaceholder('请选择取样日期');
  const picker = page.locator('.ant-picker-dropdown:visible');
  let chosen = '';
  await expect(async () => {
    if (!(await picker.isVisible())) await input.click();
    await expect(picker).toBeVisible({ timeout: 2000 });
    const cells = picker.locator('td.ant-picker-cell-in-view:not(.ant-picker-cell-disabled)');
    if ((await cells.count()) === 0) await picker.locator('.ant-picker-header-next-btn').click();
    chosen = (await cells.first().getAttribute('title', { timeout: 2000 })) ?? '';
    await cells.first().click({ timeout: 2000 });
    await expect(input).toHaveValue(chosen, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  return chosen;
}

/** 'YYYY-MM-DD' in Asia/Shanghai, days from today. */
function shanghaiDate(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

test.describe('member area', () => {
  test('资料认证: SMS login without an address opens the dialog; first error shown; only 学生 selectable; 操作成功!', async ({ page, request }) => {
    const phone = randomPhone();
    await page.goto('/');
    const panel = await openLoginPanel(page);
    await panel.getByRole('tab', { name: '短信登录' }).click();
    const form = panel.getByRole('tabpanel', { name: '短信登录' });
    await form.getByLabel('手机号').fill(phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('验证码已发送!')).toBeVisible();
    await form.getByLabel('验证码').fill(await readSmsCode(request, phone));
    await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('登录成功!')).toBeVisible();

    const attest = page.getByRole('dialog', { name: '资料认证' });
    await expect(attest).toBeVisible();
    await expect(attest).toContainText('未完善基本信息将无法正常下单');
    // only the student type can be chosen
    await expect(attest.getByRole('radio', { name: '学生' })).toBeChecked();
    for (const other of ['老师', '个人', '企业']) await expect(attest.getByRole('radio', { name: other })).toBeDisabled();

    const submit = attest.getByRole('button', { name: '提交认证' });
    await submit.click();
    await expect(attest.getByText('「姓名」不能为空')).toBeVisible();
    await attest.getByLabel('姓名', { exact: true }).fill('李同学');
    await submit.click();
    await expect(attest.getByText('「邮箱」不能为空')).toBeVisible();
    await expect(attest.getByText('「姓名」不能为空')).toHaveCount(0);
    await attest.getByLabel('邮箱', { exact: true }).fill('li@example.edu.cn');
    await attest.getByLabel('单位名称').fill('复旦大学 化学系');
    await submit.click();
    await expect(attest.getByText('「导师/负责人」不能为空')).toBeVisible();
    await attest.getByLabel('导师/负责人').fill('王教授');
    await attest.getByLabel('导师手机').fill('13712345678901');
    await expect(attest.getByLabel('导师手机')).toHaveValue('13712345678');
    await attest.getByLabel('导师邮箱').fill('wang@example.edu.cn');
    await submit.click();
    await expect(attest.getByText('「收货地区」不能为空')).toBeVisible();
    await pickRegion(page, attest.getByLabel('收货地区'), ['上海市', '上海市', '杨浦区']);
    await attest.getByLabel('详细地址').fill('邯郸路220号 化学楼 412室');
    await submit.click();
    await expect(page.getByText('操作成功!')).toBeVisible();
    await expect(attest).toBeHidden();

    // the attestation became the first address; the warning is gone
    await page.goto('/member/center');
    await expect(page.getByRole('heading', { name: '李同学' })).toBeVisible();
    await expect(page.getByText('未完善基本信息将无法正常下单')).toHaveCount(0);
    await expect(page.getByTestId('figure-收货地址')).toHaveText('1');
    await page.goto('/member/address');
    await expect(page.getByTestId('address-card')).toContainText('邯郸路220号');
  });

  test('addresses: add through the cascader, set default, edit, delete; home pickup with date and slot', async ({ page, request }) => {
    // a long journey: give it room on a busy machine
    test.setTimeout(150_000);
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    await loginWithPassword(page, phone, password);
    await page.goto('/member/center');
    await expect(page.getByText('未完善基本信息将无法正常下单')).toBeVisible();

    await page.goto('/member/address');
    await expect(page.getByText('还没有地址')).toBeVisible();
    await page.getByRole('button', { name: '新增地址' }).first().click();
    let dialog = page.getByRole('dialog', { name: '新增地址' });
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText('[姓名]不能为空')).toBeVisible();
    await dialog.getByLabel('姓名').fill('赵同学');
    await dialog.getByLabel('手机').fill(phone);
    await pickRegion(page, dialog.getByLabel('所在地区'), ['北京市', '北京市', '海淀区']);
    await dialog.getByLabel('详细地址').fill('中关村北大街 100 号');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('地址已添加')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('address-card')).toHaveCount(1);

    await page.getByRole('button', { name: '新增地址' }).first().click();
    dialog = page.getByRole('dialog', { name: '新增地址' });
    await dialog.getByLabel('姓名').fill('赵同学');
    await dialog.getByLabel('手机').fill(phone);
    await pickRegion(page, dialog.getByLabel('所在地区'), ['江苏省', '苏州市', '姑苏区']);
    await dialog.getByLabel('详细地址').fill('干将东路 333 号 实验楼 2 楼');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeHidden();

    const cards = page.getByTestId('address-card');
    await expect(cards).toHaveCount(2);
    const suzhou = cards.filter({ hasText: '干将东路' });
    const beijing = cards.filter({ hasText: '中关村' });
    await expect(beijing).toContainText('暂未开通上门取样');
    await expect(suzhou).toContainText('可上门取样');
    await suzhou.getByRole('button', { name: '设为默认' }).click();
    await expect(page.getByText('已设为默认地址')).toBeVisible();
    await expect(cards.first()).toContainText('干将东路');
    await expect(cards.first()).toContainText('默认地址');
    await expect(cards.filter({ hasText: '默认地址' })).toHaveCount(1);
    await cards.first().getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑地址' });
    await expect(edit.getByLabel('详细地址')).toHaveValue('干将东路 333 号 实验楼 2 楼');
    await edit.getByLabel('详细地址').fill('干将东路 333 号 实验楼 3 楼');
    await edit.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('地址已保存')).toBeVisible();
    await expect(cards.first()).toContainText('实验楼 3 楼');

    // home pickup
    await page.goto('/member/sample');
    await expect(page.getByText('还没有上门取样预约')).toBeVisible();
    await page.getByRole('button', { name: '预约上门取样' }).first().click();
    const pickup = page.getByRole('dialog', { name: '上门取样' });
    await expect(pickup.getByRole('radio', { name: /干将东路/ })).toBeChecked();
    // the Beijing address is outside the pickup cities: disabled, with the tooltip
    await expect(pickup.getByRole('radio', { name: /中关村/ })).toBeDisabled();
    await pickup.locator('.address-choice-wrap').filter({ hasText: '中关村' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('现有地址所在城市暂未开通上门取样服务');

    await pickup.getByRole('button', { name: '提交预约' }).click();
    await expect(pickup.getByText('[取样日期]不能为空')).toBeVisible();

    await pickup.getByPlaceholder('请选择取样日期').click();
    const picker = page.locator('.ant-picker-dropdown:visible');
    await expect(picker).toBeVisible();
    const today = shanghaiDate(0);
    const yesterday = shanghaiDate(-1);
    if (yesterday.slice(0, 7) !== today.slice(0, 7)) await picker.locator('.ant-picker-header-prev-btn').click();
    await expect(picker.locator(`td[title="${yesterday}"]`)).toHaveClass(/ant-picker-cell-disabled/);
    if (yesterday.slice(0, 7) !== today.slice(0, 7)) await picker.locator('.ant-picker-header-next-btn').click();
    // clicking a disabled date picks nothing
    await picker.locator(`td[title="${yesterday}"]`).click({ force: true }).catch(() => undefined);
    await expect(pickup.getByPlaceholder('请选择取样日期')).toHaveValue('');
    const chosen = await pickFirstDate(page, pickup);

    const slots = pickup.getByRole('radiogroup', { name: '取样时间' }).getByRole('radio');
    await expect(slots).toHaveCount(4);
    const slotLabels = pickup.locator('.slot-group .ant-radio-button-wrapper:not(.ant-radio-button-wrapper-disabled)');
    const slot = (await slotLabels.first().textContent())?.trim() ?? '';
    await slotLabels.first().click();
    await pickup.getByLabel('备注').fill('粉末样品 3 份，常温保存');
    await pickup.getByRole('button', { name: '提交预约' }).click();
    await expect(page.getByText('提交成功!')).toBeVisible();
    await expect(pickup).toBeHidden();

    const item = page.getByTestId('sampling-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(`${chosen} ${slot}`);
    await expect(item).toContainText('待取样');
    await expect(item).toContainText('干将东路');

    // new-address messages and self-send
    await page.getByRole('button', { name: '预约上门取样' }).first().click();
    await pickup.getByRole('radio', { name: '填写新地址' }).check();
    await pickFirstDate(page, pickup);
    await pickup.locator('.slot-group .ant-radio-button-wrapper:not(.ant-radio-button-wrapper-disabled)').first().click();
    await pickup.getByRole('button', { name: '提交预约' }).click();
    await expect(pickup.getByText('[姓名]不能为空')).toBeVisible();
    await expect(pickup.getByLabel('手机')).toHaveAttribute('maxlength', '11');
    await pickup.locator('label').filter({ hasText: '自行寄样' }).click();
    await expect(pickup.getByTestId('self-send')).toContainText('桂平路 680 号');
    await pickup.getByRole('button', { name: '取消' }).click();

    // cancel the booking
    await item.getByRole('button', { name: '取消预约' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '取消预约' }).click();
    await expect(item).toContainText('已取消');

    // delete the Beijing address
    await page.goto('/member/address');
    await cards.filter({ hasText: '中关村' }).getByRole('button', { name: '删除' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '删除' }).click();
    await expect(cards).toHaveCount(1);
  });
});
