import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CouponScope } from '@lab/contract';
import { members, staff } from '../accounts/accounts.tables';

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
    /** 新用户券: every new member gets one at registration (stock and validity as for a claim) */
    newMembers: boolean().notNull().default(false),
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
