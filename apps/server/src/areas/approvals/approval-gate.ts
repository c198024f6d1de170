import { and, eq, gte, sql } from 'drizzle-orm';
import {
  approvalActionKinds,
  approvalAmountText,
  approvalActionLabels,
  approvalKindLabels,
  approvalKindRoles,
  approvalStatusLabels,
  approvalValueText,
  isFixedKind,
  labDay,
  labDayStart,
  limitCovers,
  limitScopeLabels,
  limitText,
  staffRoleLabels,
  type AdminApproval,
  type ApprovalAction,
  type ApprovalFiled,
  type ApprovalKind,
  type LimitScope,
  type StaffRole,
} from '@lab/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError, conflict } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { staffRefs } from '../accounts';
import { approvalLimits, approvalRequests, approvalUsage } from './approvals.tables';

/**
 * The gate every staff action that creates or releases value passes (coupons, refunds,
 * adjustments, confirmed top-ups, credit lines, bonus tiers, points awards). It sits low — it
 * knows staff and its own tables only — so funds, orders and growth call it from inside their
 * own services and transactions; approving (70-backoffice/approvals.service.ts) sits on top and
 * books through those same services.
 */

export interface StaffRef {
  id: number;
  role: StaffRole;
}

/**
 * Who is acting: a staff member on their own, or the maker of a request a checker has just
 * approved — then the action books only if it is worth exactly what the maker filed.
 */
export interface Acting {
  by: StaffRef;
  approved?: { rid: string; valueFen: number | null; checkerName: string };
}

/** What an action would book, measured for the limit and described for the checker. */
export interface ApprovalDraft {
  action: ApprovalAction;
  /** fen the limit is measured on; null: unbounded (a percent-off coupon, unlimited stock) */
  valueFen: number | null;
  /** everything approval needs to book it again, as the maker sent it */
  payload: Record<string, unknown>;
  summary: string;
  target: string;
  note?: string;
  /**
   * whose account the value goes to, for the per-target limit: 'member:<id>' | 'community:<id>'
   * (none: a coupon template, the bonus tiers)
   */
  targetKey?: string | null;
  /** one pending request per key (an order's cancellation, an adjustment's request id) */
  dedupeKey?: string;
  duplicateMessage?: string;
}

type RequestRow = typeof approvalRequests.$inferSelect;

/** A role's limits for one kind (null: no bound); fen, points for the points kind. */
export interface RoleLimits {
  action: number | null;
  day: number | null;
  month: number | null;
  target: number | null;
}

type LimitRow = Pick<typeof approvalLimits.$inferSelect, 'limitFen' | 'dayLimitFen' | 'monthLimitFen' | 'targetLimitFen'>;

/** A role with no row for a kind books nothing alone; a fixed kind (bonus tiers) gives nothing alone, whatever a row says. */
export const roleLimitsOf = (kind: ApprovalKind, row: LimitRow | undefined): RoleLimits =>
  isFixedKind(kind) || !row ? { action: 0, day: null, month: null, target: null } : { action: row.limitFen, day: row.dayLimitFen, month: row.monthLimitFen, target: row.targetLimitFen };

export async function limitsOf(db: DbOrTx, role: StaffRole, kind: ApprovalKind): Promise<RoleLimits> {
  const [row] = await db.select().from(approvalLimits).where(and(eq(approvalLimits.role, role), eq(approvalLimits.kind, kind))).limit(1);
  return roleLimitsOf(kind, row);
}

/** The single-action limit of a role for a kind. */
export const limitOf = async (db: DbOrTx, role: StaffRole, kind: ApprovalKind): Promise<number | null> => (await limitsOf(db, role, kind)).action;

/** A role's single-action limits (what it may approve), every kind it has a row for. */
export async function limitsOfRole(db: DbOrTx, role: StaffRole): Promise<Map<ApprovalKind, number | null>> {
  const rows = await db.select({ kind: approvalLimits.kind, limitFen: approvalLimits.limitFen }).from(approvalLimits).where(eq(approvalLimits.role, role));
  return new Map(rows.map((r) => [r.kind, r.limitFen]));
}

/** When the lab's day and month began (Asia/Shanghai), for the period limits. */
export function periodStarts(now: Date): { day: Date; month: Date } {
  const day = labDay(now);
  return { day: labDayStart(day), month: labDayStart(`${day.slice(0, 7)}-01`) };
}

type Row = Pick<RequestRow, 'action' | 'kind' | 'valueFen' | 'makerLimitFen' | 'limitScope' | 'makerUsedFen'>;

const periodWords: Record<Exclude<LimitScope, 'action'>, string> = { day: '今日', month: '本月', target: '本月为该客户' };

