import { and, asc, desc, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import { paymentLabels, progressLabels, type AdminReturn, type AdminReturnListBody, type AdminReturnSendBody, type Page } from '@lab/contract';
import type { Db, DbOrTx } from '../../../db/client';
import { paginate, type PageWindow } from '../../../db/paginate';
import { auditEntity } from '../../../platform/audit';
import { conflict, notFound } from '../../../platform/errors';
import { memberContacts, memberIdsMatching, staffNames } from '../../accounts';
import { sampleRecycles } from '../pickups/pickups.tables';
import { toRecycle } from '../pickups/sampling.service';
import { postMessage, sendNotice } from '../../messages';
import { returnPromise } from '../order-promises';
import { orders } from '../orders.tables';
import type { Channels } from './progress.service';
import { escapeLike } from '../../../platform/sql-filters';

/**
 * 样品回寄: the members' requests to have their samples sent back (sample_recycles), listed
 * for the desk by status, and marked sent with the tracking number — the member is told in
 * the same transaction (in-site message) and by SMS and e-mail after it. The promise: samples
 * back within 48 hours of full payment.
 */

/** A return request as the audit log keeps it. */
export const recycleAudit = auditEntity<string>('recycle', async (db, rid) => {
  const [row] = await db.select().from(sampleRecycles).where(eq(sampleRecycles.rid, String(rid))).limit(1);
  if (!row) return null;
  return { rid: row.rid, orderNo: row.orderNo, samples: row.samples, status: row.status, trackingNo: row.trackingNo, staffId: row.staffId, handledAt: row.handledAt };
});

/** The keyword in the request's order, recipient, phone or tracking number, or a member it names (accounts' face, read once). */
async function keywordCondition(db: DbOrTx, keyword: string): Promise<SQL> {
  const text = keyword.trim();
  const pattern = `%${escapeLike(text)}%`;
  const memberIds = await memberIdsMatching(db, text, 'phone-or-names');
  return or(
    ilike(sampleRecycles.orderNo, pattern),
    ilike(sampleRecycles.name, pattern),
    like(sampleRecycles.phone, pattern),
    ilike(sampleRecycles.trackingNo, pattern),
    sql`${sampleRecycles.memberId} = any(${`{${memberIds.join(',')}}`}::int[])`,
  )!;
}

/** The requests of a page, with the member, the order and who sent it. */
async function returnRows(db: DbOrTx, where: SQL | undefined, sort: SQL[], window: PageWindow, now: Date): Promise<AdminReturn[]> {
  const rows = await db
    .select({
      recycle: sampleRecycles,
      order: { progress: orders.progress, payment: orders.payment, paidAt: orders.paidAt },
    })
    .from(sampleRecycles)
    // the member's own order only: a number typed into the request never shows someone else's
    .leftJoin(orders, and(eq(orders.orderNo, sampleRecycles.orderNo), eq(orders.memberId, sampleRecycles.memberId)))
    .where(where)
    .orderBy(...sort)
    .limit(window.limit)
    .offset(window.offset);
  // who asked and who sent, by id for the page (accounts' face)
  const [people, staffNamed] = await Promise.all([memberContacts(db, rows.map((r) => r.recycle.memberId)), staffNames(db, rows.map((r) => r.recycle.staffId))]);
  return rows.flatMap(({ recycle, order }) => {
    const member = people.get(recycle.memberId);
    return member ? [{ recycle, order, member, staffName: recycle.staffId !== null ? (staffNamed.get(recycle.staffId) ?? null) : null }] : [];
  }).map(({ recycle, member, order, staffName }) => ({
    ...toRecycle(recycle),
    member: { rid: member.rid, name: member.name || member.nickname, phone: member.phone },
    order: order && order.progress && order.payment ? { progressText: progressLabels[order.progress], paymentText: paymentLabels[order.payment], paidAt: order.paidAt?.toISOString() ?? null } : null,
    promise:
      order && order.payment
        ? returnPromise({ payment: order.payment, paidAt: order.paidAt }, [{ createdAt: recycle.createdAt, status: recycle.status, handledAt: recycle.handledAt }], now)
        : null,
    handledAt: recycle.handledAt?.toISOString() ?? null,
    handledBy: staffName,
  }));
}

/** POST /api/admin/returns/list: by status and keyword (order, recipient, phone, tracking number, member). */
export async function listReturns(db: Db, query: AdminReturnListBody, now: Date): Promise<Page<AdminReturn>> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(sampleRecycles.status, query.status));
  if (query.keyword) conditions.push(await keywordCondition(db, query.keyword));
  const by = query.order === 'ascend' ? asc : desc;
  const where = conditions.length ? and(...conditions) : undefined;
  return paginate(
    query,
    (window) => returnRows(db, where, [by(sampleRecycles.createdAt), by(sampleRecycles.id)], window, now),
    () => db.$count(sampleRecycles, where),
  );
}

async function findReturn(db: DbOrTx, rid: string, now: Date): Promise<AdminReturn> {
  const list = await returnRows(db, eq(sampleRecycles.rid, rid), [asc(sampleRecycles.id)], { limit: 1, offset: 0 }, now);
  if (!list[0]) throw notFound('回寄申请');
  return list[0];
}

/** POST /api/admin/returns/send: pending → sent with the tracking number; the member is told. */
export async function sendReturn(db: Db, channels: Channels, staffId: number, body: AdminReturnSendBody, now: Date): Promise<AdminReturn> {
  const trackingNo = body.carrier ? `${body.carrier} ${body.tracking_no}` : body.tracking_no;
  const { row, content } = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(sampleRecycles).where(eq(sampleRecycles.rid, body.rid.trim())).limit(1).for('update');
    if (!current) throw notFound('回寄申请');
    if (current.status === 'sent') throw conflict('该申请已寄出，请勿重复操作');
    if (current.status === 'cancelled') throw conflict('该申请已取消，不能寄出');
    const [updated] = await tx
      .update(sampleRecycles)
      .set({ status: 'sent', trackingNo, staffId, handledAt: now })
      .where(and(eq(sampleRecycles.id, current.id), eq(sampleRecycles.status, 'pending')))
      .returning();
    if (!updated) throw conflict('该申请状态已变化，请刷新后重试');
    const text = `您申请回寄的样品（${current.samples}）已寄出${current.orderNo ? `（订单${current.orderNo}）` : ''}，快递单号：${trackingNo}，请注意查收。`;
    await postMessage(tx, current.memberId, { kind: 'sample', title: '样品已寄回', content: text, link: '/member/sample' }, now);
    return { row: updated, content: text };
  });
  try {
    await sendNotice(db, channels, row.memberId, { template: 'sample_returned', params: { trackingNo }, subject: '样品已寄回', body: content });
  } catch (error) {
    channels.log?.error({ err: error, rid: row.rid }, 'sample return notice failed');
  }
  return findReturn(db, row.rid, now);
}
