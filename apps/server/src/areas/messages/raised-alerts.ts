import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staffAlerts } from './staff-alerts.tables';

/** Which of these staff alert keys were raised already (a job raising each alert once reads them in one query). */
export async function raisedAlertKeys(db: DbOrTx, keys: Iterable<string>): Promise<Set<string>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Set();
  const rows = await db.select({ key: staffAlerts.key }).from(staffAlerts).where(inArray(staffAlerts.key, unique));
  return new Set(rows.map((row) => row.key));
}
