import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  formatFen,
  INVOICE_FILE_REQUIRED,
  invoiceStatusLabels,
  invoiceTypeLabels,
  isElectronicInvoice,
  isSpecialInvoice,
  MAX_INVOICE_TITLES,
  SPECIAL_INVOICE_NEEDS_UNIT,
  type InvoiceApplication,
  type InvoiceApplyAddBody,
  type InvoiceApplyListBody,
  type AdminInvoiceIssueFields,
  type InvoiceTitle,
  type InvoiceTitleAddBody,
  type Page,
  redLetterStatusLabels,
  type AdminInvoiceRedBody,
  type RedLetter,
} from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, badRequest, conflict, decisionChanged, notFound } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import type { Recorded } from '../../platform/files';
import { isUniqueViolation } from '../../db/errors';
import { postMessage } from '../messages';
import { invoiceApplicationItems, invoiceApplications, invoiceRedLetters, invoiceTitles, prestoreApplications, type TitleSnapshot } from './funds.tables';
import { paginate } from '../../db/paginate';
import { onlineItems, onlineSources } from './online-invoices';

type TitleRow = typeof invoiceTitles.$inferSelect;
type ApplicationRow = typeof invoiceApplications.$inferSelect;

const specialReady = (t: { kind: string; taxNo: string | null; bank: string | null; bankAccount: string | null; address: string | null; phone: string | null }) =>
  t.kind === 'unit' && Boolean(t.taxNo && t.bank && t.bankAccount && t.address && t.phone);

const toTitle = (row: TitleRow): InvoiceTitle => ({
  rid: row.rid,
  kind: row.kind,
  title: row.title,
  tax_no: row.taxNo,
  bank: row.bank,
  bank_account: row.bankAccount,
  address: row.address,
  phone: row.phone,
  email: row.email,
  default: row.isDefault ? 1 : 0,
  specialReady: specialReady(row),
});

const titleValues = (input: InvoiceTitleAddBody) => ({
  kind: input.kind,
  title: input.title,
  taxNo: input.tax_no ?? null,
  bank: input.bank ?? null,
  bankAccount: input.bank_account ?? null,
  address: input.address ?? null,
  phone: input.phone ?? null,
  email: input.email ?? null,
});

async function lockTitles(tx: DbOrTx, memberId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invoice-titles:${memberId}`}))`);
}

async function findOwnTitle(db: DbOrTx, memberId: number, rid: string): Promise<TitleRow> {
  const [row] = await db.select().from(invoiceTitles).where(and(eq(invoiceTitles.rid, rid), eq(invoiceTitles.memberId, memberId))).limit(1);
  if (!row) throw notFound('发票抬头');
  return row;
}

/** invoice/list: default first, then newest. */
export async function listTitles(db: DbOrTx, memberId: number): Promise<InvoiceTitle[]> {
  const rows = await db.select().from(invoiceTitles).where(eq(invoiceTitles.memberId, memberId)).orderBy(desc(invoiceTitles.isDefault), desc(invoiceTitles.createdAt), desc(invoiceTitles.id));
  return rows.map(toTitle);
}

/** invoice/add: the first title becomes the default. */
export async function addTitle(db: Db, memberId: number, input: InvoiceTitleAddBody, now: Date): Promise<InvoiceTitle> {
  const row = await db.transaction(async (tx) => {
    await lockTitles(tx, memberId);
    const [n] = await tx.select({ n: count() }).from(invoiceTitles).where(eq(invoiceTitles.memberId, memberId));
    const existing = n?.n ?? 0;
    if (existing >= MAX_INVOICE_TITLES) throw badRequest(`最多保存${MAX_INVOICE_TITLES}个发票抬头，请先删除不用的抬头`);
    const makeDefault = input.default === '1' || existing === 0;
    if (makeDefault) await tx.update(invoiceTitles).set({ isDefault: false, updatedAt: now }).where(and(eq(invoiceTitles.memberId, memberId), eq(invoiceTitles.isDefault, true)));
    const [created] = await tx.insert(invoiceTitles).values({ rid: randomId(), memberId, ...titleValues(input), isDefault: makeDefault, createdAt: now, updatedAt: now }).returning();
    return created!;
  });
  return toTitle(row);
}

export async function editTitle(db: Db, memberId: number, input: InvoiceTitleAddBody & { rid: string }, now: Date): Promise<InvoiceTitle> {
  const row = await db.transaction(async (tx) => {
    await lockTitles(tx, memberId);
    const current = await findOwnTitle(tx, memberId, input.rid);
    const makeDefault = current.isDefault || input.default === '1';
    if (makeDefault && !current.isDefault) await tx.update(invoiceTitles).set({ isDefault: false, updatedAt: now }).where(and(eq(invoiceTitles.memberId, memberId), eq(invoiceTitles.isDefault, true)));
    const [updated] = await tx.update(invoiceTitles).set({ ...titleValues(input), isDefault: makeDefault, updatedAt: now }).where(eq(invoiceTitles.id, current.id)).returning();
    return updated!;
  });
  return toTitle(row);
}

