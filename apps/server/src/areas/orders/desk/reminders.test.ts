import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { addDays, labDay, type JobSettings, type Page, type StaffAlertView } from '@lab/contract';
import { createTestContext, uniquePhone, type TestContext } from '../../../../test/harness';
import { makeStaff } from '../../../../test/factories';
import { auditLog, memberConsents, members, outbox, staff, staffAlerts } from '../../../db/schema';
import { couponTemplates, memberCoupons } from '../../funds/funds.tables';
import { memberMessages } from '../../messages/member-messages.tables';
import { orders } from '../orders.tables';
import { randomId } from '../../../platform/crypto';
import { issueSession } from '../../accounts/sessions.service';
import { bookPickup, deskOrder } from './order-desk.test-helpers';
import { attachReport, memberOf, post, progressContext } from './progress.test-helpers';
import { sendReminders } from './reminders.service';

/** The members' reminders: pickups tomorrow (and the pickup staff), coupons and raw data about to expire. */
const DAY = 24 * 3_600_000;
// 10:00 in Shanghai: inside the default reminder hours (09:00–21:00)
const START = new Date('2026-05-04T02:00:00Z');
let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;
let labPhone: string;

beforeAll(async () => {
  t = await createTestContext({ now: START });
  ctx = await progressContext(t);
  labPhone = uniquePhone();
  await t.db.update(staff).set({ phone: labPhone }).where(eq(staff.id, ctx.lab.id));
});
afterAll(() => t?.close());

const remind = () => sendReminders(t.db, { sms: t.app.deps.sms, email: t.app.deps.email }, t.clock.now());
const outboxTo = (recipient: string, template: string) => t.db.select().from(outbox).where(and(eq(outbox.recipient, recipient), eq(outbox.template, template)));
const messagesOf = (memberId: number) => t.db.select().from(memberMessages).where(eq(memberMessages.memberId, memberId)).orderBy(desc(memberMessages.id));
/** a staff member's token at the test clock's time (the clock moves past a session's life) */
const as = (person: { id: number }) => issueSession(t.db, 'staff', person.id, { now: t.clock.now() });
const saveSettings = async (changes: Record<string, string | number>) =>
  post<JobSettings>(t, '/api/admin/jobs/settings/save', await as(ctx.admin), {
    unpaid_cancel_days: 7,
    reminder_hour: 9,
    coupon_reminder_days: 3,
    raw_data_retention_days: 180,
    retention_reminder_days: 7,
    promise_alert_sms: '1',
    ...changes,
  });

