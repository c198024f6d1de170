import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Organization, type AdminGrowthSettings, type MemberCoupon, type Page, type PromotionOverview, type Rebate } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { ledgerEntries } from '../funds/funds.tables';
import { partnerTermsAcceptances, rebates } from './growth.tables';
import { auditLog } from '../../platform/platform.tables';
import { balanceOf } from '../funds/ledger.service';
import { attachReport } from '../orders/desk/progress.test-helpers';
import { fund, makeOrder, orderRow, paymentCatalog, type PaymentCatalog } from '../payments/payment.test-helpers';
import { rebateReference } from './rebates.service';
import { PARTNER_TERMS_CHANGED, PARTNER_TERMS_NOT_ACCEPTED } from './partner-terms.service';

/**
 * Issue 28, hole 10: a partner's rebate is paid as the 推广合伙人协议 says for the partner's
 * customer type — cash (withdrawable), prestore (into their prepaid funds) or a coupon — chosen
 * by the lab in 推广与积分设置 (admin, audited). Each change publishes a new version of the terms
 * text; the partner accepts the version they apply under (recorded), and a newer one before they
 * may withdraw again.
 */

type Who = Awaited<ReturnType<typeof makeLoggedInMember>>;
let t: TestContext;
let catalog: PaymentCatalog;
let sales: Awaited<ReturnType<typeof makeStaff>>;
let lab: Awaited<ReturnType<typeof makeStaff>>;
let admin: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-22T03:00:00Z' });
  catalog = await paymentCatalog(t.db);
  [sales, lab, admin] = await Promise.all([makeStaff(t.db, 'sales', t.clock.now()), makeStaff(t.db, 'lab', t.clock.now()), makeStaff(t.db, 'admin', t.clock.now())]);
});
afterAll(() => t.close());

const post = <T>(url: string, who: { token: string }, form: Record<string, string | number> = {}) => call<T>(t.app, 'POST', url, { token: who.token, form });
const overview = async (who: Who) => (await post<PromotionOverview>('/api/auth/myPromotion/init', who)).data;
const application = { name: '李老师', phone: '13912345678', organization: '复旦大学材料系', channel: '课题组' };
const saveSettings = (form: Record<string, string>) =>
  post<AdminGrowthSettings>('/api/admin/growth/settings/update', admin, { rebate_rate: '5', points_per_yuan: '1', invite_coupon_rid: '', min_withdraw: '100', ...form });

/** A member of the customer type who applied under the terms in force and was approved. */
async function partner(organization: number | null): Promise<Who> {
  const who = await makeLoggedInMember(t.db, t.clock.now(), { name: '李老师', organization });
  const applied = await post<PromotionOverview>('/api/auth/promoter_apply/add', who, { ...application, terms_version: (await overview(who)).terms.version });
  expect(applied.status, applied.msg).toBe(200);
  const [pending] = (await post<Page<{ rid: string; member: { rid: string } }>>('/api/admin/growth/partner/list', sales, { status: 'pending', pageSize: 100 })).data.list.filter((a) => a.member.rid === who.member.rid);
  expect((await post('/api/admin/growth/partner/approve', sales, { rid: pending!.rid })).status).toBe(200);
  return who;
}

/** An invitee of the partner pays an order of `amountFen` from their funds and the lab completes it: the rebate is released. */
async function completedOrderOfInvitee(of: Who, amountFen = 2_000_00) {
  const invitee = await makeLoggedInMember(t.db, t.clock.now(), { inviterId: of.member.id, organization: 3 });
  await fund(t, 'member', invitee.member.id, amountFen);
  const order = await makeOrder(t, catalog, invitee.member.id, { amounts: [amountFen] });
  expect((await post('/api/auth/order/pay', invitee, { order_no: order.orderNo, coupon_rid: 'none' })).msg).toBe('支付成功');
  for (const step of ['confirm', 'receive', 'test'] as const) expect((await post(`/api/admin/orders/${step}`, lab, { order_no: order.orderNo })).code).toBe(1);
  await attachReport(t, (await orderRow(t, order.orderNo)).id);
  for (const step of ['deliver', 'complete'] as const) expect((await post(`/api/admin/orders/${step}`, lab, { order_no: order.orderNo })).code).toBe(1);
  const [rebate] = await t.db.select().from(rebates).where(eq(rebates.orderId, order.id));
  expect(rebate).toMatchObject({ status: 'withdrawable', rebateFen: Math.floor(amountFen * 0.05) });
  return rebate!;
}

