import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ENTRY_TYPES, type CouponScope } from '@lab/contract';
import { members, staff } from '../accounts/accounts.tables';
import { communities } from '../member/member.tables';

/**
 * Money (PRODUCT.md "Money (one ledger)"). An account belongs to a member or a community
 * and holds one kind of value (prepaid funds, rebates, points). Its balance is a cached sum
 * of its ledger entries, changed only by `postEntry` (or its one-statement debit `bookDebit`) in the same transaction as the entry,
 * guarded so it never goes below zero (and a CHECK as the last line). Entries are immutable:
 * a trigger (migration 0006_ledger_guards) refuses UPDATE, DELETE and TRUNCATE.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ownerKind: text({ enum: ['member', 'community'] }).notNull(),
    /** members.id or communities.id */
    ownerId: integer().notNull(),
    kind: text({ enum: ['prestore', 'rebate', 'points'] }).notNull(),
    balanceFen: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_owner_idx').on(t.ownerKind, t.ownerId, t.kind), check('accounts_balance_not_negative', sql`${t.balanceFen} >= 0`)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id),
    /** signed: + in, − out */
    amountFen: bigint({ mode: 'number' }).notNull(),
    balanceAfterFen: bigint({ mode: 'number' }).notNull(),
    type: text({ enum: ENTRY_TYPES }).notNull(),
    /** the business object booked (prestore:<rid>, order:<no>, transfer:<rid>, …); booked once per account and type */
    reference: text().notNull(),
    note: text().notNull().default(''),
    actorKind: text({ enum: ['member', 'staff', 'system'] }).notNull(),
    actorId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_reference_idx').on(t.accountId, t.type, t.reference),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    check('ledger_entries_amount_not_zero', sql`${t.amountFen} <> 0`),
  ],
);

