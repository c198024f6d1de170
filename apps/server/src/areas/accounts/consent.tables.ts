import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, staff } from './accounts.tables';

/**
 * The published versions of the site's agreements (用户协议, 隐私政策, 委托检测服务条款). A
 * version is never changed once published (a trigger refuses update and delete): staff publish
 * a new one, and what a member agreed to stays readable word for word.
 */
export const agreementVersions = pgTable(
  'agreement_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** 'user' 用户协议, 'privacy' 隐私政策, 'service' 委托检测服务条款 */
    kind: text({ enum: ['user', 'privacy', 'service'] }).notNull(),
    /** 1, 2, 3… per kind */
    version: integer().notNull(),
    title: text().notNull(),
    /** the text, cleaned HTML */
    body: text().notNull(),
    /** what changed against the previous version, shown when members are asked again */
    summary: text().notNull().default(''),
    /** the day the version takes effect (its date on the public page) */
    effectiveAt: timestamp({ withTimezone: true }).notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** null for the seed's first versions */
    publishedBy: integer().references(() => staff.id),
  },
  (t) => [uniqueIndex('agreement_versions_kind_version_idx').on(t.kind, t.version)],
);

/**
 * Every consent a member gave or withdrew (个人信息保护法 art. 14, 15): to a version of an
 * agreement at registration or when asked again, or to an optional purpose (marketing SMS).
 * Rows are only added — a withdrawal is a row with granted false — so the history is the
 * proof; the latest row per member and purpose is the current state.
 */
export const memberConsents = pgTable(
  'member_consents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    /** an agreement kind, or 'marketing_sms' */
    purpose: text({ enum: ['user', 'privacy', 'service', 'marketing_sms'] }).notNull(),
    /** the agreement version agreed to; null for marketing_sms */
    versionId: integer().references(() => agreementVersions.id),
    version: integer(),
    granted: boolean().notNull(),
    /** where it was given: registration path, asked again, or the member's settings */
    channel: text({ enum: ['sms', 'password', 'wechat', 'invite', 're-consent', 'settings'] }).notNull(),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_consents_member_idx').on(t.memberId, t.purpose, t.createdAt.desc(), t.id.desc())],
);
