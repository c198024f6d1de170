import { AWAITING_APPROVAL } from './payment.service';
import { and, eq } from 'drizzle-orm';
import {
  formatFen,
  NO_COUPON,
  paymentLabels,
  progressLabels,
  type OnlinePayStart,
  type OnlinePayStartBody,
} from '@lab/contract';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { insertNumbered } from '../../platform/numbers';
import type { PaymentProviders } from '../../platform/providers';
import { lockMember } from '../accounts';
import { balanceOf, findOwnedCommunity, getFundsSettings, topUpBonus } from '../funds';
import { assertHoldLive, findMemberOrder, lockOrders, orderScope, type OrderRow } from '../orders';
import { couponChoices } from './coupon-choices';
import { orderNosOfPayments, PAYMENT_NO, payResultPath, providerFor, settleableNow, toPaymentView, TOPUP_MAX_FEN, vendorName, type Log, type PayMeta } from './online-pay-core';
import { resolveSource, type PaySource } from './pay-source';
import { onlinePaymentOrders, onlinePayments } from './payments.tables';

/**
 * onlinePay/start (docs/payments.md): one `online_payments` row per attempt, its amount (and the
 * balance part, the coupon, the top-up's bonus) fixed now; then the gateway is asked to create it.
 */

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
  // paid by the PI's approval (grants), or back to 待支付 when refused
  if (order.payment === 'approval') throw conflict(AWAITING_APPROVAL);
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
  const { bonusFen, ruleId } = await topUpBonus(tx, body.amount);
  return { amountFen: body.amount, balanceFen: 0, source, couponRid: null, bonusFen, bonusRuleId: ruleId, description: `${source.name}充值`, links: [] };
}

async function draftSettle(tx: Tx, memberId: number, body: OnlinePayStartBody, now: Date): Promise<Draft> {
  const orderNos = [...new Set(body.order_nos ?? [])];
  if (orderNos.length === 0) throw badRequest('请选择要结算的订单');
  const locked = await lockOrders(tx, { memberId, orderNos });
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
  log?: Log,
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
  const nos = await orderNosOfPayments(db, [row.id]);
  return { payment: toPaymentView(saved ?? row, nos.get(row.id) ?? []), start };
}

/** The payer's row, shared (see startOnlinePayment); a closed account starts nothing. */
async function lockPayer(tx: Tx, memberId: number) {
  const payer = await lockMember(tx, memberId, 'share');
  if (!payer || payer.closedAt) throw new AppError('UNAUTHORIZED', '该账号已注销', { status: 401 });
}