/** Why the action was filed, for the checker: 超出申请人单笔上限（¥500.00） / 申请人今日已独立办理¥4,000.00，加上本笔超出每人每日合计上限（¥5,000.00）. */
export function limitReason(row: Row): string {
  if (row.limitScope === 'action') return row.makerLimitFen === 0 ? '须经另一位同事审批' : `超出申请人${limitScopeLabels.action}（${limitText(row.makerLimitFen, row.kind)}）`;
  return `申请人${periodWords[row.limitScope]}已独立办理${approvalAmountText(row.makerUsedFen ?? 0, row.kind)}，加上本笔超出${limitScopeLabels[row.limitScope]}（${limitText(row.makerLimitFen, row.kind)}）`;
}

/** The sentence the maker reads when their action was filed rather than booked. */
export function filedMessage(row: Row): string {
  const what = `${approvalActionLabels[row.action]}（${approvalValueText(row.valueFen, row.kind)}）`;
  const then = '已提交审批；另一位有权限的同事在「待审批」中通过后才会生效';
  if (row.limitScope === 'action') {
    return row.makerLimitFen === 0 ? `${what}须经另一位同事审批，已提交审批；在「待审批」中通过后才会生效` : `${what}超出您的单笔权限（${limitText(row.makerLimitFen, row.kind)}），${then}`;
  }
  const used = approvalAmountText(row.makerUsedFen ?? 0, row.kind);
  const period = { day: '您今日已独立办理', month: '您本月已独立办理', target: '您本月已为该客户独立办理' }[row.limitScope];
  return `${what}：${period}${used}，加上本笔超出${limitScopeLabels[row.limitScope]}（${limitText(row.makerLimitFen, row.kind)}），${then}`;
}

interface Over {
  scope: LimitScope;
  limitFen: number | null;
  usedFen: number | null;
}

/**
 * Which of the maker's limits the action goes over, or null when every one covers it: the
 * action alone, then what they booked alone today, this month, and this month for the target.
 */
async function overLimit(tx: Tx, maker: StaffRef, kind: ApprovalKind, limits: RoleLimits, draft: ApprovalDraft, now: Date): Promise<Over | null> {
  if (!limitCovers(limits.action, draft.valueFen)) return { scope: 'action', limitFen: limits.action, usedFen: null };
  const target = draft.targetKey ?? null;
  const bounds = (['day', 'month', 'target'] as const).filter((scope) => limits[scope] !== null && (scope !== 'target' || target !== null));
  if (bounds.length === 0) return null;
  const starts = periodStarts(now);
  const [used] = await tx
    .select({
      day: sql<string>`coalesce(sum(${approvalUsage.valueFen}) filter (where ${approvalUsage.createdAt} >= ${starts.day}), 0)`,
      month: sql<string>`coalesce(sum(${approvalUsage.valueFen}), 0)`,
      target: sql<string>`coalesce(sum(${approvalUsage.valueFen}) filter (where ${approvalUsage.targetKey} = ${target}), 0)`,
    })
    .from(approvalUsage)
    .where(and(eq(approvalUsage.staffId, maker.id), eq(approvalUsage.kind, kind), gte(approvalUsage.createdAt, starts.month)));
  for (const scope of bounds) {
    const usedFen = Number(used?.[scope] ?? 0);
    const limitFen = limits[scope]!;
    if (draft.valueFen === null || usedFen + draft.valueFen > limitFen) return { scope, limitFen, usedFen };
  }
  return null;
}

/**
 * null: book it now — the action is recorded against the maker's period and target limits in
 * the caller's transaction, so it counts only if it is booked. Otherwise the action is filed as a
 * pending request and nothing is booked: the caller returns the answer as it is. For an approved
 * request, refuses (409) when the action is no longer worth what the maker filed — the checker
 * approved that, not this — and counts nothing against the maker (a second person decided it).
 *
 * Must run inside the transaction that books the action: it takes a transaction-scoped advisory
 * lock of (maker, kind) before it reads what the maker used, so parallel requests of one person
 * are measured one after the other, each seeing the ones before it.
 */
