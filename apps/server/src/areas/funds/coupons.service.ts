import { and, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { labDay, formatFen, type ApprovalFiled, couponStatusLabels, type CouponListBody, type CouponScope, type CouponStatus, type CouponTemplate, type MemberCoupon, type Page } from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { gateAction, type Acting } from '../approvals';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { memberByRid } from '../accounts';
import { postMessage } from '../messages';
import { groupNames } from '../catalog';
import { couponTemplates, memberCoupons } from './coupons.tables';
import { paginate } from '../../db/paginate';

export type TemplateRow = typeof couponTemplates.$inferSelect;
export type CouponRow = typeof memberCoupons.$inferSelect;

const DAY = 86_400_000;
const typeNames: Record<number, string> = { 1: '送样检测', 2: '现场预约', 3: '数据分析' };

export async function scopeTexts(db: DbOrTx, scopes: CouponScope[]): Promise<string[]> {
  const groupIds = [...new Set(scopes.flatMap((s) => (s.kind === 'groups' ? s.ids : [])))];
  const groupName = await groupNames(db, groupIds);
  return scopes.map((s) => {
    if (s.kind === 'all') return '全部服务可用';
    const names = s.ids.map((id) => (s.kind === 'types' ? typeNames[id] : groupName.get(id)) ?? `#${id}`);
    return `限${names.join('、')}使用`;
  });
}

/** the validity window a coupon claimed now gets from its template */
export function windowOf(template: TemplateRow, now: Date): { validFrom: Date; validTo: Date } {
  if (template.validDays) return { validFrom: now, validTo: new Date(now.getTime() + template.validDays * DAY) };
  return { validFrom: template.validFrom ?? now, validTo: template.validTo ?? new Date(now.getTime() + 365 * DAY) };
}

export const statusOf = (row: CouponRow, now: Date): CouponStatus => (row.status === 'used' ? 'used' : row.validTo.getTime() <= now.getTime() ? 'expired' : 'unused');

export async function templateViews(db: DbOrTx, rows: TemplateRow[], memberId: number, now: Date): Promise<CouponTemplate[]> {
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

export async function findTemplate(db: DbOrTx, rid: string): Promise<TemplateRow> {
  const [row] = await db.select().from(couponTemplates).where(and(eq(couponTemplates.rid, rid), eq(couponTemplates.active, true))).limit(1);
  if (!row) throw notFound('优惠券');
  return row;
}

/** A coupon worth a set amount that a rule gives (see grantValueCoupon). */
interface ValueCoupon {
  name: string;
  description: string;
  amountFen: number;
  validDays: number;
}

/**
 * Gives a member one coupon of a template, or one worth a set amount (a `ValueCoupon`, given by
 * a rule: grantValueCoupon below). Of a template: per-member limit (under an advisory lock of the
 * pair) and stock (guarded increment) in one transaction, so neither can be exceeded by racing
 * claims.
 */
export async function grant(tx: Tx, template: TemplateRow | ValueCoupon, memberId: number, now: Date, issuedBy: number | null): Promise<CouponRow> {
  if (!('id' in template)) return grantValueCoupon(tx, memberId, template, now);
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
export function couponValueWords(t: { amountFen: number | null; offRateBp: number | null; thresholdFen: number }): string {
  const off = t.amountFen !== null ? `减${formatFen(Number(t.amountFen))}` : `${(10_000 - (t.offRateBp ?? 0)) / 1000}折（不封顶）`;
  return `${off}，${Number(t.thresholdFen) > 0 ? `满${formatFen(Number(t.thresholdFen))}可用` : '无门槛'}`;
}

export async function couponViews(db: DbOrTx, rows: CouponRow[], now: Date): Promise<MemberCoupon[]> {
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

/** Seeds the demo coupon templates once. */
export async function seedCoupons(db: DbOrTx): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(couponTemplates);
  if ((existing?.n ?? 0) > 0) return;
  await db.insert(couponTemplates).values([
    { rid: randomId(), name: '新用户立减 ¥50', description: '满 ¥300 可用，注册即发放，30 天内有效', amountFen: 50_00, thresholdFen: 300_00, validDays: 30, perMemberLimit: 1, newMembers: true },
    { rid: randomId(), name: 'XRD 测试 9 折', description: '结构表征（XRD 等）订单满 ¥200 享 9 折', offRateBp: 1000, thresholdFen: 200_00, scope: { kind: 'groups', ids: [31] }, validDays: 60, perMemberLimit: 2 },
    { rid: randomId(), name: '满 ¥1000 减 ¥100', description: '全部服务可用，限量 500 张', amountFen: 100_00, thresholdFen: 1000_00, validDays: 90, totalStock: 500, perMemberLimit: 1 },
  ]);
}

/**
 * A coupon worth a set amount, given by a rule rather than by a person (a partner's rebate paid
 * as a coupon, issue 28 hole 10), inside the caller's transaction. Templates carry the face
 * value, so the coupon gets a template of its own: staff-issue only, one in stock and already
 * taken, and stopped at once (no one can claim or issue it again; a stopped template's coupons
 * stay usable), so the coupon catalogue and redemption need nothing new. No threshold, every
 * service, valid `validDays` from now.
 */
async function grantValueCoupon(tx: Tx, memberId: number, input: ValueCoupon, now: Date): Promise<CouponRow> {
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
