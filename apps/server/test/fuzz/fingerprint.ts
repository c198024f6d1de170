import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * "Nothing written by a refused request", checked cheaply enough to run after every request.
 *
 * Level 1 — the transaction-id counter. PostgreSQL gives a transaction an id the moment it
 * writes a row (insert, update, delete, in any table), committed or rolled back; a read gets
 * none. So if the next id to hand out has not moved, no transaction wrote anything. It is
 * one tiny query. On PGlite the test file owns the whole cluster, so the counter moves only
 * for our own requests; on PostgreSQL it is shared with the other test files running at the
 * same time, so it moves for reasons that are not ours and level 2 decides.
 *
 * Level 2 — the contents. Every table in the public schema: its row count and the sum of a
 * 64-bit hash of each row's full text (all columns), so an insert, a delete or an update of
 * any column changes it (short of a hash collision). Rolled-back writes leave it as it was,
 * which is exactly the guarantee: nothing a refused request did survived.
 *
 * Files: uploads are stored under the data folder, so its listing (names and sizes) is part
 * of the contents too.
 */
export class WriteDetector {
  private tablesSql: ReturnType<typeof sql.raw> | null = null;
  private lastXid = '';
  private lastContents: Map<string, string> | null = null;

  constructor(
    private readonly db: Db,
    private readonly filesDir: string,
  ) {}

  private async nextXid(): Promise<string> {
    const [row] = rows<{ xid: string }>(await this.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`));
    return String(row?.xid);
  }

  private async contents(): Promise<Map<string, string>> {
    if (!this.tablesSql) {
      const tables = rows<{ tablename: string }>(await this.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`));
      const names = tables.map((row) => row.tablename);
      if (names.length < 20) throw new Error(`only ${names.length} tables found: the fingerprint would not cover the database`);
      this.tablesSql = sql.raw(
        names
          .map((name) => `select '${name}' as t, count(*)::text as n, coalesce(sum(hashtextextended(x::text, 0)::numeric), 0)::text as h from "${name}" x`)
          .join(' union all '),
      );
    }
    const map = new Map<string, string>();
    for (const row of rows<{ t: string; n: string; h: string }>(await this.db.execute(this.tablesSql))) map.set(row.t, `${row.n}:${row.h}`);
    map.set('files on disk', listFiles(this.filesDir));
    return map;
  }

  /** The state from now on counts as the one a refused request must leave alone. */
  async settle(): Promise<void> {
    const xid = await this.nextXid();
    if (this.lastContents && xid === this.lastXid && listFiles(this.filesDir) === this.lastContents.get('files on disk')) return;
    this.lastXid = xid;
    this.lastContents = await this.contents();
  }

  /**
   * What changed since the last settle (names of tables, or 'files on disk'), ignoring
   * `allowed`. Cheap when nothing was written at all.
   */
  async changedSinceSettle(allowed: readonly string[] = []): Promise<string[]> {
    const xid = await this.nextXid();
    const filesNow = listFiles(this.filesDir);
    if (xid === this.lastXid && filesNow === this.lastContents?.get('files on disk')) return [];
    const now = await this.contents();
    const changed = [...now.keys()].filter((table) => now.get(table) !== this.lastContents?.get(table) && !allowed.includes(table));
    if (changed.length === 0) {
      // nothing that counts changed: an allowed table's new contents are the state to compare with
      this.lastXid = xid;
      this.lastContents = now;
    }
    return changed;
  }
}

/** node-postgres and PGlite both answer raw SQL with { rows } */
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

function listFiles(dir: string): string {
  if (!fs.existsSync(dir)) return '';
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .sort()
    .map((name) => {
      const stat = fs.statSync(path.join(dir, name));
      return stat.isFile() ? `${name}:${stat.size}` : '';
    })
    .join('|');
}
