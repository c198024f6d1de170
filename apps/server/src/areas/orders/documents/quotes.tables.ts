import { bigint, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { ChosenOption } from '@lab/contract';
import { members } from '../../accounts/accounts.tables';
import { orders } from '../orders.tables';
import { requirements } from '../requirements.tables';
import { sealedDocuments } from './documents.tables';

/** One quoted line: the item and its choices as in the plan, and the price the quote holds. */
export interface QuotedLine {
  itemId: number;
  /** pricing.ts choiceKey of the choices: a plan line with the same item and key is ordered at unitPriceFen */
  choiceKey: string;
  name: string;
  unit: string;
  count: number;
  options: ChosenOption[];
  unitPriceFen: number;
  amountFen: number;
}

/**
 * 报价单: the lines and prices a sealed quote (sealed_documents, kind quote) holds until it expires.
 * Ordering with its number (orders/add quote_no) prices the matching plan lines at the quoted
 * unit prices and marks the document 已转订单.
 */
export const quotes = pgTable('quotes', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  documentId: integer()
    .notNull()
    .unique()
    .references(() => sealedDocuments.id),
  memberId: integer()
    .notNull()
    .references(() => members.id),
  lines: jsonb().$type<QuotedLine[]>().notNull(),
  totalFen: bigint({ mode: 'number' }).notNull(),
  /** a requirement's quote (staff quoted it); null: the member's plan */
  requirementId: integer().references(() => requirements.id),
  orderId: integer().references(() => orders.id),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});
