import { and, count, eq } from 'drizzle-orm';
import { formatFen, type AdminAdjustBody, type ApprovalFiled, type AssetCounts, type AssetOverview, type LedgerEntry } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { approvedNote, gateAction, type Acting } from '../approvals';
import { conflict, notFound } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { memberByRid } from '../accounts';
import { communityRef, ownedActiveCommunities } from '../member';
import { postMessage } from '../messages';
import { invoiceApplications, prestoreApplications, transferApplications } from './funds.tables';
import { balanceOf, ensureAccount, postEntry } from './ledger.service';
import { toLedgerEntry } from './balance-history';
import { countUsableCoupons } from './coupons.service';
import { getCreditLine } from './credit.service';
import { invoiceableFen } from './invoices.service';

/** asset/init, asset/detail: balances of the member and of the communities they own, and the other figures. */
export async function assetOverview(db: DbOrTx, memberId: number, now: Date): Promise<AssetOverview> {
  const owned = await ownedActiveCommunities(db, memberId);
  const [prestoreFen, communityBalances, couponNum, invoiceable, creditLimitFen, points] = await Promise.all([
    balanceOf(db, 'member', memberId),
    balanceOf(db, 'community', owned.map((c) => c.id)),
    countUsableCoupons(db, memberId, now),
    invoiceableFen(db, memberId),
    getCreditLine(db, memberId),
    balanceOf(db, 'member', memberId, 'points'),
  ]);
  return {
    prestoreFen,
    communities: owned.map((c) => ({ rid: c.rid, name: c.name, balanceFen: communityBalances.get(c.id) ?? 0 })),
    couponNum,
    // rebates are the promotion issue's: frozen until the order completes
    rebateFrozenFen: 0,
    rebateWithdrawableFen: await balanceOf(db, 'member', memberId, 'rebate'),
    points,
    invoiceableFen: invoiceable,
    creditLimitFen,
  };
}

/** asset/all4num: badges. */
export async function assetCounts(db: DbOrTx, memberId: number, now: Date): Promise<AssetCounts> {
  const [couponNum, [prestore], [transfer], [invoice]] = await Promise.all([
    countUsableCoupons(db, memberId, now),
    db.select({ n: count() }).from(prestoreApplications).where(and(eq(prestoreApplications.memberId, memberId), eq(prestoreApplications.status, 'pending'))),
    db.select({ n: count() }).from(transferApplications).where(and(eq(transferApplications.memberId, memberId), eq(transferApplications.status, 'pending'))),
    db.select({ n: count() }).from(invoiceApplications).where(and(eq(invoiceApplications.memberId, memberId), eq(invoiceApplications.status, 'pending'))),
  ]);
  return { couponNum, prestorePending: prestore?.n ?? 0, transferPending: transfer?.n ?? 0, invoicePending: invoice?.n ?? 0 };
}

/**
 * Staff adjustment (signed, with a reason): a member's or a community's prepaid funds.
 * Once per request_id (a retry answers 409 该调账已处理); a debit never overdraws (409
 * 预存款余额不足). The member, or the community's owner, is told in-site with the reason.
 * Both directions count against the maker's adjustment limit (docs/decisions/0009-maker-checker-limits.md): above it the
 * adjustment is filed for approval, under a request id fixed now, so approval books it once.
 */
export const ADJUSTMENT_DONE = '该调账已处理，请勿重复提交';

/** Whose account an adjustment names: its id, who is told, and how the account and its owner read. */
async function adjustedOwner(db: DbOrTx, input: AdminAdjustBody) {
  if (input.owner_kind === 'member') {
    const m = await memberByRid(db, input.owner_rid);
    return m && { id: m.id, notify: m.id, name: '个人账户', who: `${m.name || m.nickname} ${m.phone}` };
  }
  const c = await communityRef(db, { rid: input.owner_rid });
  return c && { id: c.id, notify: c.ownerMemberId, name: `科研团体「${c.name}」账户`, who: `科研团体「${c.name}」` };
}

export async function adjustBalance(db: DbOrTx, acting: Acting, input: AdminAdjustBody, now: Date): Promise<{ entry: LedgerEntry } | ApprovalFiled> {
  const owner = await adjustedOwner(db, input);
  if (!owner) throw notFound(input.owner_kind === 'member' ? '用户' : '科研团体');
  const requestId = input.request_id ?? randomId();
  const change = `${input.amount > 0 ? '增加' : '扣减'}${formatFen(Math.abs(input.amount))}`;
  const reference = `adjust:${requestId}`;
  const note = `${input.reason}${approvedNote(acting)}`;
  const result = await db.transaction(async (tx) => {
    const filed = await gateAction(
      tx,
      acting,
      {
        action: 'account.adjust',
        valueFen: Math.abs(input.amount),
        payload: { ...input, request_id: requestId },
        summary: `为${owner.who}的预存款${change}`,
        target: owner.who,
        targetKey: `${input.owner_kind}:${owner.id}`,
        note: input.reason,
        dedupeKey: `adjust:${requestId}`,
        duplicateMessage: '该调账已提交审批，请勿重复提交',
      },
      now,
    );
    if (filed) return { filed };
    const account = await ensureAccount(tx, input.owner_kind, owner.id);
    const posted = await postEntry(tx, { accountId: account.id, amountFen: input.amount, type: 'adjustment', reference, note, actor: { kind: 'staff', id: acting.by.id }, now });
    // a retried request (the same request_id) books nothing: said plainly (and rolled back, its use of the limit with it)
    if (posted.duplicate) throw conflict(ADJUSTMENT_DONE);
    await postMessage(
      tx,
      owner.notify,
      { kind: 'funds', title: '预存款余额调整', content: `您的${owner.name}预存款已${change}，调整后余额${formatFen(Number(posted.entry.balanceAfterFen))}。原因：${input.reason}`, link: '/member/prestore' },
      now,
    );
    return { entry: posted.entry };
  });
  if (result.filed) return result.filed;
  return { entry: toLedgerEntry(result.entry) };
}
