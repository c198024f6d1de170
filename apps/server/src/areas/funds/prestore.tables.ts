import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members, staff } from '../accounts/accounts.tables';
import { communities } from '../member/member.tables';

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
