import { and, gte, lt, type AnyColumn, type SQL } from 'drizzle-orm';
import { labDayEnd, labDayStart } from '@lab/contract';

/** Filters every list page shares, whatever its area. */

/** A LIKE pattern's own wildcards taken literally: `50%_off` matches itself, not everything. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** [from 00:00, to+1 00:00) in Shanghai. */
export function dayRange(column: AnyColumn, from: string | undefined, to: string | undefined): SQL | undefined {
  return and(from ? gte(column, labDayStart(from)) : undefined, to ? lt(column, labDayEnd(to)) : undefined);
}
