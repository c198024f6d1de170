import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  entryTypeLabels,
  labDayEnd,
  labDayStart,
  formatFen,
  MAX_AMOUNT_FEN,
  prestoreBonusFen,
  prestoreBonusTier,
  prestoreRuleText,
  prestoreStatusLabels,
  type BalanceHistoryBody,
  type BankAccount,
  type LedgerEntry,
  type Page,
  type ApprovalFiled,
  type PrestoreAddBody,
  type PrestoreApplication,
  type PrestoreEditBody,
  type PrestoreListBody,
  type PrestoreReady,
  type PrestoreRule,
  type PrestoreRules,
} from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { approvedNote, gateAction, type Acting } from '../approvals';
import { memberContact } from '../accounts';
import { AppError, badRequest, conflict, decisionChanged, notFound } from '../../platform/errors';
import type { Recorded } from '../../platform/files';
import { randomId } from '../../platform/crypto';
import { dayNumber, insertNumbered, type NumberSpec } from '../../platform/numbers';
import { postMessage } from '../messages';
import { communityRef, communityRefs, findOwnedCommunity as ownedCommunity } from '../member';
import { accounts, fundsSettings, invoiceApplicationItems, ledgerEntries, prestoreApplications, prestoreRules } from './funds.tables';
import { creditAccount, ensureAccount, type Actor } from './ledger.service';
import { withChannels } from './online-channels';
import { paginate } from '../../db/paginate';

export type PrestoreRow = typeof prestoreApplications.$inferSelect;

/** The lab's account for 对公转账 and the limits, until finance saves others (funds_settings). */
export const defaultFundsSettings = {
  bank: { accountName: '上海科研检测技术服务有限公司', bankName: '招商银行上海徐汇支行', accountNo: '1219 0876 5410 201' } satisfies BankAccount,
  minTopupFen: 100_00,
  transferApprovalFen: 5_000_00,
};

export const defaultPrestoreTiers = [
  { thresholdFen: 10_000_00, bonusRateBp: 300, bonusFen: 0 },
  { thresholdFen: 50_000_00, bonusRateBp: 500, bonusFen: 0 },
  { thresholdFen: 100_000_00, bonusRateBp: 800, bonusFen: 0 },
];

/** Seeds the default tiers once (an empty rule table only). */
export async function seedFunds(db: DbOrTx): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(prestoreRules);
  if ((existing?.n ?? 0) === 0) await db.insert(prestoreRules).values(defaultPrestoreTiers);
}

export async function getFundsSettings(db: DbOrTx) {
  const [row] = await db.select().from(fundsSettings).where(eq(fundsSettings.id, 1)).limit(1);
  if (!row) return defaultFundsSettings;
  return {
    bank: { accountName: row.bankAccountName, bankName: row.bankName, accountNo: row.bankAccountNo },
    minTopupFen: Number(row.minTopupFen),
    transferApprovalFen: Number(row.transferApprovalFen),
  };
}

export async function activeRules(db: DbOrTx): Promise<PrestoreRule[]> {
  const rows = await db.select().from(prestoreRules).where(eq(prestoreRules.active, true)).orderBy(asc(prestoreRules.thresholdFen));
  return rows.map((r) => {
    const rule = { thresholdFen: Number(r.thresholdFen), bonusRateBp: r.bonusRateBp, bonusFen: Number(r.bonusFen) };
    return { id: r.id, ...rule, text: prestoreRuleText(rule) };
  });
}

/** The bonus of a top-up under the tiers in force now, and the tier it comes from (an online payment fixes both at start). */
export async function currentBonus(db: DbOrTx, amountFen: number): Promise<{ bonusFen: number; ruleId: number | null }> {
  const tier = prestoreBonusTier(amountFen, await activeRules(db));
  return tier ? { bonusFen: prestoreBonusFen(amountFen, [tier]), ruleId: tier.id } : { bonusFen: 0, ruleId: null };
}

/**
 * What a bonus fixed when an online top-up started may pay when it is booked: never more than
 * the tier recorded at start gives this amount (tier rows are written only past the approval
 * gate, and never deleted), nothing without one — whatever number the payment row holds. A
 * payment started before tiers were recorded on payments is held to the tiers in force now.
 */
