import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  formatFen,
  maskPhone,
  parseYuan,
  partnerStatusLabels,
  rebateStatusLabels,
  withdrawMethodLabels,
  withdrawStatusLabels,
  type AdminWithdrawal,
  type AdminWithdrawalListBody,
  type AdminPartnerApplication,
  type Page,
  type PartnerStatus,
  type PromoterApplyBody,
  type PromotionOverview,
  type Rebate,
  type RebatePayout,
  type RebateStatus,
  payoutCustomerType,
  payoutCustomerTypeLabels,
  rebatePayoutLabels,
  type Withdrawal,
  type WithdrawMethod,
  type WithdrawStatus,
} from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { paginate, type PageWindow } from '../../db/paginate';
import { randomId } from '../../platform/crypto';
import { AppError, badRequest, conflict, decisionChanged, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../../db/errors';
import { members, staff } from '../accounts/accounts.tables';
import { dayRange, keywordFilter } from '../funds';
import { EXPORT_MAX_ROWS } from '../funds';
import { balanceOf, creditAccount, debitAccount, ensureAccount, type Actor } from '../funds';
import { postMessage } from '../messages';
import { orders } from '../orders/orders.tables';
import { promoterApplications, rebates, rebateWithdrawals } from './growth.tables';
import { getGrowthSettings } from './settings.service';
import { acceptedTermsVersion, acceptPartnerTerms, assertCurrentTermsAccepted, currentPartnerTerms, termsView } from './partner-terms.service';

/**
 * 推广合伙人 (issue 7): applications (one live — pending or approved — per member; a refused
 * member may apply again), the rebates earned on invited members' orders (rebates.service
 * books them from the order hooks), and withdrawals of the rebate account's money. A
 * withdrawal request holds its amount at once (withdraw_hold, reference withdraw:<rid>, a
 * guarded debit of the partner's 'rebate' account), so two requests can never take more than
 * the balance; cancelling or refusing gives it back (withdraw_return); paying to prestore
 * credits the member's prepaid funds (rebate_to_prestore), paying by bank only marks it paid.
 */

export const PENDING_APPLICATION = '您的申请正在审核中，请耐心等待';
export const ALREADY_PARTNER = '您已是推广合伙人，无需重复申请';
export const WITHDRAW_TOO_MUCH = '可提现金额不足';

type ApplicationRow = typeof promoterApplications.$inferSelect;
type WithdrawalRow = typeof rebateWithdrawals.$inferSelect;

/** The ledger reference of a withdrawal's hold, return and payment to prestore. */
export const withdrawReference = (rid: string) => `withdraw:${rid}`;

const sumFen = (column: typeof rebates.rebateFen | typeof rebateWithdrawals.amountFen) => sql<string>`coalesce(sum(${column}), 0)`;

async function latestApplication(db: DbOrTx, memberId: number): Promise<ApplicationRow | null> {
  const [row] = await db
    .select()
    .from(promoterApplications)
    .where(eq(promoterApplications.memberId, memberId))
    .orderBy(desc(promoterApplications.createdAt), desc(promoterApplications.id))
    .limit(1);
  return row ?? null;
}

/**
 * The figures: frozen (Σ frozen rebates), withdrawable (the rebate account), pending and
 * withdrawn (Σ withdrawals), and the rebates paid into prepaid funds or as coupons.
 */
export async function promotionFigures(db: DbOrTx, memberId: number) {
  const [frozen] = await db
    .select({ fen: sumFen(rebates.rebateFen) })
    .from(rebates)
    .where(and(eq(rebates.partnerMemberId, memberId), eq(rebates.status, 'frozen')));
  const paidOut = await db
    .select({ payout: rebates.payout, fen: sumFen(rebates.rebateFen) })
    .from(rebates)
    .where(and(eq(rebates.partnerMemberId, memberId), eq(rebates.status, 'withdrawable')))
    .groupBy(rebates.payout);
  const paid = (payout: RebatePayout) => Number(paidOut.find((p) => p.payout === payout)?.fen ?? 0);
  const withdrawals = await db
    .select({ status: rebateWithdrawals.status, fen: sumFen(rebateWithdrawals.amountFen) })
    .from(rebateWithdrawals)
    .where(eq(rebateWithdrawals.memberId, memberId))
    .groupBy(rebateWithdrawals.status);
  const withdrawableFen = await balanceOf(db, 'member', memberId, 'rebate');
  const by = (status: WithdrawStatus) => Number(withdrawals.find((w) => w.status === status)?.fen ?? 0);
  return { frozenFen: Number(frozen?.fen ?? 0), withdrawableFen, pendingFen: by('pending'), withdrawnFen: by('paid'), paidToPrestoreFen: paid('prestore'), paidAsCouponFen: paid('coupon') };
}

/** myPromotion/init: with the partner terms in force, the version I accepted, and how my rebates are paid under them. */
export async function promotionOverview(db: DbOrTx, memberId: number, now: Date): Promise<PromotionOverview> {
  const application = await latestApplication(db, memberId);
  const [member] = await db.select({ inviteCode: members.inviteCode, organization: members.organization }).from(members).where(eq(members.id, memberId)).limit(1);
  const terms = await currentPartnerTerms(db, now);
  const customerType = payoutCustomerType(member?.organization);
  const payout = terms.payout[customerType];
  const [invited] = await db.select({ n: count() }).from(members).where(eq(members.inviterId, memberId));
  const settings = await getGrowthSettings(db);
  const figures = await promotionFigures(db, memberId);
  const status: PartnerStatus = application?.status ?? 'none';
  return {
    status,
    statusText: partnerStatusLabels[status],
    reason: application?.status === 'refused' ? application.reason : null,
    application: application
      ? { name: application.name, phone: application.phone, organization: application.organization, channel: application.channel, createdAt: application.createdAt.toISOString() }
      : null,
    // the rate new orders earn (the admin's save publishes it in the terms too)
    rateBp: settings.rebateRateBp,
    inviteCode: member?.inviteCode ?? '',
    invitedCount: invited?.n ?? 0,
    ...figures,
    minWithdrawFen: settings.minWithdrawFen,
    terms: termsView(terms),
    acceptedTermsVersion: await acceptedTermsVersion(db, memberId),
    payout: { customerType: payoutCustomerTypeLabels[customerType], kind: payout, text: rebatePayoutLabels[payout] },
  };
}

/** promoter_terms/accept: a partner (or applicant) accepts the version in force. */
export async function acceptTerms(db: Db, memberId: number, version: number, now: Date): Promise<PromotionOverview> {
  return db.transaction(async (tx) => {
    await acceptPartnerTerms(tx, memberId, version, 'update', now);
    return promotionOverview(tx, memberId, now);
  });
}

const liveConflict = (status: ApplicationRow['status'] | undefined) => conflict(status === 'approved' ? ALREADY_PARTNER : PENDING_APPLICATION);

/** promoter_apply/add: one live application; the partial unique index settles a race. */
export async function applyForPartner(db: Db, memberId: number, body: PromoterApplyBody, now: Date): Promise<PromotionOverview> {
  const latest = await latestApplication(db, memberId);
  if (latest && latest.status !== 'refused') throw liveConflict(latest.status);
  try {
    // answered from the transaction: never a read after the commit (issue 28, fault 12)
    return await db.transaction(async (tx) => {
      // the terms the applicant read: a newer version published since is 409, nothing saved
      await acceptPartnerTerms(tx, memberId, body.terms_version, 'apply', now);
      await tx.insert(promoterApplications).values({
        rid: randomId(),
        memberId,
        name: body.name,
        phone: body.phone,
        organization: body.organization,
        channel: body.channel,
        createdAt: now,
      });
      return promotionOverview(tx, memberId, now);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw liveConflict((await latestApplication(db, memberId))?.status);
  }
}

// ---- rebates ----

/** A released rebate not paid as cash says where it went. */
const releasedAs: Record<Exclude<RebatePayout, 'cash'>, string> = { prestore: '已转入预存款', coupon: '已发放优惠券' };

export async function listRebates(db: DbOrTx, memberId: number, query: { page: number; pageSize: number; status?: RebateStatus | undefined }): Promise<Page<Rebate>> {
  const where = and(eq(rebates.partnerMemberId, memberId), query.status ? eq(rebates.status, query.status) : undefined);
  return paginate(
    query,
    (w) =>
      db
        .select({ r: rebates, orderNo: orders.orderNo, phone: members.phone })
        .from(rebates)
        .innerJoin(orders, eq(orders.id, rebates.orderId))
        .innerJoin(members, eq(members.id, rebates.inviteeMemberId))
        .where(where)
        .orderBy(desc(rebates.createdAt), desc(rebates.id))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(rebates, where),
    (rows) =>
      rows.map(({ r, orderNo, phone }) => ({
        id: r.rid,
        orderNo,
        inviteePhone: maskPhone(phone),
        paidFen: r.paidFen,
        rateBp: r.rateBp,
        rebateFen: r.rebateFen,
        status: r.status,
        statusText: r.status === 'withdrawable' && r.payout && r.payout !== 'cash' ? releasedAs[r.payout] : rebateStatusLabels[r.status],
        payout: r.payout,
        createdAt: r.createdAt.toISOString(),
        releasedAt: r.releasedAt?.toISOString() ?? null,
      })),
  );
}

// ---- withdrawals ----

/** '6222020200112233' → '************2233' */
export const maskAccount = (account: string) => `${'*'.repeat(Math.max(0, account.length - 4))}${account.slice(-4)}`;

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    rid: row.rid,
    amountFen: row.amountFen,
    method: row.method,
    methodText: withdrawMethodLabels[row.method],
    bank: row.method === 'bank' ? { accountName: row.accountName ?? '', bankName: row.bankName ?? '', account: maskAccount(row.bankAccount ?? '') } : null,
    status: row.status,
    statusText: withdrawStatusLabels[row.status],
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

export interface WithdrawTarget {
  method: WithdrawMethod;
  account_name?: string | undefined;
  bank_name?: string | undefined;
  bank_account?: string | undefined;
}
const bankColumns = (input: WithdrawTarget) =>
  input.method === 'bank'
    ? { accountName: input.account_name ?? null, bankName: input.bank_name ?? null, bankAccount: input.bank_account ?? null }
    : { accountName: null, bankName: null, bankAccount: null };

export async function listWithdrawals(db: DbOrTx, memberId: number, query: { page: number; pageSize: number; status?: WithdrawStatus | undefined }): Promise<Page<Withdrawal>> {
  const where = and(eq(rebateWithdrawals.memberId, memberId), query.status ? eq(rebateWithdrawals.status, query.status) : undefined);
  return paginate(
    query,
    (w) => db.select().from(rebateWithdrawals).where(where).orderBy(desc(rebateWithdrawals.createdAt), desc(rebateWithdrawals.id)).limit(w.limit).offset(w.offset),
    () => db.$count(rebateWithdrawals, where),
    (rows) => rows.map(toWithdrawal),
  );
}

/** The ledger's overdraft refusal, in the words of this page. */
const asTooMuch = (error: unknown) => (error instanceof AppError && error.code === 'BALANCE_TOO_LOW' ? new AppError('WITHDRAW_TOO_MUCH', WITHDRAW_TOO_MUCH, { status: 409 }) : error);

/**
 * promoter_rebate_withdraw/add: at least the configured minimum, at most the rebate account's
 * balance; the request row and the hold on the money in one transaction.
 */
export async function addWithdrawal(db: Db, memberId: number, body: WithdrawTarget & { amount: string }, now: Date): Promise<Withdrawal> {
  const amountFen = parseYuan(body.amount, '提现金额');
  if (typeof amountFen === 'string') throw badRequest(amountFen);
  const { minWithdrawFen } = await getGrowthSettings(db);
  if (amountFen < minWithdrawFen) throw badRequest(`提现金额不能低于${formatFen(minWithdrawFen)}`);
  if (amountFen > (await balanceOf(db, 'member', memberId, 'rebate'))) throw new AppError('WITHDRAW_TOO_MUCH', WITHDRAW_TOO_MUCH, { status: 409 });
  // paid out only under terms the partner accepted (a new version: accept it first)
  await assertCurrentTermsAccepted(db, memberId, now);
  const row = await db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(rebateWithdrawals)
        .values({ rid: randomId(), memberId, amountFen, method: body.method, ...bankColumns(body), createdAt: now })
        .returning();
      const account = await ensureAccount(tx, 'member', memberId, 'rebate');
      await debitAccount(tx, account.id, amountFen, 'withdraw_hold', withdrawReference(created!.rid), { kind: 'member', id: memberId }, now, `提现申请（${withdrawMethodLabels[body.method]}）`);
      return created!;
    })
    .catch((error: unknown) => {
      throw asTooMuch(error);
    });
  return toWithdrawal(row);
}

async function lockOwn(tx: Tx, memberId: number, rid: string): Promise<WithdrawalRow> {
  const [row] = await tx
    .select()
    .from(rebateWithdrawals)
    .where(and(eq(rebateWithdrawals.rid, rid), eq(rebateWithdrawals.memberId, memberId)))
    .for('update')
    .limit(1);
  if (!row) throw notFound('提现申请');
  return row;
}

const stateConflict = (row: WithdrawalRow, verb: string) => conflict(`该提现申请${withdrawStatusLabels[row.status]}，不能${verb}`);

/** Gives a held amount back to the rebate account (cancel, refuse). */
async function returnHold(tx: Tx, row: WithdrawalRow, actor: Actor, now: Date, note: string) {
  const account = await ensureAccount(tx, 'member', row.memberId, 'rebate');
  await creditAccount(tx, account.id, row.amountFen, 'withdraw_return', withdrawReference(row.rid), actor, now, note);
}

/** promoter_rebate_withdraw/cancel: pending only; the money goes back to withdrawable. */
export async function cancelWithdrawal(db: Db, memberId: number, rid: string, now: Date): Promise<Withdrawal> {
  const row = await db.transaction(async (tx) => {
    const current = await lockOwn(tx, memberId, rid);
    if (current.status !== 'pending') throw stateConflict(current, '取消');
    const [updated] = await tx.update(rebateWithdrawals).set({ status: 'cancelled', processedAt: now }).where(eq(rebateWithdrawals.id, current.id)).returning();
    await returnHold(tx, current, { kind: 'member', id: memberId }, now, '提现申请已取消');
    return updated!;
  });
  return toWithdrawal(row);
}

export const WITHDRAWAL_ACCOUNT_LOCKED = '提现申请提交后，收款方式和银行账户不能修改；如需修改，请取消该申请后重新申请';

/**
 * promoter_rebate_withdraw/update4user. The method and bank account are what finance pays to,
 * so once the request is submitted they stay as finance sees them (PRODUCT.md "Staff decisions
 * and value"): a change is refused and the partner cancels and applies again. The same details
 * again change nothing and answer the request as it is.
 */
export async function updateWithdrawal(db: Db, memberId: number, body: WithdrawTarget & { rid: string }): Promise<Withdrawal> {
  const row = await db.transaction(async (tx) => {
    const current = await lockOwn(tx, memberId, body.rid);
    if (current.status !== 'pending') throw stateConflict(current, '修改');
    const wanted = { method: body.method, ...bankColumns(body) };
    const same = wanted.method === current.method && wanted.accountName === current.accountName && wanted.bankName === current.bankName && wanted.bankAccount === current.bankAccount;
    if (!same) throw new AppError('WITHDRAWAL_ACCOUNT_LOCKED', WITHDRAWAL_ACCOUNT_LOCKED, { status: 409 });
    return current;
  });
  return toWithdrawal(row);
}

// ---- staff ----

export type { AdminPartnerApplication };

export type { AdminWithdrawal };

const memberColumns = { rid: members.rid, phone: members.phone, name: members.name, nickname: members.nickname };
type MemberColumns = { rid: string; phone: string; name: string | null; nickname: string | null };
const memberView = (m: MemberColumns) => ({ rid: m.rid, phone: m.phone, name: m.name ?? '', nickname: m.nickname ?? '' });

const toAdminPartner = (a: ApplicationRow, m: MemberColumns): AdminPartnerApplication => ({
  rid: a.rid,
  member: memberView(m),
  name: a.name,
  phone: a.phone,
  organization: a.organization,
  channel: a.channel,
  status: a.status,
  statusText: partnerStatusLabels[a.status],
  reason: a.reason,
  createdAt: a.createdAt.toISOString(),
  decidedAt: a.decidedAt?.toISOString() ?? null,
});

export async function adminListPartners(db: DbOrTx, query: { page: number; pageSize: number; status?: ApplicationRow['status'] | undefined }): Promise<Page<AdminPartnerApplication>> {
  const where = query.status ? eq(promoterApplications.status, query.status) : undefined;
  return paginate(
    query,
    (w) =>
      db
        .select({ a: promoterApplications, m: memberColumns })
        .from(promoterApplications)
        .innerJoin(members, eq(members.id, promoterApplications.memberId))
        .where(where)
        .orderBy(desc(promoterApplications.createdAt), desc(promoterApplications.id))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(promoterApplications, where),
    (rows) => rows.map(({ a, m }) => toAdminPartner(a, m)),
  );
}

/** Sales approves or refuses a pending application (a reason is required to refuse); the member hears it in-site. */
export async function decidePartner(db: Db, staffId: number, input: { rid: string; reason?: string | undefined; approve: boolean }, now: Date): Promise<AdminPartnerApplication> {
  if (!input.approve && !input.reason) throw badRequest('[原因]不能为空');
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(promoterApplications).where(eq(promoterApplications.rid, input.rid)).for('update').limit(1);
    if (!current) throw notFound('申请');
    if (current.status !== 'pending') throw conflict(`该申请${partnerStatusLabels[current.status]}，不能审核`);
    const [updated] = await tx
      .update(promoterApplications)
      .set({ status: input.approve ? 'approved' : 'refused', reason: input.approve ? null : (input.reason ?? null), decidedBy: staffId, decidedAt: now })
      .where(eq(promoterApplications.id, current.id))
      .returning();
    await postMessage(
      tx,
      current.memberId,
      input.approve
        ? { kind: 'promotion', title: '推广合伙人申请已通过', content: '恭喜您成为推广合伙人！您邀请的会员支付订单后，您将获得相应返利。', link: '/member/promotion' }
        : { kind: 'promotion', title: '推广合伙人申请未通过', content: `很抱歉，您的推广合伙人申请未通过，原因：${input.reason}。您可以完善信息后重新申请。`, link: '/member/promotion' },
      now,
    );
    return updated!;
  });
  const [m] = await db.select(memberColumns).from(members).where(eq(members.id, row.memberId)).limit(1);
  return toAdminPartner(row, m!);
}

