import { and, count, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import {
  closedMemberLabel,
  CLOSE_ACCOUNT_SMS_PURPOSE,
  formatFen,
  type CloseAccountBody,
  type ClosureBlocker,
} from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import {
  accounts,
  communities,
  communityMembers,
  creditApplications,
  invoiceApplications,
  invoiceTitles,
  loginGuards,
  memberAddresses,
  memberConsents,
  memberMessages,
  memberProfiles,
  members,
  onlinePayments,
  orders,
  outbox,
  pointsExchanges,
  prestoreApplications,
  promoterApplications,
  rebates,
  rebateWithdrawals,
  requirements,
  sampleRecycles,
  samplings,
  smsCodes,
  transferApplications,
  wxTickets,
} from '../../db/schema';
import { AppError, conflict } from '../../platform/errors';
import { verifyPassword } from '../../platform/crypto';
import { writeMemberAudit } from '../../platform/member-audit';
import type { SmsProvider } from '../../platform/messaging';
import type { PaymentProviders } from '../../platform/providers';
import type { NoticeChannels } from '../15-messages/messages.service';
import { closeOpenPaymentsOf } from '../51-payment/online-pay.service';
import { getMember } from '../10-accounts/accounts.service';
import { setMarketingSms } from '../10-accounts/consents.service';
import { claimLoginAttempt, clearLoginFailures, lockedError } from '../10-accounts/login-guard.service';
import { revokeAllSessions, type RequestMeta } from '../10-accounts/sessions.service';
import { checkSmsCode, sendSmsCode, spendSmsCode } from '../10-accounts/sms-codes.service';

/**
 * 注销账号 (PIPL art. 47). A member closes their own account once nothing is in flight: every
 * blocker is listed (the page shows them before the member tries, the call refuses with all of
 * them). Closing erases or anonymises the personal data and keeps the accounting records
 * (orders, invoices, ledger entries: 会计档案, 30 years) under 已注销用户#<id>, all in one
 * transaction with the audit row.
 */

const OPEN_PROGRESS: ('completed' | 'cancelled')[] = ['completed', 'cancelled'];
const listed = (items: string[], max = 3) => (items.length > max ? `${items.slice(0, max).join('、')} 等` : items.join('、'));

async function balanceOf(db: DbOrTx, ownerKind: 'member' | 'community', ownerId: number, kind: 'prestore' | 'rebate' | 'points') {
  const [row] = await db
    .select({ balance: accounts.balanceFen })
    .from(accounts)
    .where(and(eq(accounts.ownerKind, ownerKind), eq(accounts.ownerId, ownerId), eq(accounts.kind, kind)))
    .limit(1);
  return row?.balance ?? 0;
}

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
  payments: { providers: PaymentProviders; channels: NoticeChannels },
  memberId: number,
  body: CloseAccountBody,
  meta: RequestMeta & { requestId?: string },
  log?: { warn: (obj: unknown, msg: string) => void },
) {
  const member = await getMember(db, memberId);
  if (member.closedAt) throw new AppError('FORBIDDEN', '该账号已注销');
  let codeId: number | null = null;
  let confirmedBy: 'sms' | 'password';
  if (body.code !== undefined) {
    codeId = await checkSmsCode(db, member.phone, CLOSE_ACCOUNT_SMS_PURPOSE, body.code, meta.now);
    confirmedBy = 'sms';
  } else {
    const key = `member:${member.id}`;
    const left = await claimLoginAttempt(db, key, meta.now);
    if (!(await verifyPassword(member.passwordHash, body.password ?? ''))) {
      if (left === 0) throw lockedError(new Date(meta.now.getTime() + 15 * 60_000), meta.now);
      throw new AppError('WRONG_PASSWORD', member.passwordHash ? `登录密码错误，还可尝试${left}次` : '您尚未设置登录密码，请使用短信验证码确认');
    }
    await clearLoginFailures(db, key);
    confirmedBy = 'password';
  }
  // money must not arrive after the account is gone (issue 28 hole 5): every open online payment
  // is closed at its gateway first; one paid meanwhile is booked and then blocks as a balance
  await closeOpenPaymentsOf(db, payments.providers, payments.channels, memberId, meta.now, log);

  return db.transaction(async (tx) => {
    // one closure at a time per member; an online payment starting or being booked waits for the lock
    await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
    const blockers = await closureBlockers(tx, memberId);
    if (blockers.length > 0) throw conflict(`暂不能注销账号：${blockers.map((b, i) => `${i + 1}. ${b.reason}`).join('；')}`);
    if (codeId !== null) await spendSmsCode(tx, codeId, meta.now);
    // an optional consent ends with the account: 营销短信 withdrawn (a row, as from 账号设置)
    await setMarketingSms(tx, memberId, false, meta);
    const counts = await anonymiseMember(tx, member, meta.now);
    await revokeAllSessions(tx, 'member', memberId, meta.now);
    await writeMemberAudit(tx, {
      memberId,
      action: 'privacy.close',
      label: '注销账号',
      entity: 'member',
      targetKey: member.rid,
      input: { confirmedBy },
      // the person's data is what was erased: the row keeps only what was kept and counted
      before: { rid: member.rid, registeredAt: member.createdAt.toISOString() },
      after: { label: closedMemberLabel(memberId), closedAt: meta.now.toISOString(), ...counts },
      ip: meta.ip,
      requestId: meta.requestId,
      now: meta.now,
    });
    return { closedAt: meta.now.toISOString() };
  });
}

