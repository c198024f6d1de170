import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members, staff } from '../accounts/accounts.tables';

/**
 * A member's channels for one kind of service notice (账号设置 → 通知方式): any of sms, email,
 * wechat. No row: the default (wechat when bound and following, else sms; email when on file).
 */
export const noticeChannelChoices = pgTable(
  'notice_channel_choices',
  {
    memberId: integer()
      .notNull()
      .references(() => members.id),
    kind: text().notNull(),
    channels: text().array().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind] })],
);

/** The official account's template for each kind of notice (消息管理 → 公众号模板), set by an admin. */
export const wechatTemplates = pgTable('wechat_templates', {
  kind: text().primaryKey(),
  templateId: text().notNull(),
  /** template field → the notice's parameter */
  fields: jsonb().$type<Record<string, string>>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
  staffId: integer()
    .notNull()
    .references(() => staff.id),
});
