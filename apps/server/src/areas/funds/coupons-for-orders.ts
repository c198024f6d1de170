import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { couponTemplates, invoiceTitles, memberCoupons } from './funds.tables';

/**
 * The member's coupons and invoice titles as ordering reads them (placing an order, its detail,
 * the expiry reminder), and the one change ordering asks for: a cancelled order's coupon back.
 */

/** A coupon of the member's, by rid (another member's is null): whether it can still be used. */
export async function memberCouponState(db: DbOrTx, memberId: number, rid: string): Promise<{ status: string; validTo: Date } | null> {
  const [coupon] = await db
    .select({ status: memberCoupons.status, validTo: memberCoupons.validTo })
    .from(memberCoupons)
    .where(and(eq(memberCoupons.rid, rid), eq(memberCoupons.memberId, memberId)))
    .limit(1);
  return coupon ?? null;
}

/** The id of one of the member's invoice titles by rid, or null (another member's is null too). */
export async function memberInvoiceTitleId(db: DbOrTx, memberId: number, rid: string): Promise<number | null> {
  const [title] = await db
    .select({ id: invoiceTitles.id })
    .from(invoiceTitles)
    .where(and(eq(invoiceTitles.rid, rid), eq(invoiceTitles.memberId, memberId)))
    .limit(1);
  return title?.id ?? null;
}

/** The coupon an order names (by id once redeemed, else the member's coupon by rid) with its template's name. */
export async function couponOfOrder(db: DbOrTx, coupon: { id: number } | { rid: string; memberId: number }): Promise<{ rid: string; name: string } | null> {
  const where = 'id' in coupon ? eq(memberCoupons.id, coupon.id) : and(eq(memberCoupons.rid, coupon.rid), eq(memberCoupons.memberId, coupon.memberId));
  const [row] = await db
    .select({ rid: memberCoupons.rid, name: couponTemplates.name })
    .from(memberCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, memberCoupons.templateId))
    .where(where)
    .limit(1);
  return row ?? null;
}

/** A refunded order's coupon is usable again, if it is still valid (a no-op otherwise). */
export async function returnCouponOfOrder(tx: Tx, couponId: number, now: Date): Promise<void> {
  await tx
    .update(memberCoupons)
    .set({ status: 'unused', usedAt: null, usedReference: null, discountFen: null })
    .where(and(eq(memberCoupons.id, couponId), eq(memberCoupons.status, 'used'), gt(memberCoupons.validTo, now)));
}

/** Unused coupons that end after `now` and by `until`, with their name and face value, oldest first. */
export async function couponsExpiring(db: DbOrTx, now: Date, until: Date) {
  return db
    .select({ id: memberCoupons.id, rid: memberCoupons.rid, memberId: memberCoupons.memberId, validTo: memberCoupons.validTo, name: couponTemplates.name, amountFen: couponTemplates.amountFen })
    .from(memberCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, memberCoupons.templateId))
    .where(and(eq(memberCoupons.status, 'unused'), gt(memberCoupons.validTo, now), lte(memberCoupons.validTo, until)))
    .orderBy(asc(memberCoupons.id));
}
