import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import {
  couponDiscountFen,
  labDay,
  labDayEnd,
  labDayStart,
  formatFen,
  type ApprovalFiled,
  couponStatusLabels,
  type AdminCouponTemplate,
  type AdminCouponTemplateBody,
  type AdminIssuedCoupon,
  type AdminIssuedCouponListBody,
  type CouponListBody,
  type CouponScope,
  type CouponStatus,
  type CouponTemplate,
  type MemberCoupon,
  type Page,
} from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { gateAction, type Acting } from '../approvals';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { memberByRid, memberRefs, staffNames } from '../accounts';
import { postMessage } from '../messages';
import { groupNames } from '../catalog';
import { couponTemplates, memberCoupons } from './coupons.tables';
import { keywordFilter } from './admin-filters';
import { payFromFunds, type PayInput } from './ledger.service';
import { paginate } from '../../db/paginate';

type TemplateRow = typeof couponTemplates.$inferSelect;
type CouponRow = typeof memberCoupons.$inferSelect;

const DAY = 86_400_000;
const typeNames: Record<number, string> = { 1: '送样检测', 2: '现场预约', 3: '数据分析' };

async function scopeTexts(db: DbOrTx, scopes: CouponScope[]): Promise<string[]> {
  const groupIds = [...new Set(scopes.flatMap((s) => (s.kind === 'groups' ? s.ids : [])))];
  const groupName = await groupNames(db, groupIds);
  return scopes.map((s) => {
    if (s.kind === 'all') return '全部服务可用';
    const names = s.ids.map((id) => (s.kind === 'types' ? typeNames[id] : groupName.get(id)) ?? `#${id}`);
    return `限${names.join('、')}使用`;
  });
}

/** the validity window a coupon claimed now gets from its template */
function windowOf(template: TemplateRow, now: Date): { validFrom: Date; validTo: Date } {
  if (template.validDays) return { validFrom: now, validTo: new Date(now.getTime() + template.validDays * DAY) };
  return { validFrom: template.validFrom ?? now, validTo: template.validTo ?? new Date(now.getTime() + 365 * DAY) };
}

const statusOf = (row: CouponRow, now: Date): CouponStatus => (row.status === 'used' ? 'used' : row.validTo.getTime() <= now.getTime() ? 'expired' : 'unused');

async function templateViews(db: DbOrTx, rows: TemplateRow[], memberId: number, now: Date): Promise<CouponTemplate[]> {
  const ids = rows.map((r) => r.id);
  const mine = ids.length
    ? await db
        .select({ templateId: memberCoupons.templateId, n: count() })
        .from(memberCoupons)
        .where(and(eq(memberCoupons.memberId, memberId), inArray(memberCoupons.templateId, ids)))
        .groupBy(memberCoupons.templateId)
    : [];
  const mineOf = new Map(mine.map((m) => [m.templateId, m.n]));
  const texts = await scopeTexts(db, rows.map((r) => r.scope));
  return rows.map((row, i) => {
    const claimedByMe = mineOf.get(row.id) ?? 0;
    const remaining = row.totalStock === null ? null : Math.max(0, row.totalStock - row.claimedCount);
    const open = row.active && row.claimable && (row.validTo === null || row.validTo > now);
    return {
      rid: row.rid,
      name: row.name,
      amountFen: row.amountFen === null ? null : Number(row.amountFen),
      offRateBp: row.offRateBp,
      thresholdFen: Number(row.thresholdFen),
      scope: row.scope,
      scopeText: texts[i]!,
      validFrom: row.validFrom?.toISOString() ?? null,
      validTo: row.validTo?.toISOString() ?? null,
      validDays: row.validDays,
      perMemberLimit: row.perMemberLimit,
      remaining,
      claimedByMe,
      claimable: open && claimedByMe < row.perMemberLimit && remaining !== 0,
      description: row.description,
    };
  });
}

/** discount4user/list4all: templates a member can claim now (and how many they hold). */
export async function listClaimable(db: DbOrTx, memberId: number, now: Date): Promise<CouponTemplate[]> {
  const rows = await db
    .select()
    .from(couponTemplates)
    .where(and(eq(couponTemplates.active, true), eq(couponTemplates.claimable, true), or(isNull(couponTemplates.validTo), gt(couponTemplates.validTo, now))))
    .orderBy(desc(couponTemplates.id));
  return templateViews(db, rows, memberId, now);
}

/** promotion/all4user: the live coupon events, as promotions with their coupons. */
export async function listPromotions(db: DbOrTx, memberId: number, now: Date) {
  const coupons = await listClaimable(db, memberId, now);
  return coupons.length === 0 ? [] : [{ id: 'coupons', title: '领券中心', description: '领取优惠券，下单立减', coupons }];
}

