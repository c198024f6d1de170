import { and, desc, eq, sql } from 'drizzle-orm';
import {
  maskPhone,
  partnerStatusLabels,
  payoutCustomerType,
  payoutCustomerTypeLabels,
  rebatePayoutLabels,
  rebateStatusLabels,
  type Page,
  type PartnerStatus,
  type PromoterApplyBody,
  type PromotionOverview,
  type Rebate,
  type RebatePayout,
  type RebateStatus,
  type WithdrawStatus,
} from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { randomId } from '../../platform/crypto';
import { conflict } from '../../platform/errors';
import { isUniqueViolation } from '../../db/errors';
import { memberContacts, memberInvite } from '../accounts';
import { balanceOf } from '../funds';
import { orderNumbers } from '../orders';
import { promoterApplications, rebates, rebateWithdrawals } from './growth.tables';
import { getGrowthSettings } from './settings.service';
import { acceptedTermsVersion, acceptPartnerTerms, currentPartnerTerms, termsView } from './partner-terms.service';

/**
 * 推广合伙人 (issue 7) for the member: applications (one live — pending or approved — per
 * member; a refused member may apply again), the overview, and the rebates earned on invited
 * members' orders (rebates.service books them from the order hooks). Withdrawals:
 * withdrawals.service.ts; the staff's side: promotion-admin.service.ts, withdrawals-admin.service.ts.
 */

export const PENDING_APPLICATION = '您的申请正在审核中，请耐心等待';
export const ALREADY_PARTNER = '您已是推广合伙人，无需重复申请';

type ApplicationRow = typeof promoterApplications.$inferSelect;

const sumFen = (column: typeof rebates.rebateFen | typeof rebateWithdrawals.amountFen) => sql<string>`coalesce(sum(${column}), 0)`;

async function latestApplication(db: DbOrTx, memberId: number): Promise<ApplicationRow | null> {
  const [row] = await db
    .select()
    .from(promoterApplications)
    .where(eq(promoterApplications.memberId, memberId))
    .orderBy(desc(promoterApplications.createdAt), desc(promoterApplications.id))
    .limit(1);
  return row ?? null;
}

/**
 * The figures: frozen (Σ frozen rebates), withdrawable (the rebate account), pending and
 * withdrawn (Σ withdrawals), and the rebates paid into prepaid funds or as coupons.
 */
export async function promotionFigures(db: DbOrTx, memberId: number) {
  const [frozen] = await db
    .select({ fen: sumFen(rebates.rebateFen) })
    .from(rebates)
    .where(and(eq(rebates.partnerMemberId, memberId), eq(rebates.status, 'frozen')));
  const paidOut = await db
    .select({ payout: rebates.payout, fen: sumFen(rebates.rebateFen) })
    .from(rebates)
    .where(and(eq(rebates.partnerMemberId, memberId), eq(rebates.status, 'withdrawable')))
    .groupBy(rebates.payout);
  const paid = (payout: RebatePayout) => Number(paidOut.find((p) => p.payout === payout)?.fen ?? 0);
  const withdrawals = await db
    .select({ status: rebateWithdrawals.status, fen: sumFen(rebateWithdrawals.amountFen) })
    .from(rebateWithdrawals)
    .where(eq(rebateWithdrawals.memberId, memberId))
    .groupBy(rebateWithdrawals.status);
  const withdrawableFen = await balanceOf(db, 'member', memberId, 'rebate');
  const by = (status: WithdrawStatus) => Number(withdrawals.find((w) => w.status === status)?.fen ?? 0);
  return { frozenFen: Number(frozen?.fen ?? 0), withdrawableFen, pendingFen: by('pending'), withdrawnFen: by('paid'), paidToPrestoreFen: paid('prestore'), paidAsCouponFen: paid('coupon') };
}

