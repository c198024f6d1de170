import { desc, eq, sql } from 'drizzle-orm';
import type { AdminSearchMiss, NearTechnique, Page } from '@lab/contract';
import { queryRows, type DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { auditEntity } from '../../platform/audit';
import { searchMisses } from './search.tables';
import type { SearchQuery } from './search-query';
import { textRuns } from './search-words';

/** Queries that found nothing (后台 → 搜索词 → 无结果的搜索), and what a visitor is offered instead. */

/** At most this many distinct queries are kept; past it the least recently searched go. */
export const MISSES_KEPT = 2_000;

/**
 * Counts a query that found nothing under its folded text. A new query may push the least
 * recently searched one out, so the table stays bounded whatever visitors type.
 */
export async function recordMiss(db: DbOrTx, folded: string, now = new Date(), kept = MISSES_KEPT): Promise<void> {
  const inserted = await queryRows<{ fresh: boolean }>(db, sql`
    insert into search_misses (query, count, first_at, last_at) values (${folded}, 1, ${now.toISOString()}, ${now.toISOString()})
    on conflict (query) do update set count = search_misses.count + 1, last_at = excluded.last_at
    returning (xmax = 0) as fresh`);
  if (!inserted[0]?.fresh) return;
  await db.execute(sql`
    delete from search_misses where query in (
      select query from search_misses order by last_at desc, query offset ${kept})`);
}

export async function listMisses(db: DbOrTx, query: { page: number; pageSize: number }): Promise<Page<AdminSearchMiss>> {
  return paginate(
    query,
    (w) => db.select().from(searchMisses).orderBy(desc(searchMisses.count), desc(searchMisses.lastAt), searchMisses.query).limit(w.limit).offset(w.offset),
    () => db.$count(searchMisses),
    (rows) => rows.map((r) => ({ query: r.query, count: r.count, firstAt: r.firstAt.toISOString(), lastAt: r.lastAt.toISOString() })),
  );
}

export async function removeMiss(db: DbOrTx, query: string): Promise<void> {
  await db.delete(searchMisses).where(eq(searchMisses.query, query));
}

/** The characters and adjacent pairs of the query's Chinese runs and its Latin runs: what "near" is measured by. */
function nearTokens(query: SearchQuery): string[] {
  const tokens = new Set<string>();
  for (const run of textRuns(query.folded)) {
    if (run.latin) {
      if (run.text.length > 1) tokens.add(run.text);
      continue;
    }
    const chars = [...run.text];
    for (let i = 0; i + 1 < chars.length; i += 1) tokens.add(chars[i]! + chars[i + 1]!);
  }
  return [...tokens].slice(0, 60);
}

/**
 * Techniques (sub-types) near a query that found nothing: those whose published items share
 * the most character pairs (or Latin words) with it, then the more ordered; at most 5.
 */
export async function nearTechniques(db: DbOrTx, query: SearchQuery): Promise<NearTechnique[]> {
  const tokens = nearTokens(query);
  if (tokens.length === 0) return [];
  const list = sql`array[${sql.join(
    tokens.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
  const rows = await queryRows<{ child_id: number; group_id: number; type_id: number; name: string }>(db, sql`
    select c.id as child_id, c.group_id, g.type_id, c.name
    from service_items i
    join service_children c on c.id = i.child_id
    join service_groups g on g.id = c.group_id and g.visible
    where i.published and i.search_tokens && ${list}
    group by c.id, c.group_id, g.type_id, c.name
    order by max(cardinality(array(select unnest(i.search_tokens) intersect select unnest(${list})))) desc, sum(i.order_count) desc, c.id
    limit 5`);
  return rows.map((r) => ({ childId: Number(r.child_id), groupId: Number(r.group_id), typeId: Number(r.type_id), name: r.name }));
}

export const missAudit = auditEntity<string>('searchMiss', async (db, query) => {
  const [row] = await db.select().from(searchMisses).where(eq(searchMisses.query, String(query))).limit(1);
  return row ? { query: row.query, count: row.count } : null;
});