describe('home pickups', () => {
  it('the day before: the member (message, SMS, e-mail) and the lab staff (alert, SMS), once however often the job runs', async () => {
    t.clock.set(START);
    const buyer = await memberOf(t, { email: 'pickup@example.com' });
    const tomorrow = addDays(labDay(t.clock.now()), 1);
    const pickup = await bookPickup(t, buyer.member.id, tomorrow, '14:00');
    await bookPickup(t, buyer.member.id, addDays(tomorrow, 1), '14:00');
    await bookPickup(t, buyer.member.id, tomorrow, '09:00', 'cancelled');

    expect((await remind()).pickups).toEqual([pickup.rid]);
    expect((await messagesOf(buyer.member.id))[0]).toMatchObject({ title: '明天上门取样提醒', link: '/member/sample' });
    expect(await outboxTo(buyer.member.phone, 'pickup_reminder')).toHaveLength(1);
    expect(await outboxTo('pickup@example.com', 'pickup_reminder')).toHaveLength(1);
    const [alert] = await t.db.select().from(staffAlerts).where(eq(staffAlerts.key, `pickup:${pickup.id}`));
    expect(alert).toMatchObject({ kind: 'pickup_due', role: 'lab', link: '/admin/sampling' });
    expect(alert!.content).toContain('苏州市');
    const staffSms = await outboxTo(labPhone, 'staff_pickup_reminder');
    expect(staffSms).toHaveLength(1);
    expect(staffSms[0]!.body).toContain(`${tomorrow}）14:00`);

    // the next hour, and two instances at the same moment: nothing more
    t.clock.advance(3_600_000);
    expect(await remind()).toEqual({ pickups: [], coupons: [], retention: [], certificates: [] });
    const again = await Promise.all([remind(), remind()]);
    expect(again.flatMap((r) => r.pickups)).toEqual([]);
    expect(await outboxTo(buyer.member.phone, 'pickup_reminder')).toHaveLength(1);
    expect(await outboxTo(labPhone, 'staff_pickup_reminder')).toHaveLength(1);
  });

  it('two runs racing for a new reminder send it once', async () => {
    t.clock.set(START.getTime() + 2 * 3_600_000);
    const buyer = await memberOf(t);
    const pickup = await bookPickup(t, buyer.member.id, addDays(labDay(t.clock.now()), 1), '10:00');
    const runs = await Promise.all([remind(), remind(), remind()]);
    expect(runs.flatMap((r) => r.pickups)).toEqual([pickup.rid]);
    expect(await outboxTo(buyer.member.phone, 'pickup_reminder')).toHaveLength(1);
    expect(await messagesOf(buyer.member.id)).toHaveLength(1);
  });

  it('nothing goes out at night, nor before the hour the back office set', async () => {
    const buyer = await memberOf(t);
    // 22:30 in Shanghai
    t.clock.set('2026-05-06T14:30:00Z');
    await bookPickup(t, buyer.member.id, '2026-05-07', '10:00');
    await bookPickup(t, buyer.member.id, '2026-05-08', '10:00');
    expect((await remind()).pickups).toEqual([]);
    // 09:30 the next day, with reminders from 10:00
    expect(await saveSettings({ reminder_hour: 10 })).toMatchObject({ code: 1, data: { reminderHour: 10 } });
    t.clock.set('2026-05-07T01:30:00Z');
    expect((await remind()).pickups).toEqual([]);
    t.clock.set('2026-05-07T02:00:00Z');
    expect((await remind()).pickups).toHaveLength(1);
    expect(await saveSettings({})).toMatchObject({ code: 1 });
  });
});

describe('coupons', () => {
  it('an unused coupon 3 days before it expires (the days set in the back office, audited)', async () => {
    t.clock.set(START.getTime() + 20 * DAY);
    const now = t.clock.now().getTime();
    const buyer = await memberOf(t);
    const email = `coupon-${buyer.member.id}@example.com`;
    await t.db.update(members).set({ email }).where(eq(members.id, buyer.member.id));
    const [template] = await t.db.insert(couponTemplates).values({ rid: randomId(), name: '满减券', amountFen: 5_000 }).returning();
    const coupon = async (validTo: number, status: 'unused' | 'used' = 'unused') =>
      (await t.db.insert(memberCoupons).values({ rid: randomId(), templateId: template!.id, memberId: buyer.member.id, status, validFrom: new Date(now - DAY), validTo: new Date(validTo) }).returning())[0]!;
    const soon = await coupon(now + 2 * DAY);
    const later = await coupon(now + 5 * DAY);
    await coupon(now + DAY, 'used');
    await coupon(now - 3_600_000);

    expect((await remind()).coupons).toEqual([soon.rid]);
    expect((await messagesOf(buyer.member.id))[0]).toMatchObject({ title: '优惠券即将到期', link: '/member/coupon' });
    expect((await messagesOf(buyer.member.id))[0]!.content).toContain('“满减券”（¥50.00）');
    // a nudge to spend is marketing: no SMS without the member's 营销短信 consent (the in-site message goes)
    expect(await outboxTo(buyer.member.phone, 'coupon_expiring')).toHaveLength(0);
    expect((await remind()).coupons).toEqual([]);

    expect(await saveSettings({ coupon_reminder_days: 0 })).toMatchObject({ status: 400, msg: '[优惠券到期提醒]不能少于1天' });
    expect(await saveSettings({ coupon_reminder_days: 6 })).toMatchObject({ code: 1, data: { couponReminderDays: 6 } });
    const [audit] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'jobs.settings', after: { couponReminderDays: 6 } });
    // with the consent, the SMS goes and says how to refuse more
    await t.db.insert(memberConsents).values({ memberId: buyer.member.id, purpose: 'marketing_sms', granted: true, channel: 'settings', createdAt: t.clock.now() });
    expect((await remind()).coupons).toEqual([later.rid]);
    const [sms] = await outboxTo(buyer.member.phone, 'coupon_expiring');
    expect(sms?.body).toMatch(/回TD退订，或在会员中心›账号设置关闭：.*\/member\/settings$/);
    // the consent is to marketing by SMS: no marketing e-mail, with or without it
    expect(await outboxTo(email, 'coupon_expiring')).toHaveLength(0);
    expect(await saveSettings({})).toMatchObject({ code: 1 });
  });
});

