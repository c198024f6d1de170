import { and, asc, count, desc, eq, gt, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  entryTypeLabels,
  MEMBER_LOOKUP_LIMIT,
  type AdminAccount,
  type AdminAccountListBody,
  type AdminLedger,
  type AdminLedgerBody,
  type AdminLedgerEntry,
  type AdminLedgerExportQuery,
  type AdminMemberRef,
  type Page,
} from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../platform/errors';
import { members, staff } from '../accounts/accounts.tables';
import { communities } from '../member/member.tables';
import { accounts, ledgerEntries } from './funds.tables';
import { dayRange, escapeLike, memberMatch, memberRefColumns, namedMembers, toMemberRef } from './admin-filters';
import { EXPORT_MAX_ROWS } from './admin-queues.service';
import { withChannels } from './online-channels';
import { paginate } from '../../db/paginate';

/**
 * 资金账户: the prepaid-funds accounts of members and communities with their balances, and
 * one account's ledger. An account exists once its owner first moved money (ensureAccount),
 * so the list is the accounts table joined with whoever owns each row.
 */

const owner = alias(members, 'community_owner');

const accountColumns = {
  a: accounts,
  member: { rid: members.rid, phone: members.phone, name: members.name, nickname: members.nickname },
  community: { rid: communities.rid, name: communities.name },
  owner: { rid: owner.rid, phone: owner.phone, name: owner.name, nickname: owner.nickname },
};

type AccountRow = {
  a: typeof accounts.$inferSelect;
  member: { rid: string; phone: string; name: string | null; nickname: string } | null;
  community: { rid: string; name: string } | null;
  owner: { rid: string; phone: string; name: string | null; nickname: string } | null;
};

