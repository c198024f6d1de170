import { eq } from 'drizzle-orm';
import { closedMemberLabel, formatFen, paymentLabels, progressLabels } from '@lab/contract';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { insertNumbered } from '../../platform/numbers';
import type { GatewayPayment } from '../../platform/providers/payment-gateway';
import { lockMember } from '../accounts';
import { creditAccount, debitAccount, ensureAccount, topUpBonus } from '../funds';
import { communityNames } from '../member';
import { postMessage, raiseStaffAlert } from '../messages';
import { ordersPaidOnline } from './payment-hooks';
import { lockOrders, type OrderRow } from '../orders';
import { paymentReference, refundReference, REFUND_NO, settleableNow, vendorName, type PaymentRow } from './online-pay-core';
import { memberActor, type PaySource } from './pay-source';
import { payLockedOrder } from './payment.service';
import { onlinePaymentOrders, onlinePayments, onlineRefunds } from './payments.tables';

/**
 * Booking (docs/payments.md): what a verified notice, the member's status call or the query job
 * learns from the gateway about a payment, booked once (see online-pay-core.ts).
 */

export type BookOutcome =
  /** booked now (paid orders to tell) */
  | { kind: 'booked'; payment: PaymentRow; paid: OrderRow[] }
  /** booked before: nothing more */
  | { kind: 'already'; payment: PaymentRow }
  /** not paid: the state noted (open, closed, failed) */
  | { kind: 'state'; payment: PaymentRow }
  /** the gateway's answer does not match the record: nothing booked */
  | { kind: 'mismatch'; payment: PaymentRow; problem: string }
  | { kind: 'unknown' };

async function sourceOf(tx: Tx, row: PaymentRow): Promise<PaySource> {
  if (row.fundsKind === 'member') return { kind: 'member', id: row.fundsId, name: '个人预存款' };
  const names = await communityNames(tx, [row.fundsId]);
  return { kind: 'community', id: row.fundsId, name: `团体「${names.get(row.fundsId) ?? ''}」预存款` };
}

/** Pays the payment's order(s) from the funds the online money just entered; throws when it cannot (the caller's savepoint rolls back). */
async function payOrdersOf(tx: Tx, row: PaymentRow, source: PaySource, now: Date): Promise<OrderRow[]> {
  const links = await tx.select().from(onlinePaymentOrders).where(eq(onlinePaymentOrders.paymentId, row.id));
  const locked = await lockOrders(tx, { ids: links.map((l) => l.orderId) });
  const actor = await memberActor(tx, row.memberId);
  const online = `${vendorName(row.vendor)}${formatFen(Number(row.amountFen))}`;
  const paid: OrderRow[] = [];
  for (const order of locked) {
    const link = links.find((l) => l.orderId === order.id)!;
    if (row.purpose === 'settle' && !settleableNow(order)) throw new AppError('SETTLE_STATE', `订单${order.orderNo}当前为「${order.progress === 'cancelled' ? progressLabels.cancelled : paymentLabels[order.payment]}」`, { status: 409 });
    const expected = row.purpose === 'order' ? Number(row.amountFen) + Number(row.balanceFen) : Number(link.amountFen);
    const name = row.purpose === 'order' && Number(row.balanceFen) > 0 ? `${online} + ${source.name}${formatFen(Number(row.balanceFen))}` : vendorName(row.vendor);
    const couponRid = row.purpose === 'order' ? (row.couponRid ?? undefined) : undefined;
    const done = await payLockedOrder(tx, order, { source: { ...source, name }, couponRid, actor, now });
    if (done.paidFen !== expected) throw new AppError('PAY_AMOUNT_CHANGED', `订单${order.orderNo}应付金额已变为${formatFen(done.paidFen)}`, { status: 409 });
    paid.push(done);
  }
  await tx
    .update(onlinePaymentOrders)
    .set({ paidOrder: true })
    .where(eq(onlinePaymentOrders.paymentId, row.id));
  return paid;
}

/**
 * Books what the gateway says about a payment, once. `via`: notify (a verified notice), query (the
 * member's status call), job (the query job). Inside one transaction with the payment row locked.
 */
