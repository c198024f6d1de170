import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, staff } from '../accounts/accounts.tables';

/** Invoice titles (抬头) per member; one default, held by a partial unique index. */
export const invoiceTitles = pgTable(
  'invoice_titles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    kind: text({ enum: ['personal', 'unit'] }).notNull(),
    title: text().notNull(),
    taxNo: text(),
    bank: text(),
    bankAccount: text(),
    address: text(),
    phone: text(),
    email: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_titles_member_idx').on(t.memberId), uniqueIndex('invoice_titles_one_default_idx').on(t.memberId).where(sql`is_default`)],
);

export interface TitleSnapshot {
  kind: 'personal' | 'unit';
  title: string;
  tax_no: string | null;
  bank: string | null;
  bank_account: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
}

/**
 * 开票申请: pending → issued (number, date, file) | rejected (reason) | void (every fen it covered
 * was refunded before it was issued; the reason in reject_reason). The title is copied in. An
 * issued invoice whose money was refunded (in part or whole) gets an invoice_red_letters row
 * per refunded item: the 红冲 finance still owes.
 */
export const invoiceApplications = pgTable(
  'invoice_applications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    type: smallint().notNull(),
    title: jsonb().$type<TitleSnapshot>().notNull(),
    amountFen: bigint({ mode: 'number' }).notNull(),
    email: text(),
    receiver: text(),
    receiverPhone: text(),
    receiverAddress: text(),
    remark: text().notNull().default(''),
    status: text({ enum: ['pending', 'issued', 'rejected', 'void'] }).notNull().default('pending'),
    invoiceNo: text(),
    issuedOn: date({ mode: 'string' }),
    fileName: text(),
    fileType: text(),
    rejectReason: text(),
    staffId: integer().references(() => staff.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
    /** bumped by a trigger on every change (migration 0013): what a staff decision pins */
    version: integer().notNull().default(1),
  },
  (t) => [index('invoice_applications_member_idx').on(t.memberId, t.createdAt), index('invoice_applications_status_idx').on(t.status, t.createdAt)],
);

/**
 * What an invoice application covers: a confirmed top-up (source_kind prestore, source_ref
 * its rid) or, with the ordering issue, a paid order (order, its number). The partial unique
 * index over active rows makes invoicing the same money twice impossible; a rejected
 * application's items turn inactive, freeing the money for a new application. A refund of the
 * money marks its item (refunded_at, refund_note): on a pending application the item turns
 * inactive and leaves it (invoices.service voidRefundedSource); on an issued one it stays, and
 * the application waits for its 红冲.
 */
export const invoiceApplicationItems = pgTable(
  'invoice_application_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer()
      .notNull()
      .references(() => invoiceApplications.id),
    sourceKind: text({ enum: ['prestore', 'order', 'online'] }).notNull(),
    sourceRef: text().notNull(),
    amountFen: bigint({ mode: 'number' }).notNull(),
    active: boolean().notNull().default(true),
    refundedAt: timestamp({ withTimezone: true }),
    refundNote: text(),
  },
  (t) => [uniqueIndex('invoice_items_once_idx').on(t.sourceKind, t.sourceRef).where(sql`active`), index('invoice_items_application_idx').on(t.applicationId)],
);

/**
 * 红冲: a refund of money an issued invoice covered (one row per refunded item: an order
 * cancelled and refunded after its invoice was issued). needed → done when finance records the
 * red-letter invoice (红字发票) in the tax system's numbers; the blue invoice minus its done red
 * letters is what stays invoiced.
 */
export const invoiceRedLetters = pgTable(
  'invoice_red_letters',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer()
      .notNull()
      .references(() => invoiceApplications.id),
    itemId: integer()
      .notNull()
      .unique()
      .references(() => invoiceApplicationItems.id),
    amountFen: bigint({ mode: 'number' }).notNull(),
    /** what was refunded, in words: 订单 KY… 已取消，退款 ¥… */
    reason: text().notNull(),
    status: text({ enum: ['needed', 'done'] }).notNull().default('needed'),
    redInvoiceNo: text(),
    redIssuedOn: date({ mode: 'string' }),
    staffId: integer().references(() => staff.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('invoice_red_letters_application_idx').on(t.applicationId),
    index('invoice_red_letters_needed_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'needed'`),
    check('invoice_red_letters_amount', sql`${t.amountFen} > 0`),
    check('invoice_red_letters_done', sql`${t.status} = 'needed' or (${t.redInvoiceNo} is not null and ${t.redIssuedOn} is not null and ${t.doneAt} is not null)`),
  ],
);
