import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DeviceSuggestion } from '@lab/contract';
import { queryRows, type DbOrTx } from '../../db/client';
import { serviceChildren, serviceGroups, serviceItems } from './catalog.tables';
import { likeContains, termMatch } from './catalog-search';
import { foldText, textRuns } from './search-words';

/**
 * Suggestions as the user types (搜索联想): techniques (sub-types) whose name holds the text,
 * synonym terms that start with it, then published items whose name holds it (those starting
 * with it first, then the more ordered). At most 8: 2 techniques, 2 synonyms, the rest items.
 */
export async function suggest(db: DbOrTx, q: string | undefined): Promise<DeviceSuggestion[]> {
  const folded = foldText(q ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 30);
  if (textRuns(folded).length === 0) return [];
  const contains = likeContains(folded);
  const [techniques, synonyms, items] = await Promise.all([
    db
      .select({ id: serviceChildren.id, name: serviceChildren.name })
      .from(serviceChildren)
      .innerJoin(serviceGroups, and(eq(serviceGroups.id, serviceChildren.groupId), eq(serviceGroups.visible, true)))
      .where(sql`lower(${serviceChildren.name}) like ${contains}`)
      .orderBy(asc(serviceGroups.typeId), asc(serviceGroups.sort), asc(serviceChildren.sort))
      .limit(2),
    queryRows<{ term: string }>(
      db,
      sql`select distinct t as term from search_synonyms, unnest(terms) t where t like ${`${contains.slice(1)}`} and t <> ${folded} order by t limit 2`,
    ),
    db
      .select({ rid: serviceItems.rid, name: serviceItems.name })
      .from(serviceItems)
      // the index finds the rows holding the text; only names holding it are suggested
      .where(and(eq(serviceItems.published, true), termMatch(folded), sql`lower(${serviceItems.name}) like ${contains}`))
      .orderBy(sql`(lower(${serviceItems.name}) like ${contains.slice(1)}) desc`, desc(serviceItems.orderCount), asc(serviceItems.id))
      .limit(8),
  ]);
  const list: DeviceSuggestion[] = [
    ...techniques.map((t) => ({ kind: 'technique' as const, text: t.name, rid: null, childId: t.id })),
    ...synonyms.map((s) => ({ kind: 'synonym' as const, text: s.term, rid: null, childId: null })),
  ];
  for (const item of items) if (list.length < 8) list.push({ kind: 'item', text: item.name, rid: item.rid, childId: null });
  return list;
}
