import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { InstrumentWords, OptionPhrase } from '@lab/contract';
import { staff } from '../accounts/accounts.tables';
import { serviceItems } from './catalog.tables';

/**
 * 论文方法与致谢 (decisions/0058): the instrument behind a service item in Chinese and English
 * (make, model, manufacturer, country, software, the facility, conditions that never change) and
 * a phrase for each option value, which the member's methods paragraph is written from.
 */
export const itemMethods = pgTable('item_methods', {
  itemId: integer()
    .primaryKey()
    .references(() => serviceItems.id),
  zh: jsonb().$type<InstrumentWords>().notNull(),
  en: jsonb().$type<InstrumentWords>().notNull(),
  /** 大型仪器共享平台 or the lab's own number, quoted in the acknowledgement; '' none */
  facilityNo: text().notNull().default(''),
  phrases: jsonb().$type<OptionPhrase[]>().notNull().default([]),
  updatedBy: integer().references(() => staff.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
