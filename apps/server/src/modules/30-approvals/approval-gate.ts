import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  approvalActionKinds,
  approvalActionLabels,
  approvalKindLabels,
  approvalKindRoles,
  approvalStatusLabels,
  approvalValueText,
  limitCovers,
  limitText,
  staffRoleLabels,
  type AdminApproval,
  type ApprovalAction,
  type ApprovalFiled,
  type ApprovalKind,
  type StaffRole,
} from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { AppError, conflict } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { staff } from '../../db/tables/accounts.tables';
import { approvalLimits, approvalRequests } from '../../db/tables/approvals.tables';

/**
 * The gate every value-creating staff action passes (coupons, refunds, adjustments). It sits
 * low — it knows staff and its own tables only — so funds and orders call it from inside
 * their own services and transactions; approving (approvals.service.ts) sits on top and
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
  /** one pending request per key (an order's cancellation, an adjustment's request id) */
  dedupeKey?: string;
  duplicateMessage?: string;
}

type RequestRow = typeof approvalRequests.$inferSelect;

/** The limit of a role for a kind; a role with no row for it books nothing alone. */
export async function limitOf(db: DbOrTx, role: StaffRole, kind: ApprovalKind): Promise<number | null> {
  const [row] = await db
    .select({ limitFen: approvalLimits.limitFen })
    .from(approvalLimits)
    .where(and(eq(approvalLimits.role, role), eq(approvalLimits.kind, kind)))
    .limit(1);
  return row ? row.limitFen : 0;
}

export async function limitsOfRole(db: DbOrTx, role: StaffRole): Promise<Map<ApprovalKind, number | null>> {
  const rows = await db.select({ kind: approvalLimits.kind, limitFen: approvalLimits.limitFen }).from(approvalLimits).where(eq(approvalLimits.role, role));
  return new Map(rows.map((r) => [r.kind, r.limitFen]));
}

/** The sentence the maker reads when their action was filed rather than booked. */
export const filedMessage = (row: Pick<RequestRow, 'action' | 'valueFen' | 'makerLimitFen'>) =>
  row.makerLimitFen === 0
    ? `${approvalActionLabels[row.action]}（${approvalValueText(row.valueFen)}）须经另一位同事审批，已提交审批；在「待审批」中通过后才会生效`
    : `${approvalActionLabels[row.action]}（${approvalValueText(row.valueFen)}）超出您的单笔权限（${limitText(row.makerLimitFen)}），已提交审批；另一位有权限的同事在「待审批」中通过后才会生效`;

/**
 * null: book it now. Otherwise the action is filed as a pending request and nothing is booked:
 * the caller returns the answer as it is. For an approved request, refuses (409) when the action
 * is no longer worth what the maker filed — the checker approved that, not this.
 */
export async function gateAction(db: DbOrTx, acting: Acting, draft: ApprovalDraft, now: Date): Promise<ApprovalFiled | null> {
  if (acting.approved) {
    if (acting.approved.valueFen !== draft.valueFen) {
      throw new AppError('APPROVAL_STALE', `申请时为${approvalValueText(acting.approved.valueFen)}，现在为${approvalValueText(draft.valueFen)}，与审批的内容不符，请驳回后重新申请`, { status: 409 });
    }
    return null;
  }
  const kind = approvalActionKinds[draft.action];
  const limitFen = await limitOf(db, acting.by.role, kind);
  if (limitCovers(limitFen, draft.valueFen)) return null;
  const [row] = await db
    .insert(approvalRequests)
    .values({
      rid: randomId(),
      kind,
      action: draft.action,
      payload: draft.payload,
      valueFen: draft.valueFen,
      makerLimitFen: limitFen,
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
  const [view] = await approvalViews(db, [row], acting.by);
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
  const limitFen = viewerLimits.has(row.kind) ? viewerLimits.get(row.kind)! : 0;
  if (!limitCovers(limitFen, row.valueFen)) return `金额${approvalValueText(row.valueFen)}超出您的审批额度（${limitText(limitFen)}）`;
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
  const ids = [...new Set(rows.flatMap((r) => (r.checkerId === null ? [r.makerId] : [r.makerId, r.checkerId])))];
  const [people, limits] = await Promise.all([
    ids.length ? db.select({ id: staff.id, name: staff.name, account: staff.account, role: staff.role }).from(staff).where(inArray(staff.id, ids)) : [],
    limitsOfRole(db, viewer.role),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const person = (id: number, role: StaffRole) => ({ id, name: byId.get(id)?.name || byId.get(id)?.account || `#${id}`, role });
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

