import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GROWTH_SETTINGS, DEFAULT_REBATE_COUPON_DAYS, DEFAULT_REBATE_PAYOUT, type GrowthSettings, type Invitee, type InviteeOrder, type InviteOverview, type Page } from '@lab/contract';
import { call, createTestContext, uniquePhone, type TestContext } from '../../../test/harness';
import { memberByPhone, registerViaApi, requestCode, SmsPurpose } from '../../../test/auth-flows';
import { couponTemplates, memberCoupons } from '../funds/funds.tables';
import { creditAccount, ensureAccount, systemActor } from '../funds/ledger.service';
import { growthSettings } from './growth.tables';
import { getGrowthSettings } from './settings.service';
import { maskOrderNo, NO_COUPON_REWARD, rewardInvitedMember } from './invites.service';
import {
  approvePartner,
  makeCouponTemplate,
  makeInvitedPair,
  makeOrder,
  makePaidOrder,
  makeRebate,
  memberOf,
  post,
  registerInvitee,
  setGrowthSettings,
  staffOf,
  type Person,
} from './growth.test-helpers';

let t: TestContext;
let admin: Awaited<ReturnType<typeof staffOf>>;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-22T02:00:00Z' });
  admin = await staffOf(t, 'admin');
});
afterAll(() => t.close());

const init = (who: Person) => post<InviteOverview>(t, '/api/auth/web/invite/init', who);
const list = (who: Person, form: Record<string, string | number> = {}) => post<Page<Invitee>>(t, '/api/auth/web/invite/list', who, form);
const detail = (who: Person, form: Record<string, string | number>) => post<Page<InviteeOrder>>(t, '/api/auth/web/invite/orderDetail', who, form);
const couponsOf = (memberId: number) => t.db.select().from(memberCoupons).where(eq(memberCoupons.memberId, memberId));
const rawJson = (value: unknown) => JSON.stringify(value);

describe('growth settings', () => {
  it('answers the contract defaults until staff save a row', async () => {
    expect(await getGrowthSettings(t.db)).toEqual(DEFAULT_GROWTH_SETTINGS);
    expect(await post(t, '/api/admin/growth/settings', admin)).toMatchObject({ status: 200, code: 1, data: DEFAULT_GROWTH_SETTINGS });
  });

  it('is for the admin only: sales, finance and lab are refused, no token is 401', async () => {
    const body = { rebate_rate: '8', points_per_yuan: '2', min_withdraw: '50' };
    for (const role of ['sales', 'finance', 'lab'] as const) {
      const who = await staffOf(t, role);
      expect(await post(t, '/api/admin/growth/settings', who)).toMatchObject({ status: 403, msg: '您的角色无权进行此操作' });
      expect(await post(t, '/api/admin/growth/settings/update', who, body)).toMatchObject({ status: 403, msg: '您的角色无权进行此操作' });
    }
    expect(await post(t, '/api/admin/growth/settings', undefined)).toMatchObject({ status: 401 });
    const someone = await memberOf(t);
    expect(await post(t, '/api/admin/growth/settings', someone)).toMatchObject({ status: 403 });
    expect((await t.db.select().from(growthSettings)).length).toBe(0);
  });

  it('refuses bad input with the contract messages', async () => {
    const update = (form: Record<string, string>) => post(t, '/api/admin/growth/settings/update', admin, form);
    const good = { rebate_rate: '8', points_per_yuan: '2', min_withdraw: '50' };
    expect(await update({ ...good, rebate_rate: 'x' })).toMatchObject({ status: 400, msg: '[返利比例]必须是数字' });
    expect(await update({ ...good, rebate_rate: '-1' })).toMatchObject({ status: 400, msg: '[返利比例]不能小于0' });
    expect(await update({ ...good, rebate_rate: '31' })).toMatchObject({ status: 400, msg: '[返利比例]不能超过30%' });
    expect(await update({ ...good, points_per_yuan: '1.5' })).toMatchObject({ status: 400, msg: '[积分比例]必须是整数' });
    expect(await update({ ...good, points_per_yuan: '101' })).toMatchObject({ status: 400, msg: '[积分比例]不能超过100' });
    expect(await update({ ...good, min_withdraw: 'abc' })).toMatchObject({ status: 400, msg: '[最低提现金额]必须是数字' });
    expect(await update({ ...good, invite_coupon_rid: 'no-such-template' })).toMatchObject({ status: 404, msg: '优惠券不存在' });
    const retired = await makeCouponTemplate(t.db, { active: false });
    expect(await update({ ...good, invite_coupon_rid: retired.rid })).toMatchObject({ status: 404, msg: '优惠券不存在' });
    expect((await t.db.select().from(growthSettings)).length).toBe(0);
  });

  it('saves percent as basis points and yuan as fen, and clears the coupon when blank', async () => {
    const template = await makeCouponTemplate(t.db, { name: '新人专享券' });
    const saved = await post<GrowthSettings>(t, '/api/admin/growth/settings/update', admin, { rebate_rate: '7.5', points_per_yuan: '3', invite_coupon_rid: template.rid, min_withdraw: '88.8' });
    expect(saved).toMatchObject({ status: 200, code: 1, msg: '设置已保存' });
    expect(saved.data).toEqual({ rebateRateBp: 750, pointsPerYuan: 3, inviteCouponTemplateRid: template.rid, minWithdrawFen: 8880, rebatePayout: DEFAULT_REBATE_PAYOUT, rebateCouponDays: DEFAULT_REBATE_COUPON_DAYS, termsVersion: 2 });
    expect((await post(t, '/api/admin/growth/settings', admin)).data).toEqual(saved.data);
    const { termsVersion: _published, ...settings } = saved.data as GrowthSettings & { termsVersion: number };
    expect(await getGrowthSettings(t.db)).toEqual(settings);

    const cleared = await post<GrowthSettings>(t, '/api/admin/growth/settings/update', admin, { rebate_rate: '5', points_per_yuan: '1', invite_coupon_rid: '', min_withdraw: '100' });
    // the rate back at 5%: the terms state it again, as a version of their own
    expect(cleared.data).toEqual({ ...DEFAULT_GROWTH_SETTINGS, termsVersion: 3 });
    expect((await t.db.select().from(growthSettings)).length).toBe(1);
  });
});

