import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members, staff } from '../areas/accounts/accounts.tables';

/** A file sent with an e-mail: text (a calendar file), written as it is. */
export interface EmailAttachment {
  filename: string;
  /** e.g. text/calendar; charset=utf-8; method=PUBLISH */
  contentType: string;
  content: string;
}

/**
 * Every SMS and e-mail, a row each, so staff and tests can read what a member was told. The
 * row is written in the transaction of the change it reports (status 'queued') and a job
 * hands it to the provider (platform/outbox.ts): 'sent', or 'failed' once the last retry failed
 * (a dead letter, listed in the back office with 重新发送). Rows written before the job queue
 * existed, and the demo seed's, are 'sent'.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** wechat: an official-account template message (recipient the openid), sent by SMS to fallbackPhone when the follower left (43004) */
    channel: text({ enum: ['sms', 'email', 'wechat'] }).notNull(),
    recipient: text().notNull(),
    template: text().notNull(),
    params: jsonb().$type<Record<string, string | number>>().notNull(),
    body: text().notNull(),
    provider: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: text({ enum: ['queued', 'sent', 'failed'] }).notNull().default('sent'),
    /** tries at the provider so far */
    attempts: integer().notNull().default(0),
    /** the provider's answer to the last failed try */
    lastError: text(),
    /** the last try, sent or not */
    triedAt: timestamp({ withTimezone: true }),
    /** a WeChat row: the vendor's template (公众号模板ID); `params` are then the template's fields */
    vendorTemplate: text(),
    /** a WeChat row: the phone its SMS goes to when WeChat cannot deliver it (unsubscribed) */
    fallbackPhone: text(),
    /** an e-mail row: the files sent with it (a booking's .ics) */
    attachments: jsonb().$type<EmailAttachment[]>(),
  },
  (t) => [
    index('outbox_recipient_idx').on(t.recipient, t.createdAt),
    index('outbox_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('outbox_status_idx').on(t.status, t.createdAt).where(sql`status <> 'sent'`),
  ],
);

/** Rate-limit counters shared by every server instance (fixed windows). */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The audit trail: one row per successful staff call that changed data, with the
 * object as it was before and after. Written by the audit hook (platform/audit.ts) from the
 * route's `config.audit`; never updated or deleted (a trigger refuses both). A member's own
 * privacy actions (导出我的数据, 注销账号) are rows too: member_id set, staff_id null, staff_name
 * '会员#<id>' and staff_role 'member' (platform/member-audit.ts).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** the staff member who acted; null on a member's own row */
    staffId: integer().references(() => staff.id),
    /** the member who acted on their own data (privacy rows); null on a staff row */
    memberId: integer().references(() => members.id),
    /** copies at the time, so a renamed or removed account still reads right */
    staffName: text().notNull(),
    staffRole: text().notNull(),
    /** the route's action key, e.g. orders.receive */
    action: text().notNull(),
    /** what a person reads: 确认收样 */
    actionLabel: text().notNull(),
    /** the kind of object changed: order, banner, staff … */
    entity: text().notNull(),
    /** the object's public key (order number, rid or id) */
    targetKey: text(),
    /** the request's fields, secrets and file contents left out */
    input: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    before: jsonb().$type<unknown>(),
    after: jsonb().$type<unknown>(),
    ip: text(),
    requestId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_staff_idx').on(t.staffId, t.createdAt.desc()),
    index('audit_log_target_idx').on(t.entity, t.targetKey, t.createdAt.desc()),
    // 注销账号 finds the rows about a member's objects by their keys, whatever the entity (65-privacy/erasure.ts)
    index('audit_log_target_key_idx').on(t.targetKey).where(sql`target_key IS NOT NULL`),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc()),
    index('audit_log_member_idx').on(t.memberId, t.action, t.createdAt.desc()).where(sql`member_id IS NOT NULL`),
    check('audit_log_one_actor', sql`(${t.staffId} IS NULL) <> (${t.memberId} IS NULL)`),
  ],
);
