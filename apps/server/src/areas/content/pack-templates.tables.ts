import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { packTemplateKeys } from '@lab/contract';
import { staff } from '../accounts/accounts.tables';

/**
 * 系统 → 报销模板 (decisions/0050-reimbursement-pack.md): admin's changes to the reimbursement pack's
 * templates, one row per template key; a key without a row uses the built-in default
 * (pack-templates.service.ts). Amounts in fen.
 */
export const reimbursementTemplates = pgTable('reimbursement_templates', {
  key: text({ enum: packTemplateKeys }).primaryKey(),
  name: text().notNull(),
  rule: text().notNull(),
  contractFromFen: bigint({ mode: 'number' }).notNull(),
  proofFromFen: bigint({ mode: 'number' }).notNull(),
  updatedBy: integer().references(() => staff.id),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});
