import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { labDayEnd, labDayStart, type ApprovalFiled, type AdminCouponTemplate, type AdminCouponTemplateBody, type AdminIssuedCoupon, type AdminIssuedCouponListBody, type CouponScope, type CouponTemplate, type Page } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { gateAction, type Acting } from '../approvals';
import { conflict, notFound } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { memberContacts, staffNames } from '../accounts';
import { couponTemplates, memberCoupons } from './coupons.tables';
import { keywordFilter } from './admin-filters';
import { paginate } from '../../db/paginate';

import { couponValueWords, couponViews, templateViews, type TemplateRow } from './coupons.service';

/** Staff: coupon templates (new, stop, list) and the coupons members hold. */

/** a fixed validity runs from the first day's 00:00 to the last day's 23:59:59.999, Shanghai */
const lastMoment = (day: string) => new Date(labDayEnd(day).getTime() - 1);

const toAdminTemplate = (view: CouponTemplate, row: TemplateRow): AdminCouponTemplate => ({
  ...view,
  open: row.claimable,
  newMembers: row.newMembers,
  active: row.active,
  totalStock: row.totalStock,
  claimedCount: row.claimedCount,
  createdAt: row.createdAt.toISOString(),
});

async function adminTemplateViews(db: DbOrTx, rows: TemplateRow[], now: Date): Promise<AdminCouponTemplate[]> {
  const views = await templateViews(db, rows, 0, now);
  return views.map((view, i) => toAdminTemplate(view, rows[i]!));
}

/**
 * The most a template can ever give away, fen, as its maker's coupon limit measures it: face
 * value × stock. Unbounded (null) when the coupon is percent-off or the stock is unlimited —
 * such a template is a decision for someone with no limit (admin), or a second person.
 */
export const templateExposureFen = (input: Pick<AdminCouponTemplateBody, 'amount' | 'total_stock'>): number | null =>
  input.amount === undefined || input.total_stock === undefined ? null : input.amount * input.total_stock;

/** Staff: a new coupon template; above the maker's coupon limit it is filed for approval instead. */
export async function addCouponTemplate(db: DbOrTx, acting: Acting, input: AdminCouponTemplateBody, now: Date): Promise<AdminCouponTemplate | ApprovalFiled> {
  const words = couponValueWords({ amountFen: input.amount ?? null, offRateBp: input.percent_off === undefined ? null : input.percent_off * 100, thresholdFen: input.threshold ?? 0 });
  return db.transaction(async (tx) => {
    const filed = await gateAction(
      tx,
      acting,
      {
        action: 'coupon.template',
        valueFen: templateExposureFen(input),
        payload: { ...input },
        summary: `新建优惠券「${input.name}」：${words}，${input.total_stock === undefined ? '不限量' : `共 ${input.total_stock} 张`}，每人限领 ${input.per_member_limit} 张${input.claimable === '1' ? '，会员可领取' : '，仅员工发放'}${input.new_members === '1' ? '，新用户注册即发放' : ''}`,
        target: input.name,
      },
      now,
    );
    return filed ?? insertCouponTemplate(tx, input, now);
  });
}

/** The template row itself (demo data and points gifts call this without a staff member). */
export async function insertCouponTemplate(db: DbOrTx, input: AdminCouponTemplateBody, now: Date): Promise<AdminCouponTemplate> {
  const scope: CouponScope = input.scope === 'all' ? { kind: 'all' } : { kind: input.scope, ids: [...new Set(input.scope_ids ?? [])] };
  const [row] = await db
    .insert(couponTemplates)
    .values({
      rid: randomId(),
      name: input.name,
      description: input.description ?? '',
      amountFen: input.amount ?? null,
      offRateBp: input.percent_off === undefined ? null : input.percent_off * 100,
      thresholdFen: input.threshold ?? 0,
      scope,
      validDays: input.valid_days ?? null,
      validFrom: input.valid_days ? null : labDayStart(input.valid_from!),
      validTo: input.valid_days ? null : lastMoment(input.valid_to!),
      totalStock: input.total_stock ?? null,
      perMemberLimit: input.per_member_limit,
      claimable: input.claimable === '1',
      newMembers: input.new_members === '1',
      createdAt: now,
    })
    .returning();
  return (await adminTemplateViews(db, [row!], now))[0]!;
}

/** Staff: the templates, newest first — those in use, or all of them with the stopped ones. */
export async function listCouponTemplates(db: DbOrTx, now: Date, status: 'active' | 'all' = 'active'): Promise<AdminCouponTemplate[]> {
  const rows = await db
    .select()
    .from(couponTemplates)
    .where(status === 'active' ? eq(couponTemplates.active, true) : undefined)
    .orderBy(desc(couponTemplates.active), desc(couponTemplates.id));
  return adminTemplateViews(db, rows, now);
}

/** Staff stop a template: nobody claims or is issued it any more; coupons already held stay valid. */
export async function disableCouponTemplate(db: Db, rid: string, now: Date): Promise<AdminCouponTemplate> {
  const [row] = await db.update(couponTemplates).set({ active: false }).where(and(eq(couponTemplates.rid, rid), eq(couponTemplates.active, true))).returning();
  if (!row) {
    const [exists] = await db.select({ id: couponTemplates.id }).from(couponTemplates).where(eq(couponTemplates.rid, rid)).limit(1);
    throw exists ? conflict('该优惠券已停用') : notFound('优惠券');
  }
  return (await adminTemplateViews(db, [row], now))[0]!;
}

/** Staff: the coupons members hold (issued by staff or claimed), newest first. */
export async function listIssuedCoupons(db: DbOrTx, query: AdminIssuedCouponListBody, now: Date): Promise<Page<AdminIssuedCoupon>> {
  const where = and(
    query.template_rid ? inArray(memberCoupons.templateId, db.select({ id: couponTemplates.id }).from(couponTemplates).where(eq(couponTemplates.rid, query.template_rid))) : undefined,
    query.source === 'staff' ? isNotNull(memberCoupons.issuedBy) : query.source === 'claimed' ? isNull(memberCoupons.issuedBy) : undefined,
    await keywordFilter(db, memberCoupons.memberId, query.keyword),
  );
  return paginate(
    query,
    (w) =>
      db
        .select()
        .from(memberCoupons)
        .where(where)
        .orderBy(desc(memberCoupons.id))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(memberCoupons, where),
    async (rows) => {
      const [views, members, staff] = await Promise.all([couponViews(db, rows, now), memberContacts(db, rows.map((c) => c.memberId), 'refs'), staffNames(db, rows.map((c) => c.issuedBy))]);
      return views.map((view, i) => {
        const { memberId, issuedBy } = rows[i]!;
        return { ...view, member: members.get(memberId)!, issuedBy: issuedBy === null ? null : (staff.get(issuedBy) ?? null) };
      });
    },
  );
}
