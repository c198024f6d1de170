import { eq, ilike, inArray, like, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { namedMembers } from '../accounts';
import { communities } from './member.tables';
import { escapeLike } from '../../platform/sql-filters';

/**
 * Which community (课题组) an id or rid names, as other areas read it (funds: community
 * accounts): by primary key, in one query per page, instead of joining the member tables.
 */
export interface CommunityRef {
  id: number;
  rid: string;
  name: string;
  ownerMemberId: number;
  status: 'active' | 'dissolved';
}

const refColumns = { id: communities.id, rid: communities.rid, name: communities.name, ownerMemberId: communities.ownerMemberId, status: communities.status };

/** Several communities by id (missing ids are absent from the map). */
export async function communityRefs(db: DbOrTx, ids: Iterable<number | null | undefined>): Promise<Map<number, CommunityRef>> {
  const unique = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (!unique.length) return new Map();
  const rows = await db.select(refColumns).from(communities).where(inArray(communities.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * One community by id or rid, or null. `lock: 'share'` holds its row (FOR SHARE) until the
 * caller's transaction ends: money booked for it waits for a dissolution or a change of owner.
 */
export async function communityRef(db: DbOrTx, by: { id: number } | { rid: string }, options: { lock?: 'share' } = {}): Promise<CommunityRef | null> {
  const query = db
    .select(refColumns)
    .from(communities)
    .where('id' in by ? eq(communities.id, by.id) : eq(communities.rid, by.rid))
    .limit(1);
  const [row] = options.lock ? await query.for('share') : await query;
  return row ?? null;
}

/** Ids of the communities a keyword names (by their name, or their owner as accounts' namedMembers reads it), at most `limit`. */
export async function communitiesNamed(db: DbOrTx, keyword: string, limit = 2_000): Promise<number[]> {
  const owners = await namedMembers(db, keyword);
  const contains = `%${escapeLike(keyword)}%`;
  const rows = await db
    .select({ id: communities.id })
    .from(communities)
    .where(or(/[A-Za-z]/.test(keyword) ? ilike(communities.name, contains) : like(communities.name, contains), owners.in(communities.ownerMemberId)))
    .limit(limit);
  return rows.map((row) => row.id);
}
