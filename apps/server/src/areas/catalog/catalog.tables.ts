import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
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
    /** the words (search-words.ts) of the name and the technique (the sub-type's name): ranked first */
    titleWords: text().array().notNull().default(sql`'{}'::text[]`),
    /** the words of the model and the keywords */
    tagWords: text().array().notNull().default(sql`'{}'::text[]`),
    /** every word an item is found by: title, tags, sketch and description; GIN indexed */
    searchWords: text().array().notNull().default(sql`'{}'::text[]`),
    /** SEARCH_WORDS_VERSION the words were cut with (0: never): older rows are cut again at start */
    wordsVersion: smallint().notNull().default(0),
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
    index('service_items_words_idx').using('gin', t.searchWords).with({ fastupdate: false }),
    // the rows whose words are stale (refreshItemWords): none but those just written
    index('service_items_words_version_idx').on(t.wordsVersion),
  ],
);
