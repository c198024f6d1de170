import { boolean, date, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from '../accounts/accounts.tables';

/** 热门专区 on the home page. */
export const hotAreas = pgTable('hot_areas', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  img: text().notNull(),
  sketch: text().notNull().default(''),
  title: text().notNull(),
  typeId: smallint().notNull(),
  sort: integer().notNull().default(0),
  visible: boolean().notNull().default(true),
});

export const banners = pgTable('banners', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  img: text().notNull(),
  redirect: text(),
  title: text(),
  description: text(),
  sort: integer().notNull().default(0),
  visible: boolean().notNull().default(true),
});

/**
 * 资质证书 on /license. Hidden publicly once past valid_to (lab calendar); a `demo` row is an
 * illustration (演示数据): the public site shows it as 示例证书 and never its number.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    img: text().notNull(),
    number: text().notNull(),
    issuer: text().notNull(),
    scope: text().notNull().default(''),
    /** YYYY-MM-DD, lab calendar */
    validFrom: date({ mode: 'string' }).notNull(),
    validTo: date({ mode: 'string' }).notNull(),
    sort: integer().notNull().default(0),
    demo: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('certificates_valid_to_idx').on(t.validTo)],
);

export const partners = pgTable('partners', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  img: text().notNull(),
  sort: integer().notNull().default(0),
  visible: boolean().notNull().default(true),
});

/** News, courses and ability-demonstration cases (kind service). */
export const articles = pgTable(
  'articles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    kind: text({ enum: ['news', 'course', 'service'] }).notNull(),
    title: text().notNull(),
    img: text().notNull(),
    sketch: text().notNull().default(''),
    /** sanitised rich text */
    content: text().notNull().default(''),
    author: text(),
    source: text(),
    views: integer().notNull().default(0),
    visible: boolean().notNull().default(true),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('articles_kind_idx').on(t.kind, t.publishedAt)],
);

/** 论文致谢: papers that acknowledge the lab's tests. */
export const thanksEntries = pgTable(
  'thanks_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    company: text().notNull(),
    title: text().notNull(),
    code: text().notNull(),
    content: text().notNull(),
    sketch: text().notNull().default(''),
    source: text(),
    visible: boolean().notNull().default(true),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** where an entry not typed by an editor came from: `paper:<points application rid>` (an approved paper with a 引用代码); one entry each */
    origin: text().unique(),
  },
  (t) => [index('thanks_entries_published_idx').on(t.publishedAt)],
);

/** About pages (profile, culture, recruit) and static pages (contact, guide, license, policy). */
export const contentPages = pgTable('content_pages', {
  key: text().primaryKey(),
  title: text().notNull(),
  content: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Site settings by key; values are JSON as the back office saved them (normalised on read). */
export const siteSettings = pgTable('site_settings', {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One row (id 1): a counter bumped by every content change, in that change's transaction. */
export const contentVersion = pgTable('content_version', {
  id: smallint().primaryKey(),
  version: integer().notNull(),
});

/**
 * 协议管理's draft per agreement (保存草稿, decision 0059): one per kind, overwritten by each save
 * and removed when that kind is published. Never shown to members; the versions stay in
 * accounts' agreement_versions.
 */
export const agreementDrafts = pgTable('agreement_drafts', {
  kind: text({ enum: ['user', 'privacy', 'service'] }).primaryKey(),
  title: text().notNull().default(''),
  summary: text().notNull().default(''),
  body: text().notNull().default(''),
  savedBy: integer().references(() => staff.id),
  savedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
