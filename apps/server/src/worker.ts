import { pino } from 'pino';
import { buildApp } from './app';
import { loadConfigOrExit } from './platform/config';
import { openDatabase } from './db/client';
import { loadSecretKey, secretBox } from './platform/secret-box';
import { waitForDatabase } from './db/wait-for-database';
import { jobQueues, jobSpecs, openJobQueue } from './jobs';
import { createMetrics, serveMetrics } from './platform/metrics';
import { closeOnSignals } from './platform/shutdown';
import { serverPaths } from './platform/paths';

/**
 * `npm run worker`: the background jobs without the web server, for a deployment that runs the
 * servers with JOBS_IN_PROCESS=0. It builds the same app (not listening) so the jobs get the same
 * services and providers as the requests do. Any number may run: pg-boss hands each job to one
 * of them and sends a scheduled job once per tick. PGlite has one process per data folder, so
 * with PGlite the jobs run in the server (the default).
 */
const config = loadConfigOrExit({ DATA_DIR: serverPaths.dataDir, ...process.env });
const log = pino({ level: config.LOG_LEVEL });
if (!config.DATABASE_URL) {
  log.error('npm run worker needs DATABASE_URL (PostgreSQL): with the embedded PGlite the server runs the jobs itself (JOBS_IN_PROCESS=1)');
  process.exit(1);
}
const reachable = await waitForDatabase(config.DATABASE_URL, { attempts: config.DB_CONNECT_ATTEMPTS, delayMs: config.DB_CONNECT_RETRY_MS, print: (line) => process.stderr.write(`${line}\n`) });
if (!reachable) process.exit(1);
const started = Date.now();
const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 5 });
const jobs = await openJobQueue(database, log, true, config.JOBS_CRON_SECONDS);
const app = await buildApp({ db: database.db, config, jobs, secrets: secretBox(loadSecretKey({ secretKey: config.SECRET_KEY, dataDir: config.dataDir })), logger: { level: config.LOG_LEVEL } });
await jobs.work(jobSpecs(app.deps, app.log));
log.info({ ms: Date.now() - started }, 'worker running the jobs');

// its own metrics (process figures, the queues, the outbox, its pool) when METRICS_PORT is set
const metricsServer =
  config.METRICS_PORT === undefined
    ? null
    : await serveMetrics(createMetrics({ process: 'worker', database, jobs, queues: jobQueues.map((q) => q.name), log: app.log }), {
        port: config.METRICS_PORT,
        host: config.METRICS_HOST ?? config.HOST,
        token: config.METRICS_TOKEN!,
        log: app.log,
      });
// SIGTERM/SIGINT: pg-boss stops fetching and waits for the jobs in hand, then the database closes
closeOnSignals(
  [
    { name: 'jobs', run: (remainingMs) => jobs.stop(Math.max(1000, remainingMs - 2000)) },
    { name: 'app', run: () => app.close() },
    { name: 'metrics', run: async () => metricsServer?.close() },
    { name: 'database', run: () => database.close() },
  ],
  { log: app.log, timeoutMs: config.SHUTDOWN_TIMEOUT_MS },
);
