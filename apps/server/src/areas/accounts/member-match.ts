import { ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { members } from './accounts.tables';
import { escapeLike } from '../../platform/sql-filters';

/**
 * The members a back-office keyword box names, read once per list (the member table has no
 * index for "contains", so it is read once, not once per query of the page):
 * - `phone-part`: the digits anywhere in the phone number;
 * - `names`: the words in the name, nickname or unit (one LIKE per member over the three, and
 *   LIKE rather than ILIKE when the words have no letters to fold: Chinese has no case);
 * - `phone-or-names`: the text in the phone number, name or nickname.
 */
export async function memberIdsMatching(db: DbOrTx, text: string, how: 'phone-part' | 'names' | 'phone-or-names'): Promise<number[]> {
  const pattern = `%${escapeLike(text)}%`;
  let match: SQL;
  if (how === 'phone-part') match = like(members.phone, pattern);
  else if (how === 'names') match = sql`concat_ws(' ', ${members.name}, ${members.nickname}, ${members.company}) ${sql.raw(/[A-Za-z]/.test(text) ? 'ilike' : 'like')} ${pattern}`;
  else match = or(like(members.phone, pattern), ilike(members.name, pattern), ilike(members.nickname, pattern))!;
  const rows = await db.select({ id: members.id }).from(members).where(match);
  return rows.map((row) => row.id);
}
