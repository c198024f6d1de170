import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ENTRY_TYPES } from '@lab/contract';

/**
 * Money (PRODUCT.md "Money (one ledger)"). An account belongs to a member or a community
 * and holds one kind of value (prepaid funds, rebates, points). Its balance is a cached sum
 * of its ledger entries, changed only by `postEntry` (or its one-statement debit `bookDebit`) in the same transaction as the entry,
 * guarded so it never goes below zero (and a CHECK as the last line). Entries are immutable:
 * a trigger (migration 0006_ledger_guards) refuses UPDATE, DELETE and TRUNCATE.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ownerKind: text({ enum: ['member', 'community'] }).notNull(),
    /** members.id or communities.id */
    ownerId: integer().notNull(),
    kind: text({ enum: ['prestore', 'rebate', 'points'] }).notNull(),
    balanceFen: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_owner_idx').on(t.ownerKind, t.ownerId, t.kind), check('accounts_balance_not_negative', sql`${t.balanceFen} >= 0`)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id),
    /** signed: + in, − out */
    amountFen: bigint({ mode: 'number' }).notNull(),
    balanceAfterFen: bigint({ mode: 'number' }).notNull(),
    type: text({ enum: ENTRY_TYPES }).notNull(),
    /** the business object booked (prestore:<rid>, order:<no>, transfer:<rid>, …); booked once per account and type */
    reference: text().notNull(),
    note: text().notNull().default(''),
    actorKind: text({ enum: ['member', 'staff', 'system'] }).notNull(),
    actorId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_reference_idx').on(t.accountId, t.type, t.reference),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    // order money of a range (运营分析's revenue, 大仪考核's income; decisions/0055), read from the index alone
    index('ledger_entries_order_money_idx').on(t.createdAt, t.type, t.reference, t.amountFen).where(sql`type IN ('payment', 'refund')`),
    check('ledger_entries_amount_not_zero', sql`${t.amountFen} <> 0`),
  ],
);
