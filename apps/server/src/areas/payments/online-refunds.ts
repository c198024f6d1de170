import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { formatFen } from '@lab/contract';
import type { Db } from '../../db/client';
import { insertNumbered } from '../../platform/numbers';
import type { PaymentProviders } from '../../platform/providers';
import type { GatewayRefund, PaymentProvider } from '../../platform/providers/payment-gateway';
import { debitAccount, ensureAccount } from '../funds';
import { raiseStaffAlert } from '../messages';
import type { RefundChannelHandler } from '../orders';
import { refundReference, REFUND_NO, vendorName, type Log, type PaymentRow, type RefundRow } from './online-pay-core';
import { onlinePaymentOrders, onlinePayments, onlineRefunds } from './payments.tables';

/** one channel's refund, as the handler answers it (orders' face keeps the handler's type only) */
type ChannelRefund = Awaited<ReturnType<RefundChannelHandler>>[number];

/**
 * Refunds to the channel (docs/payments.md): cancelling a paid order (cancel-core refundOrder)
 * calls our refund-channel handler in its transaction: one `online_refunds` row per order and
 * payment and an `online_refund` debit of the funds. The gateway is asked after the commit, by
 * the job (`sweepRefunds`), so an outage only delays it; notices and queries move a refund
 * forward only (processing → success | closed | abnormal).
 */

/**
 * Moves a refund forward by what the gateway reports (a notice or a query): processing → success,
 * closed or abnormal, never back (a late 'processing' after 'success' changes nothing).
 */
export async function applyRefundState(db: Db, reported: GatewayRefund, now: Date, log?: Log): Promise<'moved' | 'unchanged' | 'unknown' | 'mismatch'> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(onlineRefunds).where(eq(onlineRefunds.refundNo, reported.outRefundNo)).for('update');
    if (!row) return 'unknown';
    if (reported.refundFen !== Number(row.amountFen)) {
      log?.warn({ refundNo: row.refundNo, reported: reported.refundFen }, 'online refund: the gateway names another amount, nothing changed');
      return 'mismatch';
    }
    if (row.state !== 'processing' || reported.state === 'processing') {
      if (!row.refundId && reported.refundId) await tx.update(onlineRefunds).set({ refundId: reported.refundId, updatedAt: now }).where(eq(onlineRefunds.id, row.id));
      return 'unchanged';
    }
    await tx
      .update(onlineRefunds)
      .set({
        state: reported.state,
        refundId: reported.refundId ?? row.refundId,
        ...(reported.state === 'success' ? { succeededAt: reported.succeededAt ?? now } : { lastError: `退款${reported.state === 'closed' ? '已关闭' : '异常'}，需财务处理` }),
        updatedAt: now,
      })
      .where(and(eq(onlineRefunds.id, row.id), eq(onlineRefunds.state, 'processing')));
    if (reported.state !== 'success') {
      log?.warn({ refundNo: row.refundNo, state: reported.state }, 'online refund: failed at the gateway, finance must act');
      // the member's money is neither back on the card nor in the funds: finance must act (商户平台), told in 系统提醒
      await raiseStaffAlert(tx, {
        key: `refund_failed:${row.refundNo}`,
        kind: 'refund_failed',
        role: 'finance',
        title: `原路退款${reported.state === 'closed' ? '已关闭' : '异常'}：${row.refundNo}`,
        content: `退款 ${formatFen(Number(row.amountFen))} 未能原路退回，请在支付平台商户后台处理后核对。`,
        link: '/admin/finance/payments?tab=refunds',
        createdAt: now,
      });
    }
    return 'moved';
  });
}

/**
 * 50-ordering's refund-channel handler (registered in hooks.ts): in the cancel's transaction, the
 * online part of each payment that paid this order gets a refund record and leaves the funds
 * again as an `online_refund` entry; the gateway is asked after the commit (sweepRefunds).
 */
