import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { BANK_LAYOUTS, BANK_LINE_STATUSES } from '@lab/contract';
import { staff } from '../accounts/accounts.tables';
import { prestoreApplications } from './prestore.tables';

/**
 * 银行流水对账 (decisions/0047): a statement file finance uploaded (recognised again by its
 * SHA-256) and its credit lines. A line's fingerprint (bank layout, time, amount, payer account,
 * the bank's reference and remark) is unique, so a line read again from another export of the
 * same days is the same row; a line is booked once, as one 预存申请 (unique too).
 */
export const bankStatements = pgTable('bank_statements', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  rid: text().notNull().unique(),
  fileName: text().notNull(),
  fileSha256: text().notNull().unique(),
  layout: text({ enum: BANK_LAYOUTS }).notNull(),
  lineCount: integer().notNull(),
  creditCount: integer().notNull(),
  staffId: integer()
    .notNull()
    .references(() => staff.id),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    statementId: integer()
      .notNull()
      .references(() => bankStatements.id),
    fingerprint: text().notNull().unique(),
    bookedAt: timestamp({ withTimezone: true }).notNull(),
    /** the credit, > 0 */
    amountFen: bigint({ mode: 'number' }).notNull(),
    payer: text().notNull().default(''),
    payerAccount: text().notNull().default(''),
    remark: text().notNull().default(''),
    bankRef: text().notNull().default(''),
    status: text({ enum: BANK_LINE_STATUSES }).notNull().default('open'),
    prestoreId: integer().references(() => prestoreApplications.id),
    matchedBy: integer().references(() => staff.id),
    matchedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('bank_statement_lines_status_idx').on(t.status, t.bookedAt.desc(), t.id.desc()),
    index('bank_statement_lines_statement_idx').on(t.statementId, t.id),
    uniqueIndex('bank_statement_lines_prestore_idx').on(t.prestoreId).where(sql`prestore_id IS NOT NULL`),
  ],
);
