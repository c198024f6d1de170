import { and, asc, count, desc, eq, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  APPROVAL_KINDS,
  approvalKindRoles,
  isFixedKind,
  staffRoles,
  type AdminApproval,
  type ApprovalCounts,
  type ApprovalLimit,
  type ApprovalLimitBody,
  type ApprovalListBody,
  type Page,
} from '@lab/contract';
import type { Db, Tx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { staffNames, staffRefs } from '../accounts';
import { bookerOf, type ApprovalChannels } from './approval-hooks';
import { approvalViews, cannotApprove, cannotReject, limitsOfRole, roleLimitsOf, type Acting, type StaffRef } from './approval-gate';
import { approvalLimits, approvalRequests } from './approvals.tables';

/**
 * The 待审批 list and its decisions, and the limits (approvals/README.md). Approving
 * books the filed request through the same services that book the action alone — the coupons,
 * the order cancellation, the adjustment, the top-up confirmation, the credit line, the bonus
 * tiers, the points award; their areas register them (approval-hooks.ts, src/area-hooks.ts) —
 * inside one transaction with the guarded status
 * change, so two checkers racing book it once and a failed booking leaves it pending.
 */

type RequestRow = typeof approvalRequests.$inferSelect;

/** The pending requests `viewer` may approve, as SQL: not their own; a kind and value their role and limit cover. */
async function approvableBy(db: Db, viewer: StaffRef): Promise<SQL> {
  const pendingNotMine = and(eq(approvalRequests.status, 'pending'), ne(approvalRequests.makerId, viewer.id))!;
  if (viewer.role === 'admin') return pendingNotMine;
  const limits = await limitsOfRole(db, viewer.role);
  const kinds = APPROVAL_KINDS.filter((kind) => approvalKindRoles[kind].includes(viewer.role)).map((kind) => {
    const limit = isFixedKind(kind) ? null : limits.has(kind) ? limits.get(kind)! : 0;
    return and(eq(approvalRequests.kind, kind), limit === null ? undefined : and(isNotNull(approvalRequests.valueFen), lte(approvalRequests.valueFen, limit)));
  });
  return and(pendingNotMine, kinds.length ? or(...kinds) : sql`false`)!;
}

export async function listApprovals(db: Db, viewer: StaffRef, query: ApprovalListBody): Promise<Page<AdminApproval>> {
  const where = and(
    query.status ? eq(approvalRequests.status, query.status) : undefined,
    query.kind ? eq(approvalRequests.kind, query.kind) : undefined,
    query.scope === 'mine' ? eq(approvalRequests.makerId, viewer.id) : query.scope === 'todo' ? await approvableBy(db, viewer) : undefined,
  );
  const direction = query.order === 'ascend' ? asc : desc;
  return paginate(
    query,
    (w) => db.select().from(approvalRequests).where(where).orderBy(direction(approvalRequests.createdAt), direction(approvalRequests.id)).limit(w.limit).offset(w.offset),
    () => db.$count(approvalRequests, where),
    (rows) => approvalViews(db, rows, viewer),
  );
}

/** The badge: what waits for this staff member, and what of theirs waits for someone else. */
export async function approvalCounts(db: Db, viewer: StaffRef): Promise<ApprovalCounts> {
  const [[todo], [mine]] = await Promise.all([
    db.select({ n: count() }).from(approvalRequests).where(await approvableBy(db, viewer)),
    db.select({ n: count() }).from(approvalRequests).where(and(eq(approvalRequests.status, 'pending'), eq(approvalRequests.makerId, viewer.id))),
  ]);
  return { todo: todo?.n ?? 0, mine: mine?.n ?? 0 };
}

async function findRequest(db: Db | Tx, rid: string): Promise<RequestRow> {
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.rid, rid)).limit(1);
  if (!row) throw notFound('审批申请');
  return row;
}

export async function getApproval(db: Db, viewer: StaffRef, rid: string): Promise<AdminApproval> {
  return (await approvalViews(db, [await findRequest(db, rid)], viewer))[0]!;
}

async function staffName(db: Db, id: number): Promise<string> {
  return (await staffRefs(db, [id])).get(id)?.name || `#${id}`;
}

/**
 * A second staff member approves: not the maker, a role that works with the kind, a limit of
 * their own that covers it (admin always). The status moves pending → approved in a guarded
 * UPDATE and the exact filed request is booked in the same transaction: a checker racing
 * another waits for the row, then finds it decided (409); a booking that fails (the order moved
 * on, the amount changed) rolls the approval back and the request stays pending.
 */
