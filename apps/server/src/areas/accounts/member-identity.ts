import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { members } from './accounts.tables';
import type { MemberRow } from './accounts.service';
import { revokeAllSessions } from './sessions.service';

/**
 * Who a member says they are and what staff set on the account, as the member area changes it:
 * accounts is the one writer of `members`; member decides the rules (attestation, the verified
 * type, the customer manager) and calls these inside its own transaction.
 */

/** The fields of a member's account that the member area changes. */
export type MemberIdentityPatch = Partial<Pick<MemberRow, 'name' | 'email' | 'organization' | 'company' | 'nickname' | 'adviserStaffId'>>;

/** The member with this rid, or null. */
export async function memberByRid(db: DbOrTx, rid: string): Promise<MemberRow | null> {
  const [row] = await db.select().from(members).where(eq(members.rid, rid)).limit(1);
  return row ?? null;
}

/**
 * The member's row locked until the caller's transaction ends, or null: `update` for a decision
 * on the current values; `no key update` to queue one member's concurrent work (holds) without
 * blocking rows that point at the member; `share` for money that starts or arrives, exclusive
 * with 注销账号 (privacy locks the row for update), so it comes before a closure reads its
 * blockers, or sees the account closed (`closedAt`).
 */
export async function lockMember(tx: DbOrTx, memberId: number, strength: 'update' | 'no key update' | 'share' = 'update'): Promise<MemberRow | null> {
  const [row] = await tx.select().from(members).where(eq(members.id, memberId)).for(strength);
  return row ?? null;
}

/**
 * Saves the given fields; the member's phone, or null when there is no such member. With
 * `disabled`, disables or enables the member: disabling ends every session at once.
 */
export async function updateMember(db: DbOrTx, memberId: number, patch: MemberIdentityPatch | { disabled: boolean; now: Date }): Promise<{ phone: string } | null> {
  if ('disabled' in patch) {
    const [row] = await db.update(members).set({ disabled: patch.disabled }).where(eq(members.id, memberId)).returning({ phone: members.phone });
    if (row && patch.disabled) await revokeAllSessions(db, 'member', memberId, patch.now);
    return row ?? null;
  }
  const [row] = await db.update(members).set(patch).where(eq(members.id, memberId)).returning({ phone: members.phone });
  return row ?? null;
}
