import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { OwnerKind } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { auditEntity } from '../../platform/audit';
import { memberByRid, memberContact } from '../accounts';
import { communityRef } from '../member';
import { couponTemplates, memberCoupons } from './coupons.tables';
import { creditApplications, creditLines } from './credit.tables';
import { invoiceApplicationItems, invoiceApplications, invoiceRedLetters } from './invoices.tables';
import { accounts, ledgerEntries } from './ledger.tables';
import { prestoreApplications, prestoreRules, transferApplications } from './prestore.tables';
import { balanceOf } from './ledger.service';
import { statementForAudit } from './bank-statements.service';

/**
 * The money objects as the audit log keeps them (platform/audit.ts reads one before a staff
 * call and again after it): the application's state and, where the call moves money, the
 * balance of every account it touches, so the log shows the money arriving or leaving.
 */

const phoneOf = async (db: DbOrTx, memberId: number) => (await memberContact(db, memberId))?.phone ?? null;

/** 预存申请 by rid: state, amounts, and the balance of the account the top-up goes to. */
export const prestoreAudit = auditEntity<string>('prestore', async (db, rid) => {
  const [row] = await db.select().from(prestoreApplications).where(eq(prestoreApplications.rid, String(rid))).limit(1);
  if (!row) return null;
  const community = row.communityId === null ? null : await communityRef(db, { id: row.communityId });
  return {
    applyNo: row.applyNo,
    status: row.status,
    amountFen: Number(row.amountFen),
    bonusFen: Number(row.bonusFen),
    memberPhone: await phoneOf(db, row.memberId),
    account: community ? `科研团体 ${community.name}` : '个人账户',
    accountBalanceFen: row.communityId === null ? await balanceOf(db, 'member', row.memberId) : await balanceOf(db, 'community', row.communityId),
    hasReceipt: row.receiptFile !== null,
    refuseReason: row.refuseReason,
    staffId: row.staffId,
    decidedAt: row.decidedAt,
  };
});

/** 转账申请 by rid: state and both balances (the member's and the community's). */
export const transferAudit = auditEntity<string>('transfer', async (db, rid) => {
  const [row] = await db.select().from(transferApplications).where(eq(transferApplications.rid, String(rid))).limit(1);
  if (!row) return null;
  const community = await communityRef(db, { id: row.communityId });
  return {
    rid: row.rid,
    status: row.status,
    direction: row.direction,
    amountFen: Number(row.amountFen),
    memberPhone: await phoneOf(db, row.memberId),
    community: community?.name ?? null,
    memberBalanceFen: await balanceOf(db, 'member', row.memberId),
    communityBalanceFen: await balanceOf(db, 'community', row.communityId),
    refuseReason: row.refuseReason,
    staffId: row.staffId,
    doneAt: row.doneAt,
  };
});

/** 开票申请 by rid: state, number, date, file and what it covers (a rejection frees the items). */
export const invoiceAudit = auditEntity<string>('invoice', async (db, rid) => {
  const [row] = await db.select().from(invoiceApplications).where(eq(invoiceApplications.rid, String(rid))).limit(1);
  if (!row) return null;
  const items = await db
    .select({ kind: invoiceApplicationItems.sourceKind, ref: invoiceApplicationItems.sourceRef, amountFen: invoiceApplicationItems.amountFen, active: invoiceApplicationItems.active })
    .from(invoiceApplicationItems)
    .where(eq(invoiceApplicationItems.applicationId, row.id))
    .orderBy(asc(invoiceApplicationItems.id));
  return {
    rid: row.rid,
    status: row.status,
    type: row.type,
    title: row.title.title,
    taxNo: row.title.tax_no,
    amountFen: Number(row.amountFen),
    memberPhone: await phoneOf(db, row.memberId),
    invoiceNo: row.invoiceNo,
    issuedOn: row.issuedOn,
    file: row.fileName,
    rejectReason: row.rejectReason,
    staffId: row.staffId,
    items: items.map((i) => ({ ...i, amountFen: Number(i.amountFen) })),
    redLetters: (await db.select().from(invoiceRedLetters).where(eq(invoiceRedLetters.applicationId, row.id)).orderBy(asc(invoiceRedLetters.id))).map((r) => ({
      amountFen: Number(r.amountFen),
      reason: r.reason,
      status: r.status,
      redInvoiceNo: r.redInvoiceNo,
      redIssuedOn: r.redIssuedOn,
      staffId: r.staffId,
    })),
  };
});