export async function approveRequest(db: Db, channels: ApprovalChannels, checker: StaffRef, rid: string, now: Date): Promise<AdminApproval> {
  const row = await findRequest(db, rid);
  const why = cannotApprove(row, checker, await limitsOfRole(db, checker.role));
  if (why) throw row.status === 'pending' ? forbidden(why) : conflict(why);
  const checkerName = await staffName(db, checker.id);
  const booking = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(approvalRequests)
      .set({ status: 'approved', checkerId: checker.id, checkerRole: checker.role, decidedAt: now })
      .where(and(eq(approvalRequests.id, row.id), eq(approvalRequests.status, 'pending')))
      .returning({ id: approvalRequests.id });
    if (!claimed) throw conflict('该申请已被其他同事处理，请刷新后查看');
    const acting: Acting = { by: { id: row.makerId, role: row.makerRole }, approved: { rid: row.rid, valueFen: row.valueFen, checkerName } };
    const done = await bookerOf(row.action)({ db, tx, channels, acting, payload: row.payload, now });
    await tx.update(approvalRequests).set({ resultKey: done.key }).where(eq(approvalRequests.id, row.id));
    return done;
  });
  await booking.afterCommit?.();
  return getApproval(db, checker, rid);
}

/** Decides a pending request without booking it: rejected by a colleague, or withdrawn by its maker. */
async function close(db: Db, viewer: StaffRef, row: RequestRow, status: 'rejected' | 'withdrawn', reason: string | null, now: Date): Promise<AdminApproval> {
  const [closed] = await db
    .update(approvalRequests)
    .set({ status, checkerId: status === 'rejected' ? viewer.id : null, checkerRole: status === 'rejected' ? viewer.role : null, decidedAt: now, decisionReason: reason })
    .where(and(eq(approvalRequests.id, row.id), eq(approvalRequests.status, 'pending')))
    .returning();
  if (!closed) throw conflict('该申请已被其他同事处理，请刷新后查看');
  return (await approvalViews(db, [closed], viewer))[0]!;
}

export async function rejectRequest(db: Db, checker: StaffRef, rid: string, reason: string, now: Date): Promise<AdminApproval> {
  const row = await findRequest(db, rid);
  const why = cannotReject(row, checker);
  if (why) throw row.status === 'pending' ? forbidden(why) : conflict(why);
  return close(db, checker, row, 'rejected', reason, now);
}

export async function withdrawRequest(db: Db, maker: StaffRef, rid: string, reason: string | undefined, now: Date): Promise<AdminApproval> {
  const row = await findRequest(db, rid);
  if (row.makerId !== maker.id) throw forbidden('只能撤回自己提交的申请');
  if (row.status !== 'pending') throw conflict('该申请已处理，不能撤回');
  return close(db, maker, row, 'withdrawn', reason ?? null, now);
}

// ---- the limits (系统管理 → 审批额度) ----

/** Every role's limits for every kind it works with (admin's too), as the limits screen shows them. */
export async function listLimits(db: Db): Promise<ApprovalLimit[]> {
  const limitRows = await db.select().from(approvalLimits);
  const names = await staffNames(db, limitRows.map((limit) => limit.updatedBy));
  const rows = limitRows.map((limit) => ({ limit, updatedBy: limit.updatedBy === null ? null : (names.get(limit.updatedBy) ?? null) }));
  const byKey = new Map(rows.map((r) => [`${r.limit.role}:${r.limit.kind}`, r]));
  return staffRoles.flatMap((role) =>
    APPROVAL_KINDS.filter((kind) => role === 'admin' || approvalKindRoles[kind].includes(role)).map((kind) => {
      const row = byKey.get(`${role}:${kind}`);
      const limits = roleLimitsOf(kind, row?.limit);
      return {
        role,
        kind,
        limitFen: limits.action,
        dayLimitFen: limits.day,
        monthLimitFen: limits.month,
        targetLimitFen: limits.target,
        configurable: !isFixedKind(kind),
        updatedAt: row?.limit.updatedAt?.toISOString() ?? null,
        updatedBy: row?.updatedBy ?? null,
      };
    }),
  );
}

/** Saves one role's limits for one kind; a period limit left out of the call keeps its value. */
export async function saveLimit(db: Db, staffId: number, input: ApprovalLimitBody, now: Date): Promise<ApprovalLimit> {
  const periods = {
    ...(input.dayLimit === undefined ? {} : { dayLimitFen: input.dayLimit }),
    ...(input.monthLimit === undefined ? {} : { monthLimitFen: input.monthLimit }),
    ...(input.targetLimit === undefined ? {} : { targetLimitFen: input.targetLimit }),
  };
  const set = { limitFen: input.limit, ...periods, updatedAt: now, updatedBy: staffId };
  await db
    .insert(approvalLimits)
    .values({ role: input.role, kind: input.kind, ...set })
    .onConflictDoUpdate({ target: [approvalLimits.role, approvalLimits.kind], set });
  return (await listLimits(db)).find((l) => l.role === input.role && l.kind === input.kind)!;
}