/** invoice/del: applications keep their own copy of the title; the default passes to the newest. */
export async function deleteTitle(db: Db, memberId: number, rid: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTitles(tx, memberId);
    const current = await findOwnTitle(tx, memberId, rid);
    await tx.delete(invoiceTitles).where(eq(invoiceTitles.id, current.id));
    if (!current.isDefault) return;
    const [next] = await tx
      .select({ id: invoiceTitles.id })
      .from(invoiceTitles)
      .where(and(eq(invoiceTitles.memberId, memberId), ne(invoiceTitles.id, current.id)))
      .orderBy(desc(invoiceTitles.createdAt), desc(invoiceTitles.id))
      .limit(1);
    if (next) await tx.update(invoiceTitles).set({ isDefault: true, updatedAt: now }).where(eq(invoiceTitles.id, next.id));
  });
}

export async function setDefaultTitle(db: Db, memberId: number, rid: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTitles(tx, memberId);
    const current = await findOwnTitle(tx, memberId, rid);
    if (current.isDefault) return;
    await tx.update(invoiceTitles).set({ isDefault: false, updatedAt: now }).where(and(eq(invoiceTitles.memberId, memberId), eq(invoiceTitles.isDefault, true)));
    await tx.update(invoiceTitles).set({ isDefault: true, updatedAt: now }).where(eq(invoiceTitles.id, current.id));
  });
}

// ---- applications ----

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
const one = async (db: DbOrTx, row: ApplicationRow) => (await toInvoiceViews(db, [row]))[0]!;

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
  const where = and(eq(invoiceApplications.memberId, memberId), query.status ? eq(invoiceApplications.status, query.status) : undefined);
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

// ---- staff ----

async function findApplication(db: DbOrTx, rid: string) {
  const [row] = await db.select().from(invoiceApplications).where(eq(invoiceApplications.rid, rid)).limit(1);
  if (!row) throw notFound('开票申请');
  return row;
}

const issuedMessage = (row: ApplicationRow, input: { invoice_no: string; issued_on: string }, hasFile: boolean) => ({
  kind: 'funds',
  title: '发票已开具',
  content: `您申请的${invoiceTypeLabels[row.type] ?? '发票'}（${formatFen(Number(row.amountFen))}，抬头「${row.title.title}」）已开具，发票号码 ${input.invoice_no}，开票日期 ${input.issued_on}。${
    hasFile ? '可在发票记录中下载电子发票。' : isElectronicInvoice(row.type) ? '电子发票文件上传后即可在发票记录中下载。' : '纸质发票将按您填写的地址寄出。'
  }`,
  link: '/member/invoiceLs',
});

/** Finance records the invoice's number and date (the file may follow with invoice/file); the member is told. */
export async function issueInvoice(db: DbOrTx, staffId: number, input: IssueInput, now: Date): Promise<InvoiceApplication> {
  return issueWith(db, staffId, input, null, now);
}

/**
 * Finance issues an invoice in one step: number, date and the e-invoice file, so the member
 * never sees 已开票 without the file to download. E-invoices need the file; paper ones are mailed.
 */
export async function issueInvoiceWithFile(db: DbOrTx, staffId: number, input: AdminInvoiceIssueFields, file: { name: string; type: string } | null, now: Date): Promise<InvoiceApplication> {
  return issueWith(db, staffId, input, file, now);
}

/** Checks an issue before its file is written to disk: the application exists, waits, and an e-invoice brings its file. */
export async function assertIssuable(db: DbOrTx, input: { rid: string; version: number }, hasFile: boolean): Promise<void> {
  const current = await findApplication(db, input.rid);
  if (current.status !== 'pending') throw conflict(`该开票申请${invoiceStatusLabels[current.status]}，不能开票`);
  if (current.version !== input.version) throw decisionChanged();
  if (isElectronicInvoice(current.type) && !hasFile) throw badRequest(INVOICE_FILE_REQUIRED);
}

/** What finance issues: the number and date, on the version of the application it saw. */
type IssueInput = { rid: string; version: number; invoice_no: string; issued_on: string };

