import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Page } from '@lab/contract';
import type { Tx, DbOrTx } from '../../db/client';
import { paginate, type PageQuery } from '../../db/paginate';
import { accounts, ledgerEntries } from './funds.tables';

/**
 * One account's entries as another area reads them (growth: a member's points history and
 * totals), and locking several accounts at once for a move between them.
 */

type EntryRow = typeof ledgerEntries.$inferSelect;

/** One page of an account's entries, newest first. */
export async function accountEntriesPage(db: DbOrTx, accountId: number, query: PageQuery): Promise<Page<EntryRow>> {
  const where = eq(ledgerEntries.accountId, accountId);
  return paginate(
    query,
    (w) => db.select().from(ledgerEntries).where(where).orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id)).limit(w.limit).offset(w.offset),
    () => db.$count(ledgerEntries, where),
  );
}

/** An account's entries summed by type and sign (money in apart from money out). */
export async function accountEntryTotals(db: DbOrTx, accountId: number): Promise<{ type: EntryRow['type']; incoming: boolean; sumFen: number }[]> {
  const incoming = sql<boolean>`${ledgerEntries.amountFen} > 0`;
  const rows = await db
    .select({ type: ledgerEntries.type, incoming, sumFen: sql<string>`sum(${ledgerEntries.amountFen})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId))
    .groupBy(ledgerEntries.type, incoming);
  return rows.map((r) => ({ type: r.type, incoming: r.incoming, sumFen: Number(r.sumFen) }));
}

/** Locks these accounts' rows in id order (two opposite moves cannot deadlock). */
export async function lockAccounts(tx: Tx, accountIds: number[]): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(inArray(accounts.id, accountIds)).orderBy(asc(accounts.id)).for('update');
}
