import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  closedMemberLabel,
  formatFen,
  labDayEnd,
  labDayStart,
  NO_COUPON,
  PAY_RESULT_PATH,
  PAY_VENDOR_NAMES,
  paymentLabels,
  progressLabels,
  type OnlinePayStart,
  type OnlinePayStartBody,
  type OnlinePaymentView,
} from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { dayNumber, insertNumbered, type NumberSpec } from '../../platform/numbers';
import type { PaymentProviders } from '../../platform/providers';
import { PaymentSignatureError, type GatewayPayment, type GatewayRefund, type NotifyAnswer, type NotifyRequest, type PaymentProvider, type PayVendor } from '../../platform/providers/payment-gateway';
import { onlinePaymentOrders, onlinePayments, onlineRefunds } from './payments.tables';
import { orders } from '../orders/orders.tables';
import { communities } from '../member/member.tables';
import { members } from '../accounts/accounts.tables';
import { balanceOf, creditAccount, debitAccount, ensureAccount } from '../funds';
import { bookableBonus, currentBonus, findOwnedCommunity, getFundsSettings } from '../funds';
import { raiseStaffAlert } from '../messages';
import { postMessage, type NoticeChannels } from '../messages';
import { findMemberOrder, type OrderRow } from '../orders';
import { assertHoldLive } from '../orders';
import type { ChannelRefund, RefundChannelHandler } from '../orders';
import { couponChoices, memberActor, noticePaid, orderScope, payLockedOrder, resolveSource, type PaySource } from './payment.service';

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
 */

export const PAY_QUERY_AFTER_MS = 2 * 60_000;
export const PAY_NOT_ENABLED = '在线支付暂未开通，请使用预存款支付或对公转账';
export const TOPUP_MAX_FEN = 1_000_000_00;
const vendorName = (vendor: PayVendor) => PAY_VENDOR_NAMES[vendor];

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

function providerFor(providers: PaymentProviders, vendor: PayVendor): PaymentProvider {
  const provider = providers[vendor];
  if (provider.name === 'local' && !providers.local) throw new AppError('PAY_DISABLED', PAY_NOT_ENABLED, { status: 409 });
  return provider;
}