describe('raw data retention', () => {
  it('7 days before the retention (180 days after delivery) ends, for orders with a report; a re-delivery starts again', async () => {
    t.clock.set(START.getTime() + 40 * DAY);
    const now = t.clock.now().getTime();
    const buyer = await memberOf(t);
    const delivered = (daysAgo: number) => deskOrder(t, ctx.item, buyer.member.id, { progress: 'completed', deliveredAt: new Date(now - daysAgo * DAY) });
    const due = await delivered(175);
    await attachReport(t, due.id);
    const notYet = await delivered(170);
    await attachReport(t, notYet.id);
    const gone = await delivered(181);
    await attachReport(t, gone.id);
    await delivered(176); // no report: nothing to download

    expect((await remind()).retention).toEqual([due.orderNo]);
    const [message] = await messagesOf(buyer.member.id);
    expect(message).toMatchObject({ title: `订单${due.orderNo}的数据即将到期`, link: `/member/order/${due.orderNo}` });
    expect(message!.content).toContain('请在此之前下载报告和数据');
    expect(await outboxTo(buyer.member.phone, 'data_retention_ending')).toHaveLength(1);
    expect((await remind()).retention).toEqual([]);

    // retention set to 200 days, reminder 30 days before: the order delivered 175 days ago is not told again; those of 170 and 181 days are now
    expect(await saveSettings({ raw_data_retention_days: 40, retention_reminder_days: 45 })).toMatchObject({ status: 400, msg: '[数据保存到期提醒]须少于保存天数' });
    expect(await saveSettings({ raw_data_retention_days: 200, retention_reminder_days: 30 })).toMatchObject({ code: 1 });
    expect((await remind()).retention).toEqual([notYet.orderNo, gone.orderNo]);
    // a re-test delivered the first order again: its retention starts again, and so does its reminder
    await t.db.update(orders).set({ deliveredAt: new Date(now - 172 * DAY) }).where(eq(orders.id, due.id));
    expect((await remind()).retention).toEqual([due.orderNo]);
    expect(await saveSettings({})).toMatchObject({ code: 1 });
  });
});

describe('the alerts list', () => {
  it('the lab sees its pickup alerts; sales and finance do not; admin sees all', async () => {
    const list = async (who: { id: number }) => post<Page<StaffAlertView>>(t, '/api/admin/messages/alerts', await as(who), { kind: 'pickup_due' });
    const lab = await list(ctx.lab);
    expect(lab.code).toBe(1);
    expect(lab.data.total).toBeGreaterThan(0);
    expect(lab.data.list.every((alert) => alert.role === 'lab')).toBe(true);
    expect((await list(ctx.sales)).data.total).toBe(0);
    expect((await list(ctx.finance)).data.total).toBe(0);
    expect((await list(ctx.admin)).data.total).toBe(lab.data.total);
    const someone = await makeStaff(t.db, 'sales', t.clock.now());
    expect(await post(t, '/api/admin/messages/alerts/handle', await as(someone), { id: lab.data.list[0]!.id })).toMatchObject({ status: 404 });
    expect(await post(t, '/api/admin/messages/alerts/handle', await as(ctx.lab), { id: lab.data.list[0]!.id })).toMatchObject({ code: 1, data: { handledAt: expect.any(String) } });
  });
});
