import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { formatFen, type AdminWithdrawal, type AdminWithdrawalListBody, type Page } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { paginate, type PageWindow } from '../../db/paginate';
import { badRequest, decisionChanged, notFound } from '../../platform/errors';
import { memberContact, memberContacts, staffNames, type MemberContact } from '../accounts';
import { creditAccount, ensureAccount, keywordFilter } from '../funds';
import type { Actor } from '../../platform/actor';
import { postMessage } from '../messages';
import { rebateWithdrawals } from './growth.tables';
import { memberView } from './promotion-admin.service';
import { returnHold, stateConflict, toWithdrawal, withdrawReference, type WithdrawalRow } from './withdrawals.service';
import { EXPORT_MAX_ROWS } from '../../platform/xlsx';
import { dayRange } from '../../platform/sql-filters';

/**
 * Finance's side of the partners' withdrawals: the queue, its export, paying to prepaid funds or
 * by bank, refusing (the held money goes back). withdrawals.service.ts has the partner's side.
 */

export type { AdminWithdrawal };

const toAdminWithdrawal = (w: WithdrawalRow, m: MemberContact, staffName: string | null): AdminWithdrawal => ({
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
    .select()
    .from(rebateWithdrawals)
    .where(where)
    .orderBy(direction(rebateWithdrawals.createdAt), direction(rebateWithdrawals.id))
    .limit(window.limit)
    .offset(window.offset);
  // who asked and who decided, by the ids on the page
  const [people, deciders] = await Promise.all([memberContacts(db, rows.map((w) => w.memberId)), staffNames(db, rows.map((w) => w.processedBy))]);
  return rows.flatMap((w) => {
    const m = people.get(w.memberId);
    return m ? [toAdminWithdrawal(w, m, w.processedBy === null ? null : (deciders.get(w.processedBy) ?? null))] : [];
  });
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
  const [m, who] = await Promise.all([memberContact(db, row.memberId), staffNames(db, [staffId])]);
  return toAdminWithdrawal(row, m!, who.get(staffId) ?? null);
}
