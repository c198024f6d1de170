import type { DbOrTx } from '../../db/client';
import { memberContact } from '../accounts';
import { notFound } from '../../platform/errors';
import { addOrderEvent, insertOrderRow, memberName, type OrderRow } from './order-core';

/**
 * Orders of kind `service` (decisions/0053): something the shop sells that is neither a test
 * nor instrument time — the data vault's paid retention. An area above orders places one with
 * its price fixed and keeps what it sold under the order's id; the order is paid like any other
 * (prestore or online, payments area) and is completed by the payment itself, as there is
 * nothing for the lab to receive or test (order-payment.ts). No lines: the title says what it is.
 */
export async function placeServiceOrder(tx: DbOrTx, memberId: number, order: { title: string; totalFen: number; note: string }, now: Date): Promise<OrderRow> {
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
