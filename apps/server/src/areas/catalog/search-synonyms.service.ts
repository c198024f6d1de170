import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { AdminSynonym, Page, SynonymAddBody, SynonymListBody, SynonymUpdateBody } from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { auditEntity } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { withContentChange } from '../content';
import { likeContains, textArray } from './catalog-search';
import { searchSynonyms } from './search.tables';
import { foldText } from './search-words';

/**
 * Search words kept by staff (目录管理 → 搜索词): groups of terms that mean the same. Terms are
 * stored folded (the search folds the query the same way) and a term is in one group at most,
 * so where a query holds it there is one meaning. Every search reads them from the database:
 * a change is seen at once by every instance; the content version is bumped with it, so pages
 * drawn for a keyword are drawn again.
 */

type SynonymRow = typeof searchSynonyms.$inferSelect;

const toAdmin = (row: SynonymRow): AdminSynonym => ({ id: row.id, terms: row.terms, note: row.note, updatedAt: row.updatedAt.toISOString() });

/** Folded, spaces collapsed, repeats (after folding) dropped. */
export const foldTerms = (terms: string[]) => [...new Set(terms.map((t) => foldText(t).replace(/\s+/g, ' ').trim()).filter(Boolean))];

export async function listSynonyms(db: DbOrTx, body: SynonymListBody): Promise<Page<AdminSynonym>> {
  const keyword = body.keyword ? foldText(body.keyword).trim() : '';
  const where = keyword ? sql`exists (select 1 from unnest(${searchSynonyms.terms}) t where t like ${likeContains(keyword)})` : undefined;
  return paginate(
    body,
    (w) => db.select().from(searchSynonyms).where(where).orderBy(desc(searchSynonyms.updatedAt), desc(searchSynonyms.id)).limit(w.limit).offset(w.offset),
    () => db.$count(searchSynonyms, where),
    (rows) => rows.map(toAdmin),
  );
}

/** Refuses terms another group holds (409, naming the term and its group); writers of the table take one lock. */
async function assertTermsFree(tx: Tx, terms: string[], exceptId?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lab:search-synonyms'))`);
  if (terms.length < 2) throw badRequest('同义词组至少需要两个不同的词（全角半角、大小写视为相同）');
  const [other] = await tx
    .select()
    .from(searchSynonyms)
    .where(and(sql`${searchSynonyms.terms} && ${textArray(terms)}`, exceptId === undefined ? undefined : ne(searchSynonyms.id, exceptId)))
    .limit(1);
  if (other) {
    const term = terms.find((t) => other.terms.includes(t))!;
    throw conflict(`「${term}」已在另一组同义词中（${other.terms.join(' = ')}），一个词只能在一组中`);
  }
}

export async function addSynonym(db: Db, body: SynonymAddBody, now: Date): Promise<AdminSynonym> {
  const terms = foldTerms(body.terms);
  return withContentChange(db, async (tx) => {
    await assertTermsFree(tx, terms);
    const [row] = await tx.insert(searchSynonyms).values({ terms, note: body.note, createdAt: now, updatedAt: now }).returning();
    return toAdmin(row!);
  });
}

export async function updateSynonym(db: Db, body: SynonymUpdateBody, now: Date): Promise<AdminSynonym> {
  const terms = foldTerms(body.terms);
  return withContentChange(db, async (tx) => {
    const [row] = await tx.select({ id: searchSynonyms.id }).from(searchSynonyms).where(eq(searchSynonyms.id, body.id)).for('update');
    if (!row) throw notFound('同义词组');
    await assertTermsFree(tx, terms, row.id);
    const [saved] = await tx.update(searchSynonyms).set({ terms, note: body.note, updatedAt: now }).where(eq(searchSynonyms.id, row.id)).returning();
    return toAdmin(saved!);
  });
}

export async function deleteSynonym(db: Db, id: number): Promise<void> {
  await withContentChange(db, async (tx) => {
    const [row] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning({ id: searchSynonyms.id });
    if (!row) throw notFound('同义词组');
  });
}

export const synonymAudit = auditEntity<number>('searchSynonym', async (db, id) => {
  const [row] = await db.select().from(searchSynonyms).where(eq(searchSynonyms.id, Number(id))).limit(1);
  return row ? { id: row.id, terms: row.terms, note: row.note } : null;
});
