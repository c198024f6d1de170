import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { communityReviewLabels, type AdminCommunity, type AdminCommunityListBody, type AdminCommunityRefuseBody, type Page } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { auditEntity } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { memberContact, memberContacts, namedMembers, staffNames } from '../accounts';
import { postMessage } from '../messages';
import { communities, communityMembers } from './member.tables';
import { escapeLike } from '../../platform/sql-filters';

/**
 * 科研团体 reviews. A teacher's new community is pending: its owner runs it (adds members
 * directly), but other members neither find it in cluster/search nor apply to it until sales
 * approves it. A refusal carries a reason for the owner; editing a refused community puts it
 * back in the queue (communities.service editCommunity).
 */

const likeContains = (text: string) => `%${escapeLike(text)}%`;
const COMMUNITY_LINK = '/member/communityMg';

type CommunityRow = typeof communities.$inferSelect;

/** A community in the audit log: what the lab reviewed and the decision; the key is its rid. */
export const communityAudit = auditEntity<string>('community', async (db, rid) => {
  const [c] = await db.select().from(communities).where(eq(communities.rid, String(rid))).limit(1);
  if (!c) return null;
  const owner = await memberContact(db, c.ownerMemberId);
  if (!owner) return null;
  return {
    rid: c.rid,
    name: c.name,
    unit: c.unit,
    description: c.description,
    owner: { rid: owner.rid, name: owner.name },
    status: c.status,
    reviewStatus: c.reviewStatus,
    reviewNote: c.reviewNote,
    reviewedAt: c.reviewedAt,
    reviewedBy: c.reviewedBy,
  };
});

/** The page's rows with their owners and reviewers (accounts' face, by id) and member and application counts (one grouped query for the page). */
async function views(db: DbOrTx, rows: CommunityRow[]): Promise<AdminCommunity[]> {
  const ids = rows.map((c) => c.id);
  const [owners, reviewers, counts] = await Promise.all([
    memberContacts(db, rows.map((c) => c.ownerMemberId)),
    staffNames(db, rows.map((c) => c.reviewedBy)),
    ids.length === 0
      ? []
      : db
          .select({
            communityId: communityMembers.communityId,
            approved: sql<number>`(count(*) filter (where ${communityMembers.status} = 'approved'))::int`,
            pending: sql<number>`(count(*) filter (where ${communityMembers.status} = 'pending'))::int`,
          })
          .from(communityMembers)
          .where(inArray(communityMembers.communityId, ids))
          .groupBy(communityMembers.communityId),
  ]);
  const countOf = new Map(counts.map((c) => [c.communityId, c]));
  return rows.flatMap((c) => {
    const o = owners.get(c.ownerMemberId);
    if (!o) return [];
    const reviewerName = c.reviewedBy === null ? null : (reviewers.get(c.reviewedBy) ?? null);
    return [
      {
        rid: c.rid,
        name: c.name,
        unit: c.unit,
        description: c.description,
        owner: { rid: o.rid, name: o.name || o.nickname, phone: o.phone, company: o.company, organization: o.organization },
        memberCount: countOf.get(c.id)?.approved ?? 0,
        pendingApplications: countOf.get(c.id)?.pending ?? 0,
        dissolved: c.status === 'dissolved',
        reviewStatus: c.reviewStatus,
        reviewNote: c.reviewNote,
        reviewedAt: c.reviewedAt?.toISOString() ?? null,
        reviewer: c.reviewedBy !== null && reviewerName !== null ? { id: c.reviewedBy, name: reviewerName } : null,
        createdAt: c.createdAt.toISOString(),
      },
    ];
  });
}

/** community/list: by review status (communities_review_idx) and a keyword over name, unit and the owner; oldest first unless asked otherwise. */
export async function listCommunitiesForReview(db: DbOrTx, query: AdminCommunityListBody): Promise<Page<AdminCommunity>> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(communities.reviewStatus, query.status));
  if (query.keyword) {
    const like = likeContains(query.keyword);
    // the owner as accounts names members: a phone, or words in name, nickname, unit
    const owners = (await namedMembers(db, query.keyword)).in(communities.ownerMemberId);
    filters.push(or(ilike(communities.name, like), ilike(communities.unit, like), owners)!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const direction = query.order === 'descend' ? desc : asc;
  return paginate(
    query,
    (w) =>
      db
        .select()
        .from(communities)
        .where(where)
        .orderBy(direction(communities.createdAt), direction(communities.id))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(communities, where),
    (rows) => views(db, rows),
  );
}

async function communityView(db: DbOrTx, id: number): Promise<AdminCommunity> {
  const rows = await db.select().from(communities).where(eq(communities.id, id)).limit(1);
  const [view] = await views(db, rows);
  if (!view) throw notFound('科研团体');
  return view;
}

/**
 * Decides a pending community with its row locked; a dissolved one is not reviewed any more.
 * The owner hears the decision in-site.
 */
async function decide(db: Db, staffId: number, rid: string, decision: { approve: boolean; reason: string | null }, now: Date): Promise<AdminCommunity> {
  const id = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(communities).where(eq(communities.rid, rid)).for('update');
    if (!current) throw notFound('科研团体');
    if (current.status === 'dissolved') throw new AppError('COMMUNITY_DISSOLVED', '该团体已解散，无需审核', { status: 409 });
    if (current.reviewStatus !== 'pending') {
      throw new AppError('COMMUNITY_REVIEW_STATE', `该团体${communityReviewLabels[current.reviewStatus]}，不能重复审核`, { status: 409 });
    }
    await tx
      .update(communities)
      .set({ reviewStatus: decision.approve ? 'approved' : 'refused', reviewNote: decision.reason, reviewedAt: now, reviewedBy: staffId, updatedAt: now })
      .where(and(eq(communities.id, current.id), eq(communities.reviewStatus, 'pending')));
    await postMessage(
      tx,
      current.ownerMemberId,
      decision.approve
        ? { kind: 'community', title: '科研团体审核通过', content: `您创建的科研团体「${current.name}」已通过审核，其他用户现在可以搜索并申请加入。`, link: COMMUNITY_LINK }
        : { kind: 'community', title: '科研团体审核未通过', content: `很抱歉，您创建的科研团体「${current.name}」未通过审核，原因：${decision.reason}。修改团体信息后将重新提交审核。`, link: COMMUNITY_LINK },
      now,
    );
    return current.id;
  });
  return communityView(db, id);
}

export const approveCommunity = (db: Db, staffId: number, rid: string, now: Date) => decide(db, staffId, rid, { approve: true, reason: null }, now);

export const refuseCommunity = (db: Db, staffId: number, input: AdminCommunityRefuseBody, now: Date) => decide(db, staffId, input.rid, { approve: false, reason: input.reason }, now);
