import { eq } from 'drizzle-orm';
import { auditEntity } from '../../platform/audit';
import { memberContact } from '../accounts';
import { balanceOf } from '../funds';
import { rebateWithdrawals } from './growth.tables';

/** 返利提现 by rid, as the audit log keeps it: state, and the rebate balance (and the prestore balance a prestore payout goes to). */
export const withdrawalAudit = auditEntity<string>('withdrawal', async (db, rid) => {
  const [row] = await db.select().from(rebateWithdrawals).where(eq(rebateWithdrawals.rid, String(rid))).limit(1);
  if (!row) return null;
  return {
    rid: row.rid,
    status: row.status,
    amountFen: Number(row.amountFen),
    method: row.method,
    memberPhone: (await memberContact(db, row.memberId))?.phone ?? null,
    rebateBalanceFen: await balanceOf(db, 'member', row.memberId, 'rebate'),
    prestoreBalanceFen: await balanceOf(db, 'member', row.memberId, 'prestore'),
    reason: row.reason,
    processedBy: row.processedBy,
    processedAt: row.processedAt,
  };
});