export const refundOnlinePart: RefundChannelHandler = async (tx, order, { actor, now }) => {
  const links = await tx
    .select({ link: onlinePaymentOrders, payment: onlinePayments })
    .from(onlinePaymentOrders)
    .innerJoin(onlinePayments, eq(onlinePayments.id, onlinePaymentOrders.paymentId))
    .where(and(eq(onlinePaymentOrders.orderId, order.id), eq(onlinePaymentOrders.paidOrder, true), eq(onlinePayments.state, 'paid')));
  const sent: ChannelRefund[] = [];
  for (const { link, payment } of links) {
    const amountFen = Math.min(Number(link.amountFen), order.paidFen);
    if (amountFen <= 0) continue;
    // one refund per payment and order (a second cancel path makes none); a clash of the refund
    // number is not that, and draws again (insertNumbered) instead of silently skipping the refund
    const refund = await insertNumbered(tx, REFUND_NO, now, async (sp, refundNo) => {
      const [created] = await sp
        .insert(onlineRefunds)
        .values({ refundNo, paymentId: payment.id, orderId: order.id, amountFen, reason: `订单${order.orderNo}取消`, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: [onlineRefunds.paymentId, onlineRefunds.orderId] })
        .returning();
      return created;
    });
    if (!refund) continue;
    const account = await ensureAccount(tx, order.paidFromKind ?? payment.fundsKind, order.paidFromId ?? payment.fundsId);
    await debitAccount(tx, account.id, amountFen, 'online_refund', refundReference(refund.refundNo), actor, now, `订单${order.orderNo}取消，原路退回${vendorName(payment.vendor)}`);
    sent.push({ channel: vendorName(payment.vendor), amountFen });
  }
  return sent;
};

/**
 * One refund at the gateway: sent when it was not yet, else asked about. Throws what the gateway
 * call threw; the caller records the answer (applyRefundState) or the failure. The refunds job
 * and finance's 查询 button (payments-admin) both go through here.
 */
export async function askGatewayAboutRefund(
  provider: PaymentProvider,
  refund: RefundRow,
  payment: PaymentRow,
  origin: string,
): Promise<{ sent: boolean; answer: GatewayRefund | null }> {
  if (refund.requestedAt) return { sent: false, answer: await provider.queryRefund(refund.refundNo, payment.paymentNo) };
  const answer = await provider.refund({
    outTradeNo: payment.paymentNo,
    outRefundNo: refund.refundNo,
    refundFen: Number(refund.amountFen),
    totalFen: Number(payment.amountFen),
    reason: refund.reason,
    notifyUrl: `${origin}/pay/notify/${payment.vendor}`,
  });
  return { sent: true, answer };
}

/** The refunds job: sends refunds not yet sent, asks about those still processing. */
export async function sweepRefunds(db: Db, providers: PaymentProviders, origin: string, now: Date, log?: Log) {
  const rows = await db
    .select({ refund: onlineRefunds, payment: onlinePayments })
    .from(onlineRefunds)
    .innerJoin(onlinePayments, eq(onlinePayments.id, onlineRefunds.paymentId))
    .where(and(eq(onlineRefunds.state, 'processing'), or(isNull(onlineRefunds.requestedAt), lte(onlineRefunds.requestedAt, new Date(now.getTime() - 60_000)))))
    .orderBy(asc(onlineRefunds.createdAt))
    .limit(100);
  const outcome = { sent: 0, moved: 0, failed: 0 };
  for (const { refund, payment } of rows) {
    const provider = providers[payment.vendor];
    if (provider.name !== payment.provider) continue;
    try {
      const { sent, answer } = await askGatewayAboutRefund(provider, refund, payment, origin);
      if (sent && answer) {
        await db
          .update(onlineRefunds)
          .set({ requestedAt: now, attempts: sql`${onlineRefunds.attempts} + 1`, lastError: '', refundId: answer.refundId ?? null, updatedAt: now })
          .where(and(eq(onlineRefunds.id, refund.id), isNull(onlineRefunds.requestedAt)));
        outcome.sent++;
      }
      if (answer && (await applyRefundState(db, answer, now, log)) === 'moved') outcome.moved++;
    } catch (error) {
      outcome.failed++;
      const message = error instanceof Error ? error.message : String(error);
      await db.update(onlineRefunds).set({ attempts: sql`${onlineRefunds.attempts} + 1`, lastError: message.slice(0, 500), updatedAt: now }).where(eq(onlineRefunds.id, refund.id));
      log?.warn({ err: error, refundNo: refund.refundNo }, 'online refund: gateway call failed, retried by the next run');
    }
  }
  return outcome;
}