async function orderNosOf(db: DbOrTx, paymentIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (paymentIds.length === 0) return map;
  const rows = await db
    .select({ paymentId: onlinePaymentOrders.paymentId, orderNo: orders.orderNo })
    .from(onlinePaymentOrders)
    .innerJoin(orders, eq(orders.id, onlinePaymentOrders.orderId))
    .where(inArray(onlinePaymentOrders.paymentId, paymentIds))
    .orderBy(asc(orders.id));
  for (const r of rows) map.set(r.paymentId, [...(map.get(r.paymentId) ?? []), r.orderNo]);
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

const settleableNow = (o: OrderRow) => o.progress !== 'cancelled' && (o.payment === 'unsettled' || (o.payLater && o.payment === 'unpaid'));

interface Draft {
  amountFen: number;
  balanceFen: number;
  source: PaySource;
  couponRid: string | null;
  bonusFen: number;
  /** the tier the bonus came from (topup) */
  bonusRuleId?: number | null;
  description: string;
  links: { orderId: number; amountFen: number }[];
}

/** What an order costs now with the coupon chosen (the one saved when ordering when none is named). */
async function orderPayable(tx: Tx, order: OrderRow, couponRid: string | undefined, now: Date): Promise<{ payableFen: number; couponRid: string | null }> {
  const explicit = couponRid !== undefined && couponRid !== '';
  const rid = explicit ? couponRid : (order.couponRid ?? undefined);
  // the choice is fixed with the amount: the booking uses exactly this coupon, or none (NO_COUPON)
  if (!rid || rid === NO_COUPON) return { payableFen: order.totalFen, couponRid: NO_COUPON };
  const choices = await couponChoices(tx, order.memberId, order, await orderScope(tx, order.id), now);
  const chosen = choices.find((c) => c.rid === rid);
  // another member's coupon, or none by that rid: as paying from funds answers
  if (!chosen && explicit) throw notFound('优惠券');
  if (!chosen || !chosen.usable) {
    // the coupon saved when ordering may be gone: then no coupon, as paying from funds does
    if (!explicit) return { payableFen: order.totalFen, couponRid: NO_COUPON };
    throw new AppError('COUPON_UNUSABLE', chosen?.reason || '优惠券不可用', { status: 409 });
  }
  return { payableFen: order.totalFen - chosen.discountFen, couponRid: rid };
}

async function draftOrder(tx: Tx, memberId: number, body: OnlinePayStartBody, now: Date): Promise<Draft> {
  if (!body.order_no) throw badRequest('[订单编号]不能为空');
  const order = await findMemberOrder(tx, memberId, body.order_no, { lock: true });
  if (order.progress === 'cancelled') throw conflict('订单已取消，不能支付');
  if (order.payment === 'paid') throw conflict('订单已支付，请勿重复支付');
  if (order.payment === 'refunded') throw conflict('订单已退款，不能支付');
  await assertHoldLive(tx, order.id, now);
  const source = await resolveSource(tx, memberId, body.community_rid);
  const { payableFen, couponRid } = await orderPayable(tx, order, body.coupon_rid, now);
  if (payableFen <= 0) throw new AppError('PAY_NOTHING', '该订单无需在线支付，请直接确认支付', { status: 409 });
  let balanceFen = 0;
  if (body.use_balance) {
    balanceFen = Math.min(payableFen, await balanceOf(tx, source.kind, source.id));
    if (balanceFen >= payableFen) throw new AppError('PAY_BALANCE_COVERS', `${source.name}余额足够支付本单，请直接使用余额支付`, { status: 409 });
  }
  const amountFen = payableFen - balanceFen;
  return { amountFen, balanceFen, source, couponRid, bonusFen: 0, description: `订单${order.orderNo}`, links: [{ orderId: order.id, amountFen }] };
}

async function draftTopup(tx: Tx, memberId: number, body: OnlinePayStartBody): Promise<Draft> {
  if (body.amount === undefined) throw badRequest('[充值金额]不能为空');
  const settings = await getFundsSettings(tx);
  if (body.amount < settings.minTopupFen) throw badRequest(`单次充值金额不能低于${formatFen(settings.minTopupFen)}`);
  if (body.amount > TOPUP_MAX_FEN) throw badRequest(`单次在线充值不能超过${formatFen(TOPUP_MAX_FEN)}，更大金额请使用对公转账`);
  let source: PaySource = { kind: 'member', id: memberId, name: '个人预存款' };
  if (body.community_rid) {
    const community = await findOwnedCommunity(tx, memberId, body.community_rid);
    source = { kind: 'community', id: community.id, name: `团体「${community.name}」预存款` };
  }
  const { bonusFen, ruleId } = await currentBonus(tx, body.amount);
  return { amountFen: body.amount, balanceFen: 0, source, couponRid: null, bonusFen, bonusRuleId: ruleId, description: `${source.name}充值`, links: [] };
}

async function draftSettle(tx: Tx, memberId: number, body: OnlinePayStartBody, now: Date): Promise<Draft> {
  const orderNos = [...new Set(body.order_nos ?? [])];
  if (orderNos.length === 0) throw badRequest('请选择要结算的订单');
  const locked = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.memberId, memberId), inArray(orders.orderNo, orderNos)))
    .orderBy(asc(orders.id))
    .for('update');
  if (locked.length !== orderNos.length) throw notFound('订单');
  for (const order of locked) {
    if (!settleableNow(order)) {
      const state = order.progress === 'cancelled' ? progressLabels.cancelled : paymentLabels[order.payment];
      throw new AppError('SETTLE_STATE', `订单${order.orderNo}当前为「${state}」，不能结算`, { status: 409 });
    }
  }
  const source = await resolveSource(tx, memberId, body.community_rid);
  // what settling from funds would take for each (the coupon saved when ordering, while it is usable)
  const links: Draft['links'] = [];
  for (const o of locked) links.push({ orderId: o.id, amountFen: (await orderPayable(tx, o, undefined, now)).payableFen });
  const amountFen = links.reduce((s, l) => s + l.amountFen, 0);
  if (amountFen <= 0) throw new AppError('PAY_NOTHING', '所选订单无需在线支付', { status: 409 });
  return { amountFen, balanceFen: 0, source, couponRid: null, bonusFen: 0, description: `结算${locked.length}笔订单`, links };
}

