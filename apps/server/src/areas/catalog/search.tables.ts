import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Search words kept by staff (目录管理 → 搜索词). Read by every search from the database, so a
 * change is seen at once by every instance (decisions/0044-search-words.md).
 */

/** A group of words that mean the same to a researcher: 扫描电镜 = 扫描电子显微镜 = SEM. Terms are folded (search-words.ts). */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** 2–12 folded terms, each 1–30 characters, unique within the group */
    terms: text().array().notNull(),
    /** a staff note: what the group is for */
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_synonyms_terms_idx').using('gin', t.terms)],
);

/** Queries that found nothing, one row per folded query, counted; bounded (search-misses.ts). */
export const searchMisses = pgTable(
  'search_misses',
  {
    query: text().primaryKey(),
    count: integer().notNull().default(1),
    firstAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_misses_count_idx').on(t.count.desc(), t.lastAt.desc()), index('search_misses_last_idx').on(t.lastAt)],
);
