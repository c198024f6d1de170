/**
 * npm run bench:history -w @lab/server
 *
 * The first start's database work, phase by phase, on an empty PGlite folder (and on PostgreSQL
 * when it answers): the migrations, the demo data without the history (catalogue, content,
 * staff, the demo accounts), then the two years of history (seed/history.seed.ts) with where its
 * time went (plan in memory, write, consents and points, analyze). Wall and this process's CPU.
 * HISTORY_ORDERS / HISTORY_DAYS shrink it.
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../src/db/client';
import { secretBox } from '../src/platform/secret-box';
import { seedDemoData } from '../src/seed/seed';
import { seedHistory } from '../src/seed/history.seed';
import { onEachDatabase } from './databases';

const options = {
  ...(process.env.HISTORY_ORDERS ? { orders: Number(process.env.HISTORY_ORDERS) } : {}),
  ...(process.env.HISTORY_DAYS ? { days: Number(process.env.HISTORY_DAYS) } : {}),
};

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; text: string }> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const value = await run();
  const used = process.cpuUsage(cpu);
  return { value, text: `${((performance.now() - wall) / 1000).toFixed(1)} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU` };
}

// the migrations on a fresh PGlite folder are timed inside onEachDatabase's open; time them alone first
const fresh = await timed(async () => {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const dir = mkdtempSync(`${os.tmpdir()}/lab-history-migrate-`);
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});
console.log(`PGlite: open an empty folder and migrate: ${fresh.text}`);

await onEachDatabase('history', async (label, database) => {
  const now = new Date();
  const demo = await timed(() => seedDemoData(database.db, { secrets: secretBox(randomBytes(32)), jobs: null, now, history: false }));
  const history = await timed(() => seedHistory(database.db, now, options));
  const s = history.value;
  console.log(`\n${label} (load ${os.loadavg()[0]!.toFixed(1)})`);
  console.log(`  demo data without the history: ${demo.text}`);
  console.log(`  history: ${history.text} — ${s.members} customers, ${s.orders} orders, ${s.samples} samples, ${s.entries} ledger entries, ${s.consents} consents, ${s.points} order points`);
  console.log(`  of which: plan ${s.ms.plan} ms, write ${s.ms.write} ms, consents and points ${s.ms.consentsAndPoints} ms, analyze ${s.ms.analyze} ms`);
});
