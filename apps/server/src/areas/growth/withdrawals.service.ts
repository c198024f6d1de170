import { and, desc, eq } from 'drizzle-orm';
import {
  formatFen,
  parseYuan,
  withdrawMethodLabels,
  withdrawStatusLabels,
  type Page,
  type Withdrawal,
  type WithdrawMethod,
  type WithdrawStatus,
} from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { randomId } from '../../platform/crypto';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { balanceOf, creditAccount, debitAccount, ensureAccount } from '../funds';
import type { Actor } from '../../platform/actor';
import { rebateWithdrawals } from './growth.tables';
import { getGrowthSettings } from './settings.service';
import { assertCurrentTermsAccepted } from './partner-terms.service';

/**
 * A partner's withdrawals of the rebate account's money (issue 7). A withdrawal request holds
 * its amount at once (withdraw_hold, reference withdraw:<rid>, a guarded debit of the partner's
 * 'rebate' account), so two requests can never take more than the balance; cancelling or
 * refusing gives it back (withdraw_return). Finance's side: withdrawals-admin.service.ts.
 */

export const WITHDRAW_TOO_MUCH = '可提现金额不足';

export type WithdrawalRow = typeof rebateWithdrawals.$inferSelect;

/** The ledger reference of a withdrawal's hold, return and payment to prestore. */
export const withdrawReference = (rid: string) => `withdraw:${rid}`;


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

export const stateConflict = (row: WithdrawalRow, verb: string) => conflict(`该提现申请${withdrawStatusLabels[row.status]}，不能${verb}`);

/** Gives a held amount back to the rebate account (cancel, refuse). */
export async function returnHold(tx: Tx, row: WithdrawalRow, actor: Actor, now: Date, note: string) {
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
