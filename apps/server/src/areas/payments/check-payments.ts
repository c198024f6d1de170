import { and, asc, eq, lt } from 'drizzle-orm';
import type { OnlinePaymentView } from '@lab/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import type { PaymentProviders } from '../../platform/providers';
import { PaymentSignatureError, type GatewayPayment, type NotifyAnswer, type NotifyRequest, type PaymentProvider } from '../../platform/providers/payment-gateway';
import type { NoticeChannels } from '../messages';
import { bookPayment, type BookOutcome } from './book-payment';
import { orderNosOfPayments, PAY_QUERY_AFTER_MS, toPaymentView, vendorName, type Log, type PaymentRow } from './online-pay-core';
import { applyRefundState } from './online-refunds';
import { noticePaid } from './payment.service';
import { onlinePayments } from './payments.tables';

/**
 * What the gateway says about open payments, booked (book-payment.ts): a vendor's notice, the
 * member's status call, the payments job, and before an account closes.
 */

/**
 * Before an account closes (65-privacy closeAccount, outside its transaction): each open online
 * payment of the member is closed at its gateway and asked once more, as the payments job does
 * for an expired one. One paid meanwhile is booked (its money then blocks the closure as a
 * balance or a paid order); the others are closed here too. A gateway that cannot answer (or a
 * channel no longer configured) refuses the closure: money could still arrive.
 */
export async function closeOpenPaymentsOf(db: Db, providers: PaymentProviders, channels: NoticeChannels, memberId: number, now: Date, log?: Log) {
  const open = await db
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.memberId, memberId), eq(onlinePayments.state, 'open')))
    .orderBy(asc(onlinePayments.id));
  for (const row of open) {
    const provider = providers[row.vendor];
    const unsure = () => new AppError('PAY_GATEWAY', `您有一笔未完成的${vendorName(row.vendor)}支付（${row.paymentNo}），支付平台暂时无法确认已关闭，请稍后再试`, { status: 503 });
    if (provider.name !== row.provider) throw unsure();
    let reported: GatewayPayment;
    try {
      reported = await closeAtGateway(provider, row);
    } catch (error) {
      log?.warn({ err: error, paymentNo: row.paymentNo }, 'online payment: could not close it at the gateway before an account closure');
      throw unsure();
    }
    await afterBooking(db, channels, await bookPayment(db, row.paymentNo, reported, 'job', now), log);
  }
}

/** Closes an open payment at its gateway and asks again: paid at the last moment reads paid, else closed. */
async function closeAtGateway(provider: PaymentProvider, row: PaymentRow): Promise<GatewayPayment> {
  await provider.close(row.paymentNo);
  const reported = await provider.query(row.paymentNo);
  return !reported || reported.state === 'open' ? { outTradeNo: row.paymentNo, state: 'closed', amountFen: Number(row.amountFen), merchantId: row.merchantId, appId: row.appId } : reported;
}

/** After a booking's commit: the paid orders' SMS and e-mail. */
async function afterBooking(db: Db, channels: NoticeChannels, outcome: BookOutcome, log?: Log) {
  if (outcome.kind === 'booked' && outcome.paid.length) await noticePaid(db, channels, outcome.payment.memberId, outcome.paid, log);
  if (outcome.kind === 'mismatch') log?.warn({ paymentNo: outcome.payment.paymentNo, problem: outcome.problem }, 'online payment: the gateway does not match the record, nothing booked');
}

