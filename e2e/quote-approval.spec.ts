import { expect, test } from './support/test';
import { openBackOfficeAs } from './support/admin';
import { openLoginPanel, registerByApi, submitPassword } from './support/auth';
import { staffLogin } from './support/funds';
import { demoSales, itemRid, memberPost, memberToken } from './support/orders';
import { randomPhone } from './support/sms';

/**
 * Issue 32 (decisions/0065): a requirement's quote above the sales person's 报价盖章 limit (¥20,000 a
 * quote) is filed, not sealed. The demand list says 报价待审批 and the 待审批 list shows it under
 * 出具盖章报价单 (kind 报价盖章), at 1440 px and 390 px.
 */
test('a quote above the sales limit waits for a colleague: 报价待审批 on the demand list, 报价盖章 on the approvals list', async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const phone = randomPhone();
  await registerByApi(request, phone, 'Lab@e2e2026');
  const token = await memberToken(request, phone, 'Lab@e2e2026');
  const title = `大批量 XRD 物相分析 ${phone.slice(-4)}`;
  const requirement = await memberPost<{ rid: string }>(request, token, '/api/auth/demand/add', { title, content: '电池正极材料批量物相分析', samples: '粉末 200 个', contact: '周老师', phone });
  const xrd = await itemRid(request, 'XRD', 'XRD 粉末衍射（物相分析）');
  const detail = (await (await request.get('/api/open/web/device/detail', { params: { rid: xrd } })).json()) as { data: { options: { id: number; choices: { id: number }[] }[] } };
  const options = Object.fromEntries(detail.data.options.map((o) => [String(o.id), o.choices[0]!.id]));
  const sales = await staffLogin(request, demoSales);
  const response = await request.post('/api/admin/demand/quote', { headers: { token: sales }, form: { rid: requirement.rid, lines: JSON.stringify([{ rid: xrd, count: 400, options }]) } });
  const filed = (await response.json()) as { code: number; msg: string; data: { pendingApproval?: { rid: string } } };
  expect(filed.code, filed.msg).toBe(1);
  expect(filed.msg).toMatch(/出具盖章报价单（¥[\d,.]+）超出您的单笔权限（¥20,000.00），已提交审批/);

  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOfficeAs(page, 'sales', '/admin/demands');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByTestId('quote-pending')).toHaveText('报价待审批');
  await expect(row.getByRole('button', { name: '报价' })).toBeDisabled();
  await page.screenshot({ path: info.outputPath('demands-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row.getByTestId('quote-pending')).toBeVisible();
  await page.screenshot({ path: info.outputPath('demands-390.png'), fullPage: true });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/approvals');
  await page.getByRole('tab', { name: /我提交的/ }).click();
  const mine = page.getByRole('row').filter({ hasText: title });
  await expect(mine.getByRole('cell', { name: '出具盖章报价单', exact: true })).toBeVisible();
  await expect(mine.getByText('超出申请人单笔上限（¥20,000.00）')).toBeVisible();
  await page.screenshot({ path: info.outputPath('approvals-1440.png') });
});

test('the paper-award form asks what the public 论文致谢 list may show (1440 and 390 px)', async ({ page, request }, info) => {
  const phone = randomPhone();
  await registerByApi(request, phone, 'Lab@e2e2026');
  await page.goto('/');
  await submitPassword(await openLoginPanel(page), phone, 'Lab@e2e2026');
  await expect(page.getByText('登录成功!')).toBeVisible();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/member/integral');
    await page.getByRole('tab', { name: '论文致谢奖励' }).click();
    const consent = page.getByRole('radiogroup', { name: '在网站论文致谢栏目展示' });
    await expect(consent.getByRole('radio', { name: '不在网站展示' })).toBeChecked();
    await consent.getByText('展示论文和我的单位').click();
    await expect(page.getByRole('textbox', { name: '展示单位' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: '致谢原文' })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`award-${width}.png`), fullPage: true });
  }
});
