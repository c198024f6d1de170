import { and, count, eq, inArray, notInArray } from 'drizzle-orm';
import {
  closedMemberLabel,
  CLOSE_ACCOUNT_SMS_PURPOSE,
  formatFen,
  type CloseAccountBody,
  type ClosureBlocker,
} from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import {
  communities,
  creditApplications,
  invoiceApplications,
  members,
  onlinePayments,
  orders,
  pointsExchanges,
  prestoreApplications,
  rebates,
  rebateWithdrawals,
  sampleRecycles,
  samplings,
  transferApplications,
} from '../../db/schema';
import { AppError, conflict } from '../../platform/errors';
import { writeMemberAudit } from '../../platform/member-audit';
import type { SmsProvider } from '../../platform/messaging';
import type { PaymentProviders } from '../../platform/providers';
import type { NoticeChannels } from '../messages';
import { balanceOf } from '../funds';
import { closeOpenPaymentsOf } from '../payments';
import { getMember } from '../accounts';
import { confirmMemberSecret, endMemberAccess, sendSmsCode } from '../accounts';
import type { RequestMeta } from '../../platform/caller';
import { eraseMember } from './erasure';
import { closeMemberVault, purgeMemberVault } from '../vault';
import type { FileStore } from '../../platform/providers/file-store';
import { maskIp } from './erasure-engine';

/**
 * 注销账号 (PIPL art. 47). A member closes their own account once nothing is in flight: every
 * blocker is listed (the page shows them before the member tries, the call refuses with all of
 * them). Closing erases or anonymises the personal data and keeps the accounting records
 * (orders, invoices, ledger entries: 会计档案, 30 years) under 已注销用户#<id>, all in one
 * transaction with the audit row.
 */

const OPEN_PROGRESS: ('completed' | 'cancelled')[] = ['completed', 'cancelled'];
const listed = (items: string[], max = 3) => (items.length > max ? `${items.slice(0, max).join('、')} 等` : items.join('、'));

const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

/**
 * Every reason the account cannot be closed now, one per kind; empty when it can. Open online
 * payments are not listed on the page (`openPayments: false`): the closure closes them at the
 * gateway first; inside the closure's transaction one still open (started meanwhile) blocks.
 */
