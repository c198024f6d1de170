import { EXPORT_MAX_ROWS } from '../../platform/xlsx';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { entryTypeLabels, labDayEnd, labDayStart, type BalanceHistoryBody, type LedgerEntry, type Page } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { accounts, ledgerEntries } from './funds.tables';
import { ensureAccount } from './ledger.service';
import { withChannels } from './online-channels';
import { paginate } from '../../db/paginate';

import { findOwnedCommunity } from './prestore.service';

/** A member's (or their community's) balance history: the ledger of one account, newest first, and its export. */

/** The account a history query reads: the member's own, or a community they own. */
export async function historyAccount(db: DbOrTx, memberId: number, communityRid: string | undefined) {
  if (communityRid) {
    const community = await findOwnedCommunity(db, memberId, communityRid);
    return ensureAccount(db, 'community', community.id);
  }
  return ensureAccount(db, 'member', memberId);
}

/** Shanghai calendar dates → instants: [from 00:00, to+1 00:00). */
function historyWhere(accountId: number, query: Pick<BalanceHistoryBody, 'type' | 'from' | 'to'>): SQL | undefined {
  return and(
    eq(ledgerEntries.accountId, accountId),
    query.type ? eq(ledgerEntries.type, query.type) : undefined,
    query.from ? gte(ledgerEntries.createdAt, labDayStart(query.from)) : undefined,
    query.to ? lt(ledgerEntries.createdAt, labDayEnd(query.to)) : undefined,
  );
}

export const toLedgerEntry = (row: typeof ledgerEntries.$inferSelect): LedgerEntry => ({
  id: row.id,
  type: row.type,
  typeText: entryTypeLabels[row.type],
  amountFen: Number(row.amountFen),
  balanceAfterFen: Number(row.balanceAfterFen),
  reference: row.reference,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
});

/** prestore/balanceHistory: newest first, with the balance now. */
export async function balanceHistory(db: DbOrTx, memberId: number, query: BalanceHistoryBody): Promise<Page<LedgerEntry> & { balanceFen: number }> {
  const account = await historyAccount(db, memberId, query.community_rid);
  const where = historyWhere(account.id, query);
  const page = await paginate(
    query,
    (w) => db.select().from(ledgerEntries).where(where).orderBy(desc(ledgerEntries.id)).limit(w.limit).offset(w.offset),
    () => db.$count(ledgerEntries, where),
    (rows) => withChannels(db, rows.map(toLedgerEntry)),
  );
  return { ...page, balanceFen: Number(account.balanceFen) };
}


/** Every entry of the filtered history (export), newest first. */
export async function historyForExport(db: DbOrTx, memberId: number, query: Pick<BalanceHistoryBody, 'community_rid' | 'type' | 'from' | 'to'>): Promise<LedgerEntry[]> {
  const account = await historyAccount(db, memberId, query.community_rid);
  const rows = await db.select().from(ledgerEntries).where(historyWhere(account.id, query)).orderBy(desc(ledgerEntries.id)).limit(EXPORT_MAX_ROWS);
  return withChannels(db, rows.map(toLedgerEntry));
}

/** For tests and audits: does the cached balance equal the sum of the entries? */
export async function ledgerSum(db: DbOrTx, accountId: number): Promise<{ balanceFen: number; sumFen: number; entries: number }> {
  const [row] = await db
    .select({ balanceFen: accounts.balanceFen, sumFen: sql<string>`coalesce((select sum(amount_fen) from ledger_entries where account_id = ${accountId}), 0)`, entries: sql<number>`(select count(*)::int from ledger_entries where account_id = ${accountId})` })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return { balanceFen: Number(row?.balanceFen ?? 0), sumFen: Number(row?.sumFen ?? 0), entries: Number(row?.entries ?? 0) };
}
