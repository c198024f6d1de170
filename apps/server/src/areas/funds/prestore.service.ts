import { and, desc, eq, inArray } from 'drizzle-orm';
import { prestoreBonusFen, prestoreStatusLabels, type Page, type PrestoreAddBody, type PrestoreApplication, type PrestoreEditBody, type PrestoreListBody } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { Recorded } from '../../platform/files';
import { randomId } from '../../platform/crypto';
import { dayNumber, insertNumbered, type NumberSpec } from '../../platform/numbers';
import { communityRefs, findOwnedCommunity as ownedCommunity } from '../member';
import { invoiceApplicationItems, prestoreApplications } from './funds.tables';
import { paginate } from '../../db/paginate';

import { getPrestoreRules } from './prestore-rules';

export type PrestoreRow = typeof prestoreApplications.$inferSelect;

/**
 * A community the member owns (active), whose money they move: member's findOwnedCommunity,
 * except that another member's community reads as not found (404) like an unknown one, not 403 —
 * its money is not theirs to learn of (the top-up, transfer, history and payment calls say so).
 */
export async function findOwnedCommunity(db: DbOrTx, memberId: number, rid: string) {
  try {
    return await ownedCommunity(db, memberId, rid);
  } catch (error) {
    if (error instanceof AppError && error.code === 'FORBIDDEN') throw notFound('科研团体');
    throw error;
  }
}

async function invoicedRefs(db: DbOrTx, rids: string[]) {
  if (rids.length === 0) return new Set<string>();
  const rows = await db
    .select({ ref: invoiceApplicationItems.sourceRef })
    .from(invoiceApplicationItems)
    .where(and(eq(invoiceApplicationItems.sourceKind, 'prestore'), inArray(invoiceApplicationItems.sourceRef, rids), eq(invoiceApplicationItems.active, true)));
  return new Set(rows.map((r) => r.ref));
}

export async function toPrestoreViews(db: DbOrTx, rows: PrestoreRow[]): Promise<PrestoreApplication[]> {
  const [communities, invoiced] = await Promise.all([communityRefs(db, rows.map((r) => r.communityId)), invoicedRefs(db, rows.map((r) => r.rid))]);
  const refs = new Map([...communities].map(([id, c]) => [id, { rid: c.rid, name: c.name }]));
  return rows.map((row) => ({
    rid: row.rid,
    applyNo: row.applyNo,
    amountFen: Number(row.amountFen),
    bonusFen: Number(row.bonusFen),
    status: row.status,
    statusText: prestoreStatusLabels[row.status],
    payer: row.payer,
    remark: row.remark,
    community: row.communityId === null ? null : (refs.get(row.communityId) ?? null),
    hasReceipt: row.receiptFile !== null,
    refuseReason: row.refuseReason,
    invoiceable: row.status === 'confirmed' && row.communityId === null && !invoiced.has(row.rid),
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.status === 'confirmed' ? (row.decidedAt?.toISOString() ?? null) : null,
  }));
}

export const one = async (db: DbOrTx, row: PrestoreRow) => (await toPrestoreViews(db, [row]))[0]!;