export async function bookableBonus(db: DbOrTx, amountFen: number, fixedFen: number, ruleId: number | null): Promise<number> {
  if (fixedFen <= 0) return 0;
  if (ruleId === null) return Math.min(fixedFen, (await currentBonus(db, amountFen)).bonusFen);
  const [tier] = await db.select().from(prestoreRules).where(eq(prestoreRules.id, ruleId)).limit(1);
  if (!tier) return 0;
  return Math.min(fixedFen, prestoreBonusFen(amountFen, [{ thresholdFen: Number(tier.thresholdFen), bonusRateBp: tier.bonusRateBp, bonusFen: Number(tier.bonusFen) }]));
}

/** prestore/rule */
export async function getPrestoreRules(db: DbOrTx): Promise<PrestoreRules> {
  const [rules, settings] = await Promise.all([activeRules(db), getFundsSettings(db)]);
  return { rules, bank: settings.bank, minAmountFen: settings.minTopupFen, transferApprovalFen: settings.transferApprovalFen };
}

/** prestoreApply/readyPayNum */
export async function readyPay(db: DbOrTx, amountFen: number | undefined): Promise<PrestoreReady> {
  const rules = await getPrestoreRules(db);
  return { ...rules, amountFen: amountFen ?? null, bonusFen: amountFen === undefined ? null : prestoreBonusFen(amountFen, rules.rules) };
}

type Tier = { thresholdFen: number; bonusRateBp: number; bonusFen: number };

/**
 * The most one top-up gains under `next` over `current`, and at which amount: tiers are steps
 * of a rate, so the difference is linear between thresholds and its largest value is at a
 * threshold, just below one, or at the largest top-up a form accepts (¥10,000,000).
 */
export function bonusRaise(current: readonly Tier[], next: readonly Tier[]): { raiseFen: number; atFen: number } {
  const edges = [...current, ...next].flatMap((t) => [t.thresholdFen, t.thresholdFen - 1]);
  const amounts = [...new Set([...edges, MAX_AMOUNT_FEN])].filter((a) => a >= 1 && a <= MAX_AMOUNT_FEN);
  let best = { raiseFen: 0, atFen: 0 };
  for (const amount of amounts) {
    const raise = prestoreBonusFen(amount, next) - prestoreBonusFen(amount, current);
    if (raise > best.raiseFen || (raise === best.raiseFen && raise > 0 && amount < best.atFen)) best = { raiseFen: raise, atFen: amount };
  }
  return best;
}

const tiersText = (tiers: readonly Tier[]) => (tiers.length ? tiers.map((t) => prestoreRuleText(t)).join('、') : '不赠送');

/**
 * Staff: replaces the tiers (rate in percent), old tiers turn inactive. The tiers pay out on
 * every top-up while they are live — a transfer confirmed, an online payment started — so a
 * change that raises the bonus of any top-up (measured: the most one top-up gains) is filed for
 * a second person whatever the maker's role (the bonus kind has no limit); lowering or removing
 * tiers gives nothing and is saved at once.
 */
