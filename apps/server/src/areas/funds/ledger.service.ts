import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { BALANCE_TOO_LOW_MESSAGE, type AccountKind, type EntryType, type OwnerKind } from '@lab/contract';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../db/client';
import { systemActor, type Actor } from '../../platform/actor';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../../db/errors';
import { accounts, ledgerEntries } from './funds.tables';

/**
 * The one ledger. Every change of a balance is `postEntry`: a guarded
 * `UPDATE accounts SET balance = balance + amt WHERE balance + amt >= 0` (the row lock
 * serialises concurrent debits in the database, and the guard refuses an overdraft) and the
 * entry, in one savepoint. A reference is booked once per account and type: a second post of
 * the same (account, type, reference) changes nothing and answers the entry already booked.
 * `bookDebit` is the same debit in one statement, for a caller whose own lock serialises the reference.
 */

export type EntryRow = typeof ledgerEntries.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;

export { systemActor, type Actor } from '../../platform/actor';

export interface PostInput {
  accountId: number;
  /** signed fen: + credit, − debit; never 0 */
  amountFen: number;
  type: EntryType;
  reference: string;
  note?: string;
  actor: Actor;
  now: Date;
}

export interface PostResult {
  entry: EntryRow;
  /** true when the reference was booked before and nothing changed now */
  duplicate: boolean;
}

export const balanceTooLow = () => new AppError('BALANCE_TOO_LOW', BALANCE_TOO_LOW_MESSAGE, { status: 409 });

async function findEntry(db: DbOrTx, accountId: number, type: EntryType, reference: string): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, accountId), eq(ledgerEntries.type, type), eq(ledgerEntries.reference, reference)))
    .limit(1);
  return row;
}

/** Books one entry inside the caller's transaction. Throws BALANCE_TOO_LOW (409) when a debit would overdraw. */
export async function postEntry(tx: Tx, input: PostInput): Promise<PostResult> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen === 0) throw badRequest('[金额]必须大于0');
  if (!input.reference) throw badRequest('缺少业务单号');
  const before = await findEntry(tx, input.accountId, input.type, input.reference);
  if (before) return { entry: before, duplicate: true };
  try {
    return await tx.transaction(async (sp) => {
      const [account] = await sp
        .update(accounts)
        .set({ balanceFen: sql`${accounts.balanceFen} + ${input.amountFen}`, updatedAt: input.now })
        .where(and(eq(accounts.id, input.accountId), sql`${accounts.balanceFen} + ${input.amountFen} >= 0`))
        .returning({ balanceFen: accounts.balanceFen });
      if (!account) {
        const [exists] = await sp.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, input.accountId)).limit(1);
        throw exists ? balanceTooLow() : notFound('账户');
      }
      const [entry] = await sp
        .insert(ledgerEntries)
        .values({
          accountId: input.accountId,
          amountFen: input.amountFen,
          balanceAfterFen: Number(account.balanceFen),
          type: input.type,
          reference: input.reference,
          note: input.note ?? '',
          actorKind: input.actor.kind,
          actorId: input.actor.id,
          createdAt: input.now,
        })
        .returning();
      return { entry: entry!, duplicate: false };
    });
  } catch (error) {
    // the same reference booked by a concurrent transaction that committed first
    if (isUniqueViolation(error)) {
      const existing = await findEntry(tx, input.accountId, input.type, input.reference);
      if (existing) return { entry: existing, duplicate: true };
    }
    throw error;
  }
}

/**
 * A debit in one statement, for a caller that holds the lock serialising its reference (paying
 * an order holds the order row): the guarded update of the owner's account (found by its owner,
 * so the caller need not read it first) and the entry, as one writable CTE, where `postEntry`
 * needs an idempotency read and a savepoint around the two. The `not exists` refuses a
 * reference booked before (answered `duplicate`); a concurrent booking of the same reference,
 * which the caller's lock rules out, would fail on ledger_entries_reference_idx and leave the
 * transaction aborted (also answered `duplicate`, so the caller must end the transaction).
 * BALANCE_TOO_LOW when the balance does not cover it, or the owner never opened the account
 * (it holds nothing); only a refusal reads again, to say which.
 */
