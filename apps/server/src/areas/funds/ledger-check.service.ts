import { sql } from 'drizzle-orm';
import { formatFen, labDay } from '@lab/contract';
import { queryRows, type DbOrTx } from '../../db/client';
import { raiseStaffAlert } from '../messages';

/**
 * The nightly ledger check (PRODUCT.md "Money": the balance always equals the sum of its
 * entries). Every account's cached balance is compared with the sum of its ledger entries; an
 * account that differs is something no service should ever leave behind (a hand edit in the
 * database, a bug), so the administrators get an in-site alert listing each one. One alert per
 * lab day: the check running again that day, or on another instance, does not repeat it.
 */

export interface LedgerMismatch {
  accountId: number;
  ownerKind: 'member' | 'community';
  ownerId: number;
  kind: 'prestore' | 'rebate' | 'points';
  balanceFen: number;
  entriesFen: number;
}

export async function findLedgerMismatches(db: DbOrTx): Promise<LedgerMismatch[]> {
  const rows = await queryRows<{ account_id: number; owner_kind: LedgerMismatch['ownerKind']; owner_id: number; kind: LedgerMismatch['kind']; balance_fen: string; entries_fen: string }>(
    db,
    sql`select a.id as account_id, a.owner_kind, a.owner_id, a.kind, a.balance_fen, coalesce(e.total, 0) as entries_fen
        from accounts a
        left join (select account_id, sum(amount_fen) as total from ledger_entries group by account_id) e on e.account_id = a.id
        where a.balance_fen <> coalesce(e.total, 0)
        order by a.id`,
  );
  return rows.map((r) => ({
    accountId: Number(r.account_id),
    ownerKind: r.owner_kind,
    ownerId: Number(r.owner_id),
    kind: r.kind,
    balanceFen: Number(r.balance_fen),
    entriesFen: Number(r.entries_fen),
  }));
}

const kindLabel: Record<LedgerMismatch['kind'], string> = { prestore: '预存款', rebate: '返利', points: '积分' };
const ownerLabel: Record<LedgerMismatch['ownerKind'], string> = { member: '会员', community: '团体' };
const amount = (m: LedgerMismatch, fen: number) => (m.kind === 'points' ? `${fen} 分` : formatFen(fen));

/** The check: answers the accounts that differ, and alerts the administrators when there are any. */
export async function checkLedger(db: DbOrTx, now: Date): Promise<LedgerMismatch[]> {
  const mismatches = await findLedgerMismatches(db);
  if (mismatches.length === 0) return mismatches;
  const lines = mismatches.map(
    (m) => `账户 #${m.accountId}（${ownerLabel[m.ownerKind]} #${m.ownerId} 的${kindLabel[m.kind]}）：余额 ${amount(m, m.balanceFen)}，流水合计 ${amount(m, m.entriesFen)}，相差 ${amount(m, m.balanceFen - m.entriesFen)}`,
  );
  await raiseStaffAlert(db, {
    key: `ledger:${labDay(now)}`,
    kind: 'ledger_mismatch',
    role: 'admin',
    title: `资金核对异常：${mismatches.length} 个账户余额与流水不符`,
    content: `${labDay(now)} 夜间核对发现：\n${lines.join('\n')}\n请核查后处理。`,
    link: '/admin/finance/accounts',
    createdAt: now,
  });
  return mismatches;
}