/**
 * The erasure. Deleted: addresses, invoice titles, SMS codes, login holds, QR tickets, the
 * attestation's personal fields. Anonymised in place (the rows are accounting or service
 * records others point at): the member row, orders' contact and phone, invoice applications'
 * personal title, receiver and e-mail, pickups, returns, requirements, partner applications,
 * withdrawals' bank details, gift addresses, in-site messages, the outbox's copies to the phone.
 */
async function anonymiseMember(tx: DbOrTx, member: typeof members.$inferSelect, now: Date) {
  const id = member.id;
  const label = closedMemberLabel(id);
  const oldPhone = member.phone;
  const oldEmail = member.email;

  await tx
    .update(members)
    .set({ phone: label, passwordHash: null, nickname: label, name: null, email: null, company: null, inviterId: null, disabled: true, closedAt: now })
    .where(eq(members.id, id));
  await tx
    .update(memberProfiles)
    .set({ teacher: null, teacherPhone: null, teacherMail: null, province: null, city: null, area: null, addressCode: null, address: null, reviewNote: null, updatedAt: now })
    .where(eq(memberProfiles.memberId, id));
  const addresses = await tx.delete(memberAddresses).where(eq(memberAddresses.memberId, id)).returning({ id: memberAddresses.id });
  const titles = await tx.delete(invoiceTitles).where(eq(invoiceTitles.memberId, id)).returning({ id: invoiceTitles.id });

  const kept = await tx.update(orders).set({ contact: label, phone: '' }).where(eq(orders.memberId, id)).returning({ id: orders.id });
  // an invoice keeps what tax law needs (a unit's title and tax number); a personal title is the person's name
  const invoices = await tx
    .update(invoiceApplications)
    .set({
      title: sql`case when ${invoiceApplications.title}->>'kind' = 'personal'
        then jsonb_build_object('kind', 'personal', 'title', ${label}::text, 'tax_no', null, 'bank', null, 'bank_account', null, 'address', null, 'phone', null, 'email', null)
        else ${invoiceApplications.title} || jsonb_build_object('phone', null, 'email', null) end`,
      email: null,
      receiver: null,
      receiverPhone: null,
      receiverAddress: null,
    })
    .where(eq(invoiceApplications.memberId, id))
    .returning({ id: invoiceApplications.id });

  const gone = { name: label, phone: '', address: '（已删除）' };
  await tx.update(samplings).set({ ...gone, message: '', addressId: null }).where(eq(samplings.memberId, id));
  await tx.update(sampleRecycles).set({ ...gone, message: '' }).where(eq(sampleRecycles.memberId, id));
  await tx.update(requirements).set({ contact: label, phone: '' }).where(eq(requirements.memberId, id));
  await tx.update(promoterApplications).set({ name: label, phone: '' }).where(eq(promoterApplications.memberId, id));
  await tx.update(rebateWithdrawals).set({ accountName: null, bankName: null, bankAccount: null }).where(eq(rebateWithdrawals.memberId, id));
  await tx.update(creditApplications).set({ contact: null }).where(eq(creditApplications.memberId, id));
  await tx.update(pointsExchanges).set({ shipTo: null, addressId: null }).where(eq(pointsExchanges.memberId, id));
  const messages = await tx.update(memberMessages).set({ title: '（已删除）', content: '', link: null }).where(eq(memberMessages.memberId, id)).returning({ id: memberMessages.id });
  // memberships end; a pending application is withdrawn (owning a community is a blocker)
  await tx
    .update(communityMembers)
    .set({ status: 'removed', decidedAt: now })
    .where(and(eq(communityMembers.memberId, id), ne(communityMembers.status, 'removed')));
  // what the lab sent to the phone or e-mail: delivered copies lose the address and the text (queued ones go out first)
  const sentTo = [oldPhone, ...(oldEmail ? [oldEmail] : [])];
  await tx
    .update(outbox)
    .set({ recipient: label, body: '（已删除）', params: {} })
    .where(and(inArray(outbox.recipient, sentTo), ne(outbox.status, 'queued')));
  // the consent history stays as the record of what was agreed when; where it was given from goes
  await tx.update(memberConsents).set({ ip: null, userAgent: null }).where(eq(memberConsents.memberId, id));
  await tx.delete(smsCodes).where(eq(smsCodes.phone, oldPhone));
  await tx.delete(loginGuards).where(or(eq(loginGuards.key, `member:${id}`), eq(loginGuards.key, `member:${oldPhone}`)));
  await tx.delete(wxTickets).where(eq(wxTickets.memberId, id));
  return { addressesDeleted: addresses.length, invoiceTitlesDeleted: titles.length, ordersKept: kept.length, invoicesKept: invoices.length, messagesErased: messages.length };
}