async function findTemplate(db: DbOrTx, rid: string): Promise<TemplateRow> {
  const [row] = await db.select().from(couponTemplates).where(and(eq(couponTemplates.rid, rid), eq(couponTemplates.active, true))).limit(1);
  if (!row) throw notFound('优惠券');
  return row;
}

/**
 * Gives a member one coupon of a template: per-member limit (under an advisory lock of the
 * pair) and stock (guarded increment) in one transaction, so neither can be exceeded by racing
 * claims.
 */
export async function grant(tx: Tx, template: TemplateRow, memberId: number, now: Date, issuedBy: number | null): Promise<CouponRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`coupon:${template.id}:${memberId}`}))`);
  const [held] = await tx.select({ n: count() }).from(memberCoupons).where(and(eq(memberCoupons.templateId, template.id), eq(memberCoupons.memberId, memberId)));
  if ((held?.n ?? 0) >= template.perMemberLimit) throw conflict(`每人限领${template.perMemberLimit}张，您已领取`);
  const [taken] = await tx
    .update(couponTemplates)
    .set({ claimedCount: sql`${couponTemplates.claimedCount} + 1` })
    .where(and(eq(couponTemplates.id, template.id), or(isNull(couponTemplates.totalStock), sql`${couponTemplates.claimedCount} < ${couponTemplates.totalStock}`)))
    .returning({ id: couponTemplates.id });
  if (!taken) throw conflict('优惠券已领完');
  const [row] = await tx
    .insert(memberCoupons)
    .values({ rid: randomId(), templateId: template.id, memberId, ...windowOf(template, now), issuedBy, createdAt: now })
    .returning();
  return row!;
}

/** discount4user/add: claim a claimable template. */
export async function claimCoupon(db: Db, memberId: number, rid: string, now: Date): Promise<MemberCoupon> {
  const template = await findTemplate(db, rid);
  if (!template.claimable) throw notFound('优惠券');
  if (template.validTo !== null && template.validTo <= now) throw conflict('该优惠券活动已结束');
  // answered from the transaction: never a read after the commit (issue 28, fault 12)
  return db.transaction(async (tx) => (await couponViews(tx, [await grant(tx, template, memberId, now, null)], now))[0]!);
}

/** The most one coupon of a template takes off an order, fen; null: unbounded (percent off). */
export const couponFaceFen = (template: { amountFen: number | null }): number | null => (template.amountFen === null ? null : Number(template.amountFen));

/**
 * Staff issue a template (claimable or not) to a member by rid. Measured for the maker's coupon
 * limit on the coupon's face value; above it the issue is filed for approval and nothing is given.
 */
export async function issueCoupon(db: DbOrTx, acting: Acting, rid: string, memberRid: string, now: Date): Promise<MemberCoupon | ApprovalFiled> {
  const template = await findTemplate(db, rid);
  const member = await memberByRid(db, memberRid);
  if (!member) throw notFound('用户');
  const faceFen = couponFaceFen(template);
  const row = await db.transaction(async (tx) => {
    const filed = await gateAction(
      tx,
      acting,
      {
        action: 'coupon.issue',
        valueFen: faceFen,
        payload: { rid, member_rid: memberRid },
        summary: `发放优惠券「${template.name}」（${couponValueWords(template)}）给 ${member.name || member.nickname} ${member.phone}`,
        target: member.phone,
        targetKey: `member:${member.id}`,
      },
      now,
    );
    if (filed) return filed;
    const granted = await grant(tx, template, member.id, now, acting.by.id);
    const until = labDay(granted.validTo);
    await postMessage(tx, member.id, { kind: 'funds', title: '您收到一张优惠券', content: `实验室为您发放了优惠券「${template.name}」，有效期至 ${until}，下单时可选用。`, link: '/member/coupon' }, now);
    return granted;
  });
  if ('pendingApproval' in row) return row;
  return (await couponViews(db, [row], now))[0]!;
}

/** 减¥50.00，满¥300.00可用 / 9折，无门槛 — what a checker needs to judge a coupon. */
function couponValueWords(t: { amountFen: number | null; offRateBp: number | null; thresholdFen: number }): string {
  const off = t.amountFen !== null ? `减${formatFen(Number(t.amountFen))}` : `${(10_000 - (t.offRateBp ?? 0)) / 1000}折（不封顶）`;
  return `${off}，${Number(t.thresholdFen) > 0 ? `满${formatFen(Number(t.thresholdFen))}可用` : '无门槛'}`;
}

async function couponViews(db: DbOrTx, rows: CouponRow[], now: Date): Promise<MemberCoupon[]> {
  const ids = [...new Set(rows.map((r) => r.templateId))];
  const templates = ids.length ? await db.select().from(couponTemplates).where(inArray(couponTemplates.id, ids)) : [];
  const byId = new Map(templates.map((t) => [t.id, t]));
  const texts = await scopeTexts(db, templates.map((t) => t.scope));
  const textOf = new Map(templates.map((t, i) => [t.id, texts[i]!]));
  return rows.map((row) => {
    const t = byId.get(row.templateId)!;
    const status = statusOf(row, now);
    return {
      rid: row.rid,
      name: t.name,
      amountFen: t.amountFen === null ? null : Number(t.amountFen),
      offRateBp: t.offRateBp,
      thresholdFen: Number(t.thresholdFen),
      scope: t.scope,
      scopeText: textOf.get(t.id) ?? '',
      status,
      statusText: couponStatusLabels[status],
      validFrom: row.validFrom.toISOString(),
      validTo: row.validTo.toISOString(),
      usedAt: row.usedAt?.toISOString() ?? null,
      claimedAt: row.createdAt.toISOString(),
    };
  });
}

function statusWhere(memberId: number, status: CouponStatus | undefined, now: Date) {
  const mine = eq(memberCoupons.memberId, memberId);
  if (status === 'used') return and(mine, eq(memberCoupons.status, 'used'));
  if (status === 'expired') return and(mine, eq(memberCoupons.status, 'unused'), lte(memberCoupons.validTo, now));
  if (status === 'unused') return and(mine, eq(memberCoupons.status, 'unused'), gt(memberCoupons.validTo, now));
  return mine;
}

/** discount4user/all: my coupons, by status (unused = usable now, used, expired). */
export async function listMyCoupons(db: DbOrTx, memberId: number, query: CouponListBody, now: Date): Promise<Page<MemberCoupon>> {
  const where = statusWhere(memberId, query.status, now);
  return paginate(
    query,
    (w) => db.select().from(memberCoupons).where(where).orderBy(desc(memberCoupons.createdAt), desc(memberCoupons.id)).limit(w.limit).offset(w.offset),
    () => db.$count(memberCoupons, where),
    (rows) => couponViews(db, rows, now),
  );
}

export async function countUsableCoupons(db: DbOrTx, memberId: number, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberCoupons).where(statusWhere(memberId, 'unused', now));
  return row?.n ?? 0;
}

export interface OrderScope {
  typeIds: number[];
  groupIds: number[];
}

const inScope = (scope: CouponScope, order: OrderScope) =>
  scope.kind === 'all' || (scope.kind === 'types' ? scope.ids.some((id) => order.typeIds.includes(id)) : scope.ids.some((id) => order.groupIds.includes(id)));

export const COUPON_USED_MESSAGE = '优惠券已使用或不可用';

/**
 * Redeems a member's coupon inside the caller's transaction: checks threshold, scope and
 * validity, then a guarded `UPDATE … WHERE status = 'unused' AND member_id = …` — of any
 * number of concurrent redemptions exactly one succeeds. Answers the discount in fen.
 */
export async function redeemCoupon(
  tx: Tx,
  memberCouponRid: string,
  memberId: number,
  input: { orderAmountFen: number; scope: OrderScope; reference: string; now: Date },
): Promise<{ discountFen: number; couponId: number }> {
  const [coupon] = await tx
    .select({ c: memberCoupons, t: couponTemplates })
    .from(memberCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, memberCoupons.templateId))
    .where(and(eq(memberCoupons.rid, memberCouponRid), eq(memberCoupons.memberId, memberId)))
    .limit(1);
  if (!coupon) throw notFound('优惠券');
  const { c, t } = coupon;
  const gone = () => new AppError('COUPON_USED', c.status === 'unused' && c.validTo <= input.now ? '优惠券已过期' : COUPON_USED_MESSAGE, { status: 409 });
  if (c.status === 'used' || c.validTo <= input.now) throw gone();
  if (c.validFrom > input.now) throw conflict('优惠券尚未到使用时间');
  if (input.orderAmountFen < Number(t.thresholdFen)) throw new AppError('COUPON_THRESHOLD', `订单金额未满${Number(t.thresholdFen) / 100}元，不能使用该优惠券`, { status: 409 });
  if (!inScope(t.scope, input.scope)) throw new AppError('COUPON_SCOPE', '该优惠券不适用于所选服务', { status: 409 });
  const discountFen = couponDiscountFen({ amountFen: t.amountFen === null ? null : Number(t.amountFen), offRateBp: t.offRateBp }, input.orderAmountFen);
  const [used] = await tx
    .update(memberCoupons)
    .set({ status: 'used', usedAt: input.now, usedReference: input.reference, discountFen })
    .where(and(eq(memberCoupons.id, c.id), eq(memberCoupons.memberId, memberId), eq(memberCoupons.status, 'unused'), gt(memberCoupons.validTo, input.now)))
    .returning({ id: memberCoupons.id });
  // a concurrent redemption won the row
  if (!used) throw new AppError('COUPON_USED', COUPON_USED_MESSAGE, { status: 409 });
  return { discountFen, couponId: c.id };
}

/**
 * Pays an order from prepaid funds with an optional coupon, atomically: the coupon is spent
 * only if the funds cover the rest, and the funds only if the coupon was still unused.
 */
export async function payWithFundsAndCoupon(
  db: Db,
  input: PayInput & { memberId: number; couponRid?: string; scope?: OrderScope },
): Promise<{ discountFen: number; paidFen: number }> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw badRequest('[金额]必须大于0');
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const discountFen = input.couponRid
      ? (await redeemCoupon(tx, input.couponRid, input.memberId, { orderAmountFen: input.amountFen, scope: input.scope ?? { typeIds: [], groupIds: [] }, reference: input.reference, now })).discountFen
      : 0;
    const paidFen = input.amountFen - discountFen;
    if (paidFen > 0) await payFromFunds(tx, { ...input, amountFen: paidFen, now });
    return { discountFen, paidFen };
  });
}

/** Seeds the demo coupon templates once. */
export async function seedCoupons(db: DbOrTx): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(couponTemplates);
  if ((existing?.n ?? 0) > 0) return;
  await db.insert(couponTemplates).values([
    { rid: randomId(), name: '新用户立减 ¥50', description: '满 ¥300 可用，领取后 30 天内有效', amountFen: 50_00, thresholdFen: 300_00, validDays: 30, perMemberLimit: 1 },
    { rid: randomId(), name: 'XRD 测试 9 折', description: '结构表征（XRD 等）订单满 ¥200 享 9 折', offRateBp: 1000, thresholdFen: 200_00, scope: { kind: 'groups', ids: [31] }, validDays: 60, perMemberLimit: 2 },
    { rid: randomId(), name: '满 ¥1000 减 ¥100', description: '全部服务可用，限量 500 张', amountFen: 100_00, thresholdFen: 1000_00, validDays: 90, totalStock: 500, perMemberLimit: 1 },
  ]);
}

// ---- staff: templates ----

/** a fixed validity runs from the first day's 00:00 to the last day's 23:59:59.999, Shanghai */
const lastMoment = (day: string) => new Date(labDayEnd(day).getTime() - 1);

const toAdminTemplate = (view: CouponTemplate, row: TemplateRow): AdminCouponTemplate => ({
  ...view,
  open: row.claimable,
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
        summary: `新建优惠券「${input.name}」：${words}，${input.total_stock === undefined ? '不限量' : `共 ${input.total_stock} 张`}，每人限领 ${input.per_member_limit} 张${input.claimable === '1' ? '，会员可领取' : '，仅员工发放'}`,
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
      const [views, members, staff] = await Promise.all([couponViews(db, rows, now), memberRefs(db, rows.map((c) => c.memberId)), staffNames(db, rows.map((c) => c.issuedBy))]);
      return views.map((view, i) => {
        const { memberId, issuedBy } = rows[i]!;
        return { ...view, member: members.get(memberId)!, issuedBy: issuedBy === null ? null : (staff.get(issuedBy) ?? null) };
      });
    },
  );
}

/**
 * A coupon worth a set amount, given by a rule rather than by a person (a partner's rebate paid
 * as a coupon, issue 28 hole 10), inside the caller's transaction. Templates carry the face
 * value, so the coupon gets a template of its own: staff-issue only, one in stock and already
 * taken, and stopped at once (no one can claim or issue it again; a stopped template's coupons
 * stay usable), so the coupon catalogue and redemption need nothing new. No threshold, every
 * service, valid `validDays` from now.
 */
export async function grantValueCoupon(tx: Tx, memberId: number, input: { name: string; description: string; amountFen: number; validDays: number }, now: Date): Promise<CouponRow> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw badRequest('[金额]必须大于0');
  const [template] = await tx
    .insert(couponTemplates)
    .values({ rid: randomId(), name: input.name, description: input.description, amountFen: input.amountFen, validDays: input.validDays, totalStock: 1, claimedCount: 1, perMemberLimit: 1, claimable: false, active: false, createdAt: now })
    .returning();
  const [coupon] = await tx
    .insert(memberCoupons)
    .values({ rid: randomId(), templateId: template!.id, memberId, ...windowOf(template!, now), issuedBy: null, createdAt: now })
    .returning();
  return coupon!;
}
