import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { invoiceStatusLabels, invoiceTypeLabels, isElectronicInvoice, isSpecialInvoice, SPECIAL_INVOICE_NEEDS_UNIT, type InvoiceApplication, type InvoiceApplyAddBody, type InvoiceApplyListBody, type Page, redLetterStatusLabels, type RedLetter } from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { isUniqueViolation } from '../../db/errors';
import { invoiceApplicationItems, invoiceApplications, invoiceRedLetters, prestoreApplications, type TitleSnapshot } from './funds.tables';
import { paginate } from '../../db/paginate';
import { onlineItems, onlineSources } from './online-invoices';

import { findOwnTitle, specialReady, type TitleRow } from './invoice-titles';

export type ApplicationRow = typeof invoiceApplications.$inferSelect;

const snapshot = (t: TitleRow): TitleSnapshot => ({ kind: t.kind, title: t.title, tax_no: t.taxNo, bank: t.bank, bank_account: t.bankAccount, address: t.address, phone: t.phone, email: t.email });

export async function toInvoiceViews(db: DbOrTx, rows: ApplicationRow[]): Promise<InvoiceApplication[]> {
  const ids = rows.map((r) => r.id);
  const items = ids.length ? await db.select().from(invoiceApplicationItems).where(inArray(invoiceApplicationItems.applicationId, ids)).orderBy(asc(invoiceApplicationItems.id)) : [];
  const reds = ids.length ? await db.select().from(invoiceRedLetters).where(inArray(invoiceRedLetters.applicationId, ids)).orderBy(asc(invoiceRedLetters.id)) : [];
  return rows.map((row) => ({
    rid: row.rid,
    type: row.type,
    typeText: invoiceTypeLabels[row.type] ?? '',
    title: row.title,
    amountFen: Number(row.amountFen),
    items: items.filter((i) => i.applicationId === row.id).map((i) => ({ kind: i.sourceKind, ref: i.sourceRef, amountFen: Number(i.amountFen), refunded: i.refundedAt !== null })),
    email: row.email,
    receiver: row.receiver,
    receiverPhone: row.receiverPhone,
    receiverAddress: row.receiverAddress,
    remark: row.remark,
    status: row.status,
    statusText: invoiceStatusLabels[row.status],
    invoiceNo: row.invoiceNo,
    issuedOn: row.issuedOn,
    hasFile: row.fileName !== null,
    rejectReason: row.rejectReason,
    redLetters: reds.filter((r) => r.applicationId === row.id).map(toRedLetter),
    createdAt: row.createdAt.toISOString(),
  }));
}

const toRedLetter = (r: typeof invoiceRedLetters.$inferSelect): RedLetter => ({
  status: r.status,
  statusText: redLetterStatusLabels[r.status],
  amountFen: Number(r.amountFen),
  reason: r.reason,
  redInvoiceNo: r.redInvoiceNo,
  redIssuedOn: r.redIssuedOn,
  createdAt: r.createdAt.toISOString(),
});
export const one = async (db: DbOrTx, row: ApplicationRow) => (await toInvoiceViews(db, [row]))[0]!;

async function findOwnApplication(db: DbOrTx, memberId: number, rid: string): Promise<ApplicationRow> {
  const [row] = await db.select().from(invoiceApplications).where(and(eq(invoiceApplications.rid, rid), eq(invoiceApplications.memberId, memberId))).limit(1);
  if (!row) throw notFound('开票申请');
  return row;
}

/** Checks the request against the title and the money it covers; answers the items and the total. */
async function prepare(tx: Tx, memberId: number, input: InvoiceApplyAddBody) {
  const title = await findOwnTitle(tx, memberId, input.title_rid);
  if (isSpecialInvoice(input.type) && !specialReady(title)) throw badRequest(SPECIAL_INVOICE_NEEDS_UNIT);
  const email = input.email ?? title.email ?? undefined;
  if (isElectronicInvoice(input.type) && !email) throw badRequest('[接收邮箱]不能为空');
  const rids = [...new Set(input.prestore_rids)];
  const sources = rids.length
    ? await tx
        .select()
        .from(prestoreApplications)
        .where(and(inArray(prestoreApplications.rid, rids), eq(prestoreApplications.memberId, memberId)))
    : [];
  if (sources.length !== rids.length) throw notFound('预存申请');
  const notConfirmed = sources.find((s) => s.status !== 'confirmed');
  if (notConfirmed) throw badRequest(`预存单 ${notConfirmed.applyNo} 尚未到账，不能开票`);
  const items: { sourceKind: 'prestore' | 'order' | 'online'; sourceRef: string; amountFen: number }[] = sources.map((s) => ({ sourceKind: 'prestore' as const, sourceRef: s.rid, amountFen: Number(s.amountFen) }));
  items.push(...(await onlineItems(tx, memberId, input.order_nos, input.payment_nos)));
  return { title, email: email ?? null, items, amountFen: items.reduce((sum, i) => sum + i.amountFen, 0) };
}

const ALREADY_INVOICED = '所选款项已申请过发票，不能重复开票';

