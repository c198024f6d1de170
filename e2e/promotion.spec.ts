import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { loginPanel, loginWithPassword } from './support/auth';
import { staffLogin, staffPost } from './support/funds';
import { openBackOfficeAs } from './support/admin';
import { randomPhone, readSmsCode } from './support/sms';
import { attestStudent, itemRid, labLogin, labProgress, memberPost, memberToken, placeOrderByApi, tinyPdf, topUp, uploadReport } from './support/orders';

/** The demo teacher (README) becomes the partner; the sales account approves partners. */
const teacher = { phone: '13900139000', password: 'Demo@2026' } as const;
const demoSales = { account: 'sales', password: 'Sales@2026' } as const;
const password = 'Invited@2026';
const sem = { keyword: 'SEM', name: '场发射扫描电镜 SEM（形貌）' };

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
const yuan = (fen: number) => `¥${Math.floor(fen / 100).toLocaleString('en-US')}.${String(fen % 100).padStart(2, '0')}`;

test.describe('promotion partners (推广合伙人)', () => {
  test('a member applies and is approved; a friend registers through the invite link and pays; the rebate is frozen, then withdrawable once the order completes; the partner requests a withdrawal', async ({ page, browser, request }) => {
    test.setTimeout(300_000);

    // ---- the teacher reads the plan: by default a teacher's rebates go into prepaid funds (issue 28, hole 10) ----
    await loginWithPassword(page, teacher.phone, teacher.password);
    await page.goto('/member/promotion');
    await expect(page.getByRole('heading', { name: '推广合伙人', level: 1 })).toBeVisible();
    const plan = page.getByRole('region', { name: '推广合伙人计划' });
    await expect(plan.getByTestId('promo-rate')).toHaveText('5%');
    await expect(plan.getByTestId('promo-payout')).toContainText('返利发放方式：转入预存款（老师用户');

    // ---- the lab (admin) lets teachers withdraw in cash: a new version of the 推广合伙人协议 ----
    const backOffice = await browser.newContext();
    const admin = await backOffice.newPage();
    await openBackOfficeAs(admin, 'admin', '/admin/growth-settings');
    await expect(admin.getByRole('heading', { level: 1, name: '推广与积分设置' })).toBeVisible();
    await admin.getByLabel('老师用户返利发放方式').click();
    await admin.locator('.ant-select-dropdown:visible').getByText('现金（可提现）', { exact: true }).click();
    await admin.getByRole('button', { name: '保存设置' }).click();
    await expect(admin.locator('.ant-message').getByText(/设置已保存，已发布《推广合伙人协议》第 \d+ 版/)).toBeVisible();
    await backOffice.close();

    // ---- the teacher applies on /member/promotion, agreeing to the terms in force ----
    await page.reload();
    await expect(plan.getByTestId('promo-payout')).toContainText('返利发放方式：现金（可提现）（老师用户');
    const form = page.getByRole('region', { name: '申请成为推广合伙人' });
    await form.getByLabel('姓名').fill('陈老师');
    await form.getByLabel('联系电话').fill(teacher.phone);
    await form.getByLabel('单位').fill('上海交通大学 化学化工学院');
    await form.getByRole('button', { name: '提交申请' }).click();
    await expect(form.getByText('[推广渠道]不能为空')).toBeVisible();
    await form.getByLabel('推广渠道').fill('课题组与学院测试平台，约 30 位老师和同学');
    await form.getByRole('button', { name: '提交申请' }).click();
    await expect(form.getByText('请阅读并同意《推广合伙人协议》')).toBeVisible();
    await form.getByRole('button', { name: '《推广合伙人协议》' }).click();
    const terms = page.getByRole('dialog', { name: '《推广合伙人协议》' });
    await expect(terms).toContainText('老师用户：现金（可提现）');
    await terms.getByRole('button', { name: '知道了' }).click();
    await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await form.getByRole('button', { name: '提交申请' }).click();
    await expect(toast(page, '申请已提交，请等待审核')).toBeVisible();
    await expect(page.getByTestId('partner-status')).toHaveText('审核中');
    await expect(page.getByRole('region', { name: '申请状态' })).toContainText('课题组与学院测试平台');

    // ---- sales approves it ----
    const sales = await staffLogin(request, demoSales);
    const pending = await staffPost<{ list: { rid: string; member: { phone: string } }[] }>(request, sales, '/api/admin/growth/partner/list', { status: 'pending', pageSize: 100 });
    const application = pending.list.find((a) => a.member.phone === teacher.phone);
    expect(application, "the teacher's application").toBeDefined();
    await staffPost(request, sales, '/api/admin/growth/partner/approve', { rid: application!.rid });

    await page.reload();
    const mine = page.getByRole('region', { name: '我的返利' });
    await expect(mine).toContainText('返利比例 5%');
    await expect(mine.getByTestId('figure-frozen')).toHaveText('¥0.00');

    // ---- the invite page: the absolute link to /invited/{code} ----
    await page.goto('/member/invite');
    const share = page.getByRole('region', { name: '我的邀请' });
    const code = (await share.getByTestId('invite-code').innerText()).trim();
    const link = share.getByLabel('专属邀请链接');
    await expect(link).toHaveValue(new RegExp(`^http://localhost:\\d+/invited/${code}$`));
    await expect(share.getByRole('img', { name: '邀请链接二维码' })).toBeVisible();
    const invitePath = new URL(await link.inputValue()).pathname;

    // ---- a friend opens the link in another browser and registers ----
    const friendPhone = randomPhone();
    const friend = await browser.newContext();
    const friendPage = await friend.newPage();
    await friendPage.goto(invitePath);
    await expect(friendPage).toHaveURL('/');
    const panel = loginPanel(friendPage);
    await expect(panel.getByRole('heading', { name: '注册会员' })).toBeVisible();
    await expect(panel.getByLabel('邀请码')).toHaveValue(code);
    await panel.getByLabel('手机号').fill(friendPhone);
    await panel.getByRole('button', { name: '获取验证码' }).click();
    await expect(friendPage.getByText('验证码已发送!')).toBeVisible();
    await panel.getByLabel('验证码').fill(await readSmsCode(request, friendPhone));
    await panel.getByLabel('密码', { exact: true }).fill(password);
    await panel.getByLabel('确认密码').fill(password);
    await panel.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await panel.getByRole('button', { name: '注册', exact: true }).click();
    await expect(friendPage.getByText('注册成功!')).toBeVisible();
    await friend.close();

    // ---- the friend tops up (finance confirms) and pays an order: SEM ¥120 × 20 = ¥2,400 → 5% = ¥120.00 ----
    const token = await memberToken(request, friendPhone, password);
    await attestStudent(request, token, '林同学');
    await topUp(request, token, '3000');
    const orderNo = await placeOrderByApi(request, token, await itemRid(request, sem.keyword, sem.name), 20);
    const paid = await memberPost<{ payableFen: number; paymentText: string }>(request, token, '/api/auth/order/pay', { order_no: orderNo, coupon_rid: 'none' });
    expect(paid.paymentText).toBe('已支付');
    const rebateFen = Math.floor((paid.payableFen * 500) / 10_000);
    expect(rebateFen, 'a rebate above the ¥100 minimum withdrawal').toBeGreaterThanOrEqual(100_00);

    // ---- the partner sees the friend (phone masked) and the order's rebate frozen ----
    await page.reload();
    const invitees = page.getByRole('table');
    const row = invitees.getByRole('row').filter({ hasText: masked(friendPhone) });
    await expect(row).toContainText('1 笔');
    await expect(page.getByText(friendPhone)).toHaveCount(0);
    await row.getByRole('button', { name: `查看 ${masked(friendPhone)} 的订单` }).click();
    const drawer = page.getByRole('dialog', { name: /的订单$/ });
    const order = drawer.getByTestId('invitee-order');
    await expect(order).toHaveCount(1);
    await expect(order).toContainText(yuan(paid.payableFen));
    await expect(order).toContainText(yuan(rebateFen));
    await expect(order.getByTestId('rebate-status')).toHaveText('冻结中');
    await expect(order).not.toContainText(orderNo);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.goto('/member/promotion');
    await expect(mine.getByTestId('figure-frozen')).toHaveText(yuan(rebateFen));
    await expect(mine.getByTestId('figure-withdrawable')).toHaveText('¥0.00');
    const rebates = page.getByRole('region', { name: '返利与提现记录' });
    const rebateRow = rebates.getByRole('row').filter({ hasText: masked(friendPhone) });
    await expect(rebateRow).toContainText(yuan(rebateFen));
    await expect(rebateRow.getByTestId('rebate-status')).toHaveText('冻结中');

    // ---- the lab delivers a report and completes the order (staff) ----
    const lab = await labLogin(request);
    for (const action of ['confirm', 'receive', 'test'] as const) await labProgress(request, lab, action, orderNo);
    await uploadReport(request, lab, orderNo, 'SEM检测报告.pdf', tinyPdf);
    await labProgress(request, lab, 'deliver', orderNo, '报告已上传，请查收');
    const done = await labProgress(request, lab, 'complete', orderNo, '数据已确认');
    expect(done.progress).toBe('completed');

    // ---- frozen → withdrawable ----
    await page.reload();
    await expect(mine.getByTestId('figure-frozen')).toHaveText('¥0.00');
    await expect(mine.getByTestId('figure-withdrawable')).toHaveText(yuan(rebateFen));
    await expect(rebateRow.getByTestId('rebate-status')).toHaveText('可提现');
    await rebates.getByRole('tab', { name: '冻结中' }).click();
    await expect(rebates.getByRole('row').filter({ hasText: masked(friendPhone) })).toHaveCount(0);
    await rebates.getByRole('tab', { name: '可提现' }).click();
    await expect(rebates.getByRole('row').filter({ hasText: masked(friendPhone) })).toContainText(yuan(rebateFen));

    // ---- the withdrawal: too much is refused in the dialog, then the whole amount to a bank card ----
    await mine.getByRole('button', { name: '申请提现' }).click();
    const dialog = page.getByRole('dialog', { name: '申请提现' });
    await expect(dialog.getByTestId('dialog-withdrawable')).toHaveText(yuan(rebateFen));
    const amount = dialog.getByLabel('提现金额（元）');
    await amount.fill(String(rebateFen / 100 + 1));
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await expect(dialog.getByText('可提现金额不足')).toBeVisible();
    await dialog.getByRole('button', { name: '全部提现' }).click();
    await expect(amount).toHaveValue(`${Math.floor(rebateFen / 100)}.${String(rebateFen % 100).padStart(2, '0')}`);
    await dialog.getByLabel('开户名').fill('陈老师');
    await dialog.getByLabel('开户行').fill('招商银行上海徐汇支行');
    await dialog.getByLabel('银行账号').fill('6225 8802 1234 5678');
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await expect(toast(page, '提现申请已提交，等待财务审核')).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(mine.getByTestId('figure-withdrawable')).toHaveText('¥0.00');
    await expect(mine.getByTestId('figure-pending')).toHaveText(yuan(rebateFen));
    await rebates.getByRole('tab', { name: '提现记录' }).click();
    const request1 = rebates.getByTestId('withdrawal-item').first();
    await expect(request1).toContainText(yuan(rebateFen));
    await expect(request1.getByTestId('withdrawal-status')).toHaveText('待审核');
    await expect(request1).toContainText('银行卡：陈老师 · 招商银行上海徐汇支行');
    await expect(request1).toContainText('5678');
    await expect(request1).not.toContainText('6225880212345678');
    await expect(request1.getByRole('button', { name: '取消申请' })).toBeVisible();
  });
});
