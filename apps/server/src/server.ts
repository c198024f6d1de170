import path from 'node:path';
import { buildApp } from './app';
import { loadConfigOrExit, startupWarnings } from './platform/config';
import { fileStoreFor } from './platform/providers';
import { openDatabase } from './db/client';
import { FolderInUseError } from './db/folder-lock';
import { diskShortfall, freeBytesSync, isDiskFull, lowDiskLine, MB, PGLITE_START_MB } from './platform/disk';
import { loadSecretKey, secretBox } from './platform/secret-box';
import { seedDemoData } from './seed/seed';
import { refreshItemWords } from './areas/catalog';
import { waitForDatabase } from './db/wait-for-database';
import { warnWhenNoStaff } from './areas/accounts/first-admin';
import { syncConfigAlerts } from './areas/messages/staff-alerts.service';
import { jobQueues, jobSpecs, openJobQueue } from './jobs';
import { createMetrics, serveMetrics } from './platform/metrics';
import { closeOnSignals } from './platform/shutdown';
import { serverPaths } from './platform/paths';
import { pino } from 'pino';

// Defaults relative to the repository, whichever folder npm starts us in.
// a wrong setting stops the start with one line naming it (no stack)
const config = loadConfigOrExit({ WEB_DIST: serverPaths.webDist, WEB_SSR: serverPaths.webSsr, DATA_DIR: serverPaths.dataDir, ...process.env });

const started = Date.now();
/**
 * Until the server listens, a failure ends the start with a sentence where one helps: a disk too
 * full to open the database (PGlite only says it "failed to initialize"; issue 28, fault 16), a
 * PGlite folder another process holds. Anything else is printed as it is. Exit 1 either way.
 */
function startFailed(error: unknown) {
  const free = freeBytesSync(config.dataDir);
  const firstLine = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  if (free !== null && (isDiskFull(error) || (!config.DATABASE_URL && free < PGLITE_START_MB * MB))) process.stderr.write(`服务器无法启动：${lowDiskLine(config.dataDir, free, Math.max(PGLITE_START_MB, config.DISK_MIN_FREE_MB), '启动')}\n（${firstLine}）\n`);
  else if (error instanceof FolderInUseError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.stderr.write('服务器退出。\n');
  process.exit(1);
}
process.on('uncaughtException', startFailed);
const shortOfDisk = diskShortfall(config.dataDir, config.DISK_MIN_FREE_MB);
if (shortOfDisk !== null) process.stderr.write(`${lowDiskLine(config.dataDir, shortOfDisk, config.DISK_MIN_FREE_MB, 'DISK_MIN_FREE_MB 规定')}在腾出空间之前，/api/ready 答 503。\n`);
const reachable =
  !config.DATABASE_URL ||
  (await waitForDatabase(config.DATABASE_URL, { attempts: config.DB_CONNECT_ATTEMPTS, delayMs: config.DB_CONNECT_RETRY_MS, print: (line) => process.stderr.write(`${line}\n`) }));
if (!reachable) process.exit(1);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.dataDir, 'pglite'), holder: '服务器' });
const secrets = secretBox(loadSecretKey({ secretKey: config.SECRET_KEY, dataDir: config.dataDir }));
const files = await fileStoreFor(config);
// the queue opens before the app (its services queue messages); handlers start once the app's deps exist
const jobsStarted = Date.now();
const log = pino({ level: config.LOG_LEVEL });
const jobs = await openJobQueue(database, log, config.JOBS_IN_PROCESS, config.JOBS_CRON_SECONDS);
const jobsOpenMs = Date.now() - jobsStarted;
const metrics = config.METRICS_PORT === undefined ? null : createMetrics({ process: 'server', database, jobs, queues: jobQueues.map((q) => q.name), log });
const app = await buildApp({ db: database.db, config, secrets, files, jobs, metrics });
if (config.JOBS_IN_PROCESS) await jobs.work(jobSpecs(app.deps, app.log));
app.log.info({ ms: jobsOpenMs, inProcess: config.JOBS_IN_PROCESS }, config.JOBS_IN_PROCESS ? 'jobs running in this process' : 'jobs queued here, run by npm run worker');
if (config.SEED_DEMO) {
  if (config.production) app.log.warn('SEED_DEMO=1 with NODE_ENV=production: demo mode is on, and the README\'s demo accounts can log in');
  const seedStarted = Date.now();
  if (await seedDemoData(database.db, { files, secrets, jobs, history: config.SEED_HISTORY, reportFont: { file: config.LAB_DOCUMENT_FONT, name: config.LAB_DOCUMENT_FONT_NAME } })) app.log.info({ ms: Date.now() - seedStarted, history: config.SEED_HISTORY }, 'demo data seeded');
}
// items written before their search words, or cut by an older dictionary (decisions/0044), are cut now
const recut = await refreshItemWords(database.db);
if (recut > 0) app.log.info({ items: recut }, 'search words cut');
await warnWhenNoStaff(database.db, app.log);
// settings that must not pass quietly (the simulated gateway where money is real, the test outbox): the log, and 系统提醒 for admins
const warnings = startupWarnings(config);
for (const warning of warnings) app.log[warning.level]({ setting: warning.key }, warning.log);
await syncConfigAlerts(database.db, warnings.flatMap((w) => (w.alert ? [{ key: w.key, ...w.alert }] : [])), new Date());

await app.listen({ port: config.PORT, host: config.HOST });
const metricsServer = metrics && (await serveMetrics(metrics, { port: config.METRICS_PORT!, host: config.METRICS_HOST ?? config.HOST, token: config.METRICS_TOKEN!, log: app.log }));
// SIGTERM/SIGINT: stop accepting and finish the requests in flight (503 to any that arrive on a
// kept-alive connection meanwhile), then the jobs in hand, then the database
closeOnSignals(
  [
    { name: 'http', run: () => app.close() },
    // pg-boss's graceful stop waits for the jobs in hand; leave a moment for the database after it
    { name: 'jobs', run: (remainingMs) => jobs.stop(Math.max(1000, remainingMs - 2000)) },
    { name: 'metrics', run: async () => metricsServer?.close() },
    { name: 'database', run: () => database.close() },
  ],
  { log: app.log, timeoutMs: config.SHUTDOWN_TIMEOUT_MS },
);
process.off('uncaughtException', startFailed);
app.log.info({ database: database.kind, node: process.version, ms: Date.now() - started }, `科研检测服务商城 listening on http://localhost:${config.PORT}`);
