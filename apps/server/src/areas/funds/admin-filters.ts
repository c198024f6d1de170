import { and, gte, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { labDayEnd, labDayStart } from '@lab/contract';
import { memberCondition } from '../accounts';

/** The filters every finance table shares: a keyword over the member or the record's number, a Shanghai date range. */

/**
 * The keyword condition of a finance table: the member (accounts' `memberCondition`: a phone,
 * its beginning, or a name) or one of the record's own numbers (exact; numbers are printed in
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

/** [from 00:00, to+1 00:00) in Shanghai. */
export function dayRange(column: AnyColumn, from: string | undefined, to: string | undefined): SQL | undefined {
  return and(from ? gte(column, labDayStart(from)) : undefined, to ? lt(column, labDayEnd(to)) : undefined);
}
