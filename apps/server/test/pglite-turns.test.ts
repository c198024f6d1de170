import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { loadConfig } from '../src/platform/config';
import { openTestDatabase, testDbKind } from './harness';
import { tmpRoot } from './template';

/**
 * Issue 28, fault 18: under load on PGlite, /api/health took 477 ms though it needs no database:
 * PGlite runs statements on this thread and hands its connection from one waiting statement to
 * the next without the event loop coming round, so an HTTP request waited for the whole backlog.
 * Here a backlog of statements is queued, then /api/health and /api/ready are asked over a real
 * socket: both must answer while most of the backlog still waits (counted, not timed).
 */

const BACKLOG = 200;
let database: Database;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  if (testDbKind !== 'pglite') return;
  database = await openTestDatabase();
  app = await buildApp({ db: database.db, config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(tmpRoot, 'files'), SEED_DEMO: '0' }), logger: false, rateLimit: false });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Queues BACKLOG statements, then asks `path`: how many statements had answered when it answered. */
async function answeredBehind(probe: string): Promise<{ status: number; done: number }> {
  let done = 0;
  const backlog = Array.from({ length: BACKLOG }, () => database.db.execute(sql`select count(*) from generate_series(1, 2000)`).then(() => void (done += 1)));
  const response = await fetch(`${url}${probe}`);
  const doneThen = done;
  await Promise.all(backlog);
  return { status: response.status, done: doneThen };
}

describe.runIf(testDbKind === 'pglite')('PGlite: the probes do not wait behind its statements', () => {
  it('/api/health answers while the backlog still waits', async (context) => {
    const { status, done } = await answeredBehind('/api/health');
    expect(status).toBe(200);
    expect(done, `statements answered before /api/health (of ${BACKLOG})`).toBeLessThan(BACKLOG / 2);
    context.annotate(`/api/health answered after ${done} of ${BACKLOG} statements`);
  });

  it('/api/ready answers ready while the backlog is being answered, without queueing a statement behind it', async (context) => {
    const { status, done } = await answeredBehind('/api/ready');
    expect(status).toBe(200);
    expect(done, `statements answered before /api/ready (of ${BACKLOG})`).toBeLessThan(BACKLOG / 2);
    context.annotate(`/api/ready answered after ${done} of ${BACKLOG} statements`);
  });
});
