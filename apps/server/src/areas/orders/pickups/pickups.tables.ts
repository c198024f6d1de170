import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, staff } from '../../accounts/accounts.tables';
import { memberAddresses } from '../../member/member.tables';

/**
 * Home sample pickups (上门取样). The address is copied in, so editing or deleting the
 * address book later does not change a booking. Date and slot are the lab's local
 * (Asia/Shanghai) calendar date and 'HH:mm'.
 */
export const samplings = pgTable(
  'samplings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    /** 1 home pickup (0 self-send books nothing today; kept for the order flow) */
    type: smallint().notNull().default(1),
    pickupDate: date({ mode: 'string' }).notNull(),
    timeSlot: text().notNull(),
    /** the address-book entry used, if any (informational; the copy below is what counts) */
    addressId: integer().references(() => memberAddresses.id, { onDelete: 'set null' }),
    name: text().notNull(),
    phone: text().notNull(),
    province: text().notNull(),
    city: text().notNull(),
    area: text().notNull(),
    addressCode: text().notNull(),
    address: text().notNull(),
    sendAddress: text().notNull(),
    message: text().notNull().default(''),
    status: text({ enum: ['pending', 'collected', 'cancelled'] }).notNull().default('pending'),
    /** the staff member who marked it collected */
    staffId: integer().references(() => staff.id),
    collectedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('samplings_member_idx').on(t.memberId, t.createdAt),
    index('samplings_date_idx').on(t.pickupDate, t.timeSlot),
    // one live booking per member and slot
    uniqueIndex('samplings_member_slot_idx').on(t.memberId, t.pickupDate, t.timeSlot).where(sql`status = 'pending'`),
  ],
);

/** Requests to send samples back (样品回收): pending → sent (staff, with tracking) or cancelled. */
export const sampleRecycles = pgTable(
  'sample_recycles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    /** the order the samples belong to, once orders exist (the ordering issue) */
    orderNo: text(),
    samples: text().notNull(),
    name: text().notNull(),
    phone: text().notNull(),
    province: text().notNull(),
    city: text().notNull(),
    area: text().notNull(),
    addressCode: text().notNull(),
    address: text().notNull(),
    message: text().notNull().default(''),
    status: text({ enum: ['pending', 'sent', 'cancelled'] }).notNull().default('pending'),
    trackingNo: text(),
    staffId: integer().references(() => staff.id),
    handledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sample_recycles_member_idx').on(t.memberId, t.createdAt), index('sample_recycles_status_idx').on(t.status, t.createdAt)],
);