export async function bookPayment(db: Db, paymentNo: string, reported: GatewayPayment, via: 'notify' | 'query' | 'job', now: Date): Promise<BookOutcome> {
  return db.transaction(async (tx): Promise<BookOutcome> => {
    const [row] = await tx.select().from(onlinePayments).where(eq(onlinePayments.paymentNo, paymentNo)).for('update');
    if (!row) return { kind: 'unknown' };
    const noticed = via === 'notify' && !row.notifiedAt ? { notifiedAt: now } : {};
    if (row.state === 'paid') {
      if (noticed.notifiedAt) await tx.update(onlinePayments).set(noticed).where(eq(onlinePayments.id, row.id));
      return { kind: 'already', payment: row };
    }
    const problems = [
      reported.amountFen !== Number(row.amountFen) ? `金额不符（平台${reported.amountFen}分，本单${row.amountFen}分）` : '',
      reported.merchantId !== row.merchantId ? `商户号不符（${reported.merchantId}）` : '',
      reported.appId !== row.appId ? `应用号不符（${reported.appId}）` : '',
    ].filter(Boolean);
    if (problems.length) return { kind: 'mismatch', payment: row, problem: problems.join('；') };
    if (reported.state !== 'paid') {
      // a failed or closed payment is final; an open one stays as it is
      if (reported.state === 'open' || row.state !== 'open') return { kind: 'state', payment: row };
      const [updated] = await tx
        .update(onlinePayments)
        .set({ state: reported.state, ...(reported.state === 'closed' ? { closedAt: now } : {}), ...noticed, updatedAt: now })
        .where(eq(onlinePayments.id, row.id))
        .returning();
      return { kind: 'state', payment: updated! };
    }
    // paid: the money enters the payer's funds from the channel…
    const source = await sourceOf(tx, row);
    const account = await ensureAccount(tx, source.kind, source.id);
    const reference = paymentReference(row.paymentNo);
    const actor = { kind: 'member' as const, id: row.memberId };
    const what = row.purpose === 'topup' ? '充值' : row.purpose === 'settle' ? '结算' : '订单支付';
    await creditAccount(tx, account.id, Number(row.amountFen), 'online_pay', reference, actor, now, `${vendorName(row.vendor)}${what} ${row.paymentNo}`);
    // …unless the payer closed the account meanwhile (the closure holds this row's lock while it
    // reads its blockers): nobody can use the money, so it goes back the way it came
    const payer = await lockMember(tx, row.memberId, 'share');
    if (payer?.closedAt) return { kind: 'booked', payment: await returnLateMoney(tx, row, account.id, reported, via, noticed, now), paid: [] };
    let note = '';
    let paid: OrderRow[] = [];
    let bonusFen = 0;
    if (row.purpose === 'topup') {
      // the bonus fixed at start, re-checked against the tier it came from
      bonusFen = (await topUpBonus(tx, Number(row.amountFen), { bonusFen: Number(row.bonusFen), ruleId: row.bonusRuleId })).bonusFen;
      if (bonusFen > 0) await creditAccount(tx, account.id, bonusFen, 'bonus', reference, actor, now, `在线充值 ${row.paymentNo} 赠送`);
      const gift = bonusFen > 0 ? `，另赠送${formatFen(bonusFen)}` : '';
      await postMessage(tx, row.memberId, { title: '在线充值已到账', content: `您通过${vendorName(row.vendor)}充值的${formatFen(Number(row.amountFen))}已存入${source.name}${gift}。`, link: '/member/funds' }, now);
    } else {
      // …and pays the order(s) from there, or stays there when they cannot be paid any more
      try {
        paid = await tx.transaction((sp) => payOrdersOf(sp, row, source, now));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        note = `${error.message}，款项${formatFen(Number(row.amountFen))}已存入${source.name}，可用于支付其他订单`;
        await postMessage(tx, row.memberId, { title: '在线支付款项已存入预存款', content: `您的${vendorName(row.vendor)}支付${row.paymentNo}到账时，${note}。`, link: '/member/funds' }, now);
      }
    }
    const [updated] = await tx
      .update(onlinePayments)
      .set({ state: 'paid', tradeNo: reported.tradeNo ?? null, paidAt: reported.paidAt ?? now, bookedBy: via, note, bonusFen, ...noticed, updatedAt: now })
      .where(eq(onlinePayments.id, row.id))
      .returning();
    await ordersPaidOnline(tx, paid, now);
    return { kind: 'booked', payment: updated!, paid };
  });
}

/**
 * Money that arrived for a closed account (注销账号, issue 28 hole 5): booked as it came in
 * (`online_pay`), then at once an `online_refunds` row for the whole amount and its
 * `online_refund` debit, so the balance stays 0 and the refunds job (sweepRefunds) sends it back
 * to the channel; no bonus, no order paid, no message to an account nobody reads. Finance hears of
 * it in 系统提醒 (once per payment).
 */
async function returnLateMoney(tx: Tx, row: PaymentRow, accountId: number, reported: GatewayPayment, via: 'notify' | 'query' | 'job', noticed: { notifiedAt?: Date }, now: Date): Promise<PaymentRow> {
  const amountFen = Number(row.amountFen);
  const label = closedMemberLabel(row.memberId);
  const refund = await insertNumbered(tx, REFUND_NO, now, async (sp, refundNo) => {
    const [created] = await sp
      .insert(onlineRefunds)
      .values({ refundNo, paymentId: row.id, orderId: null, amountFen, reason: `账号已注销，原路退回`, createdAt: now, updatedAt: now })
      .returning();
    return created;
  });
  await debitAccount(tx, accountId, amountFen, 'online_refund', refundReference(refund!.refundNo), { kind: 'system', id: null }, now, `${label}已注销，原路退回${vendorName(row.vendor)}`);
  const note = `到账时账号已注销，款项${formatFen(amountFen)}已原路退回（退款单 ${refund!.refundNo}）`;
  await raiseStaffAlert(tx, {
    key: `closed_account_payment:${row.paymentNo}`,
    kind: 'closed_account_payment',
    role: 'finance',
    title: `已注销账号收到在线支付：${row.paymentNo}`,
    content: `${label}注销后，${vendorName(row.vendor)}支付 ${row.paymentNo}（${formatFen(amountFen)}）到账。已自动原路退款（退款单 ${refund!.refundNo}），请在退款记录中核对结果。`,
    link: '/admin/finance/payments?tab=refunds',
    createdAt: now,
  });
  const [updated] = await tx
    .update(onlinePayments)
    .set({ state: 'paid', tradeNo: reported.tradeNo ?? null, paidAt: reported.paidAt ?? now, bookedBy: via, note, ...noticed, updatedAt: now })
    .where(eq(onlinePayments.id, row.id))
    .returning();
  return updated!;
}
