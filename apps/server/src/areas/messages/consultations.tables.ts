import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Consultations left by visitors on the home page (indexMsg/add), for staff to follow up. */
export const consultations = pgTable(
  'consultations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    phone: text().notNull(),
    company: text(),
    content: text().notNull(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp({ withTimezone: true }),
    handledBy: integer(),
    /** staff's answer; a member with this phone reads it among their in-site messages */
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('consultations_created_idx').on(t.createdAt), index('consultations_phone_idx').on(t.phone)],
);