export async function savePrestoreRules(db: DbOrTx, acting: Acting, tiers: { threshold: number; rate: number }[], now: Date): Promise<PrestoreRule[] | ApprovalFiled> {
  const next: Tier[] = tiers.map((t) => ({ thresholdFen: t.threshold, bonusRateBp: Math.round(t.rate * 100), bonusFen: 0 })).sort((a, b) => a.thresholdFen - b.thresholdFen);
  const saved = await db.transaction(async (tx) => {
    // one tier change at a time: a second waits here, then measures against the first's result
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('prestore:rules'))`);
    const current = await activeRules(tx);
    const { raiseFen, atFen } = bonusRaise(current, next);
    const example = raiseFen > 0 ? `；充值 ${formatFen(atFen)} 时赠送由 ${formatFen(prestoreBonusFen(atFen, current))} 变为 ${formatFen(prestoreBonusFen(atFen, next))}` : '';
    const filed = await gateAction(
      tx,
      acting,
      {
        action: 'prestore.rules',
        valueFen: raiseFen,
        payload: { rules: tiers },
        summary: `预存赠送规则由「${tiersText(current)}」改为「${tiersText(next)}」：单笔充值最多多送 ${formatFen(raiseFen)}${example}`,
        target: '预存赠送规则',
        dedupeKey: 'prestore.rules',
        duplicateMessage: '已有一项预存赠送规则的修改在审批中，请等待审批结果或先撤回',
      },
      now,
    );
    if (filed) return filed;
    await tx.update(prestoreRules).set({ active: false }).where(eq(prestoreRules.active, true));
    if (next.length > 0) await tx.insert(prestoreRules).values(next.map((t) => ({ ...t, createdAt: now })));
    return null;
  });
  return saved ?? activeRules(db);
}

/**
 * A community the member owns (active), whose money they move; anything else — another
 * member's community too — reads as not found (member's findOwnedCommunity, `othersHear: 'notFound'`).
 */
export const findOwnedCommunity = (db: DbOrTx, memberId: number, rid: string) => ownedCommunity(db, memberId, rid, { othersHear: 'notFound' });

async function invoicedRefs(db: DbOrTx, rids: string[]) {
  if (rids.length === 0) return new Set<string>();
  const rows = await db
    .select({ ref: invoiceApplicationItems.sourceRef })
    .from(invoiceApplicationItems)
    .where(and(eq(invoiceApplicationItems.sourceKind, 'prestore'), inArray(invoiceApplicationItems.sourceRef, rids), eq(invoiceApplicationItems.active, true)));
  return new Set(rows.map((r) => r.ref));
}

export async function toPrestoreViews(db: DbOrTx, rows: PrestoreRow[]): Promise<PrestoreApplication[]> {
  const [communities, invoiced] = await Promise.all([communityRefs(db, rows.map((r) => r.communityId)), invoicedRefs(db, rows.map((r) => r.rid))]);
  const refs = new Map([...communities].map(([id, c]) => [id, { rid: c.rid, name: c.name }]));
  return rows.map((row) => ({
    rid: row.rid,
    applyNo: row.applyNo,
    amountFen: Number(row.amountFen),
    bonusFen: Number(row.bonusFen),
    status: row.status,
    statusText: prestoreStatusLabels[row.status],
    payer: row.payer,
    remark: row.remark,
    community: row.communityId === null ? null : (refs.get(row.communityId) ?? null),
    hasReceipt: row.receiptFile !== null,
    refuseReason: row.refuseReason,
    invoiceable: row.status === 'confirmed' && row.communityId === null && !invoiced.has(row.rid),
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.status === 'confirmed' ? (row.decidedAt?.toISOString() ?? null) : null,
  }));
}

const one = async (db: DbOrTx, row: PrestoreRow) => (await toPrestoreViews(db, [row]))[0]!;

/** One of the member's own applications; another member's rid reads as not found. */
export async function findOwnPrestore(db: DbOrTx, memberId: number, rid: string, options: { lock?: boolean } = {}): Promise<PrestoreRow> {
  const query = db
    .select()
    .from(prestoreApplications)
    .where(and(eq(prestoreApplications.rid, rid), eq(prestoreApplications.memberId, memberId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('预存申请');
  return row;
}

/** 'YC' + Shanghai date + 6 random digits, drawn again on a clash (platform/numbers.ts). */
export const PRESTORE_NO: NumberSpec = { constraint: 'prestore_applications_applyNo_unique', draw: dayNumber('YC', 6) };

/** prestoreApply/add */
export async function addPrestore(db: Db, memberId: number, input: PrestoreAddBody, now: Date): Promise<PrestoreApplication> {
  const { rules, minAmountFen } = await getPrestoreRules(db);
  if (input.amount < minAmountFen) throw badRequest(`[预存金额]不能少于${minAmountFen / 100}元`);
  const community = input.community_rid ? await findOwnedCommunity(db, memberId, input.community_rid) : null;
  return insertNumbered(db, PRESTORE_NO, now, async (tx, applyNo) => {
    const [created] = await tx
      .insert(prestoreApplications)
      .values({
        rid: randomId(),
        applyNo,
        memberId,
        communityId: community?.id ?? null,
        amountFen: input.amount,
        bonusFen: prestoreBonusFen(input.amount, rules),
        payer: input.payer ?? '',
        remark: input.remark ?? '',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // answered from the transaction: never a read after the commit (issue 28, fault 12)
    return one(tx, created!);
  });
}

export const PRESTORE_MONEY_LOCKED = '预存申请提交后，预存金额和付款户名不能修改；如需修改，请取消该申请后重新申请';

/**
 * prestoreApply/edit: the remark, while pending. The money fields (amount, payer) are what
 * finance checks against the bank statement; once submitted they stay as finance saw them
 * (PRODUCT.md "Staff decisions and value"): an edit that would change them is refused, and the
 * member cancels and applies again. The call still carries them, as the spec's form does.
 */
export async function editPrestore(db: Db, memberId: number, input: PrestoreEditBody, now: Date): Promise<PrestoreApplication> {
  const current = await findOwnPrestore(db, memberId, input.rid);
  const [row] = await db
    .update(prestoreApplications)
    .set({ remark: input.remark ?? '', updatedAt: now })
    .where(
      and(
        eq(prestoreApplications.id, current.id),
        eq(prestoreApplications.status, 'pending'),
        // checked in the guarded UPDATE itself: the row as it is when written, not as it was read
        eq(prestoreApplications.amountFen, input.amount),
        input.payer === undefined ? undefined : eq(prestoreApplications.payer, input.payer),
      ),
    )
    .returning();
  if (row) return one(db, row);
  const latest = await findOwnPrestore(db, memberId, input.rid);
  if (latest.status !== 'pending') throw conflict(`该预存申请${prestoreStatusLabels[latest.status]}，不能修改`);
  throw new AppError('PRESTORE_MONEY_LOCKED', PRESTORE_MONEY_LOCKED, { status: 409 });
}

/** prestoreApply/cancel: while pending only. */
export async function cancelPrestore(db: Db, memberId: number, rid: string, now: Date): Promise<PrestoreApplication> {
  const current = await findOwnPrestore(db, memberId, rid);
  const [row] = await db
    .update(prestoreApplications)
    .set({ status: 'cancelled', updatedAt: now, decidedAt: now })
    .where(and(eq(prestoreApplications.id, current.id), eq(prestoreApplications.status, 'pending')))
    .returning();
  if (!row) throw conflict(`该预存申请${prestoreStatusLabels[current.status]}，不能取消`);
  return one(db, row);
}

export async function getPrestore(db: DbOrTx, memberId: number, rid: string): Promise<PrestoreApplication> {
  return one(db, await findOwnPrestore(db, memberId, rid));
}

/** prestore/list */
export async function listPrestores(db: DbOrTx, memberId: number, query: PrestoreListBody): Promise<Page<PrestoreApplication>> {
  const where = and(eq(prestoreApplications.memberId, memberId), query.status ? eq(prestoreApplications.status, query.status) : undefined);
  return paginate(
    query,
    (w) => db.select().from(prestoreApplications).where(where).orderBy(desc(prestoreApplications.createdAt), desc(prestoreApplications.id)).limit(w.limit).offset(w.offset),
    () => db.$count(prestoreApplications, where),
    (rows) => toPrestoreViews(db, rows),
  );
}

/**
 * Receipt attached by the member (a pending application only); a new one replaces the old.
 * Answers the stored name it replaced, read under the row's lock, so the route removes exactly
 * the file no row points at any more once this has committed.
 */
export async function attachReceipt(db: Db, memberId: number, rid: string, file: { name: string; type: string }, now: Date): Promise<Recorded<PrestoreApplication>> {
  const { row, replaced } = await db.transaction(async (tx) => {
    const current = await findOwnPrestore(tx, memberId, rid, { lock: true });
    if (current.status !== 'pending') throw conflict(`该预存申请${prestoreStatusLabels[current.status]}，不能再上传凭证`);
    const [updated] = await tx
      .update(prestoreApplications)
      .set({ receiptFile: file.name, receiptType: file.type, updatedAt: now })
      .where(eq(prestoreApplications.id, current.id))
      .returning();
    return { row: updated!, replaced: current.receiptFile };
  });
  return { value: await one(db, row), replaced };
}

// ---- staff ----

export async function findPrestoreByRid(db: DbOrTx, rid: string): Promise<PrestoreRow> {
  const [row] = await db.select().from(prestoreApplications).where(eq(prestoreApplications.rid, rid)).limit(1);
  if (!row) throw notFound('预存申请');
  return row;
}

/**
 * Finance confirms the transfer arrived: the application turns confirmed and the top-up plus
 * the bonus of the current tiers are booked, all in one transaction, with the row locked.
 * Confirming again answers 409 (the entries are keyed by the application as well), so a
 * double click books once and the audit log holds the one confirmation that happened.
 * Confirming creates spendable money: amount + bonus is measured against the maker's top-up
 * limits (one confirmation, their day and month, the month for this account); above one of them
 * it is filed for a second person, who books exactly this application at this version and value.
 */
export async function confirmPrestore(db: DbOrTx, acting: Acting, input: { rid: string; version: number; note?: string | undefined }, now: Date): Promise<PrestoreApplication | ApprovalFiled> {
  const { rid, note } = input;
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(prestoreApplications).where(eq(prestoreApplications.rid, rid)).for('update').limit(1);
    if (!locked) throw notFound('预存申请');
    if (locked.status !== 'pending') throw conflict(`该预存申请${prestoreStatusLabels[locked.status]}，不能确认到账`);
    // books only the application finance saw: any change since (amount, payer, receipt…) is refused
    if (locked.version !== input.version) throw decisionChanged();
    let communityName: string | null = null;
    if (locked.communityId !== null) {
      const community = await communityRef(tx, { id: locked.communityId }, { lock: 'share' });
      if (community?.status !== 'active') throw conflict('该科研团体已解散，不能入账，请驳回该申请');
      communityName = community.name;
    }
    const amountFen = Number(locked.amountFen);
    const bonusFen = prestoreBonusFen(amountFen, await activeRules(tx));
    const member = await memberContact(tx, locked.memberId);
    const who = `${member?.name || member?.nickname || ''} ${member?.phone ?? ''}`.trim();
    const into = communityName === null ? `${who} 的个人账户` : `科研团体「${communityName}」（${who}）`;
    const filed = await gateAction(
      tx,
      acting,
      {
        action: 'prestore.confirm',
        valueFen: amountFen + bonusFen,
        payload: { rid: locked.rid, version: locked.version, ...(note ? { note } : {}) },
        summary:
          `确认预存单 ${locked.applyNo} 到账：${formatFen(amountFen)}${bonusFen > 0 ? `，按现行规则赠送 ${formatFen(bonusFen)}` : ''}，入${into}；` +
          `付款户名「${locked.payer || '未填写'}」，${locked.receiptFile ? '已上传转账凭证' : '未上传转账凭证'}`,
        target: locked.applyNo,
        targetKey: locked.communityId === null ? `member:${locked.memberId}` : `community:${locked.communityId}`,
        note: note ?? '',
        dedupeKey: `prestore.confirm:${locked.rid}`,
        duplicateMessage: '该预存申请的确认到账已提交审批，请等待审批结果',
      },
      now,
    );
    if (filed) return filed;
    const account = locked.communityId === null ? await ensureAccount(tx, 'member', locked.memberId) : await ensureAccount(tx, 'community', locked.communityId);
    const actor: Actor = { kind: 'staff', id: acting.by.id };
    const reference = `prestore:${locked.rid}`;
    const approved = approvedNote(acting);
    await creditAccount(tx, account.id, amountFen, 'topup', reference, actor, now, `${note ?? `预存单 ${locked.applyNo}`}${approved}`);
    if (bonusFen > 0) await creditAccount(tx, account.id, bonusFen, 'bonus', reference, actor, now, `预存单 ${locked.applyNo} 赠送${approved}`);
    const [updated] = await tx
      .update(prestoreApplications)
      .set({ status: 'confirmed', bonusFen, staffId: acting.by.id, decidedAt: now, updatedAt: now })
      .where(eq(prestoreApplications.id, locked.id))
      .returning();
    const gift = bonusFen > 0 ? `，另赠送${formatFen(bonusFen)}` : '';
    await postMessage(tx, locked.memberId, { kind: 'funds', title: '预存款已到账', content: `您的预存申请 ${locked.applyNo}（${formatFen(amountFen)}）已确认到账${gift}，可用于支付订单。`, link: '/member/prestore' }, now);
    return updated!;
  });
  if ('pendingApproval' in row) return row;
  return one(db, row);
}

/** Finance refuses a pending top-up (the transfer never arrived, or does not match): the member is told why. */
export async function refusePrestore(db: DbOrTx, staffId: number, input: { rid: string; version: number; reason: string }, now: Date): Promise<PrestoreApplication> {
  const { rid, reason } = input;
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(prestoreApplications).where(eq(prestoreApplications.rid, rid)).for('update').limit(1);
    if (!current) throw notFound('预存申请');
    if (current.status !== 'pending') throw conflict(`该预存申请${prestoreStatusLabels[current.status]}，不能驳回`);
    if (current.version !== input.version) throw decisionChanged();
    const [updated] = await tx
      .update(prestoreApplications)
      .set({ status: 'refused', refuseReason: reason, staffId, decidedAt: now, updatedAt: now })
      .where(eq(prestoreApplications.id, current.id))
      .returning();
    await postMessage(tx, current.memberId, { kind: 'funds', title: '预存申请已驳回', content: `您的预存申请 ${current.applyNo}（${formatFen(Number(current.amountFen))}）未能确认到账，原因：${reason}。如有疑问请联系客服。`, link: '/member/prestore' }, now);
    return updated!;
  });
  return one(db, row);
}

// ---- balance history ----

/** The account a history query reads: the member's own, or a community they own. */
export async function historyAccount(db: DbOrTx, memberId: number, communityRid: string | undefined) {
  if (communityRid) {
    const community = await findOwnedCommunity(db, memberId, communityRid);
    return ensureAccount(db, 'community', community.id);
  }
  return ensureAccount(db, 'member', memberId);
}

/** Shanghai calendar dates → instants: [from 00:00, to+1 00:00). */
function historyWhere(accountId: number, query: Pick<BalanceHistoryBody, 'type' | 'from' | 'to'>): SQL | undefined {
  return and(
    eq(ledgerEntries.accountId, accountId),
    query.type ? eq(ledgerEntries.type, query.type) : undefined,
    query.from ? gte(ledgerEntries.createdAt, labDayStart(query.from)) : undefined,
    query.to ? lt(ledgerEntries.createdAt, labDayEnd(query.to)) : undefined,
  );
}

export const toLedgerEntry = (row: typeof ledgerEntries.$inferSelect): LedgerEntry => ({
  id: row.id,
  type: row.type,
  typeText: entryTypeLabels[row.type],
  amountFen: Number(row.amountFen),
  balanceAfterFen: Number(row.balanceAfterFen),
  reference: row.reference,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
});

/** prestore/balanceHistory: newest first, with the balance now. */
export async function balanceHistory(db: DbOrTx, memberId: number, query: BalanceHistoryBody): Promise<Page<LedgerEntry> & { balanceFen: number }> {
  const account = await historyAccount(db, memberId, query.community_rid);
  const where = historyWhere(account.id, query);
  const page = await paginate(
    query,
    (w) => db.select().from(ledgerEntries).where(where).orderBy(desc(ledgerEntries.id)).limit(w.limit).offset(w.offset),
    () => db.$count(ledgerEntries, where),
    (rows) => withChannels(db, rows.map(toLedgerEntry)),
  );
  return { ...page, balanceFen: Number(account.balanceFen) };
}

export const EXPORT_MAX_ROWS = 50_000;

/** Every entry of the filtered history (export), newest first. */
export async function historyForExport(db: DbOrTx, memberId: number, query: Pick<BalanceHistoryBody, 'community_rid' | 'type' | 'from' | 'to'>): Promise<LedgerEntry[]> {
  const account = await historyAccount(db, memberId, query.community_rid);
  const rows = await db.select().from(ledgerEntries).where(historyWhere(account.id, query)).orderBy(desc(ledgerEntries.id)).limit(EXPORT_MAX_ROWS);
  return withChannels(db, rows.map(toLedgerEntry));
}

/** For tests and audits: does the cached balance equal the sum of the entries? */
export async function ledgerSum(db: DbOrTx, accountId: number): Promise<{ balanceFen: number; sumFen: number; entries: number }> {
  const [row] = await db
    .select({ balanceFen: accounts.balanceFen, sumFen: sql<string>`coalesce((select sum(amount_fen) from ledger_entries where account_id = ${accountId}), 0)`, entries: sql<number>`(select count(*)::int from ledger_entries where account_id = ${accountId})` })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return { balanceFen: Number(row?.balanceFen ?? 0), sumFen: Number(row?.sumFen ?? 0), entries: Number(row?.entries ?? 0) };
}