/** onlinePay/start */
export async function startOnlinePayment(
  db: Db,
  providers: PaymentProviders,
  memberId: number,
  body: OnlinePayStartBody,
  meta: PayMeta,
  log?: { warn: (obj: unknown, msg: string) => void },
): Promise<OnlinePayStart> {
  const provider = providerFor(providers, body.vendor);
  if (!provider.scenes.includes(body.scene)) throw badRequest(`${vendorName(body.vendor)}暂不支持该支付场景`);
  const { now } = meta;
  const expiresAt = new Date(now.getTime() + meta.expireMinutes * 60_000);
  const { row, draft } = await db.transaction(async (tx) => {
    // shared with other payments, exclusive with 注销账号 (65-privacy locks the row for update):
    // a payment starts before a closure reads its blockers, or not at all
    await lockPayer(tx, memberId);
    const draft = body.purpose === 'order' ? await draftOrder(tx, memberId, body, now) : body.purpose === 'topup' ? await draftTopup(tx, memberId, body) : await draftSettle(tx, memberId, body, now);
    const row = await insertNumbered(tx, PAYMENT_NO, now, async (sp, paymentNo) => {
      const [created] = await sp
        .insert(onlinePayments)
        .values({
        paymentNo,
        memberId,
        purpose: body.purpose,
        vendor: body.vendor,
        scene: body.scene,
        provider: provider.name,
        amountFen: draft.amountFen,
        balanceFen: draft.balanceFen,
        fundsKind: draft.source.kind,
        fundsId: draft.source.id,
        couponRid: draft.couponRid,
        bonusFen: draft.bonusFen,
        bonusRuleId: draft.bonusRuleId ?? null,
        merchantId: provider.merchantId,
        appId: provider.appId,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
      return created!;
    });
    if (draft.links.length) await tx.insert(onlinePaymentOrders).values(draft.links.map((l) => ({ paymentId: row.id, orderId: l.orderId, amountFen: l.amountFen })));
    return { row, draft };
  });
  let start: OnlinePayStart['start'];
  try {
    start = await provider.create({
      outTradeNo: row.paymentNo,
      amountFen: Number(row.amountFen),
      description: `${draft.description}`.slice(0, 40),
      scene: body.scene,
      expiresAt,
      notifyUrl: `${meta.origin}/pay/notify/${body.vendor}`,
      returnUrl: `${meta.origin}${payResultPath(row.paymentNo)}`,
      clientIp: meta.ip,
    });
  } catch (error) {
    await db.update(onlinePayments).set({ state: 'failed', note: '支付平台下单失败', updatedAt: now }).where(and(eq(onlinePayments.id, row.id), eq(onlinePayments.state, 'open')));
    log?.warn({ err: error, paymentNo: row.paymentNo }, 'online payment: the gateway did not create the payment');
    throw new AppError('PAY_GATEWAY', `${vendorName(body.vendor)}暂时无法下单，请稍后再试或使用其他支付方式`, { status: 503 });
  }
  const target = start.kind === 'qr' ? start.codeUrl : start.kind === 'redirect' ? start.url : JSON.stringify(start.params);
  const [saved] = await db.update(onlinePayments).set({ startKind: start.kind, startTarget: target, updatedAt: now }).where(eq(onlinePayments.id, row.id)).returning();
  const nos = await orderNosOf(db, [row.id]);
  return { payment: toPaymentView(saved ?? row, nos.get(row.id) ?? []), start };
}

/** The payer's row, shared (see startOnlinePayment); a closed account starts nothing. */
async function lockPayer(tx: Tx, memberId: number) {
  const [payer] = await tx.select({ closedAt: members.closedAt }).from(members).where(eq(members.id, memberId)).for('share');
  if (!payer || payer.closedAt) throw new AppError('UNAUTHORIZED', '该账号已注销', { status: 401 });
}

// ---- booking ----

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
  const [c] = await tx.select({ name: communities.name }).from(communities).where(eq(communities.id, row.fundsId)).limit(1);
  return { kind: 'community', id: row.fundsId, name: `团体「${c?.name ?? ''}」预存款` };
}

/** Pays the payment's order(s) from the funds the online money just entered; throws when it cannot (the caller's savepoint rolls back). */
async function payOrdersOf(tx: Tx, row: PaymentRow, source: PaySource, now: Date): Promise<OrderRow[]> {
  const links = await tx.select().from(onlinePaymentOrders).where(eq(onlinePaymentOrders.paymentId, row.id));
  const locked = await tx
    .select()
    .from(orders)
    .where(inArray(orders.id, links.map((l) => l.orderId)))
    .orderBy(asc(orders.id))
    .for('update');
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
    const [payer] = await tx.select({ closedAt: members.closedAt }).from(members).where(eq(members.id, row.memberId)).for('share');
    if (payer?.closedAt) return { kind: 'booked', payment: await returnLateMoney(tx, row, account.id, reported, via, noticed, now), paid: [] };
    let note = '';
    let paid: OrderRow[] = [];
    let bonusFen = 0;
    if (row.purpose === 'topup') {
      // the bonus fixed at start, re-checked against the tier it came from
      bonusFen = await bookableBonus(tx, Number(row.amountFen), Number(row.bonusFen), row.bonusRuleId);
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

/**
 * Before an account closes (65-privacy closeAccount, outside its transaction): each open online
 * payment of the member is closed at its gateway and asked once more, as the payments job does
 * for an expired one. One paid meanwhile is booked (its money then blocks the closure as a
 * balance or a paid order); the others are closed here too. A gateway that cannot answer (or a
 * channel no longer configured) refuses the closure: money could still arrive.
 */
export async function closeOpenPaymentsOf(db: Db, providers: PaymentProviders, channels: NoticeChannels, memberId: number, now: Date, log?: { warn: (obj: unknown, msg: string) => void }) {
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
async function afterBooking(db: Db, channels: NoticeChannels, outcome: BookOutcome, log?: { warn: (obj: unknown, msg: string) => void }) {
  if (outcome.kind === 'booked' && outcome.paid.length) await noticePaid(db, channels, outcome.payment.memberId, outcome.paid, log);
  if (outcome.kind === 'mismatch') log?.warn({ paymentNo: outcome.payment.paymentNo, problem: outcome.problem }, 'online payment: the gateway does not match the record, nothing booked');
}

/** onlinePay/status: the member's own payment; an open one is asked at the gateway first (and booked when paid). */
export async function paymentStatus(db: Db, providers: PaymentProviders, channels: NoticeChannels, memberId: number, paymentNo: string, now: Date, log?: { warn: (obj: unknown, msg: string) => void }): Promise<OnlinePaymentView> {
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
  const nos = await orderNosOf(db, [row.id]);
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
  log?: { warn: (obj: unknown, msg: string) => void },
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

// ---- refunds ----


/**
 * Moves a refund forward by what the gateway reports (a notice or a query): processing → success,
 * closed or abnormal, never back (a late 'processing' after 'success' changes nothing).
 */
export async function applyRefundState(db: Db, reported: GatewayRefund, now: Date, log?: { warn: (obj: unknown, msg: string) => void }): Promise<'moved' | 'unchanged' | 'unknown' | 'mismatch'> {
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
export async function sweepRefunds(db: Db, providers: PaymentProviders, origin: string, now: Date, log?: { warn: (obj: unknown, msg: string) => void }) {
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

/**
 * The payments job: open payments older than PAY_QUERY_AFTER_MS are asked about at the gateway
 * (a lost notice is booked now); expired ones are closed at the gateway and here — asked once
 * more after the close, so a payment paid at the last moment is booked, not closed.
 */
export async function sweepOpenPayments(db: Db, providers: PaymentProviders, channels: NoticeChannels, now: Date, log?: { warn: (obj: unknown, msg: string) => void }) {
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

