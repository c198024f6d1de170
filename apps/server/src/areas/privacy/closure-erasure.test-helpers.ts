import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/** The search of closure-erasure.test.ts: the whole database, read from the catalog, not from a list. */

export interface Hit {
  table: string;
  column: string;
  needle: string;
  row: string;
}

/** Every hit of any needle in any text, varchar, json(b) or array column of any table of the schema (one query per table). */
export async function searchEverywhere(db: Db, needles: string[]): Promise<Hit[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
        where c.table_schema = 'public' and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')
        order by 1, 2`,
  );
  expect(columns.length).toBeGreaterThan(200);
  const byTable = new Map<string, string[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  const list = sql.join(needles.map((n) => sql`${n}::text`), sql`, `);
  const hits: Hit[] = [];
  for (const [table, names] of byTable) {
    const values = sql.join(names.map((name) => sql`(${name}::text, x.${sql.identifier(name)}::text)`), sql`, `);
    const rows = await queryRows<{ needle: string; column: string; row: string }>(
      db,
      sql`select n as needle, c.name as column, left(to_jsonb(x)::text, 400) as row
          from ${sql.identifier(table)} x cross join lateral (values ${values}) as c(name, v) cross join unnest(array[${list}]) as n
          where strpos(c.v, n) > 0 limit 100`,
    );
    for (const r of rows) hits.push({ table, column: r.column, needle: r.needle, row: r.row });
  }
  return hits;
}
