import { eq } from 'drizzle-orm';
import { formatFen, prestoreBonusFen, prestoreStatusLabels, type ApprovalFiled, type PrestoreApplication } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { approvedNote, gateAction, type Acting } from '../approvals';
import { memberContact } from '../accounts';
import { conflict, decisionChanged, notFound } from '../../platform/errors';
import { postMessage } from '../messages';
import { communityRef } from '../member';
import { prestoreApplications } from './funds.tables';
import { creditAccount, ensureAccount, type Actor } from './ledger.service';

import { activeRules } from './prestore-rules';
import { one, type PrestoreRow } from './prestore.service';

/** Finance's decisions on top-ups (预存审核): confirm the transfer arrived, or refuse it. */

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
