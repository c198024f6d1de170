import { and, desc, eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  partnerStatusLabels,
  paymentLabels,
  progressLabels,
  type AdminMemberCommunity,
  type AdminMemberDetail,
  type AdminMemberLedgerBody,
  type AdminMemberOrder,
  type ConsentRecord,
  type LedgerEntry,
  type MemberCoupon,
  type Page,
  type StaffRef,
} from '@lab/contract';
import type { DbOrTx } from '../db/client';
import { paginate } from '../db/paginate';
import { notFound } from '../platform/errors';
import { listConsentHistory, memberByRid } from '../areas/accounts';
import { members, staff } from '../areas/accounts/accounts.tables';
import { balanceOf, countUsableCoupons, getCreditLine, listMyCoupons, toLedgerEntry } from '../areas/funds';
import { accounts, ledgerEntries } from '../areas/funds/funds.tables';
import { promoterApplications } from '../areas/growth/growth.tables';
import { listAddresses, toMemberProfile } from '../areas/member';
import { communities, communityMembers, memberProfiles } from '../areas/member/member.tables';
import { orders } from '../areas/orders/orders.tables';

/**
 * The back office's member detail (member/detail, orders, ledger, coupons, consents; sales,
 * finance): one member's whole picture over accounts, member, orders, funds and growth — a
 * read-only view. What staff change on a member is the member area's (member-admin.service.ts).
 */

/** Matches orders_member_idx (`DESC NULLS LAST`), so PostgreSQL walks the index (see member-list.service.ts). */
const newestFirst = (column: AnyPgColumn) => sql`${column} desc nulls last`;
const adviser = alias(staff, 'adviser');
const staffRef = (id: number | null, name: string | null): StaffRef | null => (id === null || name === null ? null : { id, name });
const displayName = (m: { name: string | null; nickname: string }) => m.name || m.nickname;

/** The member's id by rid, or 404 会员不存在. */
async function memberIdOf(db: DbOrTx, rid: string): Promise<number> {
  const member = await memberByRid(db, rid);
  if (!member) throw notFound('会员');
  return member.id;
}

const toOrder = (o: typeof orders.$inferSelect): AdminMemberOrder => ({
  orderNo: o.orderNo,
  title: o.title,
  kind: o.kind,
  progress: o.progress,
  progressText: progressLabels[o.progress],
  payment: o.payment,
  paymentText: paymentLabels[o.payment],
  totalFen: Number(o.totalFen),
  paidFen: Number(o.paidFen),
  createdAt: o.createdAt.toISOString(),
});

/** The member's account of one kind, without creating it (a read must not write). */
async function accountOf(db: DbOrTx, memberId: number, kind: 'prestore' | 'points' | 'rebate') {
  const [account] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.ownerKind, 'member'), eq(accounts.ownerId, memberId), eq(accounts.kind, kind)))
    .limit(1);
  return account ?? null;
}

const LATEST_ORDERS = 5;
const RECENT_ENTRIES = 10;

