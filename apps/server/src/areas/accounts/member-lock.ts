import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { members } from './accounts.tables';

/** Locks the member's row for the caller's transaction (FOR NO KEY UPDATE): one member's concurrent holds queue here. */
export async function lockMemberRow(tx: DbOrTx, memberId: number): Promise<void> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('no key update');
}