/** onlinePay/status: the member's own payment; an open one is asked at the gateway first (and booked when paid). */
export async function paymentStatus(db: Db, providers: PaymentProviders, channels: NoticeChannels, memberId: number, paymentNo: string, now: Date, log?: Log): Promise<OnlinePaymentView> {
  let [row] = await db
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.paymentNo, paymentNo), eq(onlinePayments.memberId, memberId)))
    .limit(1);
  if (!row) throw notFound('支付记录');
  if (row.state === 'open') {
    const provider = providers[row.vendor];
    if (provider.name === row.provider) {
      const reported = await provider.query(row.paymentNo).catch((error: unknown) => {
        log?.warn({ err: error, paymentNo }, 'online payment: status query failed');
        return null;
      });
      if (reported) {
        const outcome = await bookPayment(db, row.paymentNo, reported, 'query', now);
        await afterBooking(db, channels, outcome, log);
        if ('payment' in outcome) row = outcome.payment;
      }
    }
  }
  const nos = await orderNosOfPayments(db, [row.id]);
  return toPaymentView(row, nos.get(row.id) ?? []);
}

// ---- notify ----

/**
 * A vendor's notify callback: verified (signature), then the payment booked once or the refund
 * moved forward. A notice that does not verify, names a payment we do not have, or does not match
 * the record (amount, merchant, app) books nothing and is answered with a failure.
 */
export async function handleNotify(
  db: Db,
  providers: PaymentProviders,
  channels: NoticeChannels,
  vendor: string,
  request: NotifyRequest,
  now: Date,
  log?: Log,
): Promise<NotifyAnswer> {
  if (vendor !== 'wechat' && vendor !== 'alipay') throw notFound('支付渠道');
  const provider = providers[vendor];
  let notice;
  try {
    notice = await provider.verifyNotify(request);
  } catch (error) {
    if (!(error instanceof PaymentSignatureError)) throw error;
    log?.warn({ vendor, reason: error.message }, 'online payment: notice refused (signature)');
    return provider.notifyAnswer(false);
  }
  if (notice.type === 'payment') {
    const [row] = await db.select({ vendor: onlinePayments.vendor, provider: onlinePayments.provider }).from(onlinePayments).where(eq(onlinePayments.paymentNo, notice.payment.outTradeNo)).limit(1);
    if (!row || row.vendor !== vendor || row.provider !== provider.name) {
      log?.warn({ vendor, outTradeNo: notice.payment.outTradeNo }, 'online payment: notice for an unknown payment');
      return provider.notifyAnswer(false);
    }
    const outcome = await bookPayment(db, notice.payment.outTradeNo, notice.payment, 'notify', now);
    await afterBooking(db, channels, outcome, log);
    return provider.notifyAnswer(outcome.kind === 'booked' || outcome.kind === 'already' || outcome.kind === 'state');
  }
  const applied = await applyRefundState(db, notice.refund, now, log);
  return provider.notifyAnswer(applied !== 'unknown' && applied !== 'mismatch');
}

/**
 * The payments job: open payments older than PAY_QUERY_AFTER_MS are asked about at the gateway
 * (a lost notice is booked now); expired ones are closed at the gateway and here — asked once
 * more after the close, so a payment paid at the last moment is booked, not closed.
 */
export async function sweepOpenPayments(db: Db, providers: PaymentProviders, channels: NoticeChannels, now: Date, log?: Log) {
  const rows = await db
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.state, 'open'), lt(onlinePayments.createdAt, new Date(now.getTime() - PAY_QUERY_AFTER_MS))))
    .orderBy(asc(onlinePayments.createdAt))
    .limit(200);
  const outcome = { booked: 0, closed: 0, failed: 0 };
  for (const row of rows) {
    const provider = providers[row.vendor];
    if (provider.name !== row.provider) continue;
    try {
      let reported = await provider.query(row.paymentNo);
      if ((!reported || reported.state === 'open') && row.expiresAt <= now) reported = await closeAtGateway(provider, row);
      if (!reported) continue;
      const booked = await bookPayment(db, row.paymentNo, reported, 'job', now);
      await afterBooking(db, channels, booked, log);
      if (booked.kind === 'booked') outcome.booked++;
      else if (booked.kind === 'state' && booked.payment.state === 'closed') outcome.closed++;
    } catch (error) {
      outcome.failed++;
      log?.warn({ err: error, paymentNo: row.paymentNo }, 'online payment: query job failed for a payment, retried by the next run');
    }
  }
  return outcome;
}
