import { and, count, desc, eq, gte, ilike, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { labDayEnd, labDayStart, type AdminMemberListBody, type AdminMemberRow, type Page, type StaffRef } from '@lab/contract';
import type { DbOrTx } from '../db/client';
import { paginate } from '../db/paginate';
import { members, staff } from '../areas/accounts/accounts.tables';
import { memberProfiles } from '../areas/member/member.tables';
import { escapeLike } from '../platform/sql-filters';

/**
 * The back office's member table (member/list; sales, finance): accounts' members with the
 * member area's review status and the adviser's name, filtered and sorted in SQL — a screen
 * over two areas, so a view. What staff change on a member is the member area's
 * (areas/member/member-admin.service.ts).
 */

type MemberRow = typeof members.$inferSelect;

/**
 * Orders that match the indexes drizzle-kit writes as `DESC NULLS LAST` (members_created_idx,
 * orders_member_idx). A plain `DESC` means NULLS FIRST to PostgreSQL, which then cannot walk
 * the index and sorts the whole table instead (measured: 0.1 ms against 200 ms at 100,000
 * members), even on NOT NULL columns.
 */
const newestFirst = (column: AnyPgColumn) => sql`${column} desc nulls last`;
const oldestFirst = (column: AnyPgColumn) => sql`${column} asc nulls first`;

const likeContains = (text: string) => `%${escapeLike(text)}%`;
const adviser = alias(staff, 'adviser');
const staffRef = (id: number | null, name: string | null): StaffRef | null => (id === null || name === null ? null : { id, name });

const rowColumns = {
  member: members,
  reviewStatus: memberProfiles.reviewStatus,
  adviserName: adviser.name,
};

function toRow(r: { member: MemberRow; reviewStatus: AdminMemberRow['reviewStatus'] | null; adviserName: string | null }): AdminMemberRow {
  const m = r.member;
  return {
    rid: m.rid,
    phone: m.phone,
    nickname: m.nickname,
    name: m.name,
    company: m.company,
    organization: m.organization,
    reviewStatus: r.reviewStatus ?? 'none',
    adviser: staffRef(m.adviserStaffId, r.adviserName),
    disabled: m.disabled,
    createdAt: m.createdAt.toISOString(),
    lastLoginAt: m.lastLoginAt?.toISOString() ?? null,
  };
}

/**
 * The keyword of the member table. Digits are a phone number: a whole one is found through the
 * phone's unique index, part of one among phones only; words are looked for in name, nickname
 * and company (there is no trigram index on members, so those scan: ~150 ms at 100,000 members).
 */
function keywordFilter(keyword: string): SQL {
  if (/^1\d{10}$/.test(keyword)) return eq(members.phone, keyword);
  if (/^\d+$/.test(keyword)) return like(members.phone, likeContains(keyword));
  const pattern = likeContains(keyword);
  return or(ilike(members.name, pattern), ilike(members.nickname, pattern), ilike(members.company, pattern))!;
}

/**
 * member/list: filtered and sorted in SQL; one query for the page (with profile and adviser
 * joined) and one for the total. `viewerId` is who asks, for the adviser filter 'me'.
 */
export async function listMembers(db: DbOrTx, query: AdminMemberListBody, viewerId: number): Promise<Page<AdminMemberRow>> {
  const filters: SQL[] = [];
  if (query.keyword) filters.push(keywordFilter(query.keyword));
  if (query.organization === 'none') filters.push(isNull(members.organization));
  else if (query.organization !== undefined) filters.push(eq(members.organization, Number(query.organization)));
  if (query.review === 'none') filters.push(or(isNull(memberProfiles.memberId), eq(memberProfiles.reviewStatus, 'none'))!);
  else if (query.review) filters.push(eq(memberProfiles.reviewStatus, query.review));
  if (query.adviser === 'none') filters.push(isNull(members.adviserStaffId));
  else if (query.adviser !== undefined) filters.push(eq(members.adviserStaffId, query.adviser === 'me' ? viewerId : query.adviser));
  if (query.status) filters.push(eq(members.disabled, query.status === 'disabled'));
  if (query.from) filters.push(gte(members.createdAt, labDayStart(query.from)));
  if (query.to) filters.push(lt(members.createdAt, labDayEnd(query.to)));
  const where = filters.length ? and(...filters) : undefined;

  const direction = query.order === 'ascend' ? 'asc' : 'desc';
  // never-logged-in members sort after everyone who has, whichever way
  const order =
    query.sort === 'lastLoginAt'
      ? [sql`${members.lastLoginAt} ${sql.raw(direction)} nulls last`, desc(members.id)]
      : direction === 'asc'
        ? [oldestFirst(members.createdAt), oldestFirst(members.id)]
        : [newestFirst(members.createdAt), newestFirst(members.id)];

  const needsProfile = query.review !== undefined;
  return paginate(
    query,
    (w) =>
      db
        .select(rowColumns)
        .from(members)
        .leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id))
        .leftJoin(adviser, eq(adviser.id, members.adviserStaffId))
        .where(where)
        .orderBy(...order)
        .limit(w.limit)
        .offset(w.offset),
    async () => {
      const [total] = await (needsProfile
        ? db.select({ n: count() }).from(members).leftJoin(memberProfiles, eq(memberProfiles.memberId, members.id)).where(where)
        : db.select({ n: count() }).from(members).where(where));
      return total?.n ?? 0;
    },
    (rows) => rows.map(toRow),
  );
}