/** myPromotion/init: with the partner terms in force, the version I accepted, and how my rebates are paid under them. */
export async function promotionOverview(db: DbOrTx, memberId: number, now: Date): Promise<PromotionOverview> {
  const application = await latestApplication(db, memberId);
  const member = await memberInvite(db, memberId);
  const terms = await currentPartnerTerms(db, now);
  const customerType = payoutCustomerType(member?.organization);
  const payout = terms.payout[customerType];
  const invited = member?.invitedCount ?? 0;
  const settings = await getGrowthSettings(db);
  const figures = await promotionFigures(db, memberId);
  const status: PartnerStatus = application?.status ?? 'none';
  return {
    status,
    statusText: partnerStatusLabels[status],
    reason: application?.status === 'refused' ? application.reason : null,
    application: application
      ? { name: application.name, phone: application.phone, organization: application.organization, channel: application.channel, createdAt: application.createdAt.toISOString() }
      : null,
    // the rate new orders earn (the admin's save publishes it in the terms too)
    rateBp: settings.rebateRateBp,
    inviteCode: member?.inviteCode ?? '',
    invitedCount: invited,
    ...figures,
    minWithdrawFen: settings.minWithdrawFen,
    terms: termsView(terms),
    acceptedTermsVersion: await acceptedTermsVersion(db, memberId),
    payout: { customerType: payoutCustomerTypeLabels[customerType], kind: payout, text: rebatePayoutLabels[payout] },
  };
}

/** promoter_terms/accept: a partner (or applicant) accepts the version in force. */
export async function acceptTerms(db: Db, memberId: number, version: number, now: Date): Promise<PromotionOverview> {
  return db.transaction(async (tx) => {
    await acceptPartnerTerms(tx, memberId, version, 'update', now);
    return promotionOverview(tx, memberId, now);
  });
}

const liveConflict = (status: ApplicationRow['status'] | undefined) => conflict(status === 'approved' ? ALREADY_PARTNER : PENDING_APPLICATION);

/** promoter_apply/add: one live application; the partial unique index settles a race. */
export async function applyForPartner(db: Db, memberId: number, body: PromoterApplyBody, now: Date): Promise<PromotionOverview> {
  const latest = await latestApplication(db, memberId);
  if (latest && latest.status !== 'refused') throw liveConflict(latest.status);
  try {
    // answered from the transaction: never a read after the commit (issue 28, fault 12)
    return await db.transaction(async (tx) => {
      // the terms the applicant read: a newer version published since is 409, nothing saved
      await acceptPartnerTerms(tx, memberId, body.terms_version, 'apply', now);
      await tx.insert(promoterApplications).values({
        rid: randomId(),
        memberId,
        name: body.name,
        phone: body.phone,
        organization: body.organization,
        channel: body.channel,
        createdAt: now,
      });
      return promotionOverview(tx, memberId, now);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw liveConflict((await latestApplication(db, memberId))?.status);
  }
}

// ---- rebates ----

/** A released rebate not paid as cash says where it went. */
const releasedAs: Record<Exclude<RebatePayout, 'cash'>, string> = { prestore: '已转入预存款', coupon: '已发放优惠券' };

export async function listRebates(db: DbOrTx, memberId: number, query: { page: number; pageSize: number; status?: RebateStatus | undefined }): Promise<Page<Rebate>> {
  const where = and(eq(rebates.partnerMemberId, memberId), query.status ? eq(rebates.status, query.status) : undefined);
  return paginate(
    query,
    (w) =>
      db
        .select()
        .from(rebates)
        .where(where)
        .orderBy(desc(rebates.createdAt), desc(rebates.id))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(rebates, where),
    async (rows) => {
      // the orders' numbers and the invitees' phones, by the ids on the page
      const [orderNos, invitees] = await Promise.all([orderNumbers(db, rows.map((r) => r.orderId)), memberContacts(db, rows.map((r) => r.inviteeMemberId))]);
      return rows.flatMap((r) => {
        const orderNo = orderNos.get(r.orderId);
        const phone = invitees.get(r.inviteeMemberId)?.phone;
        if (orderNo === undefined || phone === undefined) return [];
        return [{
        id: r.rid,
        orderNo,
        inviteePhone: maskPhone(phone),
        paidFen: r.paidFen,
        rateBp: r.rateBp,
        rebateFen: r.rebateFen,
        status: r.status,
        statusText: r.status === 'withdrawable' && r.payout && r.payout !== 'cash' ? releasedAs[r.payout] : rebateStatusLabels[r.status],
        payout: r.payout,
        createdAt: r.createdAt.toISOString(),
        releasedAt: r.releasedAt?.toISOString() ?? null,
      }];
      });
    },
  );
}