function toAdminAccount(row: AccountRow): AdminAccount {
  const { a, member, community } = row;
  const communityOwner = row.owner ? { rid: row.owner.rid, name: row.owner.name || row.owner.nickname, phone: row.owner.phone } : null;
  return {
    id: a.id,
    ownerKind: a.ownerKind,
    ownerRid: a.ownerKind === 'member' ? (member?.rid ?? '') : (community?.rid ?? ''),
    ownerName: a.ownerKind === 'member' ? (member?.name || member?.nickname || '') : (community?.name ?? ''),
    phone: a.ownerKind === 'member' ? (member?.phone ?? null) : (communityOwner?.phone ?? null),
    communityOwner: a.ownerKind === 'community' ? communityOwner : null,
    balanceFen: Number(a.balanceFen),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** The accounts joined with their owners (a member, or a community and the member who owns it). */
const accountsWithOwners = (db: DbOrTx) =>
  db
    .select(accountColumns)
    .from(accounts)
    .leftJoin(members, and(eq(accounts.ownerKind, 'member'), eq(members.id, accounts.ownerId)))
    .leftJoin(communities, and(eq(accounts.ownerKind, 'community'), eq(communities.id, accounts.ownerId)))
    .leftJoin(owner, eq(owner.id, communities.ownerMemberId));

/**
 * The filters read the accounts table alone (its owner index serves the keyword): the members
 * and communities a keyword names are looked up first — a member by phone or name, a
 * community by its name or its owner's.
 */
async function accountWhere(db: DbOrTx, query: Omit<AdminAccountListBody, 'page' | 'pageSize' | 'sort' | 'order'>): Promise<SQL | undefined> {
  let byOwner: SQL | undefined;
  if (query.keyword) {
    const people = await namedMembers(db, query.keyword);
    const byMember = people.in(accounts.ownerId);
    const contains = `%${escapeLike(query.keyword)}%`;
    const named = await db
      .select({ id: communities.id })
      .from(communities)
      .where(or(/[A-Za-z]/.test(query.keyword) ? ilike(communities.name, contains) : like(communities.name, contains), people.in(communities.ownerMemberId)))
      .limit(2_000);
    byOwner =
      or(
        byMember ? and(eq(accounts.ownerKind, 'member'), byMember) : undefined,
        named.length ? and(eq(accounts.ownerKind, 'community'), inArray(accounts.ownerId, named.map((c) => c.id))) : undefined,
      ) ?? sql`false`;
  }
  return and(
    eq(accounts.kind, 'prestore'),
    query.owner_kind ? eq(accounts.ownerKind, query.owner_kind) : undefined,
    query.nonzero === '1' ? gt(accounts.balanceFen, 0) : undefined,
    byOwner,
  );
}

/** The page is chosen on the accounts table alone; the owners of its rows are read in one more query. */
export async function adminListAccounts(db: DbOrTx, query: AdminAccountListBody): Promise<Page<AdminAccount>> {
  const where = await accountWhere(db, query);
  const column = query.sort === 'balanceFen' ? accounts.balanceFen : accounts.updatedAt;
  const direction = query.order === 'ascend' ? asc : desc;
  return paginate(
    query,
    (w) => db.select({ id: accounts.id }).from(accounts).where(where).orderBy(direction(column), direction(accounts.id)).limit(w.limit).offset(w.offset),
    () => db.$count(accounts, where),
    async (page) => {
      const ids = page.map((p) => p.id);
      const rows = ids.length ? await accountsWithOwners(db).where(inArray(accounts.id, ids)) : [];
      const byId = new Map(rows.map((r) => [r.a.id, r]));
      return ids.map((id) => toAdminAccount(byId.get(id)!));
    },
  );
}

/** One prepaid-funds account by id. */
export async function getAdminAccount(db: DbOrTx, id: number): Promise<AdminAccount> {
  const [row] = await accountsWithOwners(db)
    .where(and(eq(accounts.id, id), eq(accounts.kind, 'prestore')))
    .limit(1);
  if (!row) throw notFound('资金账户');
  return toAdminAccount(row);
}

type LedgerQuery = Omit<AdminLedgerBody, 'page' | 'pageSize'> & { page?: number; pageSize?: number };

const ledgerWhere = (query: LedgerQuery) =>
  and(eq(ledgerEntries.accountId, query.account_id), query.type ? eq(ledgerEntries.type, query.type) : undefined, dayRange(ledgerEntries.createdAt, query.from, query.to));

async function ledgerRows(db: DbOrTx, query: LedgerQuery): Promise<AdminLedgerEntry[]> {
  const rows = await db
    .select({ e: ledgerEntries, staffName: staff.name })
    .from(ledgerEntries)
    .leftJoin(staff, and(eq(ledgerEntries.actorKind, 'staff'), eq(staff.id, ledgerEntries.actorId)))
    .where(ledgerWhere(query))
    // the (account_id, id) index: newest first without a sort
    .orderBy(desc(ledgerEntries.id))
    .limit(query.page && query.pageSize ? query.pageSize : EXPORT_MAX_ROWS)
    .offset(query.page && query.pageSize ? (query.page - 1) * query.pageSize : 0);
  return withChannels(db, rows.map(({ e, staffName }) => toAdminLedgerEntry(e, staffName)));
}

/** A ledger entry as the back office lists it (without its channel: withChannels adds that). */
export const toAdminLedgerEntry = (e: typeof ledgerEntries.$inferSelect, staffName: string | null): AdminLedgerEntry => ({
  id: e.id,
  type: e.type,
  typeText: entryTypeLabels[e.type],
  amountFen: Number(e.amountFen),
  balanceAfterFen: Number(e.balanceAfterFen),
  reference: e.reference,
  note: e.note,
  createdAt: e.createdAt.toISOString(),
  actorKind: e.actorKind,
  actorName: staffName,
});

/** An account's ledger, newest first, with the account itself. */
export async function adminLedger(db: DbOrTx, query: AdminLedgerBody): Promise<AdminLedger> {
  const account = await getAdminAccount(db, query.account_id);
  const [list, [total]] = await Promise.all([ledgerRows(db, query), db.select({ n: count() }).from(ledgerEntries).where(ledgerWhere(query))]);
  return { account, list, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function ledgerForExport(db: DbOrTx, query: AdminLedgerExportQuery): Promise<{ account: AdminAccount; entries: AdminLedgerEntry[] }> {
  const account = await getAdminAccount(db, query.account_id);
  return { account, entries: await ledgerRows(db, query) };
}

/** Members by phone (or its beginning) or name, for picking one (issuing a coupon). */
export async function lookupMembers(db: DbOrTx, keyword: string): Promise<AdminMemberRef[]> {
  const match = memberMatch(keyword);
  if (!match) return [];
  const rows = await db
    .select(memberRefColumns)
    .from(members)
    .where(match)
    // an exact phone first, then the newest members
    .orderBy(sql`${members.phone} = ${keyword} desc`, desc(members.createdAt), desc(members.id))
    .limit(MEMBER_LOOKUP_LIMIT);
  return rows.map(toMemberRef);
}
