import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { communities } from './member.tables';

/** Communities' (课题组) names by id, in one query (missing ids are absent): who paid an order, a ledger's owner. */
export async function communityNames(db: DbOrTx, ids: Iterable<number>): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: communities.id, name: communities.name }).from(communities).where(inArray(communities.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}
