import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { asc, count, eq, sum } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../src/db/client';
import { accounts, ledgerEntries, orders } from '../src/db/schema';
import { seedCatalog } from '../src/areas/catalog/catalog.seed';
import { ensureAccount, postEntry, systemActor } from '../src/areas/funds/ledger.service';
import { seedPayers } from './bulk-orders';
import { openTestDatabase, testDbKind } from './harness';
import { migrationsHash, pgliteTemplateDir, runSuffix, tmpRoot } from './template';
import { builtEntry, nodeFlags } from './built-server';

/**
 * `npm run backup` of a seeded database, `npm run restore` into a NEW one (PostgreSQL: a new
 * database name; PGlite: a new DATA_DIR), both run as the commands an operator types (the CLI
 * in a process of its own), and the restored shop holds the same orders and money
 * (docs/deploy.md "Backups").
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const suffix = runSuffix(randomBytes(6).toString('hex'));
const workDir = path.join(tmpRoot, `backup-run-${suffix}`);
const sourceDir = path.join(workDir, 'source');
const restoredDir = path.join(workDir, 'restored');
let source: Database | undefined;
let restoredUrl: string | undefined;

/** One command as `npm run backup|restore` runs it (the built one), with only these settings. */
async function command(script: 'backup' | 'restore', args: string[], settings: Record<string, string>) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, ...settings };
  return promisify(execFile)(process.execPath, [...nodeFlags, builtEntry(`cli/${script}`), ...args], { cwd: serverDir, env });
}

interface Figures {
  orders: number;
  orderTotalFen: string | null;
  entries: number;
  balances: { id: number; balanceFen: number }[];
  entrySums: { accountId: number; total: string | null }[];
}

async function figures(db: Db): Promise<Figures> {
  const [placed] = await db.select({ n: count(), total: sum(orders.totalFen) }).from(orders);
  const [posted] = await db.select({ n: count() }).from(ledgerEntries);
  return {
    orders: placed!.n,
    orderTotalFen: placed!.total,
    entries: posted!.n,
    balances: await db.select({ id: accounts.id, balanceFen: accounts.balanceFen }).from(accounts).orderBy(asc(accounts.id)),
    entrySums: await db.select({ accountId: ledgerEntries.accountId, total: sum(ledgerEntries.amountFen) }).from(ledgerEntries).groupBy(ledgerEntries.accountId).orderBy(asc(ledgerEntries.accountId)),
  };
}

let before: Figures;
let settings: Record<string, string>;

beforeAll(async () => {
  fs.mkdirSync(workDir, { recursive: true });
  if (testDbKind === 'pglite') {
    fs.cpSync(pgliteTemplateDir(inject('templateHash') ?? migrationsHash()), path.join(sourceDir, 'pglite'), { recursive: true });
    source = await openDatabase({ dataDir: path.join(sourceDir, 'pglite'), migrate: false });
    settings = { DATA_DIR: sourceDir };
  } else {
    source = await openTestDatabase();
    settings = { DATA_DIR: sourceDir, DATABASE_URL: source.url! };
  }
  const now = new Date();
  await seedCatalog(source.db);
  await seedPayers(source.db, 3, 4, now);
  // one account with a balance of its own: ¥1,000,000 in, ¥123.45 back out
  const [first] = await source.db.select({ id: accounts.id, ownerId: accounts.ownerId }).from(accounts).orderBy(asc(accounts.id)).limit(1);
  await source.db.transaction(async (tx) => {
    const account = await ensureAccount(tx, 'member', first!.ownerId);
    await postEntry(tx, { accountId: account.id, amountFen: -12_345, type: 'adjustment', reference: 'backup-test', actor: systemActor, now });
  });
  before = await figures(source.db);
  // PGlite is one process per folder: the backup opens it once this test let it go
  if (testDbKind === 'pglite') await source.close();
}, 120_000);

afterAll(async () => {
  await source?.close().catch(() => undefined);
  if (restoredUrl) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${new URL(restoredUrl).pathname.slice(1)}" with (force)`);
    await admin.end();
  }
  fs.rmSync(workDir, { recursive: true, force: true });
}, 60_000);

describe(`npm run backup / restore (${testDbKind})`, () => {
  it('restores a backup into a new database with the same orders and ledger', async () => {
    expect(before.orders).toBe(12);
    expect(before.balances.some((b) => b.balanceFen === 1_000_000_00 - 12_345)).toBe(true);

    const file = path.join(workDir, testDbKind === 'pglite' ? 'shop.tar.gz' : 'shop.dump');
    const backup = await command('backup', ['--out', file], settings);
    expect(backup.stdout).toContain('备份完成');
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    // a second backup never overwrites the first
    await expect(command('backup', ['--out', file], settings)).rejects.toMatchObject({ stderr: expect.stringContaining('已存在') });

    let restoredSettings: Record<string, string>;
    if (testDbKind === 'pglite') {
      restoredSettings = { DATA_DIR: restoredDir };
    } else {
      const url = new URL(source!.url!);
      url.pathname = `/${url.pathname.slice(1)}_restored`;
      restoredUrl = url.toString();
      restoredSettings = { DATA_DIR: restoredDir, DATABASE_URL: restoredUrl };
    }
    const restore = await command('restore', [file], restoredSettings);
    expect(restore.stdout).toContain('已恢复到');
    // and never over a database that holds the shop
    await expect(command('restore', [file], restoredSettings)).rejects.toMatchObject({ stderr: expect.stringMatching(/已有数据表|不是空目录/) });

    // the restored database opens as the server opens it (its migrations recorded: nothing to apply)
    const restored = await openDatabase(testDbKind === 'pglite' ? { dataDir: path.join(restoredDir, 'pglite') } : { url: restoredUrl });
    try {
      const after = await figures(restored.db);
      expect(after).toEqual(before);
      for (const { id, balanceFen } of after.balances) expect(after.entrySums.find((e) => e.accountId === id)?.total, `account ${id}`).toBe(String(balanceFen));
      const [one] = await restored.db.select({ balanceFen: accounts.balanceFen }).from(accounts).where(eq(accounts.id, before.balances[0]!.id));
      expect(one?.balanceFen).toBe(before.balances[0]!.balanceFen);
    } finally {
      await restored.close();
    }
  }, 180_000);

  it.runIf(testDbKind === 'postgres')('refuses a pg_dump older than the server', async () => {
    // a pg_dump that says it is 14 (PG_BIN_DIR): the server here is 15 or newer
    const bin = path.join(workDir, 'old-bin');
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(path.join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 14.9"\n', { mode: 0o755 });
    const file = path.join(workDir, 'old.dump');
    await expect(command('backup', ['--out', file], { ...settings, PG_BIN_DIR: bin })).rejects.toMatchObject({ stderr: expect.stringContaining('pg_dump (PostgreSQL) 14.9 比数据库服务器') });
    expect(fs.existsSync(file)).toBe(false);
  });
});