async function issueWith(db: DbOrTx, staffId: number, input: IssueInput, file: { name: string; type: string } | null, now: Date): Promise<InvoiceApplication> {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(invoiceApplications).where(eq(invoiceApplications.rid, input.rid)).for('update').limit(1);
    if (!current) throw notFound('开票申请');
    if (current.status !== 'pending') throw conflict(`该开票申请${invoiceStatusLabels[current.status]}，不能开票`);
    // the title, type and amount finance checked: the member may still edit them while pending
    if (current.version !== input.version) throw decisionChanged();
    const [updated] = await tx
      .update(invoiceApplications)
      .set({ status: 'issued', invoiceNo: input.invoice_no, issuedOn: input.issued_on, staffId, decidedAt: now, updatedAt: now, ...(file ? { fileName: file.name, fileType: file.type } : {}) })
      .where(eq(invoiceApplications.id, current.id))
      .returning();
    await postMessage(tx, current.memberId, issuedMessage(current, input, file !== null), now);
    return updated!;
  });
  return one(db, row);
}

/** Rejecting frees the covered money for a new application; the member is told why. */
export async function rejectInvoice(db: DbOrTx, staffId: number, input: { rid: string; version: number; reason: string }, now: Date): Promise<InvoiceApplication> {
  const { reason } = input;
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(invoiceApplications).where(eq(invoiceApplications.rid, input.rid)).for('update').limit(1);
    if (!current) throw notFound('开票申请');
    if (current.status !== 'pending') throw conflict(`该开票申请${invoiceStatusLabels[current.status]}，不能驳回`);
    if (current.version !== input.version) throw decisionChanged();
    const [updated] = await tx
      .update(invoiceApplications)
      .set({ status: 'rejected', rejectReason: reason, staffId, decidedAt: now, updatedAt: now })
      .where(eq(invoiceApplications.id, current.id))
      .returning();
    await tx.update(invoiceApplicationItems).set({ active: false }).where(eq(invoiceApplicationItems.applicationId, current.id));
    await postMessage(
      tx,
      current.memberId,
      { kind: 'funds', title: '开票申请已驳回', content: `您的开票申请（${formatFen(Number(current.amountFen))}，抬头「${current.title.title}」）已驳回，原因：${reason}。相应款项可重新申请开票。`, link: '/member/invoiceLs' },
      now,
    );
    return updated!;
  });
  return one(db, row);
}

/**
 * The e-invoice file (pdf/png/jpeg), attached to an issued application or replacing its file;
 * answers the stored name it replaced, read under the row's lock (the route removes that file).
 */
export async function attachInvoiceFile(db: Db, rid: string, file: { name: string; type: string }, now: Date): Promise<Recorded<InvoiceApplication>> {
  const { row, replaced } = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(invoiceApplications).where(eq(invoiceApplications.rid, rid)).for('update').limit(1);
    if (!current) throw notFound('开票申请');
    if (current.status !== 'issued') throw new AppError('CONFLICT', '请先登记发票号码和开票日期，再上传发票文件');
    const [updated] = await tx.update(invoiceApplications).set({ fileName: file.name, fileType: file.type, updatedAt: now }).where(eq(invoiceApplications.id, current.id)).returning();
    return { row: updated!, replaced: current.fileName };
  });
  return { value: await one(db, row), replaced };
}

/** Staff: the stored file of any application. */
export async function staffInvoiceFile(db: DbOrTx, rid: string) {
  return invoiceFileOf(db, null, rid);
}

/** Before a file is stored: the application exists and is issued. */
export async function assertFileAttachable(db: DbOrTx, rid: string): Promise<void> {
  const current = await findApplication(db, rid);
  if (current.status !== 'issued') throw new AppError('CONFLICT', '请先登记发票号码和开票日期，再上传发票文件');
}

// ---- refunds: no invoice for money that went back (issue 28, hole 4) ----

/** The application's version moves on although none of its own columns may change (its red letters did). */
const nextVersion = sql`${invoiceApplications.version} + 1`;

export type InvoiceSourceKind = (typeof invoiceApplicationItems.$inferSelect)['sourceKind'];

/**
 * Money an invoice application covers went back to the payer (an order cancelled and refunded,
 * to the funds or to the payment channel), inside the refund's own transaction. The item that
 * covers it is marked refunded, and
 * - on a pending application it leaves it: the amount drops (the row changes, so its version
 *   does: finance's 开票 on the version it saw answers 409 and shows the new amount); an
 *   application left with nothing is void (已作废). The member is told.
 * - on an issued one it stays, and the application owes a 红冲 (invoice_red_letters, needed)
 *   for that amount, which finance records from the 待红冲 queue (recordRedLetter).
 * Never the same money invoiced twice, never money no longer paid invoiced: the refunded source
 * is not invoiceable any more (online-invoices.ts reads only paid orders), and an application
 * being made for it meanwhile waits for the order row the refund holds (onlineItems locks it).
 * Idempotent: an item refunded before is skipped.
 */
