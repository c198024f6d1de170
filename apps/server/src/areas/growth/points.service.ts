import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  citationCodeOf,
  orderNoOfCitationCode,
  pointsEntryLabels,
  thanksConsentLabels,
  type adminExchangeItemBody,
  type adminPointsDecisionBody,
  type exchangeBody,
  type ExchangeRecord,
  type Page,
  type pointsApplyBody,
  type PointsApplication,
  type PointsEntry,
  type PointsOverview,
  type pointsTransferBody,
} from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { AppError, badRequest, conflict } from '../../platform/errors';
import { orderIdsByNo } from '../orders';
import { accountEntries, ensureAccount } from '../funds';
import type { Actor } from '../../platform/actor';
import { type exchangeItems, orderPoints, pointsApplications, type pointsExchanges } from './growth.tables';
import { getGrowthSettings } from './settings.service';

/**
 * Points (积分). A member's points are their 'points' ledger account (amounts are whole
 * points): earned on paid orders once they complete (pending in order_points until then, dropped
 * if the order is refunded first), awarded for an acknowledged paper,
 * transferred between members, spent on the exchange catalogue. Every change is a ledger
 * entry with its own reference, so nothing is booked twice and the balance never goes negative.
 */

export type PointsApplyBody = z.infer<typeof pointsApplyBody>;
export type PointsTransferBody = z.infer<typeof pointsTransferBody>;
export type ExchangeBody = z.infer<typeof exchangeBody>;
export type AdminPointsDecisionBody = z.infer<typeof adminPointsDecisionBody>;
export type AdminExchangeItemBody = z.infer<typeof adminExchangeItemBody>;
export type PageInput = { page: number; pageSize: number };

export type ItemRow = typeof exchangeItems.$inferSelect;
export type ExchangeRow = typeof pointsExchanges.$inferSelect;
export type ApplicationRow = typeof pointsApplications.$inferSelect;

export const POINTS_TOO_LOW = '积分不足';
/** One answer for an unknown phone, a wrong name and a closed account: the call tells none of them apart. */
export const RECIPIENT_MISMATCH = '对方手机号与姓名不匹配，请核对后再试';
export const SOLD_OUT = '该商品已兑完';

export const pointsTooLow = () => new AppError('POINTS_TOO_LOW', POINTS_TOO_LOW, { status: 409 });
/** The ledger's overdraft refusal speaks of prepaid funds; for points it is 积分不足. */
export const asPointsError = (error: unknown) => (error instanceof AppError && error.code === 'BALANCE_TOO_LOW' ? pointsTooLow() : error);

export const exchangeStatusLabels: Record<ExchangeRecord['status'], string> = { done: '已兑换', to_ship: '待发货', shipped: '已发货' };
export const applicationStatusLabels: Record<PointsApplication['status'], string> = { pending: '审核中', approved: '已通过', refused: '未通过' };
/** the image an item shows when staff add it without one */
export const defaultItemImage = (kind: ItemRow['kind']) => (kind === 'coupon' ? '/upload/img/points/coupon.svg' : '/upload/img/points/gift.svg');

export const POINTS_LINK = '/member/integral';
export const memberActor = (memberId: number): Actor => ({ kind: 'member', id: memberId });
export const staffActor = (staffId: number): Actor => ({ kind: 'staff', id: staffId });

export const pointsAccount = (db: DbOrTx, memberId: number) => ensureAccount(db, 'member', memberId, 'points');