async function insertItems(tx: Tx, applicationId: number, items: { sourceKind: 'prestore' | 'order' | 'online'; sourceRef: string; amountFen: number }[]) {
  try {
    await tx.transaction(async (sp) => {
      await sp.insert(invoiceApplicationItems).values(items.map((i) => ({ applicationId, sourceKind: i.sourceKind, sourceRef: i.sourceRef, amountFen: i.amountFen })));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_INVOICED);
    throw error;
  }
}

/** invoiceApply/add: one application for confirmed top-ups not invoiced before. */
export async function addInvoiceApplication(db: Db, memberId: number, input: InvoiceApplyAddBody, now: Date): Promise<InvoiceApplication> {
  // answered from the transaction: never a read after the commit (issue 28, fault 12)
  return db.transaction(async (tx) => {
    const prepared = await prepare(tx, memberId, input);
    const [created] = await tx
      .insert(invoiceApplications)
      .values({
        rid: randomId(),
        memberId,
        type: input.type,
        title: snapshot(prepared.title),
        amountFen: prepared.amountFen,
        email: prepared.email,
        receiver: input.receiver ?? null,
        receiverPhone: input.receiver_phone ?? null,
        receiverAddress: input.receiver_address ?? null,
        remark: input.remark ?? '',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await insertItems(tx, created!.id, prepared.items);
    return one(tx, created!);
  });
}

/** invoiceApply/edit: while pending; the covered money is replaced as a whole. */
export async function editInvoiceApplication(db: Db, memberId: number, input: InvoiceApplyAddBody & { rid: string }, now: Date): Promise<InvoiceApplication> {
  return db.transaction(async (tx) => {
    await findOwnApplication(tx, memberId, input.rid);
    // the orders' rows first (prepare holds them), then the application's: the order in which a
    // refund takes them (voidRefundedSource), so the two never wait for each other
    const prepared = await prepare(tx, memberId, input);
    const [current] = await tx
      .select()
      .from(invoiceApplications)
      .where(and(eq(invoiceApplications.rid, input.rid), eq(invoiceApplications.memberId, memberId)))
      .for('update')
      .limit(1);
    if (!current) throw notFound('开票申请');
    if (current.status !== 'pending') throw conflict(`该开票申请${invoiceStatusLabels[current.status]}，不能修改`);
    await tx.delete(invoiceApplicationItems).where(eq(invoiceApplicationItems.applicationId, current.id));
    await insertItems(tx, current.id, prepared.items);
    const [updated] = await tx
      .update(invoiceApplications)
      .set({
        type: input.type,
        title: snapshot(prepared.title),
        amountFen: prepared.amountFen,
        email: prepared.email,
        receiver: input.receiver ?? null,
        receiverPhone: input.receiver_phone ?? null,
        receiverAddress: input.receiver_address ?? null,
        remark: input.remark ?? '',
        updatedAt: now,
      })
      .where(eq(invoiceApplications.id, current.id))
      .returning();
    return one(tx, updated!);
  });
}

export const getInvoiceApplication = async (db: DbOrTx, memberId: number, rid: string) => one(db, await findOwnApplication(db, memberId, rid));

/** invoiceApply/list (issued = asset/invoiceHistory) */
export async function listInvoiceApplications(db: DbOrTx, memberId: number, query: InvoiceApplyListBody): Promise<Page<InvoiceApplication>> {
  const where = and(
    eq(invoiceApplications.memberId, memberId),
    query.status ? eq(invoiceApplications.status, query.status) : undefined,
    query.order_no
      ? sql`exists (select 1 from invoice_application_items i where i.application_id = ${invoiceApplications.id} and i.source_kind = 'order' and i.source_ref = ${query.order_no})`
      : undefined,
  );
  return paginate(
    query,
    (w) => db.select().from(invoiceApplications).where(where).orderBy(desc(invoiceApplications.createdAt), desc(invoiceApplications.id)).limit(w.limit).offset(w.offset),
    () => db.$count(invoiceApplications, where),
    (rows) => toInvoiceViews(db, rows),
  );
}

/** The invoice file of an issued application, for its owner. */
export async function invoiceFileOf(db: DbOrTx, memberId: number | null, rid: string) {
  const [row] = await db
    .select()
    .from(invoiceApplications)
    .where(and(eq(invoiceApplications.rid, rid), memberId === null ? undefined : eq(invoiceApplications.memberId, memberId)))
    .limit(1);
  if (!row?.fileName || !row.fileType) throw notFound('发票文件');
  return { name: row.fileName, type: row.fileType, invoiceNo: row.invoiceNo ?? row.rid };
}

/** Confirmed member top-ups not yet covered by a live invoice application. */
export async function invoiceableFen(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${prestoreApplications.amountFen}), 0)` })
    .from(prestoreApplications)
    .where(
      and(
        eq(prestoreApplications.memberId, memberId),
        eq(prestoreApplications.status, 'confirmed'),
        sql`not exists (select 1 from invoice_application_items i where i.source_kind = 'prestore' and i.source_ref = ${prestoreApplications.rid} and i.active)`,
      ),
    );
  const online = await onlineSources(db, memberId);
  return Number(row?.sum ?? 0) + online.reduce((sum, s) => sum + s.amountFen, 0);
}
