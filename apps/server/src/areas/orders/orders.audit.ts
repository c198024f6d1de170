import { asc, eq } from 'drizzle-orm';
import { orderFiles, orders, reservationSettings, reservations } from '../../db/schema';
import { auditEntity } from '../../platform/audit';
import { scannedOrderNo } from './order-core';

/**
 * An order as the audit log keeps it: its states, money and promises, and the names of its
 * report files (uploads and deletions show as a changed list). The key is the order number,
 * or a sample code scanned at the desk.
 */
export const orderAudit = auditEntity<string>('order', async (db, key) => {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, scannedOrderNo(String(key)))).limit(1);
  if (!row) return null;
  const files = await db
    .select({ id: orderFiles.rid, kind: orderFiles.kind, name: orderFiles.name })
    .from(orderFiles)
    .where(eq(orderFiles.orderId, row.id))
    .orderBy(asc(orderFiles.id));
  return {
    orderNo: row.orderNo,
    progress: row.progress,
    payment: row.payment,
    payLater: row.payLater,
    totalFen: row.totalFen,
    discountFen: row.discountFen,
    paidFen: row.paidFen,
    cancelReason: row.cancelReason,
    disputeReason: row.disputeReason,
    disputeResolved: row.disputeResolved,
    receivedAt: row.receivedAt,
    deliveredAt: row.deliveredAt,
    completedAt: row.completedAt,
    cancelledAt: row.cancelledAt,
    managerCalledAt: row.managerCalledAt,
    managerCallNote: row.managerCallNote,
    dataNotifiedAt: row.dataNotifiedAt,
    files,
  };
});

/** The key of an order-number body. */
export const byOrderNo = (body: { order_no: string }) => body.order_no;

/** A booking as the audit log keeps it (staff releasing a hold): its state, hold and order. The key is its rid. */
export const reservationAudit = auditEntity<string>('reservation', async (db, rid) => {
  const [row] = await db
    .select({ r: reservations, orderNo: orders.orderNo, progress: orders.progress, payment: orders.payment })
    .from(reservations)
    .leftJoin(orders, eq(orders.id, reservations.orderId))
    .where(eq(reservations.rid, String(rid)))
    .limit(1);
  if (!row) return null;
  const { r } = row;
  return { rid: r.rid, day: r.day, hours: r.hours, amountFen: r.amountFen, status: r.status, holdUntil: r.holdUntil, cancelledAt: r.cancelledAt, orderNo: row.orderNo, progress: row.progress, payment: row.payment };
});

/** The hold rules (one record, key 'reservations'). */
export const reservationSettingsAudit = auditEntity<string>('reservationSettings', async (db) => {
  const [row] = await db.select().from(reservationSettings).limit(1);
  return row ? { holdMinutes: row.holdMinutes, capHours: row.capHours } : null;
});
