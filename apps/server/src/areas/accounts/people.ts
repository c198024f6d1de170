import { and, asc, eq, ilike, inArray, like, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AdminMemberRef, StaffRole } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { members, staff, staffWxBindings, wxBindings } from './accounts.tables';
import { escapeLike } from '../../platform/sql-filters';

/**
 * Who a member or a staff member is, as other areas read it: by id, in one query per page
 * (the primary keys), instead of joining the accounts tables. A list reads its own rows, then
 * `memberRefs` / `staffNames` for the ids on the page.
 */

/** A member as a back-office table names them. */
export interface MemberContact {
  id: number;
  rid: string;
  phone: string;
  name: string | null;
  nickname: string;
  email: string | null;
  organization: number | null;
  company: string | null;
  disabled: boolean;
  closedAt: Date | null;
  adviserStaffId: number | null;
  createdAt: Date;
}

const contactColumns = {
  id: members.id,
  rid: members.rid,
  phone: members.phone,
  name: members.name,
  nickname: members.nickname,
  email: members.email,
  organization: members.organization,
  company: members.company,
  disabled: members.disabled,
  closedAt: members.closedAt,
  adviserStaffId: members.adviserStaffId,
  createdAt: members.createdAt,
};

/**
 * One member's contact fields, by id or by phone number, or null; with the WeChat bound to them
 * (the official account's openid and whether they still follow it: what a notice by WeChat
 * needs), or null.
 */
export async function memberContact(db: DbOrTx, key: number | { phone: string }): Promise<(MemberContact & { wechat: { openid: string; subscribed: boolean } | null }) | null> {
  const [row] = await db
    .select({ ...contactColumns, openid: wxBindings.openid, subscribed: wxBindings.subscribed })
    .from(members)
    .leftJoin(wxBindings, eq(wxBindings.memberId, members.id))
    .where(typeof key === 'number' ? eq(members.id, key) : eq(members.phone, key.phone))
    .limit(1);
  if (!row) return null;
  const { openid, subscribed, ...contact } = row;
  return { ...contact, wechat: openid === null ? null : { openid, subscribed: subscribed ?? false } };
}

/** The members with these phone numbers, by phone (numbers of no member are absent). */
export async function membersByPhone(db: DbOrTx, phones: Iterable<string>): Promise<Map<string, MemberContact>> {
  const unique = [...new Set(phones)];
  if (!unique.length) return new Map();
  const rows = await db.select(contactColumns).from(members).where(inArray(members.phone, unique));
  return new Map(rows.map((row) => [row.phone, row]));
}

/** Every member who may log in, as a subquery of ids (`id`): for one statement over all of them (an announcement to all). */
export const activeMemberIds = (db: DbOrTx) => db.select({ id: members.id }).from(members).where(eq(members.disabled, false));

/** How many members are registered (注册客户, the site's figures). */
export const countMembers = (db: DbOrTx): Promise<number> => db.$count(members);

/**
 * Several members by id (missing ids are absent from the map): their contact fields, or with
 * `'refs'` as the back office's tables name them (the name or nickname, phone, unit).
 */
export async function memberContacts(db: DbOrTx, ids: Iterable<number>): Promise<Map<number, MemberContact>>;
export async function memberContacts(db: DbOrTx, ids: Iterable<number>, as: 'refs'): Promise<Map<number, AdminMemberRef>>;
export async function memberContacts(db: DbOrTx, ids: Iterable<number>, as?: 'refs'): Promise<Map<number, MemberContact | AdminMemberRef>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select(contactColumns).from(members).where(inArray(members.id, unique));
  return new Map(rows.map((row) => [row.id, as === 'refs' ? toMemberRef(row) : row]));
}

/** How the back office's tables name a member: the name (or nickname), phone, unit. */
export const toMemberRef = (m: { rid: string; phone: string; name: string | null; nickname: string; company: string | null }): AdminMemberRef => ({
  rid: m.rid,
  phone: m.phone,
  name: m.name || m.nickname,
  company: m.company,
});

/** Staff members' names by id (missing ids are absent). */
export async function staffNames(db: DbOrTx, ids: Iterable<number | null | undefined>): Promise<Map<number, string>> {
  const unique = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Staff members by id as a decision names them: the name (or the login account), the role and
 * whether the account is disabled (missing ids are absent).
 */
export async function staffRefs(db: DbOrTx, ids: Iterable<number | null | undefined>): Promise<Map<number, { name: string; role: StaffRole; disabled: boolean }>> {
  const unique = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: staff.id, name: staff.name, account: staff.account, role: staff.role, disabled: staff.disabled })
    .from(staff)
    .where(inArray(staff.id, unique));
  return new Map(rows.map((row) => [row.id, { name: row.name || row.account, role: row.role, disabled: row.disabled }]));
}

/**
 * How to reach every enabled staff member of a role, oldest account first: the phone (null when
 * none is on file) and the WeChat bound for the promise alerts (null when none).
 */
export async function staffContactsOfRole(db: DbOrTx, role: StaffRole): Promise<{ staffId: number; phone: string | null; wechat: { openid: string; subscribed: boolean } | null }[]> {
  const rows = await db
    .select({ staffId: staff.id, phone: staff.phone, openid: staffWxBindings.openid, subscribed: staffWxBindings.subscribed })
    .from(staff)
    .leftJoin(staffWxBindings, eq(staffWxBindings.staffId, staff.id))
    .where(and(eq(staff.role, role), eq(staff.disabled, false)))
    .orderBy(asc(staff.id));
  return rows.map((row) => ({ staffId: row.staffId, phone: row.phone, wechat: row.openid === null ? null : { openid: row.openid, subscribed: row.subscribed ?? false } }));
}

/** Beyond this many matching members the condition stays a subquery (a keyword like '1'). */
const MEMBER_IDS_INLINE = 2_000;

/**
 * How a keyword names members: a whole phone number exactly (its unique index), digits as the
 * beginning of a phone, anything else in the name, nickname or company. A top-up number
 * (YC…) names no member, so the members are not read for it.
 */
function memberMatch(keyword: string): SQL | null {
  if (/^1\d{10}$/.test(keyword)) return eq(members.phone, keyword);
  if (/^\d+$/.test(keyword)) return like(members.phone, `${keyword}%`);
  if (/^YC\d{6,}$/i.test(keyword)) return null;
  const contains = `%${escapeLike(keyword)}%`;
  // Chinese has no case: LIKE is several times cheaper than ILIKE on a full scan
  const matches = /[A-Za-z]/.test(keyword) ? ilike : like;
  return or(matches(members.name, contains), matches(members.nickname, contains), matches(members.company, contains))!;
}

const membersNamed = (db: DbOrTx, match: SQL) => db.select({ id: members.id }).from(members).where(match);

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
