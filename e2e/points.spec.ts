import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { demoMember, loginPanel, openLoginPanel, registerByApi, submitPassword } from './support/auth';
import { randomPhone } from './support/sms';
import { attestStudent, itemRid, labLogin, labProgress, memberPost, memberToken, placeOrderByApi, tinyPdf, topUp, uploadReport } from './support/orders';

const password = 'Lab@e2e2026';
const sem = { keyword: 'SEM', name: '场发射扫描电镜 SEM（形貌）' };
/** the demo catalogue's coupon (apps/server/src/areas/growth/points.seed.ts) and the template it issues */
const couponItem = { name: '¥20 检测抵用券', points: 2000, couponName: '积分兑换 ¥20 抵用券' };

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });
const points = (n: number) => n.toLocaleString('en-US');

test.describe('points (积分)', () => {
  test('a member\'s points from a paid order wait until it completes; then they exchange them for a coupon that shows on the coupon page, and give some to a classmate', async ({ page, request }) => {
    test.setTimeout(120_000);
    // ---- a fresh member pays an order from funds: points_earn books floor(paid yuan) × 1 ----
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    await attestStudent(request, token, '周同学');
    await topUp(request, token, '3000');
    const orderNo = await placeOrderByApi(request, token, await itemRid(request, sem.keyword, sem.name), 20);
    const paid = await memberPost<{ payableFen: number; paymentText: string }>(request, token, '/api/auth/order/pay', { order_no: orderNo, coupon_rid: 'none' });
    expect(paid.paymentText).toBe('已支付');
    const earned = Math.floor(paid.payableFen / 100);
    expect(earned, 'enough points for the coupon').toBeGreaterThanOrEqual(couponItem.points + 100);

    await page.goto('/');
    const panel = await openLoginPanel(page);
    await submitPassword(panel, phone, password);
    await expect(page.getByText('登录成功!')).toBeVisible();
    await expect(loginPanel(page)).toBeHidden();

    // ---- paid but not completed: the points wait (待生效), nothing to spend or give away yet ----
    await page.goto('/member/integral');
    await expect(page.getByRole('heading', { name: '我的积分', level: 1 })).toBeVisible();
    await expect(page.getByTestId('points-pending')).toHaveText(points(earned));
    await expect(page.getByText('1 笔订单完成后到账，暂不可兑换或转赠')).toBeVisible();
    await expect(page.getByTestId('points-balance')).toHaveText('0');
    await expect(page.getByTestId('exchange-item').filter({ hasText: couponItem.name }).getByRole('button', { name: /兑换/ })).toBeDisabled();
    const early = await request.post('/api/auth/integration/transfer', { headers: { token }, form: { phone: demoMember.phone, name: demoMember.name, points: 100 } });
    expect(early.status()).toBe(409);
    expect(((await early.json()) as { msg: string }).msg).toBe('积分不足');

    // ---- the lab tests and delivers, the member confirms the data: the order completes and the points arrive ----
    const lab = await labLogin(request);
    for (const action of ['confirm', 'receive', 'test'] as const) await labProgress(request, lab, action, orderNo);
    await uploadReport(request, lab, orderNo, 'SEM报告.pdf', tinyPdf);
    await labProgress(request, lab, 'deliver', orderNo);
    await memberPost(request, token, '/api/auth/assign/right', { order_no: orderNo });

    // ---- the points page: balance, totals, the order's entry ----
    await page.reload();
    await expect(page.getByRole('heading', { name: '我的积分', level: 1 })).toBeVisible();
    await expect(page.getByTestId('points-pending')).toHaveText('0');
    await expect(page.getByTestId('points-balance')).toHaveText(points(earned));
    await expect(page.getByTestId('points-earned')).toHaveText(points(earned));
    await expect(page.getByTestId('points-spent')).toHaveText('0');
    await expect(page.getByTestId('points-rate')).toContainText('每实付 1 元积 1 分');
    const history = page.getByRole('list', { name: '积分明细' });
    const earnedRow = history.getByTestId('points-entry').filter({ hasText: '订单积分' });
    await expect(earnedRow).toContainText(`+${points(earned)}`);
    await expect(earnedRow).toContainText(orderNo);
    await expect(earnedRow).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

    // ---- exchange points for a coupon: confirm, then the balance drops and the record shows ----
    const card = page.getByTestId('exchange-item').filter({ hasText: couponItem.name });
    await expect(card).toContainText(`${points(couponItem.points)} 积分`);
    // what the member cannot afford stays off
    await expect(page.getByTestId('exchange-item').filter({ hasText: '¥100 检测抵用券' }).getByRole('button', { name: /兑换/ })).toBeDisabled();
    await card.getByRole('button', { name: `兑换 ${couponItem.name}` }).click();
    const confirm = page.getByRole('dialog', { name: '确认兑换' });
    await expect(confirm).toContainText(couponItem.name);
    await expect(confirm.getByTestId('points-after')).toHaveText(`${points(earned - couponItem.points)} 分`);
    await confirm.getByRole('button', { name: '确认兑换' }).click();
    await expect(toast(page, '兑换成功，优惠券已发放到您的账户')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId('points-balance')).toHaveText(points(earned - couponItem.points));
    await expect(page.getByTestId('points-spent')).toHaveText(points(couponItem.points));
    await expect(history.getByTestId('points-entry').filter({ hasText: '积分兑换' })).toContainText(`-${points(couponItem.points)}`);
    await page.getByRole('tab', { name: '兑换记录' }).click();
    await expect(page.getByRole('list', { name: '兑换记录' }).getByTestId('exchange-record').filter({ hasText: couponItem.name })).toContainText(`-${points(couponItem.points)} 积分`);

    // ---- transfer 100 points to the demo student, confirmed before it is sent ----
    const left = earned - couponItem.points;
    await page.getByRole('tab', { name: '积分转赠' }).click();
    await page.getByLabel('对方手机号').fill(demoMember.phone);
    await page.getByLabel('对方姓名').fill(demoMember.name);
    await page.getByLabel('转赠积分').fill('100');
    await page.getByLabel('留言').fill('组内测试互助');
    await page.getByRole('button', { name: '转赠积分' }).click();
    const sure = page.getByRole('dialog', { name: '确认转赠' });
    await expect(sure).toContainText(demoMember.phone);
    await expect(sure).toContainText(`${points(left - 100)} 分`);
    await sure.getByRole('button', { name: '确认转赠' }).click();
    await expect(toast(page, `已向 ${demoMember.phone} 转赠 100 积分`)).toBeVisible();
    await expect(page.getByTestId('points-balance')).toHaveText(points(left - 100));
    await page.getByRole('tab', { name: '积分明细' }).click();
    const out = page.getByRole('list', { name: '积分明细' }).getByTestId('points-entry').filter({ hasText: '积分转出' });
    await expect(out).toContainText('-100');
    await expect(out).toContainText('转赠给138****8000');
    await expect(out).toContainText('组内测试互助');
    await expect(out).toContainText(`余额 ${points(left - 100)}`);

    // the demo student received them (their own history)
    const demoToken = await memberToken(request, demoMember.phone, demoMember.password);
    const demoHistory = await memberPost<{ list: { type: string; points: number; note: string }[] }>(request, demoToken, '/api/auth/web/integration/list', { page: 1, pageSize: 20 });
    expect(demoHistory.list.find((e) => e.type === 'points_transfer_in' && e.points === 100 && e.note.includes(phone.slice(-4)))).toBeDefined();

    // ---- the exchanged coupon is on the coupon page, usable ----
    await page.goto('/member/coupon');
    const usable = page.getByRole('list', { name: '可使用' });
    await expect(usable.getByTestId('coupon-card').filter({ hasText: couponItem.couponName })).toContainText('满¥200.00可用');
  });
});