export async function bookDebit(
  tx: Tx,
  input: Omit<PostInput, 'amountFen' | 'accountId'> & {
    /** whose account: the owner's prestore account unless `kind` says otherwise */
    owner: { kind: OwnerKind; id: number; account?: AccountKind };
    /** fen taken out, > 0 */
    amountFen: number;
  },
): Promise<{ duplicate: boolean }> {
  const amount = input.amountFen;
  const { owner } = input;
  const accountKind = owner.account ?? 'prestore';
  if (!Number.isSafeInteger(amount) || amount <= 0) throw badRequest('[金额]必须大于0');
  if (!input.reference) throw badRequest('缺少业务单号');
  const booked = sql`select 1 from ${ledgerEntries} where ${ledgerEntries.accountId} = ${accounts.id} and ${ledgerEntries.type} = ${input.type} and ${ledgerEntries.reference} = ${input.reference}`;
  let rows: { id: number }[];
  try {
    rows = await queryRows<{ id: number }>(
      tx,
      sql`with moved as (
            update ${accounts} set balance_fen = balance_fen - ${amount}::bigint, updated_at = ${input.now.toISOString()}::timestamptz
            where owner_kind = ${owner.kind} and owner_id = ${owner.id}::int and kind = ${accountKind}
              and balance_fen >= ${amount}::bigint and not exists (${booked})
            returning id, balance_fen)
          insert into ${ledgerEntries} (account_id, amount_fen, balance_after_fen, type, reference, note, actor_kind, actor_id, created_at)
          select id, ${-amount}::bigint, balance_fen, ${input.type}, ${input.reference}, ${input.note ?? ''}, ${input.actor.kind},
            ${input.actor.id}::int, ${input.now.toISOString()}::timestamptz
          from moved
          returning id`,
    );
  } catch (error) {
    if (isUniqueViolation(error)) return { duplicate: true };
    throw error;
  }
  if (rows.length > 0) return { duplicate: false };
  // nothing booked: say why (the refusals only)
  const [account] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.ownerKind, owner.kind), eq(accounts.ownerId, owner.id), eq(accounts.kind, accountKind)))
    .limit(1);
  if (account && (await findEntry(tx, account.id, input.type, input.reference))) return { duplicate: true };
  throw balanceTooLow();
}

/** The account of an owner, created on first use (concurrent creators agree through the unique index). */
export async function ensureAccount(db: DbOrTx, ownerKind: OwnerKind, ownerId: number, kind: AccountKind = 'prestore'): Promise<AccountRow> {
  const [found] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.ownerKind, ownerKind), eq(accounts.ownerId, ownerId), eq(accounts.kind, kind)))
    .limit(1);
  if (found) return found;
  await db.insert(accounts).values({ ownerKind, ownerId, kind }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.ownerKind, ownerKind), eq(accounts.ownerId, ownerId), eq(accounts.kind, kind)))
    .limit(1);
  return row!;
}

export const COMMUNITY_HAS_FUNDS = '该团体还有预存款余额，请先转回个人账户后再解散';

/** The balance with the account row locked until the caller's transaction ends. */
export async function lockedBalance(tx: DbOrTx, ownerKind: OwnerKind, ownerId: number, kind: AccountKind = 'prestore'): Promise<number> {
  const [row] = await tx
    .select({ balanceFen: accounts.balanceFen })
    .from(accounts)
    .where(and(eq(accounts.ownerKind, ownerKind), eq(accounts.ownerId, ownerId), eq(accounts.kind, kind)))
    .for('update');
  return Number(row?.balanceFen ?? 0);
}

/**
 * Balance of an owner's account, 0 when it was never opened; for several owners, each owner's
 * balance by id (owners whose account was never opened are absent).
 */
