import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sampleStates } from '@lab/contract';
import { serviceItems } from '../../catalog/catalog.tables';
import { orderLines, orders } from '../orders.tables';

/**
 * Each sample of an order with its own state (PRODUCT.md "Samples, queues and estimates"). The
 * order line keeps what the member ordered (name, form, marks, code) as it always did; this row
 * is where the sample is in the lab. Rows are written when the order is placed; an order placed
 * before they existed gets them the first time the desk moves one of its samples (until then
 * its samples read as the order's progress says).
 */
export const orderSamples = pgTable(
  'order_samples',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    lineId: integer()
      .notNull()
      .references(() => orderLines.id),
    /** the instrument (catalogue test item) whose queue the sample waits in */
    itemId: integer()
      .notNull()
      .references(() => serviceItems.id),
    /** the label's code: <order no>-<line>-<n> */
    code: text().notNull().unique(),
    state: text({ enum: sampleStates }).notNull().default('awaiting'),
    /** when it entered its state (null: nothing happened to it yet) */
    stateAt: timestamp({ withTimezone: true }),
    /** its place in the instrument's queue while 排队中 (smaller first); null otherwise */
    queuePos: integer(),
    /** when it last went on the instrument (上机中), and when its data came out: the estimates' service times */
    ranAt: timestamp({ withTimezone: true }),
    dataOutAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_samples_order_idx').on(t.orderId, t.id),
    index('order_samples_line_state_idx').on(t.lineId, t.state),
    // 排队看板 and the estimates: one instrument's queue in order
    index('order_samples_queue_idx').on(t.itemId, t.queuePos, t.id).where(sql`state = 'queued'`),
    // the estimates' service times: an instrument's samples whose data came out lately, read from the index alone
    index('order_samples_service_idx').on(t.itemId, t.dataOutAt, t.ranAt).where(sql`data_out_at IS NOT NULL`),
  ],
);

/** Every move of a sample: from, to, who and when (the desk's history; the audit log has the staff's requests). */
export const sampleEvents = pgTable(
  'sample_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sampleId: integer()
      .notNull()
      .references(() => orderSamples.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    fromState: text({ enum: sampleStates }),
    toState: text({ enum: sampleStates }).notNull(),
    note: text().notNull().default(''),
    actorKind: text({ enum: ['member', 'staff', 'system'] }).notNull(),
    actorId: integer(),
    actorName: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sample_events_order_idx').on(t.orderId, t.id),
    // the estimates' service times: the data delivered in the last 60 days, and each sample's moves
    index('sample_events_state_idx').on(t.toState, t.createdAt),
    index('sample_events_sample_idx').on(t.sampleId, t.toState, t.createdAt),
    check('sample_events_moves', sql`${t.fromState} IS DISTINCT FROM ${t.toState}`),
  ],
);
