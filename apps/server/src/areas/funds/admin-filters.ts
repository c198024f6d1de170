import { and, eq, gte, ilike, inArray, like, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AdminMemberRef } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { labDayEnd, labDayStart } from '@lab/contract';
import { members } from '../accounts/accounts.tables';

/** The filters every finance table shares: a keyword over the member or the record's number, a Shanghai date range. */

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Beyond this many matching members the condition stays a subquery (a keyword like '1'). */
const MEMBER_IDS_INLINE = 2_000;

/**
 * How a keyword names members: a whole phone number exactly (its unique index), digits as the
 * beginning of a phone, anything else in the name, nickname or company. A top-up number
 * (YC…) names no member, so the members are not read for it.
 */
export function memberMatch(keyword: string): SQL | null {
  if (/^1\d{10}$/.test(keyword)) return eq(members.phone, keyword);
  if (/^\d+$/.test(keyword)) return like(members.phone, `${keyword}%`);
  if (/^YC\d{6,}$/i.test(keyword)) return null;
  const contains = `%${escapeLike(keyword)}%`;
  // Chinese has no case: LIKE is several times cheaper than ILIKE on a full scan
  const matches = /[A-Za-z]/.test(keyword) ? ilike : like;
  return or(matches(members.name, contains), matches(members.nickname, contains), matches(members.company, contains))!;
}

const membersNamed = (db: DbOrTx, match: SQL) => db.select({ id: members.id }).from(members).where(match);

/**
 * The keyword condition of a finance table: the member (`memberMatch`) or one of the record's own numbers (exact; numbers are printed in
 * capitals, so the upper-cased keyword counts too). The members are looked up first, so the
 * table is then read through its member index (and the numbers through theirs) instead of
 * testing every row against a subquery: 300 ms → a few ms on 100,000 top-ups.
 */
export async function keywordFilter(db: DbOrTx, memberIdColumn: AnyColumn, keyword: string | undefined, numberColumns: AnyColumn[] = []): Promise<SQL | undefined> {
  if (!keyword) return undefined;
  const byMember = await memberCondition(db, memberIdColumn, keyword);
  const numbers = [...new Set([keyword, keyword.toUpperCase()])];
  return or(byMember, ...numberColumns.map((column) => inArray(column, numbers))) ?? sql`false`;
}

/** The members a keyword names, read once: `in(column)` is the condition that a column holds one of them. */
export async function namedMembers(db: DbOrTx, keyword: string): Promise<{ in: (column: AnyColumn) => SQL | undefined }> {
  const match = memberMatch(keyword);
  if (!match) return { in: () => undefined };
  const found = await membersNamed(db, match).limit(MEMBER_IDS_INLINE + 1);
  // their ids inline, or the subquery when there are very many
  if (found.length > MEMBER_IDS_INLINE) return { in: (column) => inArray(column, membersNamed(db, match)) };
  const ids = found.map((m) => m.id);
  return { in: (column) => (ids.length ? inArray(column, ids) : undefined) };
}

/** `column` is one of the members a keyword names. */
export const memberCondition = async (db: DbOrTx, column: AnyColumn, keyword: string) => (await namedMembers(db, keyword)).in(column);

/** [from 00:00, to+1 00:00) in Shanghai. */
export function dayRange(column: AnyColumn, from: string | undefined, to: string | undefined): SQL | undefined {
  return and(from ? gte(column, labDayStart(from)) : undefined, to ? lt(column, labDayEnd(to)) : undefined);
}

export const memberRefColumns = { rid: members.rid, phone: members.phone, name: members.name, nickname: members.nickname, company: members.company };

export const toMemberRef = (m: { rid: string; phone: string; name: string | null; nickname: string; company: string | null }): AdminMemberRef => ({
  rid: m.rid,
  phone: m.phone,
  name: m.name || m.nickname,
  company: m.company,
});

