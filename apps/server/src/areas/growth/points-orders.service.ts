import { and, eq, sql } from 'drizzle-orm';
import { formatFen } from '@lab/contract';
import { queryRows, type Tx } from '../../db/client';
import { creditAccount, debitAccount, lockedBalance } from '../funds';
import { systemActor } from '../../platform/actor';
import type { OrderRow } from '../orders';
import { orderPoints } from './growth.tables';
import { growthSettingSql } from './settings.service';
import { pointsAccount } from './points.service';

// ---- order hooks (inside the order's transaction) ----

/** the reference of an order's payment (cancel-core's orderPaymentReference; not imported: cancel-core imports the hooks) */
const orderReference = (orderNo: string) => `order:${orderNo}`;

/**
 * paid: floor(paid yuan) × points per yuan, recorded once per order as pending — not in the
 * points account, so they cannot be spent, exchanged or given away before the order is final.
 * An order paid after it completed (settled after testing) is final already: credited at once.
 */
export async function pointsOnPaid(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const yuan = Math.floor(order.paidFen / 100);
  if (yuan <= 0) return;
  // one INSERT … SELECT with the rate in force read inside it (none when the rate is 0)
  const points = sql`${yuan}::int * ${growthSettingSql(tx, 'pointsPerYuan')}`;
  const created = await queryRows<{ id: number }>(
    tx,
    sql`insert into ${orderPoints} (member_id, order_id, points, created_at)
        select ${order.memberId}::int, ${order.id}::int, p.points, ${now.toISOString()}::timestamptz
        from (select ${points} as points) p
        where p.points > 0
        on conflict (order_id) do nothing
        returning id`,
  );
  if (created.length > 0 && order.progress === 'completed') await creditPending(tx, order, now);
}

/** pending → credited, guarded on 'pending' (a second call books nothing); the points_earn entry under order:<no>. */
async function creditPending(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const [moved] = await tx
    .update(orderPoints)
    .set({ status: 'credited', creditedAt: now })
    .where(and(eq(orderPoints.orderId, order.id), eq(orderPoints.status, 'pending')))
    .returning();
  if (!moved) return;
  const account = await pointsAccount(tx, order.memberId);
  await creditAccount(tx, account.id, moved.points, 'points_earn', orderReference(order.orderNo), systemActor, now, `订单${order.orderNo}已完成（实付${formatFen(order.paidFen)}）`);
}

/** completed: the order's pending points become available. */
export async function pointsOnCompleted(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  await creditPending(tx, order, now);
}

/**
 * refunded: pending points are dropped (nothing was booked, so nothing can have been spent).
 * An order can be refunded only before it completes, so credited points meet a refund only
 * when they were credited at payment, before points waited for the order (rows backfilled by
 * migration 0013): those are taken back as far as the balance still holds, and the entry's
 * note says what could not be. Booked once per order (reference order:<no>).
 */
export async function pointsOnRefunded(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const [row] = await tx.select().from(orderPoints).where(eq(orderPoints.orderId, order.id)).for('update');
  if (!row || row.status === 'reversed') return;
  await tx.update(orderPoints).set({ status: 'reversed', reversedAt: now }).where(eq(orderPoints.id, row.id));
  if (row.status === 'pending') return;
  const account = await pointsAccount(tx, order.memberId);
  const balance = await lockedBalance(tx, 'member', order.memberId, 'points');
  const take = Math.min(row.points, balance);
  if (take <= 0) return;
  const shortfall = row.points - take;
  const note = `订单${order.orderNo}退款，扣回${take}积分${shortfall > 0 ? `（应扣回${row.points}积分，余额不足，${shortfall}积分未扣回）` : ''}`;
  await debitAccount(tx, account.id, take, 'points_reverse', orderReference(order.orderNo), systemActor, now, note);
}
