import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase } from '../src/db/client';
import { systemClock } from '../src/platform/clock';
import { ledgerProblems } from './ledger-invariants';
import { auditProblems, burstProblems, burstUntilKilled, finishOnRestarted, planBurst, summary, type BurstPlan } from './restart-burst';
import { startServer, stopAll, type ServerProcess } from './server-process';
import { migrationsHash, pgliteTemplateDir, runSuffix, tmpRoot } from './template';

/**
 * The product's default database is PGlite in the DATA_DIR folder, owned by the one server
 * process. kill -9 that process in the middle of a burst of payments, top-ups and
 * adjustments; the folder must open again (PostgreSQL's crash recovery, inside PGlite) with
 * every committed transaction whole and nothing else. Runs in the pglite project only
 * (vitest.config.ts); docs/security.md "Restart safety".
 */

const dataDir = path.join(tmpRoot, `pglite-run-${runSuffix(randomBytes(6).toString('hex'))}`);
const pgliteDir = path.join(dataDir, 'pglite');
let first: ServerProcess | undefined;
let second: ServerProcess | undefined;
let plan: BurstPlan;

/** Opens the folder in this process (no server may hold it), runs `read`, closes it. */
async function withFolder<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: pgliteDir, migrate: false });
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(pgliteTemplateDir(inject('templateHash') ?? migrationsHash()), pgliteDir, { recursive: true });
  plan = await withFolder((db) => planBurst({ db, clock: systemClock }, { members: 6, ordersEach: 6, fundedOrders: 3 }));
  first = await startServer({ name: 'PGlite before the kill', dataDir });
}, 120_000);

afterAll(async () => {
  await stopAll(first, second);
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('restart safety on the embedded PGlite folder', () => {
  it('a SIGKILL in the middle of a burst leaves a folder that opens, whole; retries after the restart book once', async (context) => {
    const burst = await burstUntilKilled(first!, plan, { concurrency: 8, killAfter: Math.floor(plan.states.length * 0.4) });
    expect(first!.running).toBe(false);
    expect(plan.states.filter((s) => s.status === 'cut').length, 'requests cut by the kill').toBeGreaterThan(0);

    // the folder as the kill left it: it opens, and holds nothing half done
    expect(await withFolder(ledgerProblems)).toEqual([]);
    // and no decision without its audit row, nor a row without its decision
    expect(await withFolder((db) => auditProblems(db, plan))).toEqual([]);

    second = await startServer({ name: 'PGlite after the restart', dataDir });
    const finished = await finishOnRestarted(second, plan, 8);
    await second.stop();
    expect(await withFolder((db) => burstProblems(db, plan))).toEqual([]);
    context.annotate(summary(plan, { ...burst, ...finished }));
    // a bound for a hang only: on a 2-core machine shared with four other test runs this took 67 s
  }, 180_000);
});