export async function closureBlockers(db: DbOrTx, memberId: number, options: { openPayments: boolean } = { openPayments: true }): Promise<ClosureBlocker[]> {
  const blockers: ClosureBlocker[] = [];
  if (options.openPayments) {
    const paying = await countOf(db.select({ n: count() }).from(onlinePayments).where(and(eq(onlinePayments.memberId, memberId), eq(onlinePayments.state, 'open'))));
    if (paying > 0) blockers.push({ code: 'payments_open', reason: `有 ${paying} 笔刚发起的在线支付，请稍后再试`, link: null });
  }
  const open = await db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), notInArray(orders.progress, OPEN_PROGRESS)))
    .orderBy(orders.createdAt);
  if (open.length > 0) {
    blockers.push({ code: 'open_orders', reason: `有 ${open.length} 个进行中的订单（${listed(open.map((o) => o.orderNo))}），请等待完成或取消后再注销`, link: '/member/order' });
  }
  // completed but not paid: pay-after-test (unsettled) or still unpaid
  const unpaid = await db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.progress, 'completed'), inArray(orders.payment, ['unpaid', 'unsettled'])));
  if (unpaid.length > 0) {
    blockers.push({ code: 'unpaid_orders', reason: `有 ${unpaid.length} 个已完成但未结清的订单（${listed(unpaid.map((o) => o.orderNo))}），请先结算`, link: '/member/unsettled' });
  }
  const prestore = await balanceOf(db, 'member', memberId, 'prestore');
  if (prestore > 0) blockers.push({ code: 'prestore_balance', reason: `预存款余额 ${formatFen(prestore)}，请先使用完毕或联系客服退款`, link: '/member/prestore' });

  const owned = await db
    .select({ id: communities.id, name: communities.name })
    .from(communities)
    .where(and(eq(communities.ownerMemberId, memberId), eq(communities.status, 'active')));
  const withMoney: string[] = [];
  for (const c of owned) if ((await balanceOf(db, 'community', c.id, 'prestore')) > 0) withMoney.push(`「${c.name}」`);
  if (withMoney.length > 0) {
    blockers.push({ code: 'community_balance', reason: `您负责的科研团体 ${listed(withMoney)} 仍有预存款余额，请先使用完毕或联系客服退款`, link: '/member/communityMg' });
  }
  if (owned.length > 0) {
    blockers.push({ code: 'community_owner', reason: `您是科研团体 ${listed(owned.map((c) => `「${c.name}」`))} 的负责人，请先转让负责人或解散团体`, link: '/member/communityMg' });
  }
  const rebate = await balanceOf(db, 'member', memberId, 'rebate');
  if (rebate > 0) blockers.push({ code: 'rebate_balance', reason: `返利余额 ${formatFen(rebate)}，请先申请提现`, link: '/member/promotion' });
  const frozen = await countOf(db.select({ n: count() }).from(rebates).where(and(eq(rebates.partnerMemberId, memberId), eq(rebates.status, 'frozen'))));
  if (frozen > 0) blockers.push({ code: 'rebates_frozen', reason: `有 ${frozen} 笔冻结中的返利，需等待对应订单完成`, link: '/member/promotion' });
  const withdrawals = await countOf(db.select({ n: count() }).from(rebateWithdrawals).where(and(eq(rebateWithdrawals.memberId, memberId), eq(rebateWithdrawals.status, 'pending'))));
  if (withdrawals > 0) blockers.push({ code: 'withdrawals_pending', reason: `有 ${withdrawals} 笔返利提现待处理`, link: '/member/promotion' });
  const invoices = await countOf(db.select({ n: count() }).from(invoiceApplications).where(and(eq(invoiceApplications.memberId, memberId), eq(invoiceApplications.status, 'pending'))));
  if (invoices > 0) blockers.push({ code: 'invoices_pending', reason: `有 ${invoices} 个开票申请正在处理`, link: '/member/invoiceLs' });

  const applications: string[] = [];
  const prestoreApps = await countOf(db.select({ n: count() }).from(prestoreApplications).where(and(eq(prestoreApplications.memberId, memberId), eq(prestoreApplications.status, 'pending'))));
  if (prestoreApps > 0) applications.push(`预存申请 ${prestoreApps} 个`);
  const transfers = await countOf(db.select({ n: count() }).from(transferApplications).where(and(eq(transferApplications.memberId, memberId), eq(transferApplications.status, 'pending'))));
  if (transfers > 0) applications.push(`转账申请 ${transfers} 个`);
  const credit = await countOf(db.select({ n: count() }).from(creditApplications).where(and(eq(creditApplications.memberId, memberId), eq(creditApplications.status, 'pending'))));
  if (credit > 0) applications.push(`信用额度申请 ${credit} 个`);
  if (applications.length > 0) blockers.push({ code: 'applications_pending', reason: `有待审核的${applications.join('、')}，请等待处理或取消`, link: '/member/prestore' });

  const pickups = await countOf(db.select({ n: count() }).from(samplings).where(and(eq(samplings.memberId, memberId), eq(samplings.status, 'pending'))));
  if (pickups > 0) blockers.push({ code: 'pickups_pending', reason: `有 ${pickups} 个待上门取样的预约，请取消或等待取样完成`, link: '/member/sample' });
  const returns = await countOf(db.select({ n: count() }).from(sampleRecycles).where(and(eq(sampleRecycles.memberId, memberId), eq(sampleRecycles.status, 'pending'))));
  if (returns > 0) blockers.push({ code: 'returns_pending', reason: `有 ${returns} 个样品寄回申请待处理`, link: '/member/sample' });
  const gifts = await countOf(db.select({ n: count() }).from(pointsExchanges).where(and(eq(pointsExchanges.memberId, memberId), eq(pointsExchanges.status, 'to_ship'))));
  if (gifts > 0) blockers.push({ code: 'exchanges_to_ship', reason: `有 ${gifts} 个积分兑换的礼品待发货`, link: '/member/integral' });
  return blockers;
}

