import { eq } from 'drizzle-orm';
import type { GrowthSettings, PromotionOverview, RebatePayoutRules } from '@lab/contract';
import { call, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { memberByPhone, registerViaApi } from '../../../test/auth-flows';
import type { Db } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { type members } from '../accounts/accounts.tables';
import { issueSession } from '../accounts/sessions.service';
import { couponTemplates } from '../funds/funds.tables';
import { newOrderNo } from '../orders/order-core';
import { orders } from '../orders/orders.tables';
import { growthSettings, promoterApplications, rebates } from './growth.tables';

/** Shared factories for the growth tests (invites, promotion, points, messages). */

export type Person = { token: string; member: typeof members.$inferSelect };

export const post = <T = unknown>(t: TestContext, url: string, who: { token: string } | undefined, form: Record<string, string | number | undefined> = {}) =>
  call<T>(t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });

export const memberOf = (t: TestContext, overrides: Parameters<typeof makeLoggedInMember>[2] = {}): Promise<Person> => makeLoggedInMember(t.db, t.clock.now(), overrides);
export const staffOf = (t: TestContext, role: 'finance' | 'sales' | 'lab' | 'admin') => makeStaff(t.db, role, t.clock.now());

/** A member who registered through the real sign-up API with `inviter`'s code, logged in. */
export async function registerInvitee(t: TestContext, inviter: Person): Promise<Person> {
  const phone = await registerViaApi(t.app, t.db, 'Kx7#Lab-Tests26', { inviterCode: inviter.member.inviteCode });
  const member = (await memberByPhone(t.db, phone))!;
  const session = await issueSession(t.db, 'member', member.id, { now: t.clock.now() });
  return { token: session.token, member };
}

/** An inviter (logged in) and a member registered with the inviter's code through the API. */
export async function makeInvitedPair(t: TestContext): Promise<{ inviter: Person; invitee: Person }> {
  const inviter = await memberOf(t);
  const invitee = await registerInvitee(t, inviter);
  return { inviter, invitee };
}

/** Writes the settings row (defaults for what `partial` leaves out). */
export async function setGrowthSettings(db: Db, partial: Partial<{ rebateRateBp: number; pointsPerYuan: number; inviteCouponTemplateId: number | null; minWithdrawFen: number; rebatePayout: RebatePayoutRules }>) {
  const [current] = await db.select().from(growthSettings).where(eq(growthSettings.id, 1));
  const values = {
    rebateRateBp: partial.rebateRateBp ?? current?.rebateRateBp ?? 500,
    pointsPerYuan: partial.pointsPerYuan ?? current?.pointsPerYuan ?? 1,
    inviteCouponTemplateId: partial.inviteCouponTemplateId === undefined ? (current?.inviteCouponTemplateId ?? null) : partial.inviteCouponTemplateId,
    minWithdrawFen: partial.minWithdrawFen ?? current?.minWithdrawFen ?? 10_000,
    rebatePayout: partial.rebatePayout ?? current?.rebatePayout ?? null,
  } satisfies Omit<GrowthSettings, 'inviteCouponTemplateRid' | 'rebatePayout' | 'rebateCouponDays'> & { inviteCouponTemplateId: number | null; rebatePayout: RebatePayoutRules | null };
  await db.insert(growthSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: growthSettings.id, set: values });
}

/** A coupon template (staff-issue only unless overridden). */
export async function makeCouponTemplate(db: Db, overrides: Partial<typeof couponTemplates.$inferInsert> = {}) {
  const [row] = await db
    .insert(couponTemplates)
    .values({ rid: randomId(), name: '新人立减50元', amountFen: 50_00, thresholdFen: 300_00, validDays: 30, perMemberLimit: 1, claimable: false, ...overrides })
    .returning();
  return row!;
}

/** An order row of a member (inserted directly; the orders module's tests cover placing and paying). */
export async function makeOrder(db: Db, memberId: number, overrides: Partial<typeof orders.$inferInsert> = {}) {
  const now = overrides.createdAt ?? new Date();
  const [row] = await db
    .insert(orders)
    .values({ orderNo: newOrderNo(now), memberId, title: 'XRD 物相分析', lineCount: 1, sampleCount: 2, totalFen: 600_00, createdAt: now, ...overrides })
    .returning();
  return row!;
}

/** A paid order of `paidFen`. */
export const makePaidOrder = (db: Db, memberId: number, paidFen: number, overrides: Partial<typeof orders.$inferInsert> = {}) =>
  makeOrder(db, memberId, { payment: 'paid', totalFen: paidFen, paidFen, paidAt: overrides.paidAt ?? new Date(), ...overrides });

/** An approved partner application (inserted directly). */
export async function approvePartner(db: Db, memberId: number) {
  const [row] = await db
    .insert(promoterApplications)
    .values({ rid: randomId(), memberId, name: '张老师', phone: '13800138000', organization: '复旦大学', channel: '课题组', status: 'approved' })
    .returning();
  return row!;
}

/** A rebate row as the promotion hooks write it (inserted directly). */
export async function makeRebate(db: Db, input: { partnerMemberId: number; inviteeMemberId: number; orderId: number; paidFen: number; rateBp?: number; status?: 'frozen' | 'withdrawable' | 'reversed' }) {
  const rateBp = input.rateBp ?? 500;
  const [row] = await db
    .insert(rebates)
    .values({ rid: randomId(), ...input, rateBp, rebateFen: Math.floor((input.paidFen * rateBp) / 10_000), status: input.status ?? 'frozen' })
    .returning();
  return row!;
}

/** The version of the 推广合伙人协议 in force, as the member's promotion page reads it. */
export async function termsVersionOf(t: TestContext, who: { token: string }): Promise<number> {
  const overview = await post<PromotionOverview>(t, '/api/auth/myPromotion/init', who);
  if (overview.code !== 1) throw new Error(overview.msg);
  return overview.data.terms.version;
}

/** The member accepts the 推广合伙人协议 in force (what a partner does before withdrawing after a new version). */
export async function acceptCurrentTerms(t: TestContext, who: { token: string }): Promise<void> {
  const accepted = await post(t, '/api/auth/promoter_terms/accept', who, { version: await termsVersionOf(t, who) });
  if (accepted.code !== 1) throw new Error(accepted.msg);
}
