import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, staff } from '../accounts/accounts.tables';

/**
 * The member area: attestation, addresses, home sample pickups, requests to return samples
 * and research communities. Every member-owned row carries member_id and is always read
 * together with it, so another member's rid answers 404.
 */

/**
 * The attestation (资料认证) beyond what `members` holds (name, email, organization,
 * company live there): the advisor and the shipping region. One row per member.
 */
export const memberProfiles = pgTable('member_profiles', {
  memberId: integer()
    .primaryKey()
    .references(() => members.id),
  teacher: text(),
  teacherPhone: text(),
  teacherMail: text(),
  province: text(),
  city: text(),
  area: text(),
  addressCode: text(),
  address: text(),
  attestedAt: timestamp({ withTimezone: true }),
  /** the lab's review of the attestation: none (never submitted) → pending → approved | refused; a new submission is pending again */
  reviewStatus: text({ enum: ['none', 'pending', 'approved', 'refused'] }).notNull().default('none'),
  reviewNote: text(),
  reviewedAt: timestamp({ withTimezone: true }),
  reviewedBy: integer().references(() => staff.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('member_profiles_review_idx').on(t.reviewStatus, t.attestedAt)]);

/**
 * 申请老师认证: a member (学生 or not attested) asks sales to attest them as 老师. pending →
 * approved (members.organization becomes 3) | refused (review_note says why; the member may ask
 * again). At most one pending request per member, held by a partial unique index.
 */
export const teacherRequests = pgTable(
  'teacher_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    /** what the member wrote for sales ('' when nothing) */
    note: text().notNull().default(''),
    status: text({ enum: ['pending', 'approved', 'refused'] }).notNull().default('pending'),
    reviewNote: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: integer().references(() => staff.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('teacher_requests_one_open_idx').on(t.memberId).where(sql`status = 'pending'`),
    index('teacher_requests_member_idx').on(t.memberId, t.createdAt),
    index('teacher_requests_status_idx').on(t.status, t.createdAt),
  ],
);

/** Address book. At most one default per member, held by a partial unique index. */
export const memberAddresses = pgTable(
  'member_addresses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    name: text().notNull(),
    phone: text().notNull(),
    province: text().notNull(),
    city: text().notNull(),
    area: text().notNull(),
    /** 6-digit code of the leaf region chosen (district, or a city without districts) */
    addressCode: text().notNull(),
    address: text().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_addresses_member_idx').on(t.memberId, t.createdAt),
    uniqueIndex('member_addresses_one_default_idx').on(t.memberId).where(sql`is_default`),
  ],
);

/**
 * Research communities (科研团体 / 课题组): a teacher owns one, members join after the
 * owner's approval. owner_member_id is the current owner (transfer moves it, together with
 * the memberships' roles, in one transaction).
 *
 * Money: the community holds its own prepaid funds. The funds issue owns the ledger; its
 * accounts reference communities.id (an account belongs to a member OR a community), and
 * orders paid for a member by a community (the ordering issue) record community_id and the
 * paying membership. A community is never deleted, only dissolved (status), so those
 * references stay valid; dissolving one with a balance must be refused by the funds issue.
 */
export const communities = pgTable(
  'communities',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    name: text().notNull(),
    /** the organisation / unit the group belongs to (e.g. a university's school) */
    unit: text().notNull(),
    description: text().notNull().default(''),
    ownerMemberId: integer()
      .notNull()
      .references(() => members.id),
    status: text({ enum: ['active', 'dissolved'] }).notNull().default('active'),
    /** the lab's review: only approved communities are found by others in cluster/search */
    reviewStatus: text({ enum: ['pending', 'approved', 'refused'] }).notNull().default('pending'),
    reviewNote: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: integer().references(() => staff.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dissolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('communities_owner_idx').on(t.ownerMemberId),
    index('communities_review_idx').on(t.reviewStatus, t.createdAt),
    // an owner cannot run two live communities of the same name
    uniqueIndex('communities_owner_name_idx').on(t.ownerMemberId, t.name).where(sql`status = 'active'`),
  ],
);

/**
 * Who belongs to a community: one row per member and community, its history in status
 * (pending → approved | refused; approved → removed; refused/removed → pending again on a
 * new application). Exactly one approved owner per community. A payment by the community
 * for a member's order (the ordering issue) must check an approved row here.
 */
export const communityMembers = pgTable(
  'community_members',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    communityId: integer()
      .notNull()
      .references(() => communities.id),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    role: text({ enum: ['owner', 'member'] }).notNull().default('member'),
    status: text({ enum: ['pending', 'approved', 'refused', 'removed'] }).notNull().default('pending'),
    /** the applicant's note */
    message: text().notNull().default(''),
    appliedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
    /** the member (owner) who decided, added or removed */
    decidedBy: integer().references(() => members.id),
  },
  (t) => [
    uniqueIndex('community_members_pair_idx').on(t.communityId, t.memberId),
    index('community_members_member_idx').on(t.memberId, t.status),
    uniqueIndex('community_members_one_owner_idx').on(t.communityId).where(sql`role = 'owner' and status = 'approved'`),
  ],
);
