import { and, count, desc, eq } from 'drizzle-orm';
import { transferStatusLabels, type Page, type TransferAddBody, type TransferApplication, type TransferListBody, type TransferStatus } from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { conflict, notFound } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { members } from '../auth/auth.tables';
import { communities } from '../member/member.tables';
import { transferApplications } from './funds.tables';
import { balanceOf, balanceTooLow, ensureAccount, transferBetween, type Actor } from './ledger.service';
import { findOwnedCommunity, getFundsSettings } from './prestore.service';

type TransferRow = typeof transferApplications.$inferSelect;

async function toViews(db: DbOrTx, rows: TransferRow[]): Promise<TransferApplication[]> {
  const ids = [...new Set(rows.map((r) => r.communityId))];
  const refs = new Map<number, { rid: string; name: string }>();
  for (const id of ids) {
    const [c] = await db.select({ rid: communities.rid, name: communities.name }).from(communities).where(eq(communities.id, id)).limit(1);
    if (c) refs.set(id, c);
  }
  return rows.map((row) => ({
    rid: row.rid,
    direction: row.direction,
    community: refs.get(row.communityId) ?? { rid: '', name: '' },
    amountFen: Number(row.amountFen),
    status: row.status,
    statusText: transferStatusLabels[row.status],
    remark: row.remark,
    refuseReason: row.refuseReason,
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
  }));
}
const one = async (db: DbOrTx, row: TransferRow) => (await toViews(db, [row]))[0]!;

/** Books a transfer application's money: member ⇄ community, keyed by the application. */
async function execute(tx: Tx, row: TransferRow, actor: Actor, now: Date) {
  const [community] = await tx
    .select({ ownerMemberId: communities.ownerMemberId, status: communities.status })
    .from(communities)
    .where(eq(communities.id, row.communityId))
    .for('share')
    .limit(1);
  // the community may have changed hands or closed since the application
  if (!community || community.status !== 'active' || community.ownerMemberId !== row.memberId) throw conflict('您已不是该科研团体的负责人，不能转账');
  const memberAccount = await ensureAccount(tx, 'member', row.memberId);
  const communityAccount = await ensureAccount(tx, 'community', row.communityId);
  const [from, to] = row.direction === 'toCommunity' ? [memberAccount, communityAccount] : [communityAccount, memberAccount];
  await transferBetween(tx, { fromAccountId: from.id, toAccountId: to.id, amountFen: Number(row.amountFen), reference: `transfer:${row.rid}`, actor, now, note: row.remark || (row.direction === 'toCommunity' ? '转入科研团体' : '转回个人账户') });
}

/**
 * transferApply/add: up to the approval threshold the money moves at once; above it the
 * application waits for finance (the balance is checked again when it is approved).
 */
export async function addTransfer(db: Db, memberId: number, input: TransferAddBody, now: Date): Promise<TransferApplication> {
  const community = await findOwnedCommunity(db, memberId, input.community_rid);
  const { transferApprovalFen } = await getFundsSettings(db);
  const fromBalance = input.direction === 'toCommunity' ? await balanceOf(db, 'member', memberId) : await balanceOf(db, 'community', community.id);
  if (fromBalance < input.amount) throw balanceTooLow();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(transferApplications)
      .values({ rid: randomId(), memberId, communityId: community.id, direction: input.direction, amountFen: input.amount, remark: input.remark ?? '', createdAt: now })
      .returning();
    if (input.amount > transferApprovalFen) return created!;
    await execute(tx, created!, { kind: 'member', id: memberId }, now);
    const [done] = await tx.update(transferApplications).set({ status: 'done', doneAt: now }).where(eq(transferApplications.id, created!.id)).returning();
    return done!;
  });
  return one(db, row);
}

async function findOwn(db: DbOrTx, memberId: number, rid: string) {
  const [row] = await db
    .select()
    .from(transferApplications)
    .where(and(eq(transferApplications.rid, rid), eq(transferApplications.memberId, memberId)))
    .limit(1);
  if (!row) throw notFound('转账申请');
  return row;
}

export const getTransfer = async (db: DbOrTx, memberId: number, rid: string) => one(db, await findOwn(db, memberId, rid));

export async function listTransfers(db: DbOrTx, memberId: number, query: TransferListBody): Promise<Page<TransferApplication>> {
  const where = and(eq(transferApplications.memberId, memberId), query.status ? eq(transferApplications.status, query.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(transferApplications).where(where).orderBy(desc(transferApplications.createdAt), desc(transferApplications.id)).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(transferApplications).where(where),
  ]);
  return { list: await toViews(db, rows), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function cancelTransfer(db: Db, memberId: number, rid: string, now: Date): Promise<TransferApplication> {
  const current = await findOwn(db, memberId, rid);
  const [row] = await db
    .update(transferApplications)
    .set({ status: 'cancelled', decidedAt: now })
    .where(and(eq(transferApplications.id, current.id), eq(transferApplications.status, 'pending')))
    .returning();
  if (!row) throw conflict(`该转账申请${transferStatusLabels[current.status]}，不能取消`);
  return one(db, row);
}

// ---- staff ----

export async function adminListTransfers(db: DbOrTx, query: { page: number; pageSize: number; status?: string | undefined }) {
  const status = query.status && (transferStatusLabels as Record<string, string>)[query.status] ? (query.status as TransferStatus) : undefined;
  const where = status ? eq(transferApplications.status, status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ t: transferApplications, m: { rid: members.rid, phone: members.phone, name: members.name } })
      .from(transferApplications)
      .innerJoin(members, eq(members.id, transferApplications.memberId))
      .where(where)
      .orderBy(desc(transferApplications.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(transferApplications).where(where),
  ]);
  const views = await toViews(db, rows.map((r) => r.t));
  return { list: views.map((v, i) => ({ ...v, member: rows[i]!.m })), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** Finance approves a pending transfer: the money moves now, or BALANCE_TOO_LOW and it stays pending. */
export async function approveTransfer(db: Db, staffId: number, rid: string, now: Date): Promise<TransferApplication> {
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(transferApplications).where(eq(transferApplications.rid, rid)).for('update').limit(1);
    if (!locked) throw notFound('转账申请');
    if (locked.status !== 'pending') throw conflict(`该转账申请${transferStatusLabels[locked.status]}，不能审核`);
    await execute(tx, locked, { kind: 'staff', id: staffId }, now);
    const [done] = await tx.update(transferApplications).set({ status: 'done', doneAt: now, decidedAt: now, staffId }).where(eq(transferApplications.id, locked.id)).returning();
    return done!;
  });
  return one(db, row);
}

export async function refuseTransfer(db: Db, staffId: number, rid: string, reason: string, now: Date): Promise<TransferApplication> {
  const [current] = await db.select().from(transferApplications).where(eq(transferApplications.rid, rid)).limit(1);
  if (!current) throw notFound('转账申请');
  const [row] = await db
    .update(transferApplications)
    .set({ status: 'refused', refuseReason: reason, decidedAt: now, staffId })
    .where(and(eq(transferApplications.id, current.id), eq(transferApplications.status, 'pending')))
    .returning();
  if (!row) throw conflict(`该转账申请${transferStatusLabels[current.status]}，不能审核`);
  return one(db, row);
}
