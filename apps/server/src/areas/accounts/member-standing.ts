import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { members } from './accounts.tables';

/**
 * Whether a member's account is closed, with the member's row shared (FOR SHARE) for the
 * caller's transaction: exclusive with 注销账号 (privacy locks the row for update), so money
 * starts or arrives before a closure reads its blockers, or sees the account closed.
 * Null when there is no such member.
 */
export async function memberClosedShared(tx: Tx, memberId: number): Promise<{ closedAt: Date | null } | null> {
  const [row] = await tx.select({ closedAt: members.closedAt }).from(members).where(eq(members.id, memberId)).for('share');
  return row ?? null;
}