/** 信用额度申请 by rid: the decision and the member's credit line. */
export const creditAudit = auditEntity<string>('credit', async (db, rid) => {
  const [row] = await db.select().from(creditApplications).where(eq(creditApplications.rid, String(rid))).limit(1);
  if (!row) return null;
  const [line] = await db.select({ limitFen: creditLines.limitFen }).from(creditLines).where(eq(creditLines.memberId, row.memberId)).limit(1);
  return {
    rid: row.rid,
    status: row.status,
    requestedFen: Number(row.requestedFen),
    approvedFen: row.approvedFen === null ? null : Number(row.approvedFen),
    decisionNote: row.decisionNote,
    memberPhone: await phoneOf(db, row.memberId),
    creditLineFen: Number(line?.limitFen ?? 0),
    staffId: row.staffId,
    decidedAt: row.decidedAt,
  };
});

/** A member's coupon by rid (issued by staff). */
export const couponAudit = auditEntity<string>('coupon', async (db, rid) => {
  const [row] = await db
    .select({ c: memberCoupons, name: couponTemplates.name })
    .from(memberCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, memberCoupons.templateId))
    .where(eq(memberCoupons.rid, String(rid)))
    .limit(1);
  if (!row) return null;
  return {
    rid: row.c.rid,
    template: row.name,
    memberPhone: await phoneOf(db, row.c.memberId),
    status: row.c.status,
    validFrom: row.c.validFrom,
    validTo: row.c.validTo,
    issuedBy: row.c.issuedBy,
  };
});

/** A coupon template by rid: value, validity, stock, and whether it is still in use. */
export const couponTemplateAudit = auditEntity<string>('couponTemplate', async (db, rid) => {
  const [row] = await db.select().from(couponTemplates).where(eq(couponTemplates.rid, String(rid))).limit(1);
  if (!row) return null;
  return {
    rid: row.rid,
    name: row.name,
    amountFen: row.amountFen === null ? null : Number(row.amountFen),
    offRateBp: row.offRateBp,
    thresholdFen: Number(row.thresholdFen),
    scope: row.scope,
    validFrom: row.validFrom,
    validTo: row.validTo,
    validDays: row.validDays,
    totalStock: row.totalStock,
    claimedCount: row.claimedCount,
    perMemberLimit: row.perMemberLimit,
    claimable: row.claimable,
    newMembers: row.newMembers,
    active: row.active,
  };
});

/** The one key of the prestore tiers: they are saved as a whole. */
export const PRESTORE_RULES_KEY = 'tiers';

/** The prestore tiers in force. */
export const prestoreRulesAudit = auditEntity<string>('prestoreRules', async (db) => {
  const rows = await db.select().from(prestoreRules).where(eq(prestoreRules.active, true)).orderBy(asc(prestoreRules.thresholdFen));
  return { tiers: rows.map((r) => ({ thresholdFen: Number(r.thresholdFen), bonusRateBp: r.bonusRateBp, bonusFen: Number(r.bonusFen) })) };
});

/** The key of a prestore account in the log: `member:<rid>` or `community:<rid>`. */
export const accountKey = (ownerKind: OwnerKind, ownerRid: string) => `${ownerKind}:${ownerRid}`;

/** A prestore account by `member:<rid>` / `community:<rid>`: its balance, entry count and latest entry. */
export const accountAudit = auditEntity<string>('account', async (db, key) => {
  const [ownerKind, ownerRid] = String(key).split(':') as [OwnerKind, string | undefined];
  if (!ownerRid || (ownerKind !== 'member' && ownerKind !== 'community')) return null;
  const found = ownerKind === 'member' ? await memberByRid(db, ownerRid) : await communityRef(db, { rid: ownerRid });
  const owner = found && { id: found.id, name: 'nickname' in found ? (found.name ?? found.nickname) : found.name };
  if (!owner) return null;
  const [account] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.ownerKind, ownerKind), eq(accounts.ownerId, owner.id), eq(accounts.kind, 'prestore')))
    .limit(1);
  const snapshot = { ownerKind, ownerRid, ownerName: owner.name, balanceFen: Number(account?.balanceFen ?? 0), entries: 0, lastEntry: null as unknown };
  if (!account) return snapshot;
  const [[entries], [last]] = await Promise.all([
    db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.accountId, account.id)),
    db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, account.id)).orderBy(desc(ledgerEntries.id)).limit(1),
  ]);
  snapshot.entries = entries?.n ?? 0;
  snapshot.lastEntry = last ? { type: last.type, amountFen: Number(last.amountFen), balanceAfterFen: Number(last.balanceAfterFen), reference: last.reference, note: last.note } : null;
  return snapshot;
});

/** 银行流水 by the statement's rid (uploads): the file, its layout and its line counts. */
export const bankStatementAudit = auditEntity<string>('bankStatement', (db, rid) => statementForAudit(db, String(rid)));
