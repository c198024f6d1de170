import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { reservationStatuses, type ChosenOption, type OrderSample } from '@lab/contract';
import { members, staff } from '../accounts/accounts.tables';
import { serviceItems } from '../catalog/catalog.tables';
import { samplings } from './pickups/pickups.tables';

/**
 * Ordering (PRODUCT.md "Order lifecycle"). The plan (cart) holds lines that point at the
 * catalogue and are priced again whenever read; an order copies each line with the price it
 * was ordered at. Progress and payment are two columns; every change of either is an
 * `order_events` row (actor, time, note), which is the member's timeline.
 */

/** 实验计划: a member's cart lines. Option choices are stored by id and priced on read. */
export const planLines = pgTable(
  'plan_lines',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    itemId: integer()
      .notNull()
      .references(() => serviceItems.id),
    count: integer().notNull(),
    /** { optionId: choiceId } */
    choices: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** a stable text of the choices, so the same item with the same options merges into one line */
    choiceKey: text().notNull().default(''),
    note: text().notNull().default(''),
    /** on-site lines: the wished day and hours, booked when the order is placed */
    reservationDate: date({ mode: 'string' }),
    reservationHours: jsonb().$type<number[]>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plan_lines_member_idx').on(t.memberId, t.id),
    // test lines merge by item and options; reservation lines never merge (their day and hours differ)
    uniqueIndex('plan_lines_merge_idx').on(t.memberId, t.itemId, t.choiceKey).where(sql`reservation_date IS NULL`),
    check('plan_lines_count_positive', sql`${t.count} > 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** the public number: date + random digits, never a sequence */
    orderNo: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    kind: text({ enum: ['test', 'reservation', 'service'] }).notNull().default('test'),
    progress: text({ enum: ['submitted', 'awaiting_sample', 'received', 'testing', 'delivered', 'completed', 'cancelled'] })
      .notNull()
      .default('submitted'),
    payment: text({ enum: ['unpaid', 'unsettled', 'approval', 'paid', 'refunded'] }).notNull().default('unpaid'),
    /** chosen pay-after-test (college member or credit line): testing may start unpaid */
    payLater: boolean().notNull().default(false),
    /** the member's organisation when ordering (2 企业 must prepay in full) */
    organization: smallint(),
    title: text().notNull(),
    lineCount: integer().notNull(),
    sampleCount: integer().notNull(),
    totalFen: bigint({ mode: 'number' }).notNull(),
    discountFen: bigint({ mode: 'number' }).notNull().default(0),
    /** what actually left the funds (total − discount), once paid */
    paidFen: bigint({ mode: 'number' }).notNull().default(0),
    /** where the money came from: member or community, for the refund */
    paidFromKind: text({ enum: ['member', 'community'] }),
    paidFromId: integer(),
    couponId: integer(),
    /** 课题号 / project number (free text, or the grant card's number when paid with one; grants area) */
    projectNo: text().notNull().default(''),
    /** the coupon chosen when ordering (applied at payment) */
    couponRid: text(),
    delivery: text({ enum: ['self', 'pickup'] }).notNull().default('self'),
    samplingId: integer().references(() => samplings.id),
    contact: text().notNull().default(''),
    phone: text().notNull().default(''),
    remark: text().notNull().default(''),
    invoiceType: smallint().notNull().default(0),
    invoiceTitleId: integer(),
    /** assign/wrong */
    disputeReason: text(),
    disputedAt: timestamp({ withTimezone: true }),
    disputeResolved: boolean().notNull().default(false),
    evaluationScore: smallint(),
    evaluationContent: text(),
    evaluatedAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** service promise: the customer manager calls within 2 hours of the sample's arrival */
    managerCalledAt: timestamp({ withTimezone: true }),
    managerCalledBy: integer().references(() => staff.id),
    managerCallNote: text(),
    /** service promise: the data notice (SMS, e-mail, in-site) within 2 hours of delivery; set once it went out */
    dataNotifiedAt: timestamp({ withTimezone: true }),
    /** the member was told, the day before, that this unpaid order will be cancelled (jobs: unpaid-orders) */
    unpaidNoticeAt: timestamp({ withTimezone: true }),
    /** the member was told, the day before, that this delivered order will be confirmed by the system (jobs: auto-confirm); a new delivery clears it */
    autoConfirmNoticeAt: timestamp({ withTimezone: true }),
    /**
     * the raw data is kept until then, later than delivery + 任务设置's retention days: set when a paid
     * extension of the vault (decisions/0053, 0066) kept every file of the order longer; the retention
     * reminder (desk/reminders.service.ts) goes out before this end instead
     */
    retentionUntil: timestamp({ withTimezone: true }),
  },
  (t) => [
    // a member's list, newest first, keyset-paged by (created_at, id)
    index('orders_member_idx').on(t.memberId, t.createdAt.desc(), t.id.desc()),
    index('orders_member_progress_idx').on(t.memberId, t.progress, t.createdAt.desc()),
    index('orders_member_payment_idx').on(t.memberId, t.payment, t.createdAt.desc()),
    index('orders_progress_idx').on(t.progress, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // the back office: filters by payment, order-number prefixes typed at the desk, words of the title
    index('orders_payment_idx').on(t.payment, t.createdAt.desc()),
    index('orders_order_no_prefix_idx').on(t.orderNo.op('text_pattern_ops')),
    index('orders_title_search_idx').using('gin', t.title.op('gin_trgm_ops')),
    // the order desk's sort by total and by payment time
    index('orders_total_idx').on(t.totalFen.desc(), t.id.desc()),
    index('orders_paid_idx').on(t.paidAt.desc(), t.id.desc()),
    // 运营分析 and 大仪考核 (views/analytics, decisions/0055): a range of received or delivered
    // orders read from the index alone (the columns the tiles filter and count by ride along);
    // each customer's first order in one probe
    index('orders_received_idx').on(t.receivedAt, t.id, t.kind, t.progress, t.organization, t.managerCalledAt).where(sql`received_at IS NOT NULL`),
    index('orders_delivered_idx').on(t.deliveredAt, t.receivedAt, t.id, t.kind, t.progress, t.organization, t.dataNotifiedAt).where(sql`delivered_at IS NOT NULL`),
    index('orders_retention_until_idx').on(t.retentionUntil).where(sql`retention_until IS NOT NULL`),
    index('orders_member_first_idx').on(t.memberId, t.createdAt, t.organization).where(sql`progress <> 'cancelled'`),
    check('orders_amounts', sql`${t.totalFen} >= 0 AND ${t.discountFen} >= 0 AND ${t.discountFen} <= ${t.totalFen} AND ${t.paidFen} >= 0`),
    check('orders_evaluation_score', sql`${t.evaluationScore} IS NULL OR ${t.evaluationScore} BETWEEN 1 AND 5`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    itemId: integer()
      .notNull()
      .references(() => serviceItems.id),
    /** copies at order time: what was bought does not change with the catalogue */
    name: text().notNull(),
    img: text().notNull(),
    typeId: smallint().notNull(),
    groupId: integer().notNull(),
    unit: text().notNull(),
    count: integer().notNull(),
    options: jsonb().$type<ChosenOption[]>().notNull().default([]),
    unitPriceFen: bigint({ mode: 'number' }).notNull(),
    amountFen: bigint({ mode: 'number' }).notNull(),
    note: text().notNull().default(''),
    /** samples with their lab codes (<order no>-<line>-<n>) */
    samples: jsonb().$type<(OrderSample & { code: string })[]>().notNull().default([]),
    sort: integer().notNull().default(0),
  },
  // an order's lines in order; what the analytics count per line (item, group, samples) rides along
  (t) => [index('order_lines_order_idx').on(t.orderId, t.sort, t.itemId, t.groupId, t.count), index('order_lines_item_idx').on(t.itemId)],
);

/** The timeline: every change of progress or payment, and notes. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    /** a progress status, or paid | refunded | unsettled | disputed | confirmed_data | evaluated | note */
    status: text().notNull(),
    title: text().notNull(),
    note: text().notNull().default(''),
    actorKind: text({ enum: ['member', 'staff', 'system'] }).notNull(),
    actorId: integer(),
    actorName: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** Report and data files of an order (stored under dataDir/files/reports). */
export const orderFiles = pgTable(
  'order_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    /** report: data/report from the lab; protocol: the member's signed testing agreement */
    kind: text({ enum: ['report', 'protocol'] }).notNull(),
    /** the name shown and used for the download */
    name: text().notNull(),
    storedName: text().notNull(),
    type: text().notNull(),
    size: integer().notNull(),
    staffId: integer().references(() => staff.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_files_order_idx').on(t.orderId, t.kind)],
);

/**
 * On-site instrument time (上门预约). A reservation books one instrument on one day for
 * consecutive hours; each hour is a row of `reservation_slots`, and the partial unique
 * index lets only one live booking hold an hour — the database settles races.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    itemId: integer()
      .notNull()
      .references(() => serviceItems.id),
    orderId: integer().references(() => orders.id),
    day: date({ mode: 'string' }).notNull(),
    hours: jsonb().$type<number[]>().notNull(),
    /** released: an unpaid hold that expired or that staff let go (its hours are free again) */
    status: text({ enum: reservationStatuses }).notNull().default('booked'),
    amountFen: bigint({ mode: 'number' }).notNull(),
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp({ withTimezone: true }),
    /**
     * An unpaid booking is a hold until this instant (booking time + the hold then in force);
     * null once its order is paid or goes pay-after-test, or the lab has received it. A booked
     * row past its hold_until counts as released everywhere (holds.service.ts) even before
     * its status is brought up to date.
     */
    holdUntil: timestamp({ withTimezone: true }),
    /** marked 爽约 by the bookings job: the lab had not started it 30 minutes after its first hour (reservation-jobs.service.ts) */
    noShowAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('reservations_member_idx').on(t.memberId, t.createdAt.desc()),
    index('reservations_item_day_idx').on(t.itemId, t.day),
    index('reservations_hold_idx').on(t.holdUntil).where(sql`status = 'booked' AND hold_until IS NOT NULL`),
    index('reservations_no_show_idx').on(t.memberId, t.noShowAt).where(sql`no_show_at IS NOT NULL`),
  ],
);
