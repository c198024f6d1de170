import type { Page } from '@lab/contract';

/** Which page of a list the caller asked for (the contract's pageQuery). */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/** The rows of one page: pass these to the query's `.limit()` and `.offset()`. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * One page of a list, the one way lists are paged:
 *
 *   return paginate(query,
 *     (w) => db.select().from(samplings).where(where).orderBy(desc(samplings.createdAt), desc(samplings.id)).limit(w.limit).offset(w.offset),
 *     () => db.$count(samplings, where),
 *     (rows) => rows.map(toSampling));
 *
 * The rows come first; the count runs only when the page does not tell the total by itself
 * (a short page: the total is what came before it plus what it holds), so most lists of a few
 * rows cost one statement. The order must end in a unique column (id) so pages never overlap.
 */
export async function paginate<Row, Item = Row>(
  query: PageQuery,
  rows: (window: PageWindow) => Promise<Row[]>,
  total: () => Promise<number>,
  toItems?: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> {
  const window = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const found = await rows(window);
  const known = found.length > 0 && found.length < query.pageSize;
  const [count, list] = await Promise.all([
    known || (found.length === 0 && window.offset === 0) ? Promise.resolve(window.offset + found.length) : total(),
    toItems ? toItems(found) : (found as unknown as Item[]),
  ]);
  return { list, total: count, page: query.page, pageSize: query.pageSize };
}
