import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';

/**
 * How the erasure of 注销账号 (erasure.ts) erases a table's rows: the ways a column is erased,
 * the traces collected on the way (the values to replace wherever they are quoted), and the two
 * passes over a table — the member's own rows (`eraseOwned`) and the rows that quote them
 * (`scrubQuoting`). erasure-tables.ts lists the member's own rows per area.
 */

export const GONE = '（已删除）';

/**
 * How a column is erased. label: 已注销用户#id; blank: ''; null: NULL; gone: （已删除） where
 * there was text. The *Quiet forms erase without collecting the value for step 2: regions and
 * places (上海市), which would otherwise be replaced in every row about the member.
 */
export type Way = 'label' | 'blank' | 'null' | 'gone' | 'blankQuiet' | 'nullQuiet';

export interface Owned {
  table: PgTable;
  where: SQL | undefined;
  set: Record<string, Way>;
  /** the rows are deleted once read (nothing in them is kept) */
  remove?: true;
}

/** A network, not a device: what a closed member's own audit rows keep of their address. */
export const maskIp = (ip: string | null | undefined): string | null => {
  if (!ip) return null;
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}::/48`;
  const parts = ip.split('.');
  return parts.length === 4 ? `${parts.slice(0, 3).join('.')}.0/24` : null;
};

const hasCjk = (s: string) => /[\u3400-\u9fff]/.test(s);
/** Values worth replacing wherever they are quoted: a name (two Chinese characters or more), else six characters or more. */
const quotable = (s: string) => (hasCjk(s) ? s.length >= 2 : s.length >= 6) && s !== GONE;

export class Traces {
  readonly values = new Set<string>();
  /** strings only this member's rows carry (phone, e-mail, rids, order numbers): found inside a text */
  readonly keys = new Set<string>();
  /** the public keys of the member's objects: an audit row's target */
  readonly targets = new Set<string>();
  add(value: unknown) {
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (quotable(trimmed)) this.values.add(trimmed);
      if (quotable(value)) this.values.add(value);
    } else if (Array.isArray(value)) for (const v of value) this.add(v);
    else if (value && typeof value === 'object') for (const v of Object.values(value)) this.add(v);
  }
  key(value: string | null | undefined) {
    if (!value) return;
    this.targets.add(value);
    if (value.length >= 6) this.keys.add(value);
  }
  /** Longest first, so a sentence is replaced before the name inside it. */
  sorted() {
    return [...this.values].sort((a, b) => b.length - a.length);
  }
}

function replaceIn(value: unknown, needles: string[], label: string): unknown {
  if (typeof value === 'string') {
    let out = value;
    for (const needle of needles) if (out.includes(needle)) out = out.split(needle).join(label);
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => replaceIn(v, needles, label));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceIn(v, needles, label)]));
  return value;
}

const columnsOf = (table: PgTable) => getTableColumns(table) as unknown as Record<string, PgColumn>;

function valueFor(way: Way, column: PgColumn, label: string): unknown {
  switch (way) {
    case 'label':
      return label;
    case 'blank':
    case 'blankQuiet':
      return '';
    case 'null':
    case 'nullQuiet':
      return null;
    case 'gone':
      return sql`case when ${column} is null or ${column}::text = '' then ${column} else ${GONE} end`;
  }
}

export async function eraseOwned(tx: DbOrTx, spec: Owned, traces: Traces, label: string): Promise<number> {
  const columns = columnsOf(spec.table);
  const names = Object.keys(spec.set);
  const read = Object.fromEntries([...names, ...('rid' in columns ? ['rid'] : [])].map((name) => [name, columns[name]!]));
  const rows = (await tx.select(read as never).from(spec.table).where(spec.where)) as Record<string, unknown>[];
  if (rows.length === 0) return 0;
  for (const row of rows) {
    for (const name of names) if (!spec.set[name]!.endsWith('Quiet')) traces.add(row[name]);
    if (typeof row.rid === 'string') traces.key(row.rid);
  }
  if (spec.remove) {
    await tx.delete(spec.table).where(spec.where);
  } else {
    const values = Object.fromEntries(names.map((name) => [name, valueFor(spec.set[name]!, columns[name]!, label)]));
    await tx.update(spec.table).set(values as never).where(spec.where);
  }
  return rows.length;
}

/**
 * A table whose rows may quote a member: which columns, which rows to read (found through an
 * index: the member's orders, accounts, audit targets, the staff's phones), and whether only those
 * of them that name one of the member's keys are theirs.
 */
export interface Quoting {
  table: PgTable;
  columns: string[];
  rows: SQL | undefined;
  /** of those rows, only the ones naming a key of the member (phone, e-mail, rid, order number) */
  naming?: true;
}

export async function scrubQuoting(tx: DbOrTx, spec: Quoting, pattern: string | null, needles: string[], label: string): Promise<number> {
  if (!spec.rows || (spec.naming && !pattern)) return 0;
  const columns = columnsOf(spec.table);
  const text = sql.join(
    spec.columns.map((name) => sql`coalesce(${columns[name]!}::text, '')`),
    sql` || ' ' || `,
  );
  const where = spec.naming ? and(spec.rows, sql`(${text}) ~ ${pattern}`) : spec.rows;
  const read = Object.fromEntries(['id', ...spec.columns].map((name) => [name, columns[name]!]));
  const rows = (await tx.select(read as never).from(spec.table).where(where)) as Record<string, unknown>[];
  let changed = 0;
  for (const row of rows) {
    const next: Record<string, unknown> = {};
    for (const name of spec.columns) {
      const replaced = replaceIn(row[name], needles, label);
      if (JSON.stringify(replaced) !== JSON.stringify(row[name])) next[name] = replaced;
    }
    if (Object.keys(next).length === 0) continue;
    await tx.update(spec.table).set(next as never).where(eq(columns.id!, row.id as number));
    changed++;
  }
  return changed;
}

export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
