import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DeviceSearchAnswer, DeviceSearchQuery } from '@lab/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { serviceChildren, serviceGroups, serviceItems } from './catalog.tables';
import { summaryColumns, termSeparators, toSummary } from './catalog.service';
import { highlightWords, readQuery, type Concept, type Intent } from './search-query';
import { nearTechniques, recordMiss } from './search-misses';

/** The public catalogue's search (搜索): the concepts, how each matches (the indexes), the ranking. */

/** LIKE pattern for a literal piece of text. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The back office's item filter (name or model, as substrings): lower-cased, split on spaces; at most 5. */
export const searchTerms = (keyword: string | undefined) =>
  (keyword ?? '')
    .toLowerCase()
    .split(termSeparators)
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, 5);

/**
 * A substring of the search text, the way back for what words miss (a model number's part, a
 * word cut otherwise in the item's text). Three or more characters use the trigram index; a
 * shorter one has no trigram, so it also tests the token array (every character and adjacent
 * pair of the search text, GIN indexed); the LIKE stays the exact test.
 */
export const termMatch = (term: string) =>
  [...term].length >= 3
    ? sql`${serviceItems.searchText} like ${likeContains(term)}`
    : sql`(${serviceItems.searchText} like ${likeContains(term)} and ${serviceItems.searchTokens} @> array[${term}]::text[])`;

/** A text[] literal of parameters. */
export const textArray = (words: string[]) =>
  sql`array[${sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;

const wordsIn = (column: AnyPgColumn, concept: Concept) =>
  sql`(${sql.join(
    concept.alternatives.map((alt) => sql`${column} @> ${textArray(alt.words)}`),
    sql` or `,
  )})`;

/**
 * An item has a concept when its words hold one alternative's words, or its text holds what
 * the query said (the synonyms' own texts are matched as words only: one trigram scan, not one
 * per synonym).
 */
const conceptMatch = (concept: Concept) => sql`(${wordsIn(serviceItems.searchWords, concept)} or ${termMatch(concept.text)})`;

/**
 * How well an item has a concept: in its name or technique 100, its model or keywords 60,
 * elsewhere as a word 25, only as a substring 5; a weak word (测试, 分析…) adds at most 8.
 */
const conceptRank = (concept: Concept) =>
  concept.weak
    ? sql`(case when ${wordsIn(serviceItems.titleWords, concept)} then 8 when ${wordsIn(serviceItems.searchWords, concept)} then 3 else 0 end)`
    : sql`(case
        when ${wordsIn(serviceItems.titleWords, concept)} then 100
        when ${wordsIn(serviceItems.tagWords, concept)} then 60 + (case when lower(coalesce(${serviceItems.model}, '')) like ${likeContains(concept.text)} then 5 else 0 end)
        when ${wordsIn(serviceItems.searchWords, concept)} then 25
        when lower(${serviceItems.name}) like ${likeContains(concept.text)} then 15
        else 5 end)`;

/** The service type the query asks for first: the sample test (1) unless it says 分析/拟合… (3) or 机时 (2). */
const preferredType: Record<Intent, number> = { test: 1, analysis: 3, booking: 2 };

/**
 * Search: every concept of the keyword (search-query.ts) must be in the item, weak words
 * excepted. Ranking: the sum of the concepts' ranks, plus 30 for the type the query asks for
 * (a test above the analysis of its data and the booking of its instrument), then the more
 * ordered item. Measured with bench/search.ts on 10,000 items (docs/performance.md).
 */
export async function searchDevices(db: DbOrTx, query: DeviceSearchQuery, fileHost: string, now = new Date()): Promise<DeviceSearchAnswer> {
  const read = await readQuery(db, query.keyword);
  const strong = read.concepts.filter((c) => !c.weak);
  const asked = read.concepts.length > 0;
  // a keyword of punctuation alone asks for nothing: nothing is found rather than everything
  const nothing = !asked && query.keyword !== undefined;
  const filters: (SQL | undefined)[] = [
    eq(serviceItems.published, true),
    query.typeId === undefined ? undefined : eq(serviceItems.typeId, query.typeId),
    query.groupId === undefined ? undefined : eq(serviceItems.groupId, query.groupId),
    query.childId === undefined ? undefined : eq(serviceItems.childId, query.childId),
    ...strong.map((c) => conceptMatch(c)),
    nothing ? sql`false` : undefined,
  ];
  const rank = asked
    ? sql`(${sql.join(
        read.concepts.map((c) => conceptRank(c)),
        sql` + `,
      )} + case when ${serviceItems.typeId} = ${preferredType[read.intent]} then 30 else 0 end)`
    : undefined;
  const order: SQL[] = [];
  switch (query.sort) {
    case 'hot':
      order.push(desc(serviceItems.orderCount));
      break;
    case 'priceAsc':
      order.push(asc(serviceItems.priceFen));
      break;
    case 'priceDesc':
      order.push(desc(serviceItems.priceFen));
      break;
    case 'newest':
      order.push(desc(serviceItems.createdAt));
      break;
    default:
      // best match first; among equal matches the more ordered one; without a keyword the staff's order
      if (rank) order.push(sql`${rank} desc`, desc(serviceItems.orderCount));
      else order.push(asc(serviceItems.sort), desc(serviceItems.orderCount));
  }
  order.push(asc(serviceItems.id));
  // The count runs apart from the page (no window function), and only when the page does not
  // tell the total: the page query can then stop at its limit, and the count joins nothing.
  const where = and(...filters);
  const page = await paginate(
    query,
    (w) =>
      db
        .select(summaryColumns)
        .from(serviceItems)
        .innerJoin(serviceGroups, eq(serviceGroups.id, serviceItems.groupId))
        .leftJoin(serviceChildren, eq(serviceChildren.id, serviceItems.childId))
        .where(where)
        .orderBy(...order)
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(serviceItems, where),
    (rows) => rows.map((row) => toSummary(row, fileHost)),
  );
  const missed = asked && page.total === 0;
  // a miss of the whole catalogue is counted for staff (a filter's narrow miss is not)
  const unfiltered = query.typeId === undefined && query.groupId === undefined && query.childId === undefined;
  if (missed && unfiltered && query.page === 1) await recordMiss(db, read.folded, now);
  return { ...page, words: highlightWords(read), near: missed ? await nearTechniques(db, read) : [] };
}
