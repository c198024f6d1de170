import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { PricedOption } from '@lab/contract';

/**
 * The catalogue and the site's content. Everything here is edited from the back office
 * later; every edit goes through `withContentChange`, which bumps `content_version` in the
 * same transaction so the cached home data of every server instance goes stale at once.
 * Image columns hold a path under /upload/img; the file host is prefixed on read.
 */

/** A group of services (e.g. 结构表征) inside a service type 1, 2 or 3; ids are stable. */
export const serviceGroups = pgTable(
  'service_groups',
  {
    id: integer().primaryKey(),
    typeId: smallint().notNull(),
    name: text().notNull(),
    img: text().notNull(),
    /** tags separated by | */
    description: text().notNull().default(''),
    sort: integer().notNull().default(0),
    visible: boolean().notNull().default(true),
  },
  (t) => [index('service_groups_type_idx').on(t.typeId, t.sort)],
);

export const serviceChildren = pgTable(
  'service_children',
  {
    id: integer().primaryKey(),
    groupId: integer()
      .notNull()
      .references(() => serviceGroups.id),
    name: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('service_children_group_idx').on(t.groupId, t.sort)],
);

export interface FaqEntry {
  question: string;
  answer: string;
}
export interface ExampleResult {
  img: string;
  caption: string;
}

/** A service item: an instrument test, an hourly booking or an analysis, addressed by rid. */
export const serviceItems = pgTable(
  'service_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rid: text().notNull().unique(),
    typeId: smallint().notNull(),
    groupId: integer()
      .notNull()
      .references(() => serviceGroups.id),
    childId: integer().references(() => serviceChildren.id),
    name: text().notNull(),
    img: text().notNull(),
    sketch: text().notNull().default(''),
    /** sanitised rich text */
    description: text().notNull().default(''),
    model: text(),
    priceFen: integer().notNull(),
    unit: text().notNull(),
    options: jsonb().$type<PricedOption[]>().notNull().default([]),
    sampleRequirements: text().notNull().default(''),
    /** the methods the test follows (GB/T, JY/T, ISO, ASTM), one per entry */
    standards: jsonb().$type<string[]>().notNull().default([]),
    /** how to prepare the sample, plain text */
    samplePrep: text().notNull().default(''),
    /** what the report holds, plain text, one point a line */
    reportContents: text().notNull().default(''),
    /** a sample report PDF: /upload/img/reports/… or a full address */
    sampleReport: text(),
    turnaround: text().notNull().default(''),
    faq: jsonb().$type<FaqEntry[]>().notNull().default([]),
    examples: jsonb().$type<ExampleResult[]>().notNull().default([]),
    labLocation: text().notNull().default(''),
    keywords: jsonb().$type<string[]>().notNull().default([]),
    orderCount: integer().notNull().default(0),
    /** shown among the home page's popular projects */
    hot: boolean().notNull().default(false),
    reservable: boolean().notNull().default(false),
    published: boolean().notNull().default(true),
    sort: integer().notNull().default(0),
    /** lower-cased name | model | keywords | sketch, kept by the service; trigram indexed */
    searchText: text().notNull().default(''),
    /** every character and every pair of adjacent characters of the search text: 1- and 2-character terms (most Chinese words) find rows through a GIN index */
    searchTokens: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('service_items_type_idx').on(t.typeId, t.groupId, t.childId),
    index('service_items_order_idx').on(t.orderCount),
    // the count of a filtered listing (an index-only scan once vacuumed) and the default listing order, without reading the wide rows
    index('service_items_published_idx').on(t.typeId, t.groupId, t.childId).where(sql`${t.published}`),
    index('service_items_listing_idx').on(t.sort, t.orderCount.desc().nullsFirst(), t.id).where(sql`${t.published}`),
    // the back office lists withdrawn items too, and sorts by price and by the last edit
    index('service_items_admin_listing_idx').on(t.sort, t.orderCount.desc().nullsFirst(), t.id),
    index('service_items_price_idx').on(t.priceFen, t.id),
    index('service_items_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
    // fastupdate off: catalogue writes are rare, and a GIN pending list would be scanned linearly by every search until a vacuum
    index('service_items_search_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('service_items_tokens_idx').using('gin', t.searchTokens).with({ fastupdate: false }),
  ],
);

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

/** Consultations left by visitors on the home page (indexMsg/add), for staff to follow up. */
export const consultations = pgTable(
  'consultations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    phone: text().notNull(),
    company: text(),
    content: text().notNull(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp({ withTimezone: true }),
    handledBy: integer(),
    /** staff's answer; a member with this phone reads it among their in-site messages */
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('consultations_created_idx').on(t.createdAt), index('consultations_phone_idx').on(t.phone)],
);
