import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import { labDayEnd, labDayStart, PAY_RESULT_PATH, PAY_VENDOR_NAMES, type OnlinePaymentView } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { dayNumber, type NumberSpec } from '../../platform/numbers';
import type { PaymentProviders } from '../../platform/providers';
import type { PaymentProvider, PayVendor } from '../../platform/providers/payment-gateway';
import { orderNosOf, type OrderRow } from '../orders';
import { onlinePaymentOrders, onlinePayments, onlineRefunds } from './payments.tables';

/**
 * Online payment (docs/payments.md): WeChat Pay and Alipay for an order (alone or with the
 * balance paying part), a top-up of prepaid funds, and settling pay-after-test orders.
 *
 * - start: one `online_payments` row per attempt, its amount (and the balance part, the coupon,
 *   the top-up's bonus) fixed now; then the gateway is asked to create it.
 * - booking (`bookPayment`): what a verified notice, the member's status call or the query job
 *   learns from the gateway. The row is locked (FOR UPDATE), the gateway's amount, merchant and
 *   app compared with the row, and a payment booked once: the first booking marks it paid, every
 *   later one finds it paid and books nothing (and the ledger books a reference once as the
 *   last guard). The money always enters the ledger as an `online_pay` credit of the payer's
 *   prepaid account (reference pay:<payment no>); an order is then paid from that account in the
 *   same transaction (payLockedOrder: coupon, debit, events), so balances always equal their
 *   entries and finance sees online income as entries. If the order cannot be paid any more
 *   (cancelled, paid another way, coupon gone, balance spent) the money stays in the funds and the
 *   payment's note says so: never lost, never twice.
 * - refunds: cancelling a paid order (cancel-core refundOrder) calls our refund-channel handler in
 *   its transaction: one `online_refunds` row per order and payment and an `online_refund` debit of
 *   the funds (the refund to funds just credited the whole paid amount). The gateway is asked after
 *   the commit, by the job (`sweepRefunds`), so an outage only delays it; notices and queries move a
 *   refund forward only (processing → success | closed | abnormal).
 *
 * Files: online-pay-core.ts (what they share, finance's reads), start-payment.ts, book-payment.ts,
 * check-payments.ts (notices, the member's status call, the payments job, before a closure),
 * online-refunds.ts.
 */

export const PAY_QUERY_AFTER_MS = 2 * 60_000;
export const PAY_NOT_ENABLED = '在线支付暂未开通，请使用预存款支付或对公转账';
export const TOPUP_MAX_FEN = 1_000_000_00;
export const vendorName = (vendor: PayVendor) => PAY_VENDOR_NAMES[vendor];

export type PaymentRow = typeof onlinePayments.$inferSelect;
export type RefundRow = typeof onlineRefunds.$inferSelect;

export interface PayMeta {
  now: Date;
  ip: string;
  /** the site's origin (config.siteOrigin: PUBLIC_URL, never a request's Host): notify and return URLs */
  origin: string;
  expireMinutes: number;
}

export const paymentReference = (paymentNo: string) => `pay:${paymentNo}`;
export const refundReference = (refundNo: string) => `refund:${refundNo}`;
/** Our payment and refund numbers (out_trade_no, out_refund_no): prefix, Shanghai date, 14 random digits, drawn again on a clash. */
export const PAYMENT_NO: NumberSpec = { constraint: 'online_payments_paymentNo_unique', draw: dayNumber('OP', 14) };
export const REFUND_NO: NumberSpec = { constraint: 'online_refunds_refundNo_unique', draw: dayNumber('RF', 14) };

/** The member's result page the gateway sends the browser back to (it queries, never trusts the browser). */
export const payResultPath = (paymentNo: string) => `${PAY_RESULT_PATH}?payment_no=${encodeURIComponent(paymentNo)}`;

export function providerFor(providers: PaymentProviders, vendor: PayVendor): PaymentProvider {
  const provider = providers[vendor];
  if (provider.name === 'local' && !providers.local) throw new AppError('PAY_DISABLED', PAY_NOT_ENABLED, { status: 409 });
  return provider;
}

/** The order numbers each payment is for, by payment id (in order id order). */
export async function orderNosOfPayments(db: DbOrTx, paymentIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (paymentIds.length === 0) return map;
  const links = await db
    .select({ paymentId: onlinePaymentOrders.paymentId, orderId: onlinePaymentOrders.orderId })
    .from(onlinePaymentOrders)
    .where(inArray(onlinePaymentOrders.paymentId, paymentIds))
    .orderBy(asc(onlinePaymentOrders.orderId));
  const nos = await orderNosOf(db, links.map((l) => l.orderId));
  for (const l of links) {
    const orderNo = nos.get(l.orderId);
    if (orderNo) map.set(l.paymentId, [...(map.get(l.paymentId) ?? []), orderNo]);
  }
  return map;
}

export function toPaymentView(row: PaymentRow, orderNos: string[]): OnlinePaymentView {
  return {
    paymentNo: row.paymentNo,
    purpose: row.purpose,
    vendor: row.vendor,
    scene: row.scene,
    state: row.state,
    amountFen: Number(row.amountFen),
    balanceFen: Number(row.balanceFen),
    orderNos,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    note: row.note,
  };
}

export const settleableNow = (o: OrderRow) => o.progress !== 'cancelled' && (o.payment === 'unsettled' || (o.payLater && o.payment === 'unpaid'));

export type Log = { warn: (obj: unknown, msg: string) => void };

// ---- for finance (pay-finance builds its lists and reconciliation on these) ----

/** The online payments paid on a lab day (Asia/Shanghai), oldest first. */
export function paymentsPaidOn(db: DbOrTx, day: string) {
  return db
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.state, 'paid'), gte(onlinePayments.paidAt, labDayStart(day)), lt(onlinePayments.paidAt, labDayEnd(day))))
    .orderBy(asc(onlinePayments.paidAt), asc(onlinePayments.id));
}

/** The refunds created on a lab day (any state), with their payment, oldest first. */
export function refundsCreatedOn(db: DbOrTx, day: string) {
  return db
    .select({ refund: onlineRefunds, payment: onlinePayments })
    .from(onlineRefunds)
    .innerJoin(onlinePayments, eq(onlinePayments.id, onlineRefunds.paymentId))
    .where(and(gte(onlineRefunds.createdAt, labDayStart(day)), lt(onlineRefunds.createdAt, labDayEnd(day))))
    .orderBy(asc(onlineRefunds.createdAt), asc(onlineRefunds.id));
}

/** A member's online payments, newest first (the member's own list, the back office's lookup). */
export function paymentsOfMember(db: DbOrTx, memberId: number, limit = 50) {
  return db.select().from(onlinePayments).where(eq(onlinePayments.memberId, memberId)).orderBy(desc(onlinePayments.createdAt), desc(onlinePayments.id)).limit(limit);
}

/** The refunds of an order (its timeline, the back office). */
export function refundsOfOrder(db: DbOrTx, orderId: number) {
  return db
    .select({ refund: onlineRefunds, vendor: onlinePayments.vendor, paymentNo: onlinePayments.paymentNo })
    .from(onlineRefunds)
    .innerJoin(onlinePayments, eq(onlinePayments.id, onlineRefunds.paymentId))
    .where(eq(onlineRefunds.orderId, orderId))
    .orderBy(asc(onlineRefunds.id));
}
