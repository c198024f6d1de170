import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { STAFF_ALERT_KINDS } from '@lab/contract';
import { staff } from '../accounts/accounts.tables';

/**
 * What the background jobs found that staff must act on (a ledger mismatch, a service promise
 * about to fall due): an in-site message to the staff of `role`, shown in the back office
 * until someone marks it handled. `key` names the finding, so a job that runs again (or on a
 * second instance) does not raise it twice.
 */
export const staffAlerts = pgTable(
  'staff_alerts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull().unique(),
    kind: text({ enum: STAFF_ALERT_KINDS }).notNull(),
    /** who should read it: admin, sales, lab, finance */
    role: text({ enum: ['admin', 'sales', 'lab', 'finance'] }).notNull(),
    title: text().notNull(),
    content: text().notNull(),
    /** a back-office path to the object, e.g. /admin/orders/<no> */
    link: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp({ withTimezone: true }),
    handledBy: integer().references(() => staff.id),
  },
  (t) => [index('staff_alerts_open_idx').on(t.role, t.createdAt.desc())],
);
