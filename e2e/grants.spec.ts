import { expect, test } from './support/test';
import { loginWithPassword, registerByApi } from './support/auth';
import { confirmPrestoreByApplyNo } from './support/funds';
import { attestStudent, itemRid, memberPost, memberToken, placeOrderByApi } from './support/orders';
import { xrd } from './support/order-journeys';
import { randomPhone } from './support/sms';

/** The second demo member the seed adds: a teacher (README). */
const demoTeacher = { phone: '13900139000', password: 'Demo@2026' } as const;
const password = 'Lab@e2e2026';

interface OutboxRow {
  recipient: string;
  body: string;
  template?: string;
}

/**
 * Issue 34: a student pays an order above the limit the PI set with the group's grant card; the
 * order waits in 待导师审批; the PI opens the link of the SMS, approves what the page shows, and the
 * order is paid from the community's funds.
 */
test('a student orders above the limit, the PI approves from the message link, the order is paid', async ({ page, browser, request }) => {
  // ---- setup a person does elsewhere: the PI's group, its funds, a card, the student and their allowance ----
  const teacher = await memberToken(request, demoTeacher.phone, demoTeacher.password);
  const community = await memberPost<{ rid: string }>(request, teacher, '/api/auth/cluster/add', { name: `经费测试课题组 ${Date.now() % 100000}`, unit: '上海交通大学' });
  const topUp = await memberPost<{ applyNo: string }>(request, teacher, '/api/auth/prestoreApply/add', { amount: '5000', payer: '上海交通大学', community_rid: community.rid });
  await confirmPrestoreByApplyNo(request, topUp.applyNo);
  const card = await memberPost<{ rid: string }>(request, teacher, '/api/auth/grant/card/save', { community_rid: community.rid, name: '国自然面上项目', number: 'NSFC-E2E-34', end_date: '2099-12-31' });
  const phone = randomPhone();
  await registerByApi(request, phone, password);
  const hit = await memberPost<{ member_rid: string }>(request, teacher, '/api/auth/cluster/search4user', { rid: community.rid, phone });
  await memberPost(request, teacher, '/api/auth/cluster/add4user', { rid: community.rid, member_rid: hit.member_rid });
  await memberPost(request, teacher, '/api/auth/grant/allowance/set', { card_rid: card.rid, member_rid: hit.member_rid, period: 'month', amount: '3000', auto_limit: '1' });
  const student = await memberToken(request, phone, password);
  await attestStudent(request, student, '李同学');
  const orderNo = await placeOrderByApi(request, student, await itemRid(request, xrd.keyword, xrd.name), 1);

  // ---- the student pays with the card: above the ¥1.00 auto-approval limit, it waits for the PI ----
  await loginWithPassword(page, phone, password);
  await page.goto(`/member/order/${orderNo}`);
  await page.getByRole('button', { name: '去支付' }).first().click();
  const dialog = page.getByRole('dialog', { name: '支付订单' });
  await dialog.getByRole('radio', { name: /预存款支付/ }).check();
  await dialog.getByRole('radio', { name: /国自然面上项目/ }).check();
  await expect(dialog.getByTestId('pay-approval-hint')).toContainText('待导师审批');
  await dialog.getByLabel('课题号').fill('NSFC-E2E-34-子课题2');
  await dialog.getByRole('button', { name: /提交导师审批/ }).click();
  await expect(page.getByText('已提交导师审批，导师批准后自动支付')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('待导师审批');

  // ---- the PI: the SMS carries the link to the approval page ----
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/test/outbox?phone=${demoTeacher.phone}`);
        const rows = ((await response.json()) as { data: OutboxRow[] }).data;
        const sms = rows.find((r) => r.body.includes('/member/grant-approval/') && r.body.includes(orderNo));
        link = sms ? /\/member\/grant-approval\/[\w-]+/.exec(sms.body)![0] : '';
        return link;
      },
      { message: 'the PI SMS with the approval link', timeout: 30_000 },
    )
    .not.toBe('');
  // the PI on a phone (390 px): the SMS is read there
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const pi = await context.newPage();
  // logged in as the phone's browser would be (the session the login answers, in local storage)
  const session = ((await (await request.post('/api/open/login', { form: { account: demoTeacher.phone, password: demoTeacher.password } })).json()) as { data: unknown }).data;
  await pi.addInitScript((s) => localStorage.setItem('lab.session', JSON.stringify(s)), session);
  // the in-site message links to the same page
  await pi.goto('/member/message');
  await expect(pi.getByText(`经费支付待您审批：订单${orderNo}`)).toBeVisible();
  await pi.goto(link);
  await expect(pi.getByRole('heading', { level: 1, name: '经费支付审批' })).toBeVisible();
  await expect(pi.getByTestId('grant-status')).toHaveText('待导师审批');
  await expect(pi.getByRole('main')).toContainText(orderNo);
  await expect(pi.getByRole('main')).toContainText('超出单笔自动批准上限¥1.00');
  expect(await pi.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await pi.getByRole('button', { name: '批准支付' }).click();
  await pi.getByRole('button', { name: '批准并支付' }).click();
  await expect(pi.getByText('已批准，订单已支付')).toBeVisible();
  await expect(pi.getByTestId('grant-status')).toHaveText('已批准');
  // 经费卡与审批 lists the card, with what it has booked
  await pi.goto('/member/grants');
  await expect(pi.getByTestId('grant-card').filter({ hasText: 'NSFC-E2E-34' }).first()).toBeVisible();
  expect(await pi.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();

  // ---- the student's order is paid, from the group's funds, with the 课题号 ----
  await page.reload();
  await expect(page.getByRole('main')).toContainText('已支付');
  const detail = await memberPost<{ payment: string; projectNo: string; paidFrom: { kind: string } }>(request, student, '/api/auth/order/detail', { order_no: orderNo });
  expect(detail).toMatchObject({ payment: 'paid', projectNo: 'NSFC-E2E-34-子课题2', paidFrom: { kind: 'community' } });
});
