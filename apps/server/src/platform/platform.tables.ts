import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Messages the local SMS and e-mail providers "send": a row each, so staff and tests can
 * read what a member would have received. A real provider sends and records here too.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    channel: text({ enum: ['sms', 'email'] }).notNull(),
    recipient: text().notNull(),
    template: text().notNull(),
    params: jsonb().$type<Record<string, string | number>>().notNull(),
    body: text().notNull(),
    provider: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

/** Rate-limit counters shared by every server instance (fixed windows). */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});