export async function voidRefundedSource(tx: Tx, source: { kind: InvoiceSourceKind; ref: string; note: string }, now: Date): Promise<void> {
  const items = await tx
    .select({ id: invoiceApplicationItems.id, applicationId: invoiceApplicationItems.applicationId, amountFen: invoiceApplicationItems.amountFen })
    .from(invoiceApplicationItems)
    .where(and(eq(invoiceApplicationItems.sourceKind, source.kind), eq(invoiceApplicationItems.sourceRef, source.ref), eq(invoiceApplicationItems.active, true), isNull(invoiceApplicationItems.refundedAt)));
  for (const item of items) {
    const [application] = await tx.select().from(invoiceApplications).where(eq(invoiceApplications.id, item.applicationId)).for('update').limit(1);
    if (!application) continue;
    const amount = formatFen(Number(item.amountFen));
    if (application.status === 'pending') {
      await tx.update(invoiceApplicationItems).set({ active: false, refundedAt: now, refundNote: source.note }).where(eq(invoiceApplicationItems.id, item.id));
      const [left] = await tx
        .select({ fen: sql<string>`coalesce(sum(${invoiceApplicationItems.amountFen}), 0)` })
        .from(invoiceApplicationItems)
        .where(and(eq(invoiceApplicationItems.applicationId, application.id), eq(invoiceApplicationItems.active, true)));
      const leftFen = Number(left?.fen ?? 0);
      if (leftFen > 0) {
        await tx.update(invoiceApplications).set({ amountFen: leftFen, updatedAt: now }).where(eq(invoiceApplications.id, application.id));
      } else {
        await tx.update(invoiceApplications).set({ status: 'void', rejectReason: `${source.note}，款项已退回，申请自动作废`, decidedAt: now, updatedAt: now }).where(eq(invoiceApplications.id, application.id));
      }
      await postMessage(
        tx,
        application.memberId,
        {
          kind: 'funds',
          title: leftFen > 0 ? '开票申请金额已调整' : '开票申请已作废',
          content:
            leftFen > 0
              ? `${source.note}，其款项${amount}已退回，不再开票；您的开票申请（抬头「${application.title.title}」）金额调整为${formatFen(leftFen)}。`
              : `${source.note}，其款项${amount}已退回，不再开票；您的开票申请（抬头「${application.title.title}」）已作废。`,
          link: '/member/invoiceLs',
        },
        now,
      );
    } else if (application.status === 'issued') {
      await tx.update(invoiceApplicationItems).set({ refundedAt: now, refundNote: source.note }).where(eq(invoiceApplicationItems.id, item.id));
      await tx.insert(invoiceRedLetters).values({ applicationId: application.id, itemId: item.id, amountFen: Number(item.amountFen), reason: `${source.note}，退款${amount}`, createdAt: now });
      // its version moves on: a 红冲 recorded on what finance saw before answers 409
      await tx.update(invoiceApplications).set({ updatedAt: now, version: nextVersion }).where(eq(invoiceApplications.id, application.id));
      await postMessage(
        tx,
        application.memberId,
        {
          kind: 'funds',
          title: '发票待红冲',
          content: `${source.note}，其款项${amount}已退回。该款项已开具的发票（号码 ${application.invoiceNo ?? ''}）将由财务红冲（开具红字发票），红冲后请勿再以原发票报销该金额。`,
          link: '/member/invoiceLs',
        },
        now,
      );
    }
  }
}

/**
 * invoice/red: finance records the red-letter invoice it issued for the refunded money of an
 * issued invoice: every 红冲 the application owes becomes done with that number and date. On
 * the version the queue showed (a refund since changed it: 409); nothing owed: 409.
 */
export async function recordRedLetter(db: DbOrTx, staffId: number, input: AdminInvoiceRedBody, now: Date): Promise<InvoiceApplication> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(invoiceApplications).where(eq(invoiceApplications.rid, input.rid)).for('update').limit(1);
    if (!current) throw notFound('开票申请');
    if (current.version !== input.version) throw decisionChanged();
    const done = await tx
      .update(invoiceRedLetters)
      .set({ status: 'done', redInvoiceNo: input.red_invoice_no, redIssuedOn: input.red_issued_on, staffId, doneAt: now })
      .where(and(eq(invoiceRedLetters.applicationId, current.id), eq(invoiceRedLetters.status, 'needed')))
      .returning({ amountFen: invoiceRedLetters.amountFen });
    if (done.length === 0) throw conflict('该发票没有待红冲的款项');
    const [updated] = await tx.update(invoiceApplications).set({ updatedAt: now, version: nextVersion }).where(eq(invoiceApplications.id, current.id)).returning();
    const fen = done.reduce((sum, r) => sum + Number(r.amountFen), 0);
    await postMessage(
      tx,
      current.memberId,
      { kind: 'funds', title: '发票已红冲', content: `您的发票（号码 ${current.invoiceNo ?? ''}）中已退款的${formatFen(fen)}已红冲，红字发票号码 ${input.red_invoice_no}，开具日期 ${input.red_issued_on}。`, link: '/member/invoiceLs' },
      now,
    );
    return one(tx, updated!);
  });
}
