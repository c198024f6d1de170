import { and, count, eq, sql } from 'drizzle-orm';
import type { MemberFundsFigures, MemberHomeData, MemberOrderCounts, MemberUserInfo } from '@lab/contract';
import type { DbOrTx } from '../db/client';
import { getMember, listConsentDue } from '../areas/accounts';
import { balanceOf, countUsableCoupons } from '../areas/funds';
import { countAddresses, getProfile, listAddresses } from '../areas/member';
import { communities, communityMembers } from '../areas/member/member.tables';
import { orders, planLines } from '../areas/orders/orders.tables';
import { sampleRecycles, samplings } from '../areas/orders/pickups/pickups.tables';

/**
 * The member centre's figures over several areas (user/info, web/home/data): the account
 * (accounts), addresses, attestation and communities (member), the plan and pickups (orders),
 * prepaid funds and coupons (funds) — a read-only view.
 */

/**
 * user/info: the account, the address list (default first) and the attestation; basic
 * information is complete once an address is on file; cartNum is the plan's line count;
 * consentDue lists the agreements the member is asked to accept again (a newer version).
 */
export async function getUserInfo(db: DbOrTx, memberId: number, now: Date): Promise<MemberUserInfo> {
  const account = await getMember(db, memberId, 'account');
  const [addressList, profile, cartNum, consentDue] = await Promise.all([
    listAddresses(db, memberId),
    getProfile(db, memberId),
    db.$count(planLines, eq(planLines.memberId, memberId)),
    listConsentDue(db, memberId, now),
  ]);
  return { account, addressList, cartNum, profile, basicInfoComplete: addressList.length > 0, consentDue };
}

/** web/home/data: the member centre's figures. */
export async function getMemberHomeData(db: DbOrTx, memberId: number, now = new Date()): Promise<MemberHomeData & MemberFundsFigures & { orders: MemberOrderCounts }> {
  const [addressNum, [pickups], [recycles], [joined], [applications], prestoreFen, couponNum, cartNum, [orderCounts]] = await Promise.all([
    countAddresses(db, memberId),
    db.select({ n: count() }).from(samplings).where(and(eq(samplings.memberId, memberId), eq(samplings.status, 'pending'))),
    db.select({ n: count() }).from(sampleRecycles).where(and(eq(sampleRecycles.memberId, memberId), eq(sampleRecycles.status, 'pending'))),
    db
      .select({ n: count() })
      .from(communityMembers)
      .innerJoin(communities, eq(communities.id, communityMembers.communityId))
      .where(and(eq(communityMembers.memberId, memberId), eq(communityMembers.status, 'approved'), eq(communities.status, 'active'))),
    db
      .select({ n: count() })
      .from(communityMembers)
      .innerJoin(communities, eq(communities.id, communityMembers.communityId))
      .where(and(eq(communities.ownerMemberId, memberId), eq(communities.status, 'active'), eq(communityMembers.status, 'pending'))),
    balanceOf(db, 'member', memberId),
    countUsableCoupons(db, memberId, now),
    db.$count(planLines, eq(planLines.memberId, memberId)),
    // the order-status strip, as the order list's tabs count (one pass over the member's orders)
    db
      .select({
        reportReady: sql<number>`count(*) filter (where ${orders.progress} = 'delivered')`.mapWith(Number),
        unpaid: sql<number>`count(*) filter (where ${orders.payment} = 'unpaid' and ${orders.progress} <> 'cancelled' and not ${orders.payLater})`.mapWith(Number),
        awaitingSample: sql<number>`count(*) filter (where ${orders.progress} = 'awaiting_sample')`.mapWith(Number),
        testing: sql<number>`count(*) filter (where ${orders.progress} = 'testing')`.mapWith(Number),
      })
      .from(orders)
      .where(eq(orders.memberId, memberId)),
  ]);
  return {
    orders: orderCounts ?? { reportReady: 0, unpaid: 0, awaitingSample: 0, testing: 0 },
    basicInfoComplete: addressNum > 0,
    addressNum,
    samplingPending: pickups?.n ?? 0,
    recyclePending: recycles?.n ?? 0,
    communityNum: joined?.n ?? 0,
    communityApplications: applications?.n ?? 0,
    // the experiment plan's line count (the header badge)
    cartNum,
    prestoreFen,
    couponNum,
  };
}
