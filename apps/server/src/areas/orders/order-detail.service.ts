import { orderEstimates } from './desk/queue-estimate';
import { sampleStateViewOf, sampleStatesOf } from './desk/sample-moves';
import { and, asc, eq } from 'drizzle-orm';
import { samplingStatusLabels, type OrderDetail, type OrderLine, type ReportFile, type SampleEstimate } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { memberContact } from '../accounts';
import { itemsByIds } from '../catalog';
import { getSiteSettings } from '../content';
import { couponOfOrder } from '../funds';
import { communityNames } from '../member';
import { samplings } from './pickups/pickups.tables';
import { findMemberOrder, memberName, toOrderEvent, toOrderSummary, type OrderRow } from './order-core';
import { orderEvents, orderFiles, orderLines, reservations } from './orders.tables';
import { holdUntilAt, reservationStatusAt } from './reservation-core';

/** The detail of an order: order/detail, the answers of order/add and order/cancel, the lab desk's view. */

/** where samples are sent when the site settings name no address */
export const DEFAULT_LAB_ADDRESS = '上海市徐汇区桂平路 680 号 科研检测中心 3 号楼 1 楼样品室';

/**
 * The detail of an order read with its owner already checked (member) or by staff. Members
 * see report files only once the lab has delivered the data (a file uploaded while testing
 * may still be replaced); staff see them as they are uploaded.
 */
export async function orderDetailOf(db: DbOrTx, order: OrderRow, now: Date, audience: 'member' | 'staff' = 'member'): Promise<OrderDetail> {
  const showReports = audience === 'staff' || order.deliveredAt !== null;
  const [lineRows, eventRows, reportRows, reservationRows, pickupRows, couponRows, settings, payer, states, estimates] = await Promise.all([
    linesWithItemRid(db, order.id),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)),
    showReports
      ? db
          .select()
          .from(orderFiles)
          .where(and(eq(orderFiles.orderId, order.id), eq(orderFiles.kind, 'report')))
          .orderBy(asc(orderFiles.id))
      : Promise.resolve([]),
    db.select().from(reservations).where(eq(reservations.orderId, order.id)).orderBy(asc(reservations.id)),
    order.samplingId !== null ? db.select().from(samplings).where(eq(samplings.id, order.samplingId)).limit(1) : Promise.resolve([]),
    couponOf(db, order),
    getSiteSettings(db),
    payerName(db, order),
    sampleStatesOf(db, order.id),
    order.progress === 'received' || order.progress === 'testing' ? orderEstimates(db, order.id, now) : Promise.resolve(new Map<string, SampleEstimate>()),
  ]);
  // on-site lines were booked in line order: the n-th reservation of an item belongs to its n-th on-site line
  const booked = new Map<number, (typeof reservationRows)[number][]>();
  for (const r of reservationRows) booked.set(r.itemId, [...(booked.get(r.itemId) ?? []), r]);
  const lines: OrderLine[] = lineRows.map(({ line, itemRid }) => {
    const reservation = booked.get(line.itemId)?.shift();
    return {
      id: line.rid,
      rid: itemRid,
      name: line.name,
      img: line.img,
      typeId: line.typeId,
      groupId: line.groupId,
      unit: line.unit,
      count: line.count,
      options: line.options,
      unitPriceFen: line.unitPriceFen,
      amountFen: line.amountFen,
      note: line.note,
      samples: line.samples.map((sample) => ({ ...sample, ...sampleStateViewOf(states.get(sample.code), order), estimate: estimates.get(sample.code) ?? null })),
      reservation: reservation ? { rid: reservation.rid, date: reservation.day, hours: reservation.hours, status: reservationStatusAt(reservation, now), holdUntil: holdUntilAt(reservation, now)?.toISOString() ?? null } : null,
    };
  });
  const pickup = pickupRows[0];
  const { localInfo } = settings;
  return {
    ...toOrderSummary(order, now),
    lines,
    events: eventRows.map(toOrderEvent),
    reports: reportRows.map(toReportFile),
    contact: order.contact,
    phone: order.phone,
    remark: order.remark,
    pickup: pickup
      ? { rid: pickup.rid, date: pickup.pickupDate, time: pickup.timeSlot, address: pickup.sendAddress, status: samplingStatusLabels[pickup.status] ?? pickup.status }
      : null,
    paidFrom: payer,
    coupon: couponRows,
    invoiceType: order.invoiceType,
    evaluation:
      order.evaluationScore !== null && order.evaluatedAt !== null
        ? { score: order.evaluationScore, content: order.evaluationContent ?? '', createdAt: order.evaluatedAt.toISOString() }
        : null,
    dispute: order.disputeReason !== null && order.disputedAt !== null ? { reason: order.disputeReason, createdAt: order.disputedAt.toISOString(), resolved: order.disputeResolved } : null,
    labAddress: localInfo.express || localInfo.address || DEFAULT_LAB_ADDRESS,
  };
}

/** The order's lines with their catalogue item's rid (a line whose item is gone is left out, as the join did). */
async function linesWithItemRid(db: DbOrTx, orderId: number) {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.sort), asc(orderLines.id));
  const items = await itemsByIds(
    db,
    lines.map((line) => line.itemId),
  );
  return lines.flatMap((line) => {
    const item = items.get(line.itemId);
    return item ? [{ line, itemRid: item.rid }] : [];
  });
}

export const toReportFile = (row: typeof orderFiles.$inferSelect): ReportFile => ({ id: row.rid, name: row.name, size: row.size, uploadedAt: row.createdAt.toISOString() });

async function payerName(db: DbOrTx, order: OrderRow): Promise<OrderDetail['paidFrom']> {
  if (order.paidFromKind === 'community' && order.paidFromId !== null) {
    const names = await communityNames(db, [order.paidFromId]);
    return { kind: 'community', name: names.get(order.paidFromId) ?? '' };
  }
  if (order.paidFromKind === 'member' && order.paidFromId !== null) {
    const row = await memberContact(db, order.paidFromId);
    return { kind: 'member', name: row ? memberName(row) : '' };
  }
  return { kind: 'none', name: '' };
}

async function couponOf(db: DbOrTx, order: OrderRow): Promise<OrderDetail['coupon']> {
  const named = order.couponId !== null ? { id: order.couponId } : order.couponRid ? { rid: order.couponRid, memberId: order.memberId } : null;
  if (!named) return null;
  const row = await couponOfOrder(db, named);
  return row ? { rid: row.rid, name: row.name, discountFen: order.couponId !== null ? order.discountFen : 0 } : null;
}

/** order/detail: the member's own order (another member's number → 404). */
export async function getOrderDetail(db: DbOrTx, memberId: number, orderNo: string, now: Date): Promise<OrderDetail> {
  return orderDetailOf(db, await findMemberOrder(db, memberId, orderNo), now);
}