export const pointsBalanceOf = (db: DbOrTx, memberId: number) => balanceOf(db, 'member', memberId, 'points');

export const maskPhone = (phone: string) => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

/** The closure's SMS code, to the member's own phone (cooldown and daily cap as every code). */
export async function sendCloseCode(db: Db, sms: SmsProvider, memberId: number, meta: RequestMeta) {
  const member = await getMember(db, memberId);
  await sendSmsCode(db, sms, { phone: member.phone, useFor: CLOSE_ACCOUNT_SMS_PURPOSE }, meta);
}

/**
 * Closes the account. The secret is checked first, outside the transaction (a wrong try stays
 * counted: SMS tries on the code, passwords on the login hold). Then, in one transaction with
 * the member row locked: the blockers are read again (a refusal lists all of them), the
 * personal data is erased or anonymised, every session revoked, and the audit row written.
 */
export async function closeAccount(
  db: Db,
  payments: { providers: PaymentProviders; channels: NoticeChannels; files: FileStore },
  memberId: number,
  body: CloseAccountBody,
  meta: RequestMeta & { requestId?: string },
  log?: { warn: (obj: unknown, msg: string) => void },
) {
  const member = await getMember(db, memberId);
  if (member.closedAt) throw new AppError('FORBIDDEN', '该账号已注销');
  const confirmed = await confirmMemberSecret(db, member, body, CLOSE_ACCOUNT_SMS_PURPOSE, meta.now);
  // money must not arrive after the account is gone (issue 28 hole 5): every open online payment
  // is closed at its gateway first; one paid meanwhile is booked and then blocks as a balance
  await closeOpenPaymentsOf(db, payments.providers, payments.channels, memberId, meta.now, log);

  const closed = await db.transaction(async (tx) => {
    // one closure at a time per member; an online payment starting or being booked waits for the lock
    await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
    const blockers = await closureBlockers(tx, memberId);
    if (blockers.length > 0) throw conflict(`暂不能注销账号：${blockers.map((b, i) => `${i + 1}. ${b.reason}`).join('；')}`);
    await confirmed.spend(tx);
    // sessions revoked; an optional consent ends with the account: 营销短信 withdrawn (a row, as from 账号设置)
    await endMemberAccess(tx, memberId, meta);
    const counts = await eraseMember(tx, member, meta.now);
    // the data vault: share links revoked, every file due now (its objects deleted after the commit)
    await closeMemberVault(tx, memberId, meta.now);
    await writeMemberAudit(tx, {
      memberId,
      action: 'privacy.close',
      label: '注销账号',
      entity: 'member',
      targetKey: member.rid,
      input: { confirmedBy: confirmed.confirmedBy },
      // the person's data is what was erased: the row keeps only what was kept and counted
      before: { rid: member.rid, registeredAt: member.createdAt.toISOString() },
      after: { label: closedMemberLabel(memberId), closedAt: meta.now.toISOString(), ...counts },
      // the network, not the address: the person is gone (erasure.ts)
      ip: maskIp(meta.ip),
      requestId: meta.requestId,
      now: meta.now,
    });
    return { closedAt: meta.now.toISOString() };
  });
  // the raw files' objects go once the closure is committed; what fails here the nightly retention job deletes
  await purgeMemberVault(db, { files: payments.files }, memberId, meta.now).catch((error: unknown) => log?.warn({ err: error, memberId }, 'closure: the vault objects are left to the retention job'));
  return closed;
}