/** member/detail: everything a customer manager or finance needs on one screen, in a fixed number of queries. */
export async function getMemberDetail(db: DbOrTx, rid: string, now: Date): Promise<AdminMemberDetail> {
  const inviter = alias(members, 'inviter');
  const reviewer = alias(staff, 'reviewer');
  const [found] = await db
    .select({
      member: members,
      profile: memberProfiles,
      adviserName: adviser.name,
      reviewerName: reviewer.name,
      inviter: { rid: inviter.rid, name: inviter.name, nickname: inviter.nickname, phone: inviter.phone },
    })
    .from(members)
    .leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
    .leftJoin(adviser, eq(adviser.id, members.adviserStaffId))
    .leftJoin(reviewer, eq(reviewer.id, memberProfiles.reviewedBy))
    .leftJoin(inviter, eq(inviter.id, members.inviterId))
    .where(eq(members.rid, rid))
    .limit(1);
  if (!found) throw notFound('会员');
  const { member, profile } = found;
  const id = member.id;

  const [addresses, [orderFigures], latest, memberAccounts, creditLimitFen, usableCoupons, memberships, [partner], owned] = await Promise.all([
    listAddresses(db, id),
    db
      .select({
        total: sql<number>`count(*)::int`,
        open: sql<number>`(count(*) filter (where ${orders.progress} not in ('completed', 'cancelled')))::int`,
        completed: sql<number>`(count(*) filter (where ${orders.progress} = 'completed'))::int`,
        cancelled: sql<number>`(count(*) filter (where ${orders.progress} = 'cancelled'))::int`,
        paidFen: sql<string>`coalesce(sum(${orders.paidFen}) filter (where ${orders.payment} = 'paid'), 0)`,
        owedFen: sql<string>`coalesce(sum(${orders.totalFen} - ${orders.discountFen}) filter (where ${orders.payment} in ('unpaid', 'unsettled') and ${orders.progress} <> 'cancelled'), 0)`,
      })
      .from(orders)
      .where(eq(orders.memberId, id)),
    db.select().from(orders).where(eq(orders.memberId, id)).orderBy(newestFirst(orders.createdAt), newestFirst(orders.id)).limit(LATEST_ORDERS),
    db.select().from(accounts).where(and(eq(accounts.ownerKind, 'member'), eq(accounts.ownerId, id))),
    getCreditLine(db, id),
    countUsableCoupons(db, id, now),
    db
      .select({ m: communityMembers, c: communities })
      .from(communityMembers)
      .innerJoin(communities, eq(communities.id, communityMembers.communityId))
      .where(eq(communityMembers.memberId, id))
      .orderBy(sql`case when ${communityMembers.role} = 'owner' then 0 else 1 end`, desc(communityMembers.appliedAt)),
    db.select().from(promoterApplications).where(eq(promoterApplications.memberId, id)).orderBy(newestFirst(promoterApplications.createdAt), desc(promoterApplications.id)).limit(1),
    db
      .select({ id: communities.id, rid: communities.rid, name: communities.name })
      .from(communities)
      .where(and(eq(communities.ownerMemberId, id), eq(communities.status, 'active'))),
  ]);

  const balance = (kind: 'prestore' | 'points' | 'rebate') => Number(memberAccounts.find((a) => a.kind === kind)?.balanceFen ?? 0);
  const prestoreAccount = memberAccounts.find((a) => a.kind === 'prestore');
  const [recent, ownedBalances] = await Promise.all([
    prestoreAccount
      ? db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, prestoreAccount.id)).orderBy(desc(ledgerEntries.id)).limit(RECENT_ENTRIES)
      : Promise.resolve([]),
    balanceOf(db, 'community', owned.map((c) => c.id)),
  ]);

  const communityList: AdminMemberCommunity[] = memberships.map(({ m, c }) => ({
    rid: c.rid,
    name: c.name,
    unit: c.unit,
    role: m.role,
    status: m.status,
    reviewStatus: c.reviewStatus,
    dissolved: c.status === 'dissolved',
  }));

  return {
    account: {
      rid: member.rid,
      phone: member.phone,
      nickname: member.nickname,
      name: member.name,
      email: member.email,
      organization: member.organization,
      company: member.company,
      inviteCode: member.inviteCode,
      inviter: found.inviter ? { rid: found.inviter.rid, name: displayName(found.inviter), phone: found.inviter.phone } : null,
      disabled: member.disabled,
      createdAt: member.createdAt.toISOString(),
      lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
    },
    adviser: staffRef(member.adviserStaffId, found.adviserName),
    profile: toMemberProfile(member, profile),
    review: {
      status: profile?.reviewStatus ?? 'none',
      note: profile?.reviewNote ?? null,
      reviewedAt: profile?.reviewedAt?.toISOString() ?? null,
      reviewer: staffRef(profile?.reviewedBy ?? null, found.reviewerName),
    },
    addresses,
    orders: {
      total: orderFigures?.total ?? 0,
      open: orderFigures?.open ?? 0,
      completed: orderFigures?.completed ?? 0,
      cancelled: orderFigures?.cancelled ?? 0,
      paidFen: Number(orderFigures?.paidFen ?? 0),
      owedFen: Number(orderFigures?.owedFen ?? 0),
      latest: latest.map(toOrder),
    },
    funds: {
      prestoreFen: balance('prestore'),
      rebateFen: balance('rebate'),
      points: balance('points'),
      creditLimitFen,
      usableCoupons,
      communities: owned.map((c) => ({ rid: c.rid, name: c.name, balanceFen: ownedBalances.get(c.id) ?? 0 })),
      recent: recent.map(toLedgerEntry),
    },
    communities: communityList,
    partner: partner ? { rid: partner.rid, status: partner.status, statusText: partnerStatusLabels[partner.status], reason: partner.reason, createdAt: partner.createdAt.toISOString() } : null,
  };
}

/** member/orders: one member's orders, newest first (orders_member_idx). */
export async function listMemberOrders(db: DbOrTx, query: { rid: string; page: number; pageSize: number }): Promise<Page<AdminMemberOrder>> {
  const where = eq(orders.memberId, await memberIdOf(db, query.rid));
  return paginate(
    query,
    (w) => db.select().from(orders).where(where).orderBy(newestFirst(orders.createdAt), newestFirst(orders.id)).limit(w.limit).offset(w.offset),
    () => db.$count(orders, where),
    (rows) => rows.map(toOrder),
  );
}

/** member/ledger: one account of the member (prepaid funds, points or rebates), newest first, with its balance. */
export async function listMemberLedger(db: DbOrTx, query: AdminMemberLedgerBody): Promise<Page<LedgerEntry> & { balanceFen: number }> {
  const account = await accountOf(db, await memberIdOf(db, query.rid), query.kind);
  if (!account) return { list: [], total: 0, page: query.page, pageSize: query.pageSize, balanceFen: 0 };
  const where = eq(ledgerEntries.accountId, account.id);
  const page = await paginate(
    query,
    (w) => db.select().from(ledgerEntries).where(where).orderBy(desc(ledgerEntries.id)).limit(w.limit).offset(w.offset),
    () => db.$count(ledgerEntries, where),
    (rows) => rows.map(toLedgerEntry),
  );
  return { ...page, balanceFen: Number(account.balanceFen) };
}

/** member/coupons: one member's coupons, any status, newest first. */
export async function listMemberCoupons(db: DbOrTx, query: { rid: string; page: number; pageSize: number }, now: Date): Promise<Page<MemberCoupon>> {
  return listMyCoupons(db, await memberIdOf(db, query.rid), { page: query.page, pageSize: query.pageSize, status: undefined }, now);
}

/** member/consents: what the member agreed to and withdrew (agreements, 营销短信), newest first. */
export async function listMemberConsents(db: DbOrTx, rid: string): Promise<ConsentRecord[]> {
  return listConsentHistory(db, await memberIdOf(db, rid));
}