/** Prestore bonus tiers (满 X 赠 Y%): the highest tier a top-up reaches applies. */
export const prestoreRules = pgTable('prestore_rules', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  thresholdFen: bigint({ mode: 'number' }).notNull(),
  bonusRateBp: integer().notNull().default(0),
  bonusFen: bigint({ mode: 'number' }).notNull().default(0),
  active: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Settings of the money area (one row, id 1): the lab's bank account, limits. Code defaults apply without it. */
export const fundsSettings = pgTable('funds_settings', {
  id: integer().primaryKey(),
  bankAccountName: text().notNull(),
  bankName: text().notNull(),
  bankAccountNo: text().notNull(),
  minTopupFen: bigint({ mode: 'number' }).notNull(),
  transferApprovalFen: bigint({ mode: 'number' }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** 预存申请: pending → confirmed (finance, funds posted) | refused | cancelled (member). */
export const prestoreApplications = pgTable(
  'prestore_applications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    applyNo: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    /** a community the member owns, topped up instead of the member's own account */
    communityId: integer().references(() => communities.id),
    amountFen: bigint({ mode: 'number' }).notNull(),
    bonusFen: bigint({ mode: 'number' }).notNull().default(0),
    payer: text().notNull().default(''),
    remark: text().notNull().default(''),
    status: text({ enum: ['pending', 'confirmed', 'refused', 'cancelled'] }).notNull().default('pending'),
    /** server-chosen file name under dataDir/files/receipts */
    receiptFile: text(),
    receiptType: text(),
    refuseReason: text(),
    staffId: integer().references(() => staff.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
    /** bumped by a trigger on every change (migration 0013): what a staff decision pins */
    version: integer().notNull().default(1),
  },
  (t) => [
    index('prestore_applications_member_idx').on(t.memberId, t.createdAt),
    index('prestore_applications_status_idx').on(t.status, t.createdAt),
    // the 全部 tab of 预存审核, newest first
    index('prestore_applications_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('prestore_amount_positive', sql`${t.amountFen} > 0`),
  ],
);

/** Moving funds between a member's own account and a community they own (or back). */
export const transferApplications = pgTable(
  'transfer_applications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    communityId: integer()
      .notNull()
      .references(() => communities.id),
    direction: text({ enum: ['toCommunity', 'toMember'] }).notNull(),
    amountFen: bigint({ mode: 'number' }).notNull(),
    remark: text().notNull().default(''),
    status: text({ enum: ['pending', 'done', 'refused', 'cancelled'] }).notNull().default('pending'),
    refuseReason: text(),
    staffId: integer().references(() => staff.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp({ withTimezone: true }),
    decidedAt: timestamp({ withTimezone: true }),
    /** bumped by a trigger on every change (migration 0013): what a staff decision pins */
    version: integer().notNull().default(1),
  },
  (t) => [index('transfer_applications_member_idx').on(t.memberId, t.createdAt), index('transfer_applications_status_idx').on(t.status), check('transfer_amount_positive', sql`${t.amountFen} > 0`)],
);

/** Coupon templates: what a coupon is worth, where and when, and who may claim how many. */
export const couponTemplates = pgTable(
  'coupon_templates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    name: text().notNull(),
    description: text().notNull().default(''),
    amountFen: bigint({ mode: 'number' }),
    /** basis points off: 1000 = 10% off (9折) */
    offRateBp: integer(),
    thresholdFen: bigint({ mode: 'number' }).notNull().default(0),
    scope: jsonb().$type<CouponScope>().notNull().default({ kind: 'all' }),
    validFrom: timestamp({ withTimezone: true }),
    validTo: timestamp({ withTimezone: true }),
    /** valid this many days after claiming (instead of the fixed window) */
    validDays: integer(),
    /** null: unlimited */
    totalStock: integer(),
    claimedCount: integer().notNull().default(0),
    perMemberLimit: integer().notNull().default(1),
    /** false: staff issue only */
    claimable: boolean().notNull().default(true),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coupon_value', sql`(${t.amountFen} is not null and ${t.amountFen} > 0) or (${t.offRateBp} is not null and ${t.offRateBp} > 0 and ${t.offRateBp} < 10000)`),
    check('coupon_stock', sql`${t.totalStock} is null or ${t.claimedCount} <= ${t.totalStock}`),
  ],
);

/** A coupon a member holds; status unused → used (single use, guarded update); expiry is computed from valid_to. */
export const memberCoupons = pgTable(
  'member_coupons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    templateId: integer()
      .notNull()
      .references(() => couponTemplates.id),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    status: text({ enum: ['unused', 'used'] }).notNull().default('unused'),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    validTo: timestamp({ withTimezone: true }).notNull(),
    /** staff id when issued by staff */
    issuedBy: integer().references(() => staff.id),
    usedAt: timestamp({ withTimezone: true }),
    usedReference: text(),
    discountFen: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_coupons_member_idx').on(t.memberId, t.status, t.validTo), index('member_coupons_template_idx').on(t.templateId, t.memberId)],
);

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

/** Applications for a pay-after-test credit line (teachers and enterprises). */
export const creditApplications = pgTable(
  'credit_applications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    organization: smallint().notNull(),
    requestedFen: bigint({ mode: 'number' }).notNull(),
    approvedFen: bigint({ mode: 'number' }),
    reason: text().notNull(),
    contact: text(),
    status: text({ enum: ['pending', 'approved', 'refused', 'cancelled'] }).notNull().default('pending'),
    decisionNote: text(),
    staffId: integer().references(() => staff.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
    /** bumped by a trigger on every change (migration 0013): what a staff decision pins */
    version: integer().notNull().default(1),
  },
  (t) => [index('credit_applications_member_idx').on(t.memberId, t.createdAt), uniqueIndex('credit_applications_one_pending_idx').on(t.memberId).where(sql`status = 'pending'`)],
);

/** The member's approved credit line; the ordering issue reads it (getCreditLine). */
export const creditLines = pgTable('credit_lines', {
  memberId: integer()
    .primaryKey()
    .references(() => members.id),
  limitFen: bigint({ mode: 'number' }).notNull(),
  applicationId: integer().references(() => creditApplications.id),
  staffId: integer().references(() => staff.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
