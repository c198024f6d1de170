import { asc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { serviceChildren, serviceGroups, serviceItems } from './catalog.tables';
import { indexWords, SEARCH_WORDS_VERSION } from './search-words';

/** The text an item is found by (search-words.ts). */
export interface ItemText {
  name: string;
  model: string | null;
  keywords: string[];
  sketch: string;
  /** the sub-type's name: the technique (扫描电镜 SEM) */
  childName: string | null;
  groupName: string;
}

/** An item's three word arrays: its title (name and technique), its tags (model, keywords, group), and those with the sketch. */
export function itemWords(item: ItemText) {
  const titleWords = indexWords(item.name, item.childName);
  const tagWords = indexWords(item.model, item.keywords.join(' '), item.groupName);
  // the description stays out: its words would make the array (read by every matched row) ten
  // times longer for little (the sketch says what the item is; 0006 left it out too)
  const searchWords = [...new Set([...titleWords, ...tagWords, ...indexWords(item.sketch)])];
  return { titleWords, tagWords, searchWords };
}

const BATCH = 500;

/**
 * Cuts the words of every item whose words are stale (written since, or cut by an older
 * SEARCH_WORDS_VERSION), in batches of 500, one UPDATE per batch. Every write path of items
 * (and a sub-type's or group's rename) marks the rows stale and calls this in the same
 * transaction; the start calls it for rows cut by an older version. Returns how many.
 */
export async function refreshItemWords(db: DbOrTx): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db
      .select({
        id: serviceItems.id,
        name: serviceItems.name,
        model: serviceItems.model,
        keywords: serviceItems.keywords,
        sketch: serviceItems.sketch,
        childName: serviceChildren.name,
        groupName: serviceGroups.name,
      })
      .from(serviceItems)
      .innerJoin(serviceGroups, eq(serviceGroups.id, serviceItems.groupId))
      .leftJoin(serviceChildren, eq(serviceChildren.id, serviceItems.childId))
      .where(lt(serviceItems.wordsVersion, SEARCH_WORDS_VERSION))
      .orderBy(asc(serviceItems.id))
      .limit(BATCH);
    if (rows.length === 0) return done;
    const values = JSON.stringify(rows.map((row) => ({ id: row.id, ...itemWords(row) })));
    const words = (key: string) => sql`array(select jsonb_array_elements_text(v.value -> ${key}))`;
    await db.execute(sql`
      update service_items s set
        title_words = ${words('titleWords')},
        tag_words = ${words('tagWords')},
        search_words = ${words('searchWords')},
        words_version = ${SEARCH_WORDS_VERSION}
      from jsonb_array_elements(${values}::jsonb) v
      where s.id = (v.value ->> 'id')::int`);
    done += rows.length;
  }
}

/** Marks the items of a sub-type or a group stale (their technique or group name changed). */
export const staleItemWords = (db: DbOrTx, by: { childId: number } | { groupId: number }) =>
  db
    .update(serviceItems)
    .set({ wordsVersion: 0 })
    .where('childId' in by ? eq(serviceItems.childId, by.childId) : eq(serviceItems.groupId, by.groupId));
