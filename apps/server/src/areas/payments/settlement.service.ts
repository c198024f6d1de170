import { paymentLabels, progressLabels, type SettlementList } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import type { NoticeChannels } from '../messages';
import { lockOrders, memberLiveOrders, toOrderSummary, type OrderRow } from '../orders';
import { memberActor, payBalances, resolveSource } from './pay-source';
import { noticePaid, payLockedOrder } from './payment.service';
import { payLaterStanding } from './pay-later';

/**
 * Settlement (assign/*): the member's tested-but-unpaid (待结算) orders and the pay-later
 * orders not yet paid, settled together from prepaid funds — all in one transaction, each
 * order locked in id order (two settlements over the same orders cannot deadlock), one
 * ledger payment per order under its own reference. The statement of account: statement.service.ts.
 */

export const payable = (o: Pick<OrderRow, 'totalFen' | 'discountFen'>) => o.totalFen - o.discountFen;

/** assign/settlementList */
export async function settlementList(db: DbOrTx, memberId: number, now: Date): Promise<SettlementList> {
  const [rows, standing, balances] = await Promise.all([
    memberLiveOrders(db, memberId, 'to-settle'),
    payLaterStanding(db, memberId),
    payBalances(db, memberId),
  ]);
  return {
    orders: rows.map((o) => toOrderSummary(o, now)),
    dueFen: rows.reduce((sum, o) => sum + payable(o), 0),
    limitFen: standing.limitFen,
    balances,
  };
}

/** assign/settlementOperatePlus: every order given, or none. */
export async function settleOrders(
  db: Db,
  channels: NoticeChannels,
  memberId: number,
  input: { order_nos: string[]; community_rid?: string | undefined },
  now: Date,
  log?: { warn: (obj: unknown, msg: string) => void },
): Promise<SettlementList> {
  const orderNos = [...new Set(input.order_nos)];
  const actor = await memberActor(db, memberId);
  const paid = await db.transaction(async (tx) => {
    const source = await resolveSource(tx, memberId, input.community_rid);
    // locked in id order: concurrent settlements of overlapping orders queue instead of deadlocking
    const locked = await lockOrders(tx, { memberId, orderNos });
    if (locked.length !== orderNos.length) throw notFound('订单');
    for (const order of locked) {
      const open = order.progress !== 'cancelled' && (order.payment === 'unsettled' || (order.payLater && order.payment === 'unpaid'));
      if (!open) {
        const state = order.progress === 'cancelled' ? progressLabels.cancelled : paymentLabels[order.payment];
        throw new AppError('SETTLE_STATE', `订单${order.orderNo}当前为「${state}」，不能结算`, { status: 409 });
      }
    }
    const done: OrderRow[] = [];
    for (const order of locked) done.push(await payLockedOrder(tx, order, { source, actor, now }));
    return done;
  });
  await noticePaid(db, channels, memberId, paid, log);
  return settlementList(db, memberId, now);
}