describe('registration through an invite code', () => {
  it('gives nothing when no coupon is configured', async () => {
    await setGrowthSettings(t.db, { inviteCouponTemplateId: null });
    const { inviter, invitee } = await makeInvitedPair(t);
    expect(await couponsOf(invitee.member.id)).toHaveLength(0);
    expect((await init(inviter)).data.inviteReward).toBe(NO_COUPON_REWARD);
    expect(NO_COUPON_REWARD).toBe('邀请好友注册，好友下单后您可获得返利（成为推广合伙人后）');
  });

  it('gives the configured coupon to the invited member, valid from registration, and counts the stock', async () => {
    const template = await makeCouponTemplate(t.db, { name: '新人立减50元', validDays: 30, totalStock: 10 });
    await setGrowthSettings(t.db, { inviteCouponTemplateId: template.id });
    const { inviter, invitee } = await makeInvitedPair(t);
    const coupons = await couponsOf(invitee.member.id);
    expect(coupons).toHaveLength(1);
    expect(coupons[0]).toMatchObject({ templateId: template.id, status: 'unused', issuedBy: null });
    expect(coupons[0]!.validFrom.toISOString()).toBe(t.clock.now().toISOString());
    expect(coupons[0]!.validTo.getTime() - coupons[0]!.validFrom.getTime()).toBe(30 * 86_400_000);
    // the member sees it in their coupon list
    const mine = await post<Page<{ name: string }>>(t, '/api/auth/discount4user/all', invitee, { status: 'unused' });
    expect(mine.data.list.map((c) => c.name)).toEqual(['新人立减50元']);
    // the inviter holds no coupon for it, and the overview names it
    expect(await couponsOf(inviter.member.id)).toHaveLength(0);
    expect((await init(inviter)).data.inviteReward).toBe('注册即得「新人立减50元」');
    const [after] = await t.db.select().from(couponTemplates).where(eq(couponTemplates.id, template.id));
    expect(after!.claimedCount).toBe(1);
  });

  it('a member registering without a code gets no coupon', async () => {
    const phone = await registerViaApi(t.app, t.db);
    const member = (await memberByPhone(t.db, phone))!;
    expect(member.inviterId).toBeNull();
    expect(await couponsOf(member.id)).toHaveLength(0);
  });

  it('registers without the coupon when it is out of stock or its campaign ended, never failing the sign-up', async () => {
    const soldOut = await makeCouponTemplate(t.db, { name: '限量券', totalStock: 1, claimedCount: 1 });
    await setGrowthSettings(t.db, { inviteCouponTemplateId: soldOut.id });
    const { invitee } = await makeInvitedPair(t);
    expect(invitee.member.inviterId).not.toBeNull();
    expect(await couponsOf(invitee.member.id)).toHaveLength(0);

    const ended = await makeCouponTemplate(t.db, { name: '过期券', validDays: null, validFrom: new Date('2026-01-01T00:00:00Z'), validTo: new Date('2026-02-01T00:00:00Z') });
    await setGrowthSettings(t.db, { inviteCouponTemplateId: ended.id });
    const second = await makeInvitedPair(t);
    expect(await couponsOf(second.invitee.member.id)).toHaveLength(0);
    expect((await init(second.inviter)).data.inviteReward).toBe(NO_COUPON_REWARD);
  });

  it('respects the per-member limit when called again for the same member', async () => {
    const template = await makeCouponTemplate(t.db, { perMemberLimit: 1 });
    await setGrowthSettings(t.db, { inviteCouponTemplateId: template.id });
    const { invitee } = await makeInvitedPair(t);
    expect(await couponsOf(invitee.member.id)).toHaveLength(1);
    expect(await t.db.transaction((tx) => rewardInvitedMember(tx, invitee.member.id, t.clock.now()))).toBe(false);
    expect(await couponsOf(invitee.member.id)).toHaveLength(1);
  });

  it('a wrong invite code registers nobody and gives nothing', async () => {
    const phone = uniquePhone();
    const code = await requestCode(t.app, t.db, phone, SmsPurpose.register);
    const res = await call(t.app, 'POST', '/api/open/sign', { form: { phone, code, password: 'Kx7#Lab-Tests26', inviterCode: 'NOPE1234', agreement: '1' } });
    expect(res).toMatchObject({ status: 400, msg: '邀请码无效，请核对后再试' });
  });

  it('leaves the settings without a coupon for the tests below', async () => {
    await setGrowthSettings(t.db, { inviteCouponTemplateId: null });
    expect((await getGrowthSettings(t.db)).inviteCouponTemplateRid).toBeNull();
  });
});