export async function gateAction(tx: Tx, acting: Acting, draft: ApprovalDraft, now: Date): Promise<ApprovalFiled | null> {
  const kind = approvalActionKinds[draft.action];
  if (acting.approved) {
    if (acting.approved.valueFen !== draft.valueFen) {
      throw new AppError('APPROVAL_STALE', `申请时为${approvalValueText(acting.approved.valueFen, kind)}，现在为${approvalValueText(draft.valueFen, kind)}，与审批的内容不符，请驳回后重新申请`, { status: 409 });
    }
    return null;
  }
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`approval:${acting.by.id}:${kind}`}))`);
  const limits = await limitsOf(tx, acting.by.role, kind);
  const over = await overLimit(tx, acting.by, kind, limits, draft, now);
  if (!over) {
    await tx.insert(approvalUsage).values({ staffId: acting.by.id, kind, action: draft.action, targetKey: draft.targetKey ?? null, valueFen: draft.valueFen, createdAt: now });
    return null;
  }
  const [row] = await tx
    .insert(approvalRequests)
    .values({
      rid: randomId(),
      kind,
      action: draft.action,
      payload: draft.payload,
      valueFen: draft.valueFen,
      makerLimitFen: over.limitFen,
      limitScope: over.scope,
      makerUsedFen: over.usedFen,
      summary: draft.summary,
      target: draft.target,
      note: draft.note ?? '',
      dedupeKey: draft.dedupeKey ?? null,
      makerId: acting.by.id,
      makerRole: acting.by.role,
      createdAt: now,
    })
    .onConflictDoNothing({ target: approvalRequests.dedupeKey, where: sql`${approvalRequests.status} = 'pending' and ${approvalRequests.dedupeKey} is not null` })
    .returning();
  if (!row) throw conflict(draft.duplicateMessage ?? '该操作已提交审批，请等待审批结果');
  const [view] = await approvalViews(tx, [row], acting.by);
  return { pendingApproval: view!, message: filedMessage(row) };
}

/** A note for timelines and ledgers of what an approved request booked: （经 李四 审批）. */
export const approvedNote = (acting: Acting) => (acting.approved ? `（经${acting.approved.checkerName}审批）` : '');

/**
 * Why this staff member may not approve the request, or null when they may: not their own,
 * a role that works with its kind, and a limit of their own that covers it (admin always).
 */
export function cannotApprove(row: Pick<RequestRow, 'status' | 'makerId' | 'kind' | 'valueFen'>, viewer: StaffRef, viewerLimits: Map<ApprovalKind, number | null>): string | null {
  if (row.status !== 'pending') return `该申请${approvalStatusLabels[row.status]}，不能再审批`;
  if (row.makerId === viewer.id) return '不能审批自己提交的申请，请由另一位同事审批';
  if (viewer.role === 'admin') return null;
  if (!approvalKindRoles[row.kind].includes(viewer.role)) return `${staffRoleLabels[viewer.role]}不能审批${approvalKindLabels[row.kind]}申请`;
  // a fixed kind has no limit: any colleague of a role that works with it is the second person
  if (isFixedKind(row.kind)) return null;
  const limitFen = viewerLimits.has(row.kind) ? viewerLimits.get(row.kind)! : 0;
  if (!limitCovers(limitFen, row.valueFen)) return `金额${approvalValueText(row.valueFen, row.kind)}超出您的审批额度（${limitText(limitFen, row.kind)}）`;
  return null;
}

/** Why this staff member may not reject the request (null: they may): pending, not their own, a role that works with its kind. */
export function cannotReject(row: Pick<RequestRow, 'status' | 'makerId' | 'kind'>, viewer: StaffRef): string | null {
  if (row.status !== 'pending') return `该申请${approvalStatusLabels[row.status]}，不能再处理`;
  if (row.makerId === viewer.id) return '自己提交的申请请使用「撤回」';
  if (viewer.role !== 'admin' && !approvalKindRoles[row.kind].includes(viewer.role)) return `${staffRoleLabels[viewer.role]}不能处理${approvalKindLabels[row.kind]}申请`;
  return null;
}

/** Requests as the back office shows them to `viewer`, with both people named. */
export async function approvalViews(db: DbOrTx, rows: RequestRow[], viewer: StaffRef): Promise<AdminApproval[]> {
  const ids = rows.flatMap((r) => (r.checkerId === null ? [r.makerId] : [r.makerId, r.checkerId]));
  const [byId, limits] = await Promise.all([staffRefs(db, ids), limitsOfRole(db, viewer.role)]);
  const person = (id: number, role: StaffRole) => ({ id, name: byId.get(id)?.name || `#${id}`, role });
  return rows.map((row) => {
    const reason = cannotApprove(row, viewer, limits);
    return {
      rid: row.rid,
      kind: row.kind,
      action: row.action,
      actionText: approvalActionLabels[row.action],
      summary: row.summary,
      target: row.target,
      valueFen: row.valueFen,
      makerLimitFen: row.makerLimitFen,
      limitScope: row.limitScope,
      makerUsedFen: row.makerUsedFen,
      limitReason: limitReason(row),
      note: row.note,
      maker: person(row.makerId, row.makerRole),
      status: row.status,
      statusText: approvalStatusLabels[row.status],
      checker: row.checkerId === null ? null : person(row.checkerId, row.checkerRole ?? byId.get(row.checkerId)?.role ?? 'admin'),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decisionReason: row.decisionReason,
      resultKey: row.resultKey,
      createdAt: row.createdAt.toISOString(),
      canApprove: reason === null,
      cannotApproveReason: reason,
      canReject: cannotReject(row, viewer) === null,
      canWithdraw: row.status === 'pending' && row.makerId === viewer.id,
    };
  });
}