export async function balanceOf(db: DbOrTx, ownerKind: OwnerKind, ownerId: number, kind?: AccountKind): Promise<number>;
export async function balanceOf(db: DbOrTx, ownerKind: OwnerKind, ownerIds: number[], kind?: AccountKind): Promise<Map<number, number>>;
export async function balanceOf(db: DbOrTx, ownerKind: OwnerKind, owners: number | number[], kind: AccountKind = 'prestore'): Promise<number | Map<number, number>> {
  if (Array.isArray(owners)) {
    if (owners.length === 0) return new Map();
    const rows = await db
      .select({ ownerId: accounts.ownerId, balanceFen: accounts.balanceFen })
      .from(accounts)
      .where(and(eq(accounts.ownerKind, ownerKind), inArray(accounts.ownerId, owners), eq(accounts.kind, kind)));
    return new Map(rows.map((r) => [r.ownerId, Number(r.balanceFen)]));
  }
  const [row] = await db
    .select({ balanceFen: accounts.balanceFen })
    .from(accounts)
    .where(and(eq(accounts.ownerKind, ownerKind), eq(accounts.ownerId, owners), eq(accounts.kind, kind)))
    .limit(1);
  return Number(row?.balanceFen ?? 0);
}

/** Credit (money in) inside a transaction. */
export async function creditAccount(tx: Tx, accountId: number, amountFen: number, type: EntryType, reference: string, actor: Actor, now: Date, note?: string) {
  if (amountFen <= 0) throw badRequest('[金额]必须大于0');
  return postEntry(tx, { accountId, amountFen, type, reference, actor, now, ...(note !== undefined ? { note } : {}) });
}

/** Debit (money out) inside a transaction; BALANCE_TOO_LOW when it does not cover. */
export async function debitAccount(tx: Tx, accountId: number, amountFen: number, type: EntryType, reference: string, actor: Actor, now: Date, note?: string) {
  if (amountFen <= 0) throw badRequest('[金额]必须大于0');
  return postEntry(tx, { accountId, amountFen: -amountFen, type, reference, actor, now, ...(note !== undefined ? { note } : {}) });
}

/**
 * Moves money between two accounts (transfer_out + transfer_in, one reference). Both rows
 * are locked in id order first, so two transfers in opposite directions cannot deadlock.
 */
export async function transferBetween(tx: Tx, input: { fromAccountId: number; toAccountId: number; amountFen: number; reference: string; actor: Actor; now: Date; note?: string }) {
  if (input.fromAccountId === input.toAccountId) throw badRequest('不能转给同一个账户');
  await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(inArray(accounts.id, [input.fromAccountId, input.toAccountId]))
    .orderBy(asc(accounts.id))
    .for('update');
  const out = await debitAccount(tx, input.fromAccountId, input.amountFen, 'transfer_out', input.reference, input.actor, input.now, input.note);
  const into = await creditAccount(tx, input.toAccountId, input.amountFen, 'transfer_in', input.reference, input.actor, input.now, input.note);
  return { out, into };
}

export interface PayInput {
  ownerKind: OwnerKind;
  ownerId: number;
  amountFen: number;
  /** the order number (or any business reference); paying the same reference twice books once */
  reference: string;
  actor?: Actor;
  note?: string;
  now?: Date;
}

/**
 * Pays from prepaid funds (the ordering issue calls this). Atomic and idempotent by
 * reference; throws AppError BALANCE_TOO_LOW '预存款余额不足' (409) when the balance does not
 * cover the amount. Runs inside the caller's transaction when given one.
 */
export async function payFromFunds(db: Db | Tx, input: PayInput): Promise<PostResult> {
  const run = async (tx: Tx) => {
    const account = await ensureAccount(tx, input.ownerKind, input.ownerId);
    return debitAccount(tx, account.id, input.amountFen, 'payment', input.reference, input.actor ?? systemActor, input.now ?? new Date(), input.note);
  };
  return 'rollback' in db ? run(db) : db.transaction(run);
}

/**
 * Refunds (part of) a payment back to the account it came from: at most what that payment
 * took, once per reference (a second refund of the same reference books nothing).
 */
export async function refundToFunds(db: Db | Tx, input: PayInput): Promise<PostResult> {
  const run = async (tx: Tx) => {
    const account = await ensureAccount(tx, input.ownerKind, input.ownerId);
    const payment = await findEntry(tx, account.id, 'payment', input.reference);
    if (!payment) throw notFound('该笔支付');
    if (input.amountFen > -Number(payment.amountFen)) throw badRequest('退款金额不能超过支付金额');
    return creditAccount(tx, account.id, input.amountFen, 'refund', input.reference, input.actor ?? systemActor, input.now ?? new Date(), input.note);
  };
  return 'rollback' in db ? run(db) : db.transaction(run);
}
