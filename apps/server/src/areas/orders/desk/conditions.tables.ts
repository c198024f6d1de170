import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from '../../accounts/accounts.tables';
import { orders } from '../orders.tables';

/** One order line's conditions as used: { optionId: choiceId } and a note in each language. */
export interface UsedConditions {
  choices: Record<string, number>;
  noteZh: string;
  noteEn: string;
}

/**
 * 测试条件确认 (decisions/0058): the conditions the lab actually used, per order line (by the
 * line's rid), confirmed by a lab member — until then the member's methods text is a 草稿. The
 * confirming staff member may consent to be named in the acknowledgement (creditStaffId), with
 * the name in letters for the English sentence.
 */
export const orderConditions = pgTable('order_conditions', {
  orderId: integer()
    .primaryKey()
    .references(() => orders.id),
  lines: jsonb().$type<Record<string, UsedConditions>>().notNull(),
  confirmedBy: integer()
    .notNull()
    .references(() => staff.id),
  confirmedAt: timestamp({ withTimezone: true }).notNull(),
  /** the confirming staff member, when they agreed to be named; null otherwise */
  creditStaffId: integer().references(() => staff.id),
  creditNameEn: text().notNull().default(''),
});
