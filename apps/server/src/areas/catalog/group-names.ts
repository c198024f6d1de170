import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { serviceGroups } from './catalog.tables';

/** Service groups' names by id, for other areas that name a group (a coupon limited to some groups); missing ids are absent. */
export async function groupNames(db: DbOrTx, ids: Iterable<number>): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: serviceGroups.id, name: serviceGroups.name }).from(serviceGroups).where(inArray(serviceGroups.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}
