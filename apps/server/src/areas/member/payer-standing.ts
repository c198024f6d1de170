import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { communities, memberProfiles } from './member.tables';

/** What paying reads of a member: the active communities (课题组) they own, their 资料认证 review. */

/** The active communities the member owns, by id. */
export function ownedActiveCommunities(db: DbOrTx, memberId: number): Promise<{ id: number; rid: string; name: string }[]> {
  return db
    .select({ id: communities.id, rid: communities.rid, name: communities.name })
    .from(communities)
    .where(and(eq(communities.ownerMemberId, memberId), eq(communities.status, 'active')))
    .orderBy(communities.id);
}

/** The state of the member's 资料认证 review ('none' without a profile). */
export async function attestationReview(db: DbOrTx, memberId: number): Promise<'none' | 'pending' | 'approved' | 'refused'> {
  const [row] = await db.select({ review: memberProfiles.reviewStatus }).from(memberProfiles).where(eq(memberProfiles.memberId, memberId)).limit(1);
  return row?.review ?? 'none';
}
