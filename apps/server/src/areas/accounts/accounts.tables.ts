import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const members = pgTable(
  'members',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    phone: text().notNull().unique(),
    /** null for a member who only ever logged in by SMS or QR */
    passwordHash: text(),
    nickname: text().notNull(),
    name: text(),
    email: text(),
    /** 0 student, 3 teacher, 1 individual, 2 enterprise */
    organization: smallint(),
    company: text(),
    inviteCode: text().notNull().unique(),
    inviterId: integer(),
    /** the customer manager (a sales staff member) looking after this member */
    adviserStaffId: integer().references((): AnyPgColumn => staff.id),
    disabled: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp({ withTimezone: true }),
    /**
     * 注销账号 (PIPL art. 47): set once the member closed the account themself. The row stays
     * (orders, invoices and ledger entries point at it; 会计档案 are kept 30 years) but its
     * personal fields are erased: phone becomes 已注销用户#<id>, so the number can register again.
     */
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('members_closed_idx').on(t.closedAt.desc()).where(sql`closed_at IS NOT NULL`),
    index('members_inviter_idx').on(t.inviterId),
    index('members_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // the back office's member table: sort by last login, words of a name or unit
    index('members_last_login_idx').on(t.lastLoginAt.desc(), t.id.desc()),
    index('members_name_search_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('members_nickname_search_idx').using('gin', t.nickname.op('gin_trgm_ops')),
    index('members_company_search_idx').using('gin', t.company.op('gin_trgm_ops')),
  ],
);

export const staff = pgTable('staff', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  account: text().notNull().unique(),
  phone: text().unique(),
  name: text().notNull(),
  role: text({ enum: ['admin', 'sales', 'lab', 'finance'] }).notNull(),
  passwordHash: text().notNull(),
  disabled: boolean().notNull().default(false),
  /** the demo seed's accounts (README passwords, published TOTP secrets): refused outside demo mode */
  demoCredentials: boolean().notNull().default(false),
  /** the TOTP secret, sealed (platform/secret-box); null until the person has set it up */
  totpSecret: text(),
  totpEnabledAt: timestamp({ withTimezone: true }),
  /** the last TOTP time step accepted: a code is good once (replay within its window refused) */
  totpLastStep: integer(),
  /** the one-time setup code (绑定码) an admin handed over at an authenticator reset, SHA-256; cleared when used */
  totpSetupCodeHash: text(),
  totpSetupCodeExpiresAt: timestamp({ withTimezone: true }),
  /**
   * when an admin (or staff:create) last set the password. Until the person's next login it is a
   * secret just handed over, and binds an authenticator alone; a password used before needs a setup
   * code (docs/decisions/0033-authenticator-setup-code.md). Null on rows from before the column: used.
   */
  passwordSetAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp({ withTimezone: true }),
});

/** One-time recovery codes of a staff member's second factor, kept only as SHA-256. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer()
      .notNull()
      .references(() => staff.id),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);

/**
 * The step between a staff member's first factor (password or SMS) and the session: a
 * random challenge, stored hashed, good for a few minutes and once. `setup` carries the
 * secret being set up (sealed) until it is confirmed with a code. Codes are counted per
 * challenge (`attempts`, claimed before the check; `failures`, the wrong ones), so a stranger
 * who knows the password spends their own challenges, never the owner's.
 */
export const staffLoginChallenges = pgTable(
  'staff_login_challenges',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull().unique(),
    staffId: integer()
      .notNull()
      .references(() => staff.id),
    stage: text({ enum: ['totp', 'setup'] }).notNull(),
    /** the first factor behind it: password logins are held when an account's codes fail too often, the owner's SMS logins are not */
    via: text({ enum: ['password', 'sms'] }).notNull().default('password'),
    attempts: integer().notNull().default(0),
    failures: integer().notNull().default(0),
    /** setup: the hash of the setup code this challenge proved (the binding then needs it to be still the account's) */
    setupCodeHash: text(),
    pendingSecret: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_login_challenges_staff_idx').on(t.staffId, t.createdAt)],
);

/**
 * One row per issued token pair. Refreshing marks the row replaced and issues a new row in
 * the same family; presenting a replaced refresh token again revokes the whole family.
 * Tokens are random and kept only as SHA-256 hashes.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    subjectKind: text({ enum: ['member', 'staff'] }).notNull(),
    subjectId: integer().notNull(),
    familyId: uuid().notNull(),
    accessHash: text().notNull(),
    accessExpiresAt: timestamp({ withTimezone: true }).notNull(),
    refreshHash: text().notNull(),
    refreshExpiresAt: timestamp({ withTimezone: true }).notNull(),
    replacedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_sessions_access_idx').on(t.accessHash),
    uniqueIndex('auth_sessions_refresh_idx').on(t.refreshHash),
    index('auth_sessions_family_idx').on(t.familyId),
    index('auth_sessions_subject_idx').on(t.subjectKind, t.subjectId),
  ],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    phone: text().notNull(),
    /** useFor: 0 register, 1 reset, 3 login */
    purpose: smallint().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt)],
);

/** Failed password logins per account, for the 5-in-15-minutes hold. */
export const loginGuards = pgTable('login_guards', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  lockedUntil: timestamp({ withTimezone: true }),
});

/** WeChat-style QR login tickets: waiting → scanned → confirmed → consumed, or expired. */
export const wxTickets = pgTable(
  'wx_tickets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ticketHash: text().notNull().unique(),
    status: text({ enum: ['waiting', 'scanned', 'confirmed', 'consumed'] }).notNull().default('waiting'),
    memberId: integer(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** the desktop that asked: shown on the phone before the member confirms */
    ip: text(),
    userAgent: text(),
    /** with the official account: the parametric QR code's scene (its events name it) */
    scene: text().unique(),
    /** with the official account: who scanned, while they have no member bound (status scanned: 绑定手机号) */
    openid: text(),
    /** a staff member's 微信提醒 QR code (scene staff_…): the WeChat that scans it is bound to them */
    staffId: integer(),
  },
  (t) => [index('wx_tickets_created_idx').on(t.createdAt).where(sql`status <> 'consumed'`)],
);

/**
 * A member's WeChat (the official account's openid), bound at their first scan with the phone and
 * an SMS code; a later scan logs them in at once. One WeChat per member and one member per WeChat;
 * 解除绑定 in 账号设置 deletes the row. `subscribed` follows the account's 关注/取消关注 events:
 * notices to an unsubscribed follower go by SMS.
 */
export const wxBindings = pgTable('wx_bindings', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  memberId: integer()
    .notNull()
    .unique()
    .references(() => members.id),
  appId: text().notNull(),
  openid: text().notNull().unique(),
  subscribed: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * A staff member's WeChat for the promise alerts (docs/decisions/0056-wechat-staff-alerts-and-subscriptions.md),
 * bound by scanning the back office's 微信提醒 QR code; one WeChat per staff member and one staff
 * member per WeChat (a member's own binding is apart: wx_bindings). `subscribed` follows 关注/取消关注.
 */
export const staffWxBindings = pgTable('staff_wx_bindings', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  staffId: integer()
    .notNull()
    .unique()
    .references(() => staff.id),
  appId: text().notNull(),
  openid: text().notNull().unique(),
  subscribed: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});
