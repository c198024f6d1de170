import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, timingSafeEqual } from 'node:crypto';
import { count, ne } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import { outbox } from './platform.tables';
import type { JobQueue } from './job-queue';

/**
 * Prometheus metrics (prom-client, docs/decisions/0026-metrics-shutdown-backups.md), one registry per process:
 * - node's process figures (CPU, memory, event-loop lag, handles: prom-client's defaults);
 * - `http_request_duration_seconds{method,route,status_code}`: every answer, labelled by the
 *   route's pattern (`/api/auth/orders/:id`), never the raw URL; an unmatched URL is `(unmatched)`;
 * - `lab_job_queue_jobs{queue,state}`: queued / active / failed per pg-boss queue, from
 *   `getQueues()` (the counts of pg-boss's last monitor pass, refreshed every 10 s by a working process, JOB_MONITOR_SECONDS);
 * - `lab_outbox_messages{status}`: SMS and e-mail still queued, and the dead letters (failed);
 * - `lab_db_pool_connections{state}`: the app's PostgreSQL pool (PGlite has one connection, none).
 * The database figures are read at scrape time. They are served on a port of their own
 * (METRICS_PORT), only to `Authorization: Bearer <METRICS_TOKEN>`: never through the public port
 * the load balancer forwards.
 */

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
}

export interface MetricsOptions {
  /** `server` or `worker`: the `process` label on every series */
  process: string;
  database: Database;
  jobs: JobQueue | null;
  /** the queues to report */
  queues: string[];
  log: FastifyBaseLogger;
}

const OUTBOX_STATES = ['queued', 'failed'] as const;

export function createMetrics(options: MetricsOptions): Metrics {
  const { database, jobs, log } = options;
  const registry = new Registry();
  registry.setDefaultLabels({ process: options.process });
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  if (jobs) {
    new Gauge({
      name: 'lab_job_queue_jobs',
      help: "Jobs per queue and state, as of pg-boss's last monitor pass",
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          for (const queue of await jobs.boss.getQueues(options.queues)) {
            this.set({ queue: queue.name, state: 'queued' }, queue.queuedCount);
            this.set({ queue: queue.name, state: 'active' }, queue.activeCount);
            this.set({ queue: queue.name, state: 'failed' }, queue.failedCount);
          }
        } catch (error) {
          log.warn({ err: error }, 'metrics: the job queues could not be read');
        }
      },
    });
  }

  new Gauge({
    name: 'lab_outbox_messages',
    help: 'SMS and e-mail in the outbox not sent: queued, or failed after the last try (dead letters)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const rows = await database.db.select({ status: outbox.status, count: count() }).from(outbox).where(ne(outbox.status, 'sent')).groupBy(outbox.status);
        for (const status of OUTBOX_STATES) this.set({ status }, rows.find((row) => row.status === status)?.count ?? 0);
      } catch (error) {
        log.warn({ err: error }, 'metrics: the outbox could not be read');
      }
    },
  });

  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'lab_db_pool_connections',
      help: "The app's PostgreSQL pool: connections open, idle, and queries waiting for one",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  return { registry, httpDuration };
}

/** Times every answer of `app` into the histogram, by the matched route's pattern. */
export function recordHttpMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? '(unmatched)', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The exposition text at `GET /metrics` on a port of its own, for `Authorization: Bearer
 * <token>` only (401 otherwise; the token is compared in constant time).
 */
export async function serveMetrics(metrics: Metrics, options: { port: number; host: string; token: string; log: FastifyBaseLogger }): Promise<MetricsServer> {
  const expected = digest(`Bearer ${options.token}`);
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    const given = request.headers.authorization;
    if (!given || !timingSafeEqual(digest(given), expected)) {
      response.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' }).end('unauthorized\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : text),
      (error: unknown) => {
        options.log.error({ err: error }, 'metrics: scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('scrape failed\n');
      },
    );
  });
  // a scrape is short; an idle keep-alive connection must not hold the shutdown
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  options.log.info({ port, host: options.host }, 'metrics served at /metrics (bearer token)');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
