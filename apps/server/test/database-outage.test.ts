import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { queryRows, type Database } from '../src/db/client';
import { isDatabaseUnavailable } from '../src/platform/error-handler';
import { call, openTestDatabase, testDbKind } from './harness';
import { makeLoggedInMember } from './factories';
import { tmpRoot } from './template';

/**
 * When the database goes away (issue 16, item 10) the server says so: `/api/ready` answers 503
 * with Retry-After, every call that needs the database answers 503 with Retry-After and a
 * Chinese sentence instead of 500, and `/api/health` (liveness) still answers 200. Not a mock:
 * the app's own database really goes — PGlite closed, or the PostgreSQL database dropped with
 * its connections terminated.
 */

let database: Database;
let app: FastifyInstance;
let memberToken: string;

/** Takes the app's database away for good. */
async function takeDatabaseAway() {
  if (database.kind === 'pglite') {
    await database.close();
    return;
  }
  const [row] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database "${row!.name}" with (force)`);
  await admin.end();
}

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(tmpRoot, 'files'), SEED_DEMO: '0' });
  // rate limits on: their counters live in the database too, and are read before anything else
  app = await buildApp({ db: database.db, config, logger: false, rateLimit: true });
  await app.ready();
  memberToken = (await makeLoggedInMember(database.db)).token;
});
afterAll(async () => {
  await app?.close();
  // PGlite was closed (its folder goes with the harness's close); PostgreSQL's copy was dropped: end the pool
  if (testDbKind === 'postgres') await database.close().catch(() => undefined);
});

describe('the database goes away', () => {
  it('answers ready while the database answers', async () => {
    expect(await call(app, 'GET', '/api/ready')).toMatchObject({ status: 200, code: 1, data: { status: 'ready' } });
    expect(await call(app, 'POST', '/api/open/login', { form: { account: '13900000000', password: 'wrong-Passw0rd' } })).toMatchObject({ status: 400 });
  });

  it('then: ready is 503 with Retry-After, calls are 503 in Chinese, health stays 200', async () => {
    await takeDatabaseAway();
    const ready = await call(app, 'GET', '/api/ready');
    expect(ready).toMatchObject({ status: 503, code: 0, msg: '服务暂时不可用，请稍后再试' });
    expect(ready.headers['retry-after']).toBe('5');

    for (const [method, url, options] of [
      ['POST', '/api/open/login', { form: { account: '13900000000', password: 'wrong-Passw0rd' } }],
      ['POST', '/api/auth/user/info', { token: memberToken }],
      ['POST', '/api/open/setting/list4key', { form: { keys: 'allowRegion' } }],
    ] as const) {
      const res = await call(app, method, url, options);
      expect(res, `${method} ${url}`).toMatchObject({ status: 503, code: 0, msg: '服务暂时不可用，请稍后再试' });
      expect(res.headers['retry-after'], url).toBe('5');
    }
    expect(await call(app, 'GET', '/api/health')).toMatchObject({ status: 200, code: 1 });
  });
});

describe('isDatabaseUnavailable', () => {
  it('tells an unreachable database from a failed statement', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], ''))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});