const toAdminWithdrawal = (w: WithdrawalRow, m: MemberColumns, staffName: string | null): AdminWithdrawal => ({
  ...toWithdrawal(w),
  member: memberView(m),
  bankAccount: w.method === 'bank' ? w.bankAccount : null,
  staffName,
  version: w.version,
});

type WithdrawalQuery = Omit<AdminWithdrawalListBody, 'page' | 'pageSize'>;

const withdrawalWhere = async (db: DbOrTx, query: WithdrawalQuery) =>
  and(
    query.status ? eq(rebateWithdrawals.status, query.status) : undefined,
    query.method ? eq(rebateWithdrawals.method, query.method) : undefined,
    await keywordFilter(db, rebateWithdrawals.memberId, query.keyword, [rebateWithdrawals.rid]),
    dayRange(rebateWithdrawals.createdAt, query.from, query.to),
  );

async function withdrawalRows(db: DbOrTx, query: WithdrawalQuery, where: SQL | undefined, window: PageWindow): Promise<AdminWithdrawal[]> {
  const direction = query.order === 'ascend' ? asc : desc;
  const rows = await db
    .select({ w: rebateWithdrawals, m: memberColumns, staffName: staff.name })
    .from(rebateWithdrawals)
    .innerJoin(members, eq(members.id, rebateWithdrawals.memberId))
    .leftJoin(staff, eq(staff.id, rebateWithdrawals.processedBy))
    .where(where)
    .orderBy(direction(rebateWithdrawals.createdAt), direction(rebateWithdrawals.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(({ w, m, staffName }) => toAdminWithdrawal(w, m, staffName));
}

/** Finance's withdrawal queue: status, method, the member or the request's number, a Shanghai date range. */
export async function adminListWithdrawals(db: DbOrTx, query: AdminWithdrawalListBody): Promise<Page<AdminWithdrawal>> {
  const where = await withdrawalWhere(db, query);
  return paginate(
    query,
    (w) => withdrawalRows(db, query, where, w),
    () => db.$count(rebateWithdrawals, where),
  );
}

/** Every request of the queue's filters, for the xlsx export. */
export const withdrawalsForExport = async (db: DbOrTx, query: WithdrawalQuery) => withdrawalRows(db, query, await withdrawalWhere(db, query), { limit: EXPORT_MAX_ROWS, offset: 0 });

/**
 * Finance pays (prestore: credited to the member's prepaid funds; bank: marked paid after the
 * transfer) or refuses with a reason (the held money goes back to withdrawable).
 */
export async function decideWithdrawal(db: DbOrTx, staffId: number, input: { rid: string; version: number; reason?: string | undefined; pay: boolean }, now: Date): Promise<AdminWithdrawal> {
  if (!input.pay && !input.reason) throw badRequest('[原因]不能为空');
  const actor: Actor = { kind: 'staff', id: staffId };
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(rebateWithdrawals).where(eq(rebateWithdrawals.rid, input.rid)).for('update').limit(1);
    if (!current) throw notFound('提现申请');
    if (current.status !== 'pending') throw stateConflict(current, input.pay ? '打款' : '驳回');
    // pays only to the account finance saw: the request changed since is refused
    if (current.version !== input.version) throw decisionChanged();
    const [updated] = await tx
      .update(rebateWithdrawals)
      .set({ status: input.pay ? 'paid' : 'refused', reason: input.pay ? null : (input.reason ?? null), processedBy: staffId, processedAt: now })
      .where(eq(rebateWithdrawals.id, current.id))
      .returning();
    const amount = formatFen(current.amountFen);
    if (!input.pay) {
      await returnHold(tx, current, actor, now, `提现申请已驳回：${input.reason}`);
      await postMessage(
        tx,
        current.memberId,
        { kind: 'promotion', title: '提现申请已驳回', content: `您的${amount}提现申请未通过，原因：${input.reason}。款项已退回可提现余额。`, link: '/member/promotion' },
        now,
      );
    } else {
      if (current.method === 'prestore') {
        const prestore = await ensureAccount(tx, 'member', current.memberId, 'prestore');
        await creditAccount(tx, prestore.id, current.amountFen, 'rebate_to_prestore', withdrawReference(current.rid), actor, now, '推广返利提现转入');
      }
      await postMessage(
        tx,
        current.memberId,
        {
          kind: 'promotion',
          title: '提现已打款',
          content: current.method === 'prestore' ? `您的${amount}返利提现已转入预存款账户。` : `您的${amount}返利提现已打款至尾号${(current.bankAccount ?? '').slice(-4)}的银行账户，请注意查收。`,
          link: '/member/promotion',
        },
        now,
      );
    }
    return updated!;
  });
  const [m] = await db.select(memberColumns).from(members).where(eq(members.id, row.memberId)).limit(1);
  const [who] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, staffId)).limit(1);
  return toAdminWithdrawal(row, m!, who?.name ?? null);
}
