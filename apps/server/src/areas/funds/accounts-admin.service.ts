import { and, asc, count, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
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
import { lookupMembers as lookup, memberContacts, namedMembers, staffNames } from '../accounts';
import { communitiesNamed, communityRefs } from '../member';
import { accounts, ledgerEntries } from './ledger.tables';
import { withChannels } from './online-channels';
import { paginate } from '../../db/paginate';
import { EXPORT_MAX_ROWS } from '../../platform/xlsx';
import { dayRange } from '../../platform/sql-filters';

/**
 * 资金账户: the prepaid-funds accounts of members and communities with their balances, and
 * one account's ledger. An account exists once its owner first moved money (ensureAccount),
 * so the list is the accounts table; whoever owns the rows of a page (a member, or a community
 * and the member who owns it) is read by id from the accounts and member areas.
 */

type AccountRow = typeof accounts.$inferSelect;

/** The accounts with their owners: the communities of the rows, then the members (the rows' and the communities' owners), one query each. */
async function withOwners(db: DbOrTx, rows: AccountRow[]): Promise<AdminAccount[]> {
  const communities = await communityRefs(db, rows.filter((a) => a.ownerKind === 'community').map((a) => a.ownerId));
  const people = await memberContacts(db, [...rows.filter((a) => a.ownerKind === 'member').map((a) => a.ownerId), ...[...communities.values()].map((c) => c.ownerMemberId)]);
  return rows.map((a) => {
    const member = a.ownerKind === 'member' ? people.get(a.ownerId) : undefined;
    const community = a.ownerKind === 'community' ? communities.get(a.ownerId) : undefined;
    const owner = community ? people.get(community.ownerMemberId) : undefined;
    const communityOwner = owner ? { rid: owner.rid, name: owner.name || owner.nickname, phone: owner.phone } : null;
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
  });
}

/**
 * The filters read the accounts table alone (its owner index serves the keyword): the members
 * and communities a keyword names are looked up first — a member by phone or name, a
 * community by its name or its owner's.
 */
async function accountWhere(db: DbOrTx, query: Omit<AdminAccountListBody, 'page' | 'pageSize' | 'sort' | 'order'>): Promise<SQL | undefined> {
  let byOwner: SQL | undefined;
  if (query.keyword) {
    const byMember = (await namedMembers(db, query.keyword)).in(accounts.ownerId);
    const named = await communitiesNamed(db, query.keyword);
    byOwner =
      or(
        byMember ? and(eq(accounts.ownerKind, 'member'), byMember) : undefined,
        named.length ? and(eq(accounts.ownerKind, 'community'), inArray(accounts.ownerId, named)) : undefined,
      ) ?? sql`false`;
  }
  return and(
    eq(accounts.kind, 'prestore'),
    query.owner_kind ? eq(accounts.ownerKind, query.owner_kind) : undefined,
    query.nonzero === '1' ? gt(accounts.balanceFen, 0) : undefined,
    byOwner,
  );
}

/** The page is chosen on the accounts table alone; the owners of its rows are read by id. */
export async function adminListAccounts(db: DbOrTx, query: AdminAccountListBody): Promise<Page<AdminAccount>> {
  const where = await accountWhere(db, query);
  const column = query.sort === 'balanceFen' ? accounts.balanceFen : accounts.updatedAt;
  const direction = query.order === 'ascend' ? asc : desc;
  return paginate(
    query,
    (w) => db.select().from(accounts).where(where).orderBy(direction(column), direction(accounts.id)).limit(w.limit).offset(w.offset),
    () => db.$count(accounts, where),
    (page) => withOwners(db, page),
  );
}

/** One prepaid-funds account by id. */
export async function getAdminAccount(db: DbOrTx, id: number): Promise<AdminAccount> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.kind, 'prestore')))
    .limit(1);
  if (!row) throw notFound('资金账户');
  return (await withOwners(db, [row]))[0]!;
}

type LedgerQuery = Omit<AdminLedgerBody, 'page' | 'pageSize'> & { page?: number; pageSize?: number };

const ledgerWhere = (query: LedgerQuery) =>
  and(eq(ledgerEntries.accountId, query.account_id), query.type ? eq(ledgerEntries.type, query.type) : undefined, dayRange(ledgerEntries.createdAt, query.from, query.to));

async function ledgerRows(db: DbOrTx, query: LedgerQuery): Promise<AdminLedgerEntry[]> {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(ledgerWhere(query))
    // the (account_id, id) index: newest first without a sort
    .orderBy(desc(ledgerEntries.id))
    .limit(query.page && query.pageSize ? query.pageSize : EXPORT_MAX_ROWS)
    .offset(query.page && query.pageSize ? (query.page - 1) * query.pageSize : 0);
  const names = await staffNames(db, rows.filter((e) => e.actorKind === 'staff').map((e) => e.actorId));
  return withChannels(db, rows.map((e) => toAdminLedgerEntry(e, e.actorKind === 'staff' && e.actorId !== null ? (names.get(e.actorId) ?? null) : null)));
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
export const lookupMembers = (db: DbOrTx, keyword: string): Promise<AdminMemberRef[]> => lookup(db, keyword, MEMBER_LOOKUP_LIMIT);
