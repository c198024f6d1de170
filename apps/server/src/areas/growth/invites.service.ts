import { and, eq, inArray, sum } from 'drizzle-orm';
import type { z } from 'zod';
import { maskPhone, type InviteeOrder, type inviteListBody, type inviteOrderDetailBody, type InviteOverview, type Invitee, type Page, type RebateStatus } from '@lab/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { AppError, notFound } from '../../platform/errors';
import { invitedMembers, memberInvite } from '../accounts';
import { balanceOf, findCouponTemplate, grant } from '../funds';
import { paidOrderCounts, paidOrders } from '../orders';
import { promoterApplications, rebates } from './growth.tables';
import { getGrowthSettings, loadGrowthSettingsRow } from './settings.service';

type InviteListBody = z.infer<typeof inviteListBody>;
type InviteOrderDetailBody = z.infer<typeof inviteOrderDetailBody>;


/** KY2026112212340517 → KY20261122****0517: enough to recognise, not to look the order up. */
export const maskOrderNo = (orderNo: string) => (orderNo.length > 14 ? `${orderNo.slice(0, 10)}****${orderNo.slice(-4)}` : `${orderNo.slice(0, 2)}****${orderNo.slice(-4)}`);

export const NO_COUPON_REWARD = '邀请好友注册，好友下单后您可获得返利（成为推广合伙人后）';

async function inviteRewardText(db: DbOrTx, now: Date): Promise<string> {
  const settings = await loadGrowthSettingsRow(db);
  if (!settings?.inviteCouponTemplateId) return NO_COUPON_REWARD;
  const template = await findCouponTemplate(db, { id: settings.inviteCouponTemplateId });
  if (!template || !template.active || (template.validTo !== null && template.validTo <= now)) return NO_COUPON_REWARD;
  return `注册即得「${template.name}」`;
}

async function getMemberRow(db: DbOrTx, memberId: number) {
  const member = await memberInvite(db, memberId);
  if (!member) throw notFound('账号');
  return member;
}

/** web/invite/init: my code and link, how many I invited, what they get, and my partner figures. */
export async function inviteOverview(db: DbOrTx, memberId: number, now: Date): Promise<InviteOverview> {
  const member = await getMemberRow(db, memberId);
  const invited = member.invitedCount;
  const [inviteReward, [approved]] = await Promise.all([
    inviteRewardText(db, now),
    db
      .select({ id: promoterApplications.id })
      .from(promoterApplications)
      .where(and(eq(promoterApplications.memberId, memberId), eq(promoterApplications.status, 'approved')))
      .limit(1),
  ]);
  let partner: InviteOverview['partner'] = null;
  if (approved) {
    const [settings, [frozen], withdrawableFen] = await Promise.all([
      getGrowthSettings(db),
      db
        .select({ total: sum(rebates.rebateFen) })
        .from(rebates)
        .where(and(eq(rebates.partnerMemberId, memberId), eq(rebates.status, 'frozen'))),
      balanceOf(db, 'member', memberId, 'rebate'),
    ]);
    partner = { rateBp: settings.rebateRateBp, frozenFen: Number(frozen?.total ?? 0), withdrawableFen };
  }
  return {
    inviteCode: member.inviteCode,
    invitePath: `/invited/${member.inviteCode}`,
    invitedCount: invited,
    inviteReward,
    partner,
  };
}

/** web/invite/list: the members I invited, newest first; a phone only ever masked. */
export async function listInvitees(db: DbOrTx, memberId: number, query: InviteListBody): Promise<Page<Invitee>> {
  return paginate(
    query,
    (w) => invitedMembers(db, memberId, w),
    async () => (await memberInvite(db, memberId))?.invitedCount ?? 0,
    async (rows) => {
      const paidOf = await paidOrderCounts(db, rows.map((r) => r.id));
      return rows.map((r) => ({
        id: r.rid,
        nickname: r.nickname,
        phone: maskPhone(r.phone),
        registeredAt: r.createdAt.toISOString(),
        paidOrderCount: paidOf.get(r.id) ?? 0,
      }));
    },
  );
}

/** web/invite/orderDetail: one invitee's paid orders with my rebate on each; not my invitee → 404. */
export async function inviteeOrders(db: DbOrTx, memberId: number, query: InviteOrderDetailBody): Promise<Page<InviteeOrder>> {
  const [invitee] = await invitedMembers(db, memberId, { rid: query.id, limit: 1, offset: 0 });
  if (!invitee) throw notFound('被邀请人');
  return paginate(
    query,
    (w) => paidOrders(db, invitee.id, w),
    async () => (await paidOrderCounts(db, [invitee.id])).get(invitee.id) ?? 0,
    async (rows) => {
      // my rebate on each order of the page, read by the page's order ids
      const ids = rows.map((o) => o.id);
      const mine = ids.length
        ? await db
            .select({ orderId: rebates.orderId, rebateFen: rebates.rebateFen, status: rebates.status })
            .from(rebates)
            .where(and(inArray(rebates.orderId, ids), eq(rebates.partnerMemberId, memberId)))
        : [];
      const rebateOf = new Map(mine.map((r) => [r.orderId, r]));
      return rows.map((o) => ({
        orderNo: maskOrderNo(o.orderNo),
        title: o.title,
        paidFen: o.paidFen,
        rebateFen: rebateOf.get(o.id)?.rebateFen ?? 0,
        rebateStatus: (rebateOf.get(o.id)?.status ?? null) as RebateStatus | null,
        paidAt: (o.paidAt ?? o.createdAt).toISOString(),
      }));
    },
  );
}

/**
 * Registration through an invite: the configured new-member coupon, inside the registration's
 * transaction. The coupon rules hold as for any grant (active template, campaign not over,
 * per-member limit, guarded stock); when no coupon is configured or it cannot be given
 * (ended, out of stock) the member is registered without it — a reward never blocks a sign-up.
 * Answers whether a coupon was given.
 */
export async function rewardInvitedMember(tx: Tx, memberId: number, now: Date): Promise<boolean> {
  const settings = await loadGrowthSettingsRow(tx);
  if (!settings?.inviteCouponTemplateId) return false;
  const template = await findCouponTemplate(tx, { id: settings.inviteCouponTemplateId });
  if (!template || !template.active || (template.validTo !== null && template.validTo <= now)) return false;
  try {
    // the coupons service's own rules: the per-member limit, the guarded stock and the validity window
    await grant(tx, template, memberId, now, null);
  } catch (error) {
    // 每人限领 / 已领完: the registration goes ahead without the gift
    if (error instanceof AppError && error.status === 409) return false;
    throw error;
  }
  return true;
}