describe('rebates are paid as the partner terms say for the customer type', () => {
  it('by default a teacher partner\'s rebate goes into their prepaid funds: nothing to withdraw in cash; the page says so', async () => {
    const teacher = await partner(Organization.teacher);
    const before = await overview(teacher);
    expect(before.payout).toEqual({ customerType: '老师', kind: 'prestore', text: '转入预存款' });
    expect(before.terms.paragraphs.join('')).toContain('老师用户：转入预存款');
    expect(before.acceptedTermsVersion).toBe(before.terms.version);

    const rebate = await completedOrderOfInvitee(teacher);
    expect(rebate).toMatchObject({ payout: 'prestore', termsVersion: before.terms.version });
    expect(await balanceOf(t.db, 'member', teacher.member.id, 'rebate')).toBe(0);
    expect(await balanceOf(t.db, 'member', teacher.member.id, 'prestore')).toBe(100_00);
    const [entry] = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, rebateReference(rebate.rid)));
    expect(entry).toMatchObject({ type: 'rebate_to_prestore', amountFen: 100_00 });
    expect(await overview(teacher)).toMatchObject({ withdrawableFen: 0, paidToPrestoreFen: 100_00, paidAsCouponFen: 0 });
    const listed = (await post<Page<Rebate>>('/api/auth/promoter_rebate/list', teacher)).data.list[0];
    expect(listed).toMatchObject({ payout: 'prestore', statusText: '已转入预存款' });
  });

  it('an enterprise partner is paid in cash (withdrawable), as before', async () => {
    const company = await partner(Organization.enterprise);
    expect((await overview(company)).payout.kind).toBe('cash');
    const rebate = await completedOrderOfInvitee(company);
    expect(rebate.payout).toBe('cash');
    expect(await overview(company)).toMatchObject({ withdrawableFen: 100_00, paidToPrestoreFen: 0 });
    expect((await post('/api/auth/promoter_rebate_withdraw/add', company, { amount: '100', method: 'prestore' })).status).toBe(200);
  });

  it('the lab chooses coupons for students: a new terms version is published (audited); partners accept it before withdrawing; the rebate becomes a coupon worth it', async () => {
    const student = await partner(Organization.student);
    const cashPartner = await partner(null); // never attested: 个人, cash
    const old = (await overview(student)).terms.version;

    const saved = await saveSettings({ payout_0: 'coupon', coupon_days: '90' });
    expect(saved.status, saved.msg).toBe(200);
    expect(saved.data).toMatchObject({ rebatePayout: { '0': 'coupon', '3': 'prestore', '1': 'cash', '2': 'cash' }, rebateCouponDays: 90, termsVersion: old + 1 });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'growth.settings.update'));
    expect(audit!.before).toMatchObject({ rebatePayout: { '0': 'prestore' }, termsVersion: old });
    expect(audit!.after).toMatchObject({ rebatePayout: { '0': 'coupon' }, rebateCouponDays: 90, termsVersion: old + 1 });
    // saving the same figures again publishes nothing
    expect((await saveSettings({})).data.termsVersion).toBe(old + 1);

    const now = await overview(student);
    expect(now.terms.version).toBe(old + 1);
    expect(now.terms.paragraphs.join('')).toContain('学生用户：优惠券');
    expect(now.terms.paragraphs.join('')).toContain('90天内有效');
    expect(now).toMatchObject({ acceptedTermsVersion: old, payout: { customerType: '学生', kind: 'coupon' } });

    // a withdrawal waits for the new version to be accepted
    await completedOrderOfInvitee(cashPartner);
    expect(await post('/api/auth/promoter_rebate_withdraw/add', cashPartner, { amount: '100', method: 'prestore' })).toMatchObject({ status: 409, msg: PARTNER_TERMS_NOT_ACCEPTED });
    expect(await post('/api/auth/promoter_terms/accept', cashPartner, { version: old })).toMatchObject({ status: 409, msg: PARTNER_TERMS_CHANGED });
    const accepted = await post<PromotionOverview>('/api/auth/promoter_terms/accept', cashPartner, { version: old + 1 });
    expect(accepted.data.acceptedTermsVersion).toBe(old + 1);
    expect((await post('/api/auth/promoter_rebate_withdraw/add', cashPartner, { amount: '100', method: 'prestore' })).status).toBe(200);
    const acceptances = await t.db.select({ version: partnerTermsAcceptances.version, channel: partnerTermsAcceptances.channel }).from(partnerTermsAcceptances).where(eq(partnerTermsAcceptances.memberId, cashPartner.member.id));
    expect(acceptances).toEqual(expect.arrayContaining([{ version: old, channel: 'apply' }, { version: old + 1, channel: 'update' }]));

    // the student's rebate: a coupon worth ¥100.00, no threshold, 90 days
    const rebate = await completedOrderOfInvitee(student);
    expect(rebate).toMatchObject({ payout: 'coupon', termsVersion: old + 1 });
    expect(rebate.couponId).not.toBeNull();
    expect(await balanceOf(t.db, 'member', student.member.id, 'rebate')).toBe(0);
    const coupons = (await post<Page<MemberCoupon>>('/api/auth/discount4user/all', student, { status: 'unused' })).data.list;
    expect(coupons).toEqual([expect.objectContaining({ amountFen: 100_00, thresholdFen: 0, status: 'unused', name: '推广返利券 ¥100.00' })]);
    expect(new Date(coupons[0]!.validTo).getTime() - t.clock.now().getTime()).toBe(90 * 86_400_000);
    expect(await overview(student)).toMatchObject({ paidAsCouponFen: 100_00, withdrawableFen: 0 });
  });

  it('applying needs the terms in force: none is 400, an older version 409', async () => {
    const who = await makeLoggedInMember(t.db, t.clock.now(), { organization: Organization.teacher });
    expect(await post('/api/auth/promoter_apply/add', who, application)).toMatchObject({ status: 400, msg: '请阅读并同意《推广合伙人协议》' });
    const current = (await overview(who)).terms.version;
    expect(await post('/api/auth/promoter_apply/add', who, { ...application, terms_version: current - 1 })).toMatchObject({ status: 409, msg: PARTNER_TERMS_CHANGED });
    expect(await t.db.select().from(partnerTermsAcceptances).where(and(eq(partnerTermsAcceptances.memberId, who.member.id)))).toEqual([]);
  });
});
