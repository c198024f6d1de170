import ExcelJS from 'exceljs';
import { and, asc, eq, gte, inArray, lt, ne, or } from 'drizzle-orm';
import { addDays, isCalendarDate, labDay, labDayEnd, labDayStart, labTime, paymentLabels, progressLabels, type SettlementList, type Statement } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { NoticeChannels } from '../15-messages/messages.service';
import { toOrderSummary, type OrderRow } from '../50-ordering/order-core';
import { orders } from '../../db/tables/orders.tables';
import { memberActor, noticePaid, payBalances, payLaterStanding, payLockedOrder, resolveSource } from './payment.service';

/**
 * Settlement (assign/*): the member's tested-but-unpaid (待结算) orders and the pay-later
 * orders not yet paid, settled together from prepaid funds — all in one transaction, each
 * order locked in id order (two settlements over the same orders cannot deadlock), one
 * ledger payment per order under its own reference — and the statement of account.
 */

const settleable = (memberId: number) =>
  and(eq(orders.memberId, memberId), ne(orders.progress, 'cancelled'), or(eq(orders.payment, 'unsettled'), and(eq(orders.payLater, true), eq(orders.payment, 'unpaid'))));

const payable = (o: Pick<OrderRow, 'totalFen' | 'discountFen'>) => o.totalFen - o.discountFen;

/** assign/settlementList */
export async function settlementList(db: DbOrTx, memberId: number, now: Date): Promise<SettlementList> {
  const [rows, standing, balances] = await Promise.all([
    db.select().from(orders).where(settleable(memberId)).orderBy(asc(orders.createdAt), asc(orders.id)),
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
    const locked = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.memberId, memberId), inArray(orders.orderNo, orderNos)))
      .orderBy(asc(orders.id))
      .for('update');
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

// ---- statement of account ----

const lastDayOfMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
const MAX_PERIOD_DAYS = 366;

/** The period asked, or this month in Asia/Shanghai. */
export function statementPeriod(input: { from?: string | undefined; to?: string | undefined }, now: Date): { from: string; to: string } {
  const today = labDay(now);
  const from = input.from ?? (input.to ? `${input.to.slice(0, 7)}-01` : `${today.slice(0, 7)}-01`);
  const to = input.to ?? lastDayOfMonth(from);
  if (!isCalendarDate(from)) throw badRequest('[开始日期]不是有效日期');
  if (!isCalendarDate(to)) throw badRequest('[结束日期]不是有效日期');
  if (from > to) throw badRequest('[开始日期]不能晚于[结束日期]');
  if (to >= addDays(from, MAX_PERIOD_DAYS)) throw badRequest('对账期间最长一年，请缩短日期范围');
  return { from, to };
}

/** assign/statement: the period's orders (cancelled ones owe nothing and are left out) with payable, paid and due. */
export async function statement(db: DbOrTx, memberId: number, input: { from?: string | undefined; to?: string | undefined }, now: Date): Promise<Statement> {
  const { from, to } = statementPeriod(input, now);
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.memberId, memberId),
        ne(orders.progress, 'cancelled'),
        gte(orders.createdAt, labDayStart(from)),
        lt(orders.createdAt, labDayEnd(to)),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const lines = rows.map((o) => {
    const payableFen = payable(o);
    const paidFen = o.payment === 'paid' ? o.paidFen : 0;
    const dueFen = o.payment === 'paid' ? 0 : payableFen;
    return {
      orderNo: o.orderNo,
      title: o.title,
      createdAt: o.createdAt.toISOString(),
      progressText: progressLabels[o.progress],
      paymentText: paymentLabels[o.payment],
      payableFen,
      paidFen,
      dueFen,
    };
  });
  return {
    from,
    to,
    orders: lines,
    totalFen: lines.reduce((s, l) => s + l.payableFen, 0),
    paidFen: lines.reduce((s, l) => s + l.paidFen, 0),
    dueFen: lines.reduce((s, l) => s + l.dueFen, 0),
  };
}

export const STATEMENT_HEADERS = ['订单编号', '下单时间', '项目', '进度', '支付状态', '应付(元)', '已付(元)', '未付(元)'] as const;

/** 对账单.xlsx: one row per order and a total row. */
export async function statementXlsx(data: Statement): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = '科研检测服务商城';
  const sheet = book.addWorksheet('对账单');
  sheet.addRow([`对账期间：${data.from} 至 ${data.to}`]).font = { bold: true };
  const header = sheet.addRow([...STATEMENT_HEADERS]);
  header.font = { bold: true };
  for (const o of data.orders) {
    sheet.addRow([o.orderNo, labTime(new Date(o.createdAt)), o.title, o.progressText, o.paymentText, o.payableFen / 100, o.paidFen / 100, o.dueFen / 100]);
  }
  sheet.addRow(['合计', '', '', '', '', data.totalFen / 100, data.paidFen / 100, data.dueFen / 100]).font = { bold: true };
  [24, 20, 36, 10, 10, 14, 14, 14].forEach((width, i) => (sheet.getColumn(i + 1).width = width));
  for (const col of [6, 7, 8]) sheet.getColumn(col).numFmt = '#,##0.00';
  return Buffer.from(await book.xlsx.writeBuffer());
}