describe('web/invite/init', () => {
  it('answers my code, link, invited count and no partner figures before approval', async () => {
    const inviter = await memberOf(t);
    const empty = await init(inviter);
    expect(empty).toMatchObject({ status: 200, code: 1 });
    expect(empty.data).toEqual({ inviteCode: inviter.member.inviteCode, invitePath: `/invited/${inviter.member.inviteCode}`, invitedCount: 0, inviteReward: NO_COUPON_REWARD, partner: null });
    await registerInvitee(t, inviter);
    await registerInvitee(t, inviter);
    expect((await init(inviter)).data.invitedCount).toBe(2);
  });

  it('shows the partner figures once approved: rate from settings, frozen rebates, withdrawable balance', async () => {
    await setGrowthSettings(t.db, { rebateRateBp: 800 });
    const { inviter, invitee } = await makeInvitedPair(t);
    await approvePartner(t.db, inviter.member.id);
    const a = await makePaidOrder(t.db, invitee.member.id, 1000_00);
    const b = await makePaidOrder(t.db, invitee.member.id, 500_00);
    const c = await makePaidOrder(t.db, invitee.member.id, 300_00);
    await makeRebate(t.db, { partnerMemberId: inviter.member.id, inviteeMemberId: invitee.member.id, orderId: a.id, paidFen: a.paidFen, rateBp: 800 });
    await makeRebate(t.db, { partnerMemberId: inviter.member.id, inviteeMemberId: invitee.member.id, orderId: b.id, paidFen: b.paidFen, rateBp: 800, status: 'withdrawable' });
    await makeRebate(t.db, { partnerMemberId: inviter.member.id, inviteeMemberId: invitee.member.id, orderId: c.id, paidFen: c.paidFen, rateBp: 800, status: 'reversed' });
    await t.db.transaction(async (tx) => {
      const account = await ensureAccount(tx, 'member', inviter.member.id, 'rebate');
      await creditAccount(tx, account.id, 40_00, 'rebate_release', `rebate:test-${inviter.member.id}`, systemActor, t.clock.now());
    });
    expect((await init(inviter)).data.partner).toEqual({ rateBp: 800, frozenFen: 80_00, withdrawableFen: 40_00 });
    await setGrowthSettings(t.db, { rebateRateBp: 500 });
  });

  it('needs a login', async () => {
    expect(await post(t, '/api/auth/web/invite/init', undefined)).toMatchObject({ status: 401, msg: '请先登录' });
    expect(await post(t, '/api/auth/web/invite/init', { token: 'forged' })).toMatchObject({ status: 401 });
  });
});