export async function pageOf<T, R>(rows: Promise<R[]>, total: Promise<{ n: number }[]>, query: PageInput, view: (rows: R[]) => T[] | Promise<T[]>): Promise<Page<T>> {
  const [list, [counted]] = await Promise.all([rows, total]);
  return { list: await view(list), total: counted?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

// ---- overview and history ----

const EARNING_TYPES: readonly string[] = ['points_earn', 'points_award', 'points_transfer_in'];
const SPENDING_TYPES: readonly string[] = ['points_exchange', 'points_transfer_out'];

/** Earned: what came in (a positive adjustment too) net of refunds taken back; spent: exchanges, transfers out and negative adjustments. */
function earnedAndSpent(totals: { type: string; incoming: boolean; sumFen: number }[]) {
  let earned = 0;
  let spent = 0;
  for (const { type, incoming, sumFen } of totals) {
    if (EARNING_TYPES.includes(type) || (type === 'adjustment' && incoming) || type === 'points_reverse') earned += sumFen;
    if (SPENDING_TYPES.includes(type) || (type === 'adjustment' && !incoming)) spent -= sumFen;
  }
  return { earned, spent };
}

/** web/integration/init: balance, the earning rate, totals (earned net of refunds taken back; spent on exchanges and transfers), and the points waiting for their orders to complete. */
export async function pointsOverview(db: DbOrTx, memberId: number): Promise<PointsOverview> {
  const account = await pointsAccount(db, memberId);
  const [totals, [pending], [waiting], settings] = await Promise.all([
    accountEntries(db, account.id, 'totals'),
    db.select({ n: count() }).from(pointsApplications).where(and(eq(pointsApplications.memberId, memberId), eq(pointsApplications.status, 'pending'))),
    db
      .select({ points: sql<string>`coalesce(sum(${orderPoints.points}), 0)`, orders: count() })
      .from(orderPoints)
      .where(and(eq(orderPoints.memberId, memberId), eq(orderPoints.status, 'pending'))),
    getGrowthSettings(db),
  ]);
  const { earned, spent } = earnedAndSpent(totals);
  return {
    balance: Number(account.balanceFen),
    pointsPerYuan: settings.pointsPerYuan,
    earned,
    spent,
    pendingApplications: pending?.n ?? 0,
    pendingPoints: Number(waiting?.points ?? 0),
    pendingOrders: waiting?.orders ?? 0,
  };
}

/** web/integration/list: every change of my points, newest first. */
export async function listPointsEntries(db: DbOrTx, memberId: number, query: PageInput): Promise<Page<PointsEntry>> {
  const account = await pointsAccount(db, memberId);
  const page = await accountEntries(db, account.id, query);
  return {
    ...page,
    list: page.list.map((row) => ({
        id: row.id,
        type: row.type,
        typeText: (pointsEntryLabels as Record<string, string>)[row.type] ?? row.type,
        points: Number(row.amountFen),
        balanceAfter: Number(row.balanceAfterFen),
      note: row.note,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

// ---- applications (致谢奖励) ----

export function applicationView(row: ApplicationRow): PointsApplication {
  return {
    rid: row.rid,
    title: row.title,
    journal: row.journal,
    doi: row.doi,
    status: row.status,
    statusText: applicationStatusLabels[row.status],
    points: row.points,
    reason: row.reason,
    citationCode: row.citationCode,
    thanksConsent: row.thanksConsent,
    thanksConsentText: thanksConsentLabels[row.thanksConsent],
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The order a paper's 引用代码 names (decisions/0058), or a clear refusal: a code with a wrong
 * check character, or one naming no order, is a typo to fix before staff see it.
 */
async function citedOrder(db: DbOrTx, code: string | undefined): Promise<{ code: string; orderId: number } | null> {
  if (!code) return null;
  const orderNo = orderNoOfCitationCode(code);
  const [orderId] = orderNo ? await orderIdsByNo(db, [orderNo]) : [];
  if (!orderNo || orderId === undefined) throw badRequest('[引用代码]无效，请核对论文致谢中的引用代码（形如 KY-XXXXX-XXXXX）');
  return { code: citationCodeOf(orderNo)!, orderId };
}

/** integration/apply: a pending application; the same paper cannot be pending or rewarded twice. */
export async function applyForPoints(db: Db, memberId: number, input: PointsApplyBody, now: Date): Promise<PointsApplication> {
  const [same] = await db
    .select({ id: pointsApplications.id })
    .from(pointsApplications)
    .where(and(eq(pointsApplications.memberId, memberId), eq(pointsApplications.title, input.title), inArray(pointsApplications.status, ['pending', 'approved'])))
    .limit(1);
  if (same) throw conflict('该论文已提交过申请，请勿重复提交');
  const cited = await citedOrder(db, input.citation_code);
  const [row] = await db
    .insert(pointsApplications)
    .values({
      rid: randomId(),
      memberId,
      title: input.title,
      journal: input.journal,
      doi: input.doi ?? '',
      publishedOn: input.published_on ?? null,
      citationCode: cited?.code ?? null,
      orderId: cited?.orderId ?? null,
      // only a paper with a 引用代码 goes on the public list; the affiliation only when agreed to
      thanksConsent: cited ? input.thanks_consent : 'none',
      affiliation: cited && input.thanks_consent === 'paper_affiliation' ? (input.affiliation ?? null) : null,
      acknowledgement: cited ? (input.acknowledgement ?? null) : null,
      createdAt: now,
    })
    .returning();
  return applicationView(row!);
}

/** integration/applications: mine, newest first. */
export async function listMyApplications(db: DbOrTx, memberId: number, query: PageInput): Promise<Page<PointsApplication>> {
  const where = eq(pointsApplications.memberId, memberId);
  return pageOf(
    db
      .select()
      .from(pointsApplications)
      .where(where)
      .orderBy(desc(pointsApplications.createdAt), desc(pointsApplications.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(pointsApplications).where(where),
    query,
    (rows) => rows.map(applicationView),
  );
}
