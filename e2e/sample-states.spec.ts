import { expect, test } from './support/test';
import { openBackOfficeAs } from './support/admin';
import { loginPanel, openLoginPanel, registerByApi, submitPassword } from './support/auth';
import { approveAttestation, attestStudent, itemRid, labLogin, labProgress, memberPost, memberToken, placeOrderByApi } from './support/orders';
import { toast, xrd } from './support/order-journeys';
import { randomPhone } from './support/sms';

const password = 'Sample@e2e2026';

test.describe('per-sample states', () => {
  test("the lab moves a sample at the desk and the member's order page shows its state and estimate, at 390 px and 1440 px", async ({ page, browser, request }) => {
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    await attestStudent(request, token, '岑样品');
    await approveAttestation(request, phone);
    const orderNo = await placeOrderByApi(request, token, await itemRid(request, xrd.keyword, xrd.name), 1);
    await memberPost(request, token, '/api/auth/order/payLater', { order_no: orderNo });
    await labProgress(request, await labLogin(request), 'confirm', orderNo);
    const code = `${orderNo}-1-1`;

    // ---- 收样登记: the sample's label scanned, then moved on from its row ----
    await openBackOfficeAs(page, 'lab', '/admin/receive');
    const scan = page.getByLabel('订单号或样品编号');
    await scan.fill(code);
    await scan.press('Enter');
    const found = page.getByTestId('receive-order');
    const row = found.locator('tr', { hasText: code });
    await expect(row.locator('.ant-tag')).toHaveText('待收样');
    await row.getByRole('button', { name: `样品${code}→ 已收样` }).click();
    await expect(toast(page, `样品${code}：已收样`)).toBeVisible();
    await expect(found.getByTestId('progress-tag')).toHaveText('已收样');
    await row.getByRole('button', { name: `样品${code}→ 排队中` }).click();
    await expect(toast(page, `样品${code}：排队中`)).toBeVisible();
    await expect(row.locator('.ant-tag')).toHaveText('排队中');

    // ---- the member, on a phone and on a desktop ----
    for (const width of [390, 1440]) {
      // logged in on the desktop layout (the header's 登录), then the page at the width
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      const member = await context.newPage();
      await member.goto('/');
      await submitPassword(await openLoginPanel(member), phone, password);
      await expect(loginPanel(member)).toBeHidden();
      await member.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await member.goto(`/member/order/${orderNo}`);
      const progress = member.getByRole('region', { name: '样品进度' });
      const sample = progress.getByRole('listitem').filter({ hasText: code });
      await expect(sample).toContainText('排队中');
      await expect(sample.getByTestId('sample-estimate')).toContainText(/预计 \d+(–\d+)? 个工作日出数据/);
      await expect(sample).toContainText('第 3/6 步');
      // nothing of it runs off a phone's screen
      const box = await sample.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      await context.close();
    }
  });
});
