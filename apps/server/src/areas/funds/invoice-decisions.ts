import { eq } from 'drizzle-orm';
import { formatFen, INVOICE_FILE_REQUIRED, invoiceStatusLabels, invoiceTypeLabels, isElectronicInvoice, type InvoiceApplication, type AdminInvoiceIssueFields } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, decisionChanged, notFound } from '../../platform/errors';
import type { Recorded } from '../../platform/files';
import { postMessage } from '../messages';
import { invoiceApplicationItems, invoiceApplications } from './funds.tables';

import { invoiceFileOf, one, type ApplicationRow } from './invoices.service';

/** Finance's side of invoice applications: issue (number, date, file), reject, the stored file. */

export async function findApplication(db: DbOrTx, rid: string) {
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
