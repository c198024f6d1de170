import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import type { AdminLedgerEntry } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { staffNames } from '../accounts';
import { toAdminLedgerEntry } from './accounts-admin.service';
import { withChannels } from './online-channels';
import { accounts, couponTemplates, ledgerEntries, memberCoupons } from './funds.tables';

/**
 * Funds as the payments area reads them: the coupons a member may choose when paying, and the
 * ledger entries an online payment and its refunds booked (finance's payment detail).
 */

type CouponRow = typeof memberCoupons.$inferSelect;
type TemplateRow = typeof couponTemplates.$inferSelect;

/** The member's unused coupons that end after `now`, with their template, soonest ending first. */
export function unusedCouponsOf(db: DbOrTx, memberId: number, now: Date): Promise<{ c: CouponRow; t: TemplateRow }[]> {
  return db
    .select({ c: memberCoupons, t: couponTemplates })
    .from(memberCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, memberCoupons.templateId))
    .where(and(eq(memberCoupons.memberId, memberId), eq(memberCoupons.status, 'unused'), gt(memberCoupons.validTo, now)))
    .orderBy(memberCoupons.validTo, memberCoupons.id);
}

/**
 * The entries of these types and references in the owners' accounts, oldest first, as finance
 * reads them (through the (account, type, reference) index), each with its online channel.
 */
export async function entriesByReferences(
  db: DbOrTx,
  owners: { kind: 'member' | 'community'; id: number }[],
  types: (typeof ledgerEntries.$inferSelect)['type'][],
  references: string[],
): Promise<AdminLedgerEntry[]> {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        inArray(
          ledgerEntries.accountId,
          db
            .select({ id: accounts.id })
            .from(accounts)
            .where(or(...owners.map((o) => and(eq(accounts.ownerKind, o.kind), eq(accounts.ownerId, o.id))))),
        ),
        inArray(ledgerEntries.type, types),
        inArray(ledgerEntries.reference, references),
      ),
    )
    .orderBy(asc(ledgerEntries.id));
  const names = await staffNames(db, rows.filter((e) => e.actorKind === 'staff').map((e) => e.actorId));
  return withChannels(db, rows.map((e) => toAdminLedgerEntry(e, e.actorKind === 'staff' && e.actorId !== null ? (names.get(e.actorId) ?? null) : null)));
}
