import { and, desc, eq } from 'drizzle-orm';
import { formatFen, transferStatusLabels, type Page, type TransferAddBody, type TransferApplication, type TransferListBody } from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { conflict, decisionChanged, notFound } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { postMessage } from '../messages';
import { communityRef, communityRefs } from '../member';
import { transferApplications } from './funds.tables';
import { balanceOf, balanceTooLow, ensureAccount, transferBetween, type Actor } from './ledger.service';
import { getFundsSettings } from './prestore-rules';
import { findOwnedCommunity } from './prestore.service';
import { paginate } from '../../db/paginate';

type TransferRow = typeof transferApplications.$inferSelect;

export async function toTransferViews(db: DbOrTx, rows: TransferRow[]): Promise<TransferApplication[]> {
  const found = await communityRefs(db, rows.map((r) => r.communityId));
  const refs = new Map([...found].map(([id, c]) => [id, { rid: c.rid, name: c.name }]));
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
const one = async (db: DbOrTx, row: TransferRow) => (await toTransferViews(db, [row]))[0]!;

/** Books a transfer application's money: member ⇄ community, keyed by the application. */
async function execute(tx: Tx, row: TransferRow, actor: Actor, now: Date) {
  const community = await communityRef(tx, { id: row.communityId }, { lock: 'share' });
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
  // answered from the transaction: never a read after the commit (issue 28, fault 12)
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(transferApplications)
      .values({ rid: randomId(), memberId, communityId: community.id, direction: input.direction, amountFen: input.amount, remark: input.remark ?? '', createdAt: now })
      .returning();
    if (input.amount > transferApprovalFen) return one(tx, created!);
    await execute(tx, created!, { kind: 'member', id: memberId }, now);
    const [done] = await tx.update(transferApplications).set({ status: 'done', doneAt: now }).where(eq(transferApplications.id, created!.id)).returning();
    return one(tx, done!);
  });
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
  return paginate(
    query,
    (w) => db.select().from(transferApplications).where(where).orderBy(desc(transferApplications.createdAt), desc(transferApplications.id)).limit(w.limit).offset(w.offset),
    () => db.$count(transferApplications, where),
    (rows) => toTransferViews(db, rows),
  );
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

const directionText = (row: TransferRow, community: string) => (row.direction === 'toCommunity' ? `个人账户转入科研团体「${community}」` : `科研团体「${community}」转回个人账户`);

async function communityName(tx: DbOrTx, id: number) {
  return (await communityRef(tx, { id }))?.name ?? '';
}

/** Finance approves a pending transfer: the money moves now, or BALANCE_TOO_LOW and it stays pending. The member is told in-site. */
export async function approveTransfer(db: DbOrTx, staffId: number, input: { rid: string; version: number }, now: Date): Promise<TransferApplication> {
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(transferApplications).where(eq(transferApplications.rid, input.rid)).for('update').limit(1);
    if (!locked) throw notFound('转账申请');
    if (locked.status !== 'pending') throw conflict(`该转账申请${transferStatusLabels[locked.status]}，不能审核`);
    if (locked.version !== input.version) throw decisionChanged();
    await execute(tx, locked, { kind: 'staff', id: staffId }, now);
    const [done] = await tx.update(transferApplications).set({ status: 'done', doneAt: now, decidedAt: now, staffId }).where(eq(transferApplications.id, locked.id)).returning();
    const what = directionText(locked, await communityName(tx, locked.communityId));
    await postMessage(tx, locked.memberId, { kind: 'funds', title: '转账申请已通过', content: `您申请的${formatFen(Number(locked.amountFen))}（${what}）已审核通过，款项已划转。`, link: '/member/prestore' }, now);
    return done!;
  });
  return one(db, row);
}

export async function refuseTransfer(db: DbOrTx, staffId: number, input: { rid: string; version: number; reason: string }, now: Date): Promise<TransferApplication> {
  const { reason } = input;
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(transferApplications).where(eq(transferApplications.rid, input.rid)).for('update').limit(1);
    if (!current) throw notFound('转账申请');
    if (current.status !== 'pending') throw conflict(`该转账申请${transferStatusLabels[current.status]}，不能审核`);
    if (current.version !== input.version) throw decisionChanged();
    const [updated] = await tx
      .update(transferApplications)
      .set({ status: 'refused', refuseReason: reason, decidedAt: now, staffId })
      .where(eq(transferApplications.id, current.id))
      .returning();
    const what = directionText(current, await communityName(tx, current.communityId));
    await postMessage(tx, current.memberId, { kind: 'funds', title: '转账申请未通过', content: `您申请的${formatFen(Number(current.amountFen))}（${what}）未通过审核，原因：${reason}。款项未划转。`, link: '/member/prestore' }, now);
    return updated!;
  });
  return one(db, row);
}
