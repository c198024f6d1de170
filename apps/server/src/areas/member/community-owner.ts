import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../platform/errors';
import { communities } from './member.tables';

/**
 * The community (课题组) a member acts for as its owner: an active community by rid (a dissolved
 * or unknown one reads as not found). Another member's community answers 403 — or, where even
 * its existence is not the asker's business (its money: top-ups, transfers, balances), 404 like
 * an unknown one (`othersHear: 'notFound'`).
 */
export async function findOwnedCommunity(db: DbOrTx, memberId: number, rid: string, options: { othersHear?: 'forbidden' | 'notFound' } = {}) {
  const [row] = await db
    .select()
    .from(communities)
    .where(and(eq(communities.rid, rid), eq(communities.status, 'active')))
    .limit(1);
  if (!row) throw notFound('科研团体');
  if (row.ownerMemberId !== memberId) throw options.othersHear === 'notFound' ? notFound('科研团体') : forbidden('只有团体负责人可以进行此操作');
  return row;
}