describe('web/invite/list', () => {
  it('lists only my invitees, newest first, phones masked, with their paid order count', async () => {
    const inviter = await memberOf(t);
    const first = await registerInvitee(t, inviter);
    t.clock.advance(60_000);
    const second = await registerInvitee(t, inviter);
    const stranger = await makeInvitedPair(t); // someone else's invitee
    await makePaidOrder(t.db, first.member.id, 200_00);
    await makePaidOrder(t.db, first.member.id, 300_00);
    await makeOrder(t.db, first.member.id); // unpaid
    await makePaidOrder(t.db, first.member.id, 100_00, { progress: 'cancelled' });
    await makeOrder(t.db, first.member.id, { payment: 'refunded', paidFen: 0 });

    const res = await list(inviter);
    expect(res).toMatchObject({ status: 200, code: 1, data: { total: 2, page: 1, pageSize: 20 } });
    expect(res.data.list).toEqual([
      { id: second.member.rid, nickname: second.member.nickname, phone: `${second.member.phone.slice(0, 3)}****${second.member.phone.slice(-4)}`, registeredAt: expect.any(String), paidOrderCount: 0 },
      { id: first.member.rid, nickname: first.member.nickname, phone: `${first.member.phone.slice(0, 3)}****${first.member.phone.slice(-4)}`, registeredAt: expect.any(String), paidOrderCount: 2 },
    ]);
    const raw = rawJson(res);
    for (const p of [first, second, stranger.invitee]) expect(raw).not.toContain(p.member.phone);
    expect(raw).not.toContain(stranger.invitee.member.rid);

    const page2 = await list(inviter, { page: 2, pageSize: 1 });
    expect(page2.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.data.list.map((i) => i.id)).toEqual([first.member.rid]);
    expect((await list(stranger.invitee)).data).toMatchObject({ total: 0, list: [] });
  });

  it('refuses bad paging and needs a login', async () => {
    const who = await memberOf(t);
    expect(await list(who, { page: '0' })).toMatchObject({ status: 400, msg: '[页码]不能小于1' });
    expect(await list(who, { page: 'x' })).toMatchObject({ status: 400, msg: '[页码]必须是数字' });
    expect(await list(who, { pageSize: '101' })).toMatchObject({ status: 400, msg: '[每页条数]不能超过100' });
    expect(await post(t, '/api/auth/web/invite/list', undefined)).toMatchObject({ status: 401, msg: '请先登录' });
  });
});

