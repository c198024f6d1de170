import ExcelJS from 'exceljs';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { addDays, isCalendarDate, labDay, labDayEnd, labDayStart, labTime, ONLINE_PAY_PURPOSE_NAMES, PAY_VENDOR_NAMES, paymentLabels, progressLabels, type Statement } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { memberLiveOrders, orderNosOf, type OrderRow } from '../orders';
import { orderNosOfPayments } from './online-pay-core';
import { onlinePaymentOrders, onlinePayments, onlineRefunds } from './payments.tables';
import { payable } from './settlement.service';

/** The statement of account (assign/statement, 对账单.xlsx): a period's orders and online money. */

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
  const rows = await memberLiveOrders(db, memberId, { from: labDayStart(from), to: labDayEnd(to) });
  const channels = await payChannels(db, rows);
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
      payChannel: o.payment === 'paid' || o.payment === 'refunded' ? (channels.get(o.id) ?? (paidFen > 0 ? '预存款' : '')) : '',
      projectNo: o.projectNo,
    };
  });
  return {
    from,
    to,
    orders: lines,
    totalFen: lines.reduce((s, l) => s + l.payableFen, 0),
    paidFen: lines.reduce((s, l) => s + l.paidFen, 0),
    dueFen: lines.reduce((s, l) => s + l.dueFen, 0),
    online: await onlineMoney(db, memberId, from, to),
  };
}

/** The channel of each order paid online (微信支付, or 微信支付 + 预存款 when the balance paid part). */
async function payChannels(db: DbOrTx, rows: OrderRow[]): Promise<Map<number, string>> {
  const ids = rows.filter((o) => o.payment === 'paid' || o.payment === 'refunded').map((o) => o.id);
  if (!ids.length) return new Map();
  const links = await db
    .select({ orderId: onlinePaymentOrders.orderId, vendor: onlinePayments.vendor, balanceFen: onlinePayments.balanceFen })
    .from(onlinePaymentOrders)
    .innerJoin(onlinePayments, eq(onlinePayments.id, onlinePaymentOrders.paymentId))
    .where(and(inArray(onlinePaymentOrders.orderId, ids), eq(onlinePaymentOrders.paidOrder, true), eq(onlinePayments.state, 'paid')));
  return new Map(links.map((l) => [l.orderId, `${PAY_VENDOR_NAMES[l.vendor]}${Number(l.balanceFen) > 0 ? ' + 预存款' : ''}`]));
}

/** The member's online payments paid and refunds returned in the period, oldest first. */
async function onlineMoney(db: DbOrTx, memberId: number, from: string, to: string): Promise<Statement['online']> {
  const start = labDayStart(from);
  const end = labDayEnd(to);
  const [paid, refunded] = await Promise.all([
    db
      .select()
      .from(onlinePayments)
      .where(and(eq(onlinePayments.memberId, memberId), eq(onlinePayments.state, 'paid'), gte(onlinePayments.paidAt, start), lt(onlinePayments.paidAt, end))),
    db
      .select({ refund: onlineRefunds, vendor: onlinePayments.vendor, paymentNo: onlinePayments.paymentNo })
      .from(onlineRefunds)
      .innerJoin(onlinePayments, eq(onlinePayments.id, onlineRefunds.paymentId))
      .where(and(eq(onlinePayments.memberId, memberId), eq(onlineRefunds.state, 'success'), gte(onlineRefunds.succeededAt, start), lt(onlineRefunds.succeededAt, end))),
  ]);
  const [links, refundOrderNos] = await Promise.all([
    orderNosOfPayments(db, paid.map((p) => p.id)),
    orderNosOf(db, refunded.flatMap((r) => (r.refund.orderId === null ? [] : [r.refund.orderId]))),
  ]);
  const lines: Statement['online'] = [
    ...paid.map((p) => ({
      kind: 'payment' as const,
      no: p.paymentNo,
      channel: PAY_VENDOR_NAMES[p.vendor],
      purposeText: ONLINE_PAY_PURPOSE_NAMES[p.purpose],
      orderNos: links.get(p.id) ?? [],
      amountFen: Number(p.amountFen),
      at: p.paidAt!.toISOString(),
    })),
    ...refunded.map((r) => ({
      kind: 'refund' as const,
      no: r.refund.refundNo,
      channel: PAY_VENDOR_NAMES[r.vendor],
      purposeText: '原路退款',
      orderNos: r.refund.orderId !== null && refundOrderNos.has(r.refund.orderId) ? [refundOrderNos.get(r.refund.orderId)!] : [],
      amountFen: -Number(r.refund.amountFen),
      at: r.refund.succeededAt!.toISOString(),
    })),
  ];
  return lines.sort((a, b) => a.at.localeCompare(b.at));
}

export const STATEMENT_HEADERS = ['订单编号', '下单时间', '项目', '进度', '支付状态', '应付(元)', '已付(元)', '未付(元)', '支付方式', '课题号'] as const;
export const STATEMENT_ONLINE_HEADERS = ['时间', '类型', '单号', '支付渠道', '关联订单', '金额(元)'] as const;

/** 对账单.xlsx: one row per order and a total row. */
export async function statementXlsx(data: Statement): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = '科研检测服务商城';
  const sheet = book.addWorksheet('对账单');
  sheet.addRow([`对账期间：${data.from} 至 ${data.to}`]).font = { bold: true };
  const header = sheet.addRow([...STATEMENT_HEADERS]);
  header.font = { bold: true };
  for (const o of data.orders) {
    sheet.addRow([o.orderNo, labTime(new Date(o.createdAt)), o.title, o.progressText, o.paymentText, o.payableFen / 100, o.paidFen / 100, o.dueFen / 100, o.payChannel, o.projectNo]);
  }
  sheet.addRow(['合计', '', '', '', '', data.totalFen / 100, data.paidFen / 100, data.dueFen / 100]).font = { bold: true };
  [24, 20, 36, 10, 10, 14, 14, 14, 18, 20].forEach((width, i) => (sheet.getColumn(i + 1).width = width));
  for (const col of [6, 7, 8]) sheet.getColumn(col).numFmt = '#,##0.00';
  // the period's online money: payments (orders, top-ups, settlements) and refunds to the channel
  const online = book.addWorksheet('在线支付');
  online.addRow([`在线支付与原路退款：${data.from} 至 ${data.to}`]).font = { bold: true };
  online.addRow([...STATEMENT_ONLINE_HEADERS]).font = { bold: true };
  for (const l of data.online) online.addRow([labTime(new Date(l.at)), l.purposeText, l.no, l.channel, l.orderNos.join('、'), l.amountFen / 100]);
  online.addRow(['合计', '', '', '', '', data.online.reduce((s, l) => s + l.amountFen, 0) / 100]).font = { bold: true };
  [20, 12, 26, 10, 40, 14].forEach((width, i) => (online.getColumn(i + 1).width = width));
  online.getColumn(6).numFmt = '#,##0.00';
  return Buffer.from(await book.xlsx.writeBuffer());
}
