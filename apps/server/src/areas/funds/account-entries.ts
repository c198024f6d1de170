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

type EntryTotal = { type: EntryRow['type']; incoming: boolean; sumFen: number };

/**
 * An account's entries: one page of them, newest first; or with `'totals'`, summed by type and
 * sign (money in apart from money out).
 */
export async function accountEntries(db: DbOrTx, accountId: number, query: PageQuery): Promise<Page<EntryRow>>;
export async function accountEntries(db: DbOrTx, accountId: number, query: 'totals'): Promise<EntryTotal[]>;
export async function accountEntries(db: DbOrTx, accountId: number, query: PageQuery | 'totals'): Promise<Page<EntryRow> | EntryTotal[]> {
  const where = eq(ledgerEntries.accountId, accountId);
  if (query === 'totals') {
    const incoming = sql<boolean>`${ledgerEntries.amountFen} > 0`;
    const rows = await db
      .select({ type: ledgerEntries.type, incoming, sumFen: sql<string>`sum(${ledgerEntries.amountFen})` })
      .from(ledgerEntries)
      .where(where)
      .groupBy(ledgerEntries.type, incoming);
    return rows.map((r) => ({ type: r.type, incoming: r.incoming, sumFen: Number(r.sumFen) }));
  }
  return paginate(
    query,
    (w) => db.select().from(ledgerEntries).where(where).orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id)).limit(w.limit).offset(w.offset),
    () => db.$count(ledgerEntries, where),
  );
}

/** Locks these accounts' rows in id order (two opposite moves cannot deadlock). */
export async function lockAccounts(tx: Tx, accountIds: number[]): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(inArray(accounts.id, accountIds)).orderBy(asc(accounts.id)).for('update');
}
