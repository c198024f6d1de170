import { and, eq, inArray, ne } from 'drizzle-orm';
import { formatFen } from '@lab/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { memberContact } from '../accounts';
import { notFound } from '../../platform/errors';
import type { NamedActor } from '../../platform/actor';
import { cancelOrder } from './cancel-core';
import { addOrderEvent, insertOrderRow, memberName, type OrderRow } from './order-core';
import { orders } from './orders.tables';

/**
 * Orders of kind `service` (decisions/0053): something the shop sells that is neither a test
 * nor instrument time — the data vault's paid retention. An area above orders places one with
 * its price fixed and keeps what it sold under the order's id; the order is paid like any other
 * (prestore or online, payments area) and is completed by the payment itself, as there is
 * nothing for the lab to receive or test (order-payment.ts). No lines: the title says what it is.
 *
 * What it sells may shrink before it is paid (a file of the extension deleted meanwhile,
 * decisions/0066): the area then revises the unpaid order to what is left — a lower total, or
 * cancelled when nothing is left — so the member is never charged for what no longer exists.
 * One face entry for both (`serviceOrder`), as the face holds at most 30 names.
 */

export type ServiceOrderAction =
  | { place: { memberId: number; title: string; totalFen: number; note: string } }
  /** `order` locked by the caller; `totalFen` 0: nothing left to sell, the order is cancelled */
  | { revise: { order: OrderRow; title: string; totalFen: number; note: string } };

const systemActor: NamedActor = { kind: 'system', id: null, name: '系统' };

/** Places a service order, or revises an unpaid one (null: it was paid or cancelled meanwhile, nothing changed). */
export async function serviceOrder(tx: DbOrTx, action: Extract<ServiceOrderAction, { place: unknown }>, now: Date): Promise<OrderRow>;
export async function serviceOrder(tx: Tx, action: Extract<ServiceOrderAction, { revise: unknown }>, now: Date): Promise<OrderRow | null>;
export async function serviceOrder(tx: DbOrTx, action: ServiceOrderAction, now: Date): Promise<OrderRow | null> {
  // a revision's cancel runs in the caller's transaction (the overloads ask for one)
  return 'place' in action ? placeServiceOrder(tx, action.place, now) : reviseServiceOrder(tx as Tx, action.revise, now);
}

async function placeServiceOrder(tx: DbOrTx, order: { memberId: number; title: string; totalFen: number; note: string }, now: Date): Promise<OrderRow> {
  const { memberId } = order;
  const member = await memberContact(tx, memberId);
  if (!member) throw notFound('用户');
  const row = await insertOrderRow(
    tx,
    {
      memberId,
      kind: 'service',
      organization: member.organization,
      title: order.title,
      lineCount: 0,
      sampleCount: 0,
      totalFen: order.totalFen,
      contact: memberName(member),
      phone: member.phone,
      remark: order.note,
      createdAt: now,
      updatedAt: now,
    },
    now,
  );
  await addOrderEvent(tx, row.id, { status: 'submitted', title: '订单已提交', note: order.note, actor: { kind: 'member', id: memberId, name: memberName(member) }, now });
  return row;
}

/**
 * An unpaid service order (待支付, or waiting for the PI's approval) priced again: its total (never
 * higher) and title, with a timeline event saying why; a total of 0 cancels it through the same
 * cancelOrder the unpaid-orders job runs (event, in-site message). The update is guarded on the
 * payment state, so an order paid meanwhile is left as it is (the caller's lock makes that rare).
 */
async function reviseServiceOrder(tx: Tx, change: { order: OrderRow; title: string; totalFen: number; note: string }, now: Date): Promise<OrderRow | null> {
  const { order } = change;
  if (order.kind !== 'service' || order.progress === 'cancelled' || !['unpaid', 'approval'].includes(order.payment)) return null;
  if (change.totalFen <= 0) return cancelOrder(tx, order, systemActor, change.note, now);
  const totalFen = Math.min(change.totalFen, order.totalFen);
  if (totalFen === order.totalFen && change.title === order.title) return order;
  const [row] = await tx
    .update(orders)
    .set({ totalFen, title: change.title, updatedAt: now })
    .where(and(eq(orders.id, order.id), inArray(orders.payment, ['unpaid', 'approval']), ne(orders.progress, 'cancelled')))
    .returning();
  if (!row) return null;
  const amount = totalFen === order.totalFen ? '' : `订单金额由${formatFen(order.totalFen)}调整为${formatFen(totalFen)}`;
  await addOrderEvent(tx, order.id, { status: 'note', title: '订单金额已调整', note: [change.note, amount].filter(Boolean).join('，'), actor: systemActor, now });
  return row;
}
