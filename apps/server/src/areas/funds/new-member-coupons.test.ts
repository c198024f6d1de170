import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, uniquePhone, type TestContext } from '../../../test/harness';
import { memberByPhone, registerViaApi, requestCode, SmsPurpose } from '../../../test/auth-flows';
import { auditLog } from '../../db/schema';
import { memberMessages } from '../messages/member-messages.tables';
import { couponTemplates, memberCoupons } from './coupons.tables';
import { randomId } from '../../platform/crypto';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-22T02:00:00Z' });
});
afterAll(() => t.close());

const template = async (overrides: Partial<typeof couponTemplates.$inferInsert> = {}) =>
  (await t.db.insert(couponTemplates).values({ rid: randomId(), name: '新用户立减 ¥50', amountFen: 50_00, thresholdFen: 300_00, validDays: 30, perMemberLimit: 1, ...overrides }).returning())[0]!;
const couponsOf = (memberId: number) => t.db.select().from(memberCoupons).where(eq(memberCoupons.memberId, memberId));

describe('新用户券: the coupon templates marked 注册即发放, given at registration', () => {
  it('a new member (password sign-up or first SMS login) gets one of each open 新用户券, audited, with a message; other templates and stopped or sold-out ones are not given', async () => {
    const gift = await template({ newMembers: true });
    const plain = await template({ name: '满 ¥1000 减 ¥100', amountFen: 100_00, thresholdFen: 1000_00 });
    const stopped = await template({ name: '旧新人券', newMembers: true, active: false });
    const soldOut = await template({ name: '限量新人券', newMembers: true, totalStock: 1, claimedCount: 1 });
    const ended = await template({ name: '过期新人券', newMembers: true, validDays: null, validFrom: new Date('2026-01-01T00:00:00Z'), validTo: new Date('2026-06-30T00:00:00Z') });

    const phone = await registerViaApi(t.app, t.db);
    const member = (await memberByPhone(t.db, phone))!;
    const mine = await couponsOf(member.id);
    expect(mine.map((c) => c.templateId)).toEqual([gift.id]);
    expect(mine[0]!.validTo.toISOString()).toBe('2026-12-22T02:00:00.000Z');
    expect(mine.map((c) => c.templateId)).not.toContain(plain.id);
    for (const skipped of [stopped, soldOut, ended]) expect(mine.map((c) => c.templateId)).not.toContain(skipped.id);
    const [row] = await t.db.select().from(couponTemplates).where(eq(couponTemplates.id, gift.id));
    expect(row!.claimedCount).toBe(1);

    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.memberId, member.id), eq(auditLog.action, 'coupon.new-member')));
    expect(audit).toMatchObject({ actionLabel: '注册赠送新用户券', entity: 'coupon', targetKey: mine[0]!.rid, staffId: null });
    const told = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, member.id));
    expect(told.map((m) => m.title)).toContain('新用户优惠券已到账');

    // a first SMS login makes a member too
    const smsPhone = uniquePhone();
    const code = await requestCode(t.app, t.db, smsPhone, SmsPurpose.login);
    expect(await call(t.app, 'POST', '/api/open/loginForCode', { form: { phone: smsPhone, code, agreement: '1' } })).toMatchObject({ status: 200, code: 1 });
    const smsMember = (await memberByPhone(t.db, smsPhone))!;
    expect((await couponsOf(smsMember.id)).map((c) => c.templateId)).toEqual([gift.id]);

    // and 领券中心 no longer offers the member what they hold (limit 1)
    const login = await call<{ token: string }>(t.app, 'POST', '/api/open/login', { form: { account: phone, password: 'Kx7#Lab-Tests26' } });
    const offered = await call<{ rid: string; claimable: boolean }[]>(t.app, 'POST', '/api/auth/discount4user/list4all', { token: login.data!.token });
    expect(offered.data!.find((c) => c.rid === gift.rid)).toMatchObject({ claimable: false });
    expect(offered.data!.find((c) => c.rid === plain.rid)).toMatchObject({ claimable: true });
  });

  it('a gift that cannot be given never blocks the sign-up', async () => {
    await t.db.update(couponTemplates).set({ totalStock: 2, claimedCount: 2 }).where(eq(couponTemplates.newMembers, true));
    const phone = await registerViaApi(t.app, t.db);
    const member = (await memberByPhone(t.db, phone))!;
    expect(await couponsOf(member.id)).toEqual([]);
  });
});
