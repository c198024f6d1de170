import { inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { namedMembers } from '../accounts';

/** The keyword filter every finance table shares: the member or the record's number (the date range is platform/sql-filters' dayRange). */

/**
 * The keyword condition of a finance table: the member (accounts' `namedMembers`: a phone,
 * its beginning, or a name) or one of the record's own numbers (exact; numbers are printed in
 * capitals, so the upper-cased keyword counts too). The members are looked up first, so the
 * table is then read through its member index (and the numbers through theirs) instead of
 * testing every row against a subquery: 300 ms → a few ms on 100,000 top-ups.
 */
export async function keywordFilter(db: DbOrTx, memberIdColumn: AnyColumn, keyword: string | undefined, numberColumns: AnyColumn[] = []): Promise<SQL | undefined> {
  if (!keyword) return undefined;
  const byMember = (await namedMembers(db, keyword)).in(memberIdColumn);
  const numbers = [...new Set([keyword, keyword.toUpperCase()])];
  return or(byMember, ...numberColumns.map((column) => inArray(column, numbers))) ?? sql`false`;
}