/** One of the member's own applications; another member's rid reads as not found. */
export async function findOwnPrestore(db: DbOrTx, memberId: number, rid: string, options: { lock?: boolean } = {}): Promise<PrestoreRow> {
  const query = db
    .select()
    .from(prestoreApplications)
    .where(and(eq(prestoreApplications.rid, rid), eq(prestoreApplications.memberId, memberId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('预存申请');
  return row;
}

/** 'YC' + Shanghai date + 6 random digits, drawn again on a clash (platform/numbers.ts). */
export const PRESTORE_NO: NumberSpec = { constraint: 'prestore_applications_applyNo_unique', draw: dayNumber('YC', 6) };

/** prestoreApply/add */
export async function addPrestore(db: Db, memberId: number, input: PrestoreAddBody, now: Date): Promise<PrestoreApplication> {
  const { rules, minAmountFen } = await getPrestoreRules(db);
  if (input.amount < minAmountFen) throw badRequest(`[预存金额]不能少于${minAmountFen / 100}元`);
  const community = input.community_rid ? await findOwnedCommunity(db, memberId, input.community_rid) : null;
  return insertNumbered(db, PRESTORE_NO, now, async (tx, applyNo) => {
    const [created] = await tx
      .insert(prestoreApplications)
      .values({
        rid: randomId(),
        applyNo,
        memberId,
        communityId: community?.id ?? null,
        amountFen: input.amount,
        bonusFen: prestoreBonusFen(input.amount, rules),
        payer: input.payer ?? '',
        remark: input.remark ?? '',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // answered from the transaction: never a read after the commit (issue 28, fault 12)
    return one(tx, created!);
  });
}

export const PRESTORE_MONEY_LOCKED = '预存申请提交后，预存金额和付款户名不能修改；如需修改，请取消该申请后重新申请';

/**
 * prestoreApply/edit: the remark, while pending. The money fields (amount, payer) are what
 * finance checks against the bank statement; once submitted they stay as finance saw them
 * (PRODUCT.md "Staff decisions and value"): an edit that would change them is refused, and the
 * member cancels and applies again. The call still carries them, as the spec's form does.
 */
export async function editPrestore(db: Db, memberId: number, input: PrestoreEditBody, now: Date): Promise<PrestoreApplication> {
  const current = await findOwnPrestore(db, memberId, input.rid);
  const [row] = await db
    .update(prestoreApplications)
    .set({ remark: input.remark ?? '', updatedAt: now })
    .where(
      and(
        eq(prestoreApplications.id, current.id),
        eq(prestoreApplications.status, 'pending'),
        // checked in the guarded UPDATE itself: the row as it is when written, not as it was read
        eq(prestoreApplications.amountFen, input.amount),
        input.payer === undefined ? undefined : eq(prestoreApplications.payer, input.payer),
      ),
    )
    .returning();
  if (row) return one(db, row);
  const latest = await findOwnPrestore(db, memberId, input.rid);
  if (latest.status !== 'pending') throw conflict(`该预存申请${prestoreStatusLabels[latest.status]}，不能修改`);
  throw new AppError('PRESTORE_MONEY_LOCKED', PRESTORE_MONEY_LOCKED, { status: 409 });
}

/** prestoreApply/cancel: while pending only. */
export async function cancelPrestore(db: Db, memberId: number, rid: string, now: Date): Promise<PrestoreApplication> {
  const current = await findOwnPrestore(db, memberId, rid);
  const [row] = await db
    .update(prestoreApplications)
    .set({ status: 'cancelled', updatedAt: now, decidedAt: now })
    .where(and(eq(prestoreApplications.id, current.id), eq(prestoreApplications.status, 'pending')))
    .returning();
  if (!row) throw conflict(`该预存申请${prestoreStatusLabels[current.status]}，不能取消`);
  return one(db, row);
}

export async function getPrestore(db: DbOrTx, memberId: number, rid: string): Promise<PrestoreApplication> {
  return one(db, await findOwnPrestore(db, memberId, rid));
}

/** prestore/list */
export async function listPrestores(db: DbOrTx, memberId: number, query: PrestoreListBody): Promise<Page<PrestoreApplication>> {
  const where = and(eq(prestoreApplications.memberId, memberId), query.status ? eq(prestoreApplications.status, query.status) : undefined);
  return paginate(
    query,
    (w) => db.select().from(prestoreApplications).where(where).orderBy(desc(prestoreApplications.createdAt), desc(prestoreApplications.id)).limit(w.limit).offset(w.offset),
    () => db.$count(prestoreApplications, where),
    (rows) => toPrestoreViews(db, rows),
  );
}

/**
 * Receipt attached by the member (a pending application only); a new one replaces the old.
 * Answers the stored name it replaced, read under the row's lock, so the route removes exactly
 * the file no row points at any more once this has committed.
 */
export async function attachReceipt(db: Db, memberId: number, rid: string, file: { name: string; type: string }, now: Date): Promise<Recorded<PrestoreApplication>> {
  const { row, replaced } = await db.transaction(async (tx) => {
    const current = await findOwnPrestore(tx, memberId, rid, { lock: true });
    if (current.status !== 'pending') throw conflict(`该预存申请${prestoreStatusLabels[current.status]}，不能再上传凭证`);
    const [updated] = await tx
      .update(prestoreApplications)
      .set({ receiptFile: file.name, receiptType: file.type, updatedAt: now })
      .where(eq(prestoreApplications.id, current.id))
      .returning();
    return { row: updated!, replaced: current.receiptFile };
  });
  return { value: await one(db, row), replaced };
}
