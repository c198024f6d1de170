import { and, count, desc, eq, inArray, ne, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import { maskPhone, type InviteeOrder, type inviteListBody, type inviteOrderDetailBody, type InviteOverview, type Invitee, type Page, type RebateStatus } from '@lab/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { AppError, notFound } from '../../platform/errors';
import { members } from '../accounts/accounts.tables';
import { grant } from '../funds';
import { accounts, couponTemplates } from '../funds/funds.tables';
import { orders } from '../orders/orders.tables';
import { promoterApplications, rebates } from './growth.tables';
import { getGrowthSettings, loadGrowthSettingsRow } from './settings.service';

type InviteListBody = z.infer<typeof inviteListBody>;
type InviteOrderDetailBody = z.infer<typeof inviteOrderDetailBody>;


/** KY2026112212340517 → KY20261122****0517: enough to recognise, not to look the order up. */
export const maskOrderNo = (orderNo: string) => (orderNo.length > 14 ? `${orderNo.slice(0, 10)}****${orderNo.slice(-4)}` : `${orderNo.slice(0, 2)}****${orderNo.slice(-4)}`);

/** An order that counts for invites and rebates: its money arrived and it was not cancelled. */
const paidOrder = and(eq(orders.payment, 'paid'), ne(orders.progress, 'cancelled'));

export const NO_COUPON_REWARD = '邀请好友注册，好友下单后您可获得返利（成为推广合伙人后）';

async function inviteRewardText(db: DbOrTx, now: Date): Promise<string> {
  const settings = await loadGrowthSettingsRow(db);
  if (!settings?.inviteCouponTemplateId) return NO_COUPON_REWARD;
  const [template] = await db.select().from(couponTemplates).where(eq(couponTemplates.id, settings.inviteCouponTemplateId)).limit(1);
  if (!template || !template.active || (template.validTo !== null && template.validTo <= now)) return NO_COUPON_REWARD;
  return `注册即得「${template.name}」`;
}

async function getMemberRow(db: DbOrTx, memberId: number) {
  const [member] = await db.select({ id: members.id, inviteCode: members.inviteCode }).from(members).where(eq(members.id, memberId)).limit(1);
  if (!member) throw notFound('账号');
  return member;
}

/** web/invite/init: my code and link, how many I invited, what they get, and my partner figures. */
export async function inviteOverview(db: DbOrTx, memberId: number, now: Date): Promise<InviteOverview> {
  const member = await getMemberRow(db, memberId);
  const [[invited], inviteReward, [approved]] = await Promise.all([
    db.select({ n: count() }).from(members).where(eq(members.inviterId, memberId)),
    inviteRewardText(db, now),
    db
      .select({ id: promoterApplications.id })
      .from(promoterApplications)
      .where(and(eq(promoterApplications.memberId, memberId), eq(promoterApplications.status, 'approved')))
      .limit(1),
  ]);
  let partner: InviteOverview['partner'] = null;
  if (approved) {
    const [settings, [frozen], [account]] = await Promise.all([
      getGrowthSettings(db),
      db
        .select({ total: sum(rebates.rebateFen) })
        .from(rebates)
        .where(and(eq(rebates.partnerMemberId, memberId), eq(rebates.status, 'frozen'))),
      db
        .select({ balance: accounts.balanceFen })
        .from(accounts)
        .where(and(eq(accounts.ownerKind, 'member'), eq(accounts.ownerId, memberId), eq(accounts.kind, 'rebate')))
        .limit(1),
    ]);
    partner = { rateBp: settings.rebateRateBp, frozenFen: Number(frozen?.total ?? 0), withdrawableFen: account?.balance ?? 0 };
  }
  return {
    inviteCode: member.inviteCode,
    invitePath: `/invited/${member.inviteCode}`,
    invitedCount: invited?.n ?? 0,
    inviteReward,
    partner,
  };
}

/** web/invite/list: the members I invited, newest first; a phone only ever masked. */
export async function listInvitees(db: DbOrTx, memberId: number, query: InviteListBody): Promise<Page<Invitee>> {
  const mine = eq(members.inviterId, memberId);
  return paginate(
    query,
    (w) =>
      db
        .select({ id: members.id, rid: members.rid, nickname: members.nickname, phone: members.phone, createdAt: members.createdAt })
        .from(members)
        .where(mine)
        .orderBy(desc(members.createdAt), desc(members.id))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(members, mine),
    async (rows) => {
      const ids = rows.map((r) => r.id);
      const paid = ids.length
        ? await db
            .select({ memberId: orders.memberId, n: count() })
            .from(orders)
            .where(and(inArray(orders.memberId, ids), paidOrder))
            .groupBy(orders.memberId)
        : [];
      const paidOf = new Map(paid.map((p) => [p.memberId, p.n]));
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
  const [invitee] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.rid, query.id), eq(members.inviterId, memberId)))
    .limit(1);
  if (!invitee) throw notFound('被邀请人');
  const where = and(eq(orders.memberId, invitee.id), paidOrder);
  return paginate(
    query,
    (w) =>
      db
        .select({ o: orders, rebateFen: rebates.rebateFen, rebateStatus: rebates.status })
        .from(orders)
        .leftJoin(rebates, and(eq(rebates.orderId, orders.id), eq(rebates.partnerMemberId, memberId)))
        .where(where)
        .orderBy(sql`${orders.paidAt} desc nulls last`, desc(orders.id))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(orders, where),
    (rows) =>
      rows.map(({ o, rebateFen, rebateStatus }) => ({
        orderNo: maskOrderNo(o.orderNo),
        title: o.title,
        paidFen: o.paidFen,
        rebateFen: rebateFen ?? 0,
        rebateStatus: (rebateStatus ?? null) as RebateStatus | null,
        paidAt: (o.paidAt ?? o.createdAt).toISOString(),
      })),
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
  const [template] = await tx.select().from(couponTemplates).where(eq(couponTemplates.id, settings.inviteCouponTemplateId)).limit(1);
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
