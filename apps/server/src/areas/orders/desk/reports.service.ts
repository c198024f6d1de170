import { and, asc, eq } from 'drizzle-orm';
import type { ReportFile } from '@lab/contract';
import type { Db, DbOrTx } from '../../../db/client';
import { randomId } from '../../../platform/crypto';
import { AppError, notFound } from '../../../platform/errors';
import type { Recorded, SniffedExt } from '../../../platform/files';
import { addOrderEvent, findOrderByNo, type OrderRow } from '../order-core';
import { orderFiles } from '../orders.tables';
import { toReportFile } from '../order-detail.service';

/**
 * Report and data files of an order. The lab uploads them while the order is being tested
 * (or after delivery, to add a file); members download them only for their own orders. The stored file has a name the server
 * chose; the name shown and used for the download comes from the uploader's file name,
 * cleaned, with the extension of the type read from the content.
 */
export const REPORT_MAX_BYTES = 50 * 1024 * 1024;
export const REPORT_TYPES: readonly SniffedExt[] = ['pdf', 'png', 'jpg', 'zip'];
const UPLOAD_PROGRESS: OrderRow['progress'][] = ['testing', 'delivered'];

export type OrderFileRow = typeof orderFiles.$inferSelect;

const extOf = (type: string) => ({ 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg', 'application/zip': 'zip' })[type] ?? 'bin';

/**
 * A display name from the client's file name: no folders, no control or reserved characters,
 * no extension (the real one is added from the content), at most 80 characters.
 */
export function reportDisplayBase(filename: string | null | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const withoutExt = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  const cleaned = withoutExt
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 80)
    .trim();
  return cleaned || '检测报告';
}

export async function listReportRows(db: DbOrTx, orderId: number): Promise<OrderFileRow[]> {
  return db
    .select()
    .from(orderFiles)
    .where(and(eq(orderFiles.orderId, orderId), eq(orderFiles.kind, 'report')))
    .orderBy(asc(orderFiles.id));
}

function checkUploadable(order: OrderRow): void {
  if (!UPLOAD_PROGRESS.includes(order.progress)) throw new AppError('ORDER_STATE', '仅测试中或已出数据的订单可以上传报告', { status: 409 });
}

/** Before the file is written: the order exists and takes reports (checked again under the lock). */
export async function assertReportUploadable(db: DbOrTx, orderNo: string): Promise<void> {
  checkUploadable(await findOrderByNo(db, orderNo));
}

/** Staff upload: the file is already stored (content-checked); records it on the order. */
export async function addReport(
  db: Db,
  staff: { id: number; name: string },
  orderNo: string,
  stored: { name: string; type: string; size: number },
  filename: string | null,
  now: Date,
): Promise<ReportFile[]> {
  return db.transaction(async (tx) => {
    const order = await findOrderByNo(tx, orderNo, { lock: true });
    checkUploadable(order);
    const name = `${reportDisplayBase(filename)}.${extOf(stored.type)}`;
    await tx.insert(orderFiles).values({
      rid: randomId(),
      orderId: order.id,
      kind: 'report',
      name,
      storedName: stored.name,
      type: stored.type,
      size: stored.size,
      staffId: staff.id,
      createdAt: now,
    });
    await addOrderEvent(tx, order.id, { status: 'note', title: '上传报告文件', note: name, actor: { kind: 'staff', id: staff.id, name: staff.name }, now });
    return (await listReportRows(tx, order.id)).map(toReportFile);
  });
}

/**
 * Staff: removes a report before the data is delivered (a wrong file, replaced by the right one);
 * answers the stored name no row points at any more, for the route to remove once this committed.
 */
export async function deleteReport(db: Db, staff: { id: number; name: string }, orderNo: string, id: string, now: Date): Promise<Recorded<ReportFile[]>> {
  return db.transaction(async (tx) => {
    const order = await findOrderByNo(tx, orderNo, { lock: true });
    if (order.progress !== 'testing') throw new AppError('ORDER_STATE', '数据交付后不能删除报告文件', { status: 409 });
    const [removed] = await tx
      .delete(orderFiles)
      .where(and(eq(orderFiles.orderId, order.id), eq(orderFiles.rid, id), eq(orderFiles.kind, 'report')))
      .returning();
    if (!removed) throw notFound('报告文件');
    await addOrderEvent(tx, order.id, { status: 'note', title: '删除报告文件', note: removed.name, actor: { kind: 'staff', id: staff.id, name: staff.name }, now });
    return { value: (await listReportRows(tx, order.id)).map(toReportFile), replaced: removed.storedName };
  });
}

/** One report of an order (404 when it is not this order's). */
export async function findReport(db: DbOrTx, order: Pick<OrderRow, 'id'>, id: string): Promise<OrderFileRow> {
  const [row] = await db
    .select()
    .from(orderFiles)
    .where(and(eq(orderFiles.orderId, order.id), eq(orderFiles.rid, id), eq(orderFiles.kind, 'report')))
    .limit(1);
  if (!row) throw notFound('报告文件');
  return row;
}

/** The name a download is saved under, without the extension (sendFile adds the stored one). */
export const downloadBase = (row: Pick<OrderFileRow, 'name'>) => (row.name.includes('.') ? row.name.slice(0, row.name.lastIndexOf('.')) : row.name);