describe('web/invite/orderDetail', () => {
  it("answers my invitee's paid, not cancelled orders with masked numbers, the paid amount and my rebate", async () => {
    const { inviter, invitee } = await makeInvitedPair(t);
    await approvePartner(t.db, inviter.member.id);
    const older = await makePaidOrder(t.db, invitee.member.id, 1200_00, { paidAt: new Date('2026-11-20T03:00:00Z'), title: 'SEM 形貌表征' });
    const newer = await makePaidOrder(t.db, invitee.member.id, 800_00, { totalFen: 850_00, discountFen: 50_00, paidAt: new Date('2026-11-21T03:00:00Z') });
    await makeOrder(t.db, invitee.member.id); // unpaid
    await makePaidOrder(t.db, invitee.member.id, 100_00, { progress: 'cancelled' });
    await makeOrder(t.db, invitee.member.id, { payment: 'refunded' });
    await makeRebate(t.db, { partnerMemberId: inviter.member.id, inviteeMemberId: invitee.member.id, orderId: older.id, paidFen: older.paidFen, rateBp: 500, status: 'withdrawable' });

    const res = await detail(inviter, { id: invitee.member.rid });
    expect(res).toMatchObject({ status: 200, code: 1, data: { total: 2, page: 1, pageSize: 20 } });
    expect(res.data.list).toEqual([
      { orderNo: `${newer.orderNo.slice(0, 10)}****${newer.orderNo.slice(-4)}`, title: 'XRD 物相分析', paidFen: 800_00, rebateFen: 0, rebateStatus: null, paidAt: '2026-11-21T03:00:00.000Z' },
      { orderNo: `${older.orderNo.slice(0, 10)}****${older.orderNo.slice(-4)}`, title: 'SEM 形貌表征', paidFen: 1200_00, rebateFen: 60_00, rebateStatus: 'withdrawable', paidAt: '2026-11-20T03:00:00.000Z' },
    ]);
    const raw = rawJson(res);
    expect(raw).not.toContain(newer.orderNo);
    expect(raw).not.toContain(older.orderNo);
    expect(raw).not.toContain(invitee.member.phone);
    expect(maskOrderNo('KY2026112212340517')).toBe('KY20261122****0517');

    const paged = await detail(inviter, { id: invitee.member.rid, page: 2, pageSize: 1 });
    expect(paged.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.data.list[0]!.paidFen).toBe(1200_00);
  });

  it("another member's invitee, myself, the inviter or an unknown id → 404", async () => {
    const mine = await makeInvitedPair(t);
    const theirs = await makeInvitedPair(t);
    await makePaidOrder(t.db, theirs.invitee.member.id, 500_00);
    const notFound = { status: 404, code: 0, msg: '被邀请人不存在' };
    expect(await detail(mine.inviter, { id: theirs.invitee.member.rid })).toMatchObject(notFound);
    expect(await detail(mine.inviter, { id: mine.inviter.member.rid })).toMatchObject(notFound);
    expect(await detail(mine.invitee, { id: mine.inviter.member.rid })).toMatchObject(notFound);
    expect(await detail(mine.inviter, { id: 'no-such-member' })).toMatchObject(notFound);
    const raw = rawJson(await detail(mine.inviter, { id: theirs.invitee.member.rid }));
    expect(raw).not.toContain(theirs.invitee.member.phone);
  });

  it('refuses bad input and needs a login', async () => {
    const { inviter, invitee } = await makeInvitedPair(t);
    expect(await detail(inviter, {})).toMatchObject({ status: 400, msg: '[被邀请人]不能为空' });
    expect(await detail(inviter, { id: 'x'.repeat(41) })).toMatchObject({ status: 400 });
    expect(await detail(inviter, { id: invitee.member.rid, page: '-1' })).toMatchObject({ status: 400, msg: '[页码]不能小于1' });
    expect(await post(t, '/api/auth/web/invite/orderDetail', undefined, { id: invitee.member.rid })).toMatchObject({ status: 401, msg: '请先登录' });
  });

  it('a rebate row of another partner on the order is not mine', async () => {
    const { inviter, invitee } = await makeInvitedPair(t);
    const other = await memberOf(t);
    const order = await makePaidOrder(t.db, invitee.member.id, 400_00);
    await makeRebate(t.db, { partnerMemberId: other.member.id, inviteeMemberId: invitee.member.id, orderId: order.id, paidFen: order.paidFen });
    const res = await detail(inviter, { id: invitee.member.rid });
    expect(res.data.list).toEqual([expect.objectContaining({ paidFen: 400_00, rebateFen: 0, rebateStatus: null })]);
  });
});
