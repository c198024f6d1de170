import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { outbox } from '../src/db/schema';
import { unavailableMessage } from '../src/platform/error-handler';
import { shanghaiAddress, wuxiAddress } from '../src/areas/member/test-helpers';
import { makeLoggedInMember } from './factories';
import { uniquePhone } from './harness';
import { PrivatePostgres, privatePostgresAvailable } from './private-postgres';
import { apiCall, startServer, stopAll, type ServerProcess } from './server-process';
import { tmpRoot } from './template';

/**
 * Issue 28, fault 11: PostgreSQL restarted under a server that is busy with transactions. A
 * connection checked out for a transaction got the shutdown error between two statements, with
 * no listener on the client, and the server process died (4 of 6 trials). Here a cluster of the
 * test's own is stopped (fast and immediate shutdown, in turn) and started again while members
 * keep changing their default address (a four-statement transaction); the server must live
 * through every round, answer 503 with Retry-After and the Chinese sentence while the database
 * is gone, and serve again once it is back — the job queue (pg-boss's own connections) too, in
 * the server and in an `npm run worker` beside it.
 */

const ROUNDS = ['fast', 'immediate', 'fast', 'immediate'] as const;
const LOOPS = 6;

interface Tally {
  ok: number;
  /** 503 with Retry-After and the Chinese sentence */
  unavailable: number;
  /** anything else: the status and message, for the failure message */
  unexpected: string[];
}

let cluster: PrivatePostgres | undefined;
let server: ServerProcess | undefined;
/** `npm run worker` on the same database: pg-boss's supervisor, LISTEN and pool in a process of their own */
let worker: ServerProcess | undefined;
let database: Database | undefined;
const filesDir = path.join(tmpRoot, `db-restarts-${process.pid}-${randomBytes(4).toString('hex')}`);

beforeAll(async () => {
  if (!privatePostgresAvailable()) return;
  cluster = await PrivatePostgres.create(['lab']);
  server = await startServer({ name: 'server', databaseUrl: cluster.url('lab'), dataDir: filesDir, env: { JOBS_CRON_SECONDS: '2' } });
  worker = await startServer({ name: 'worker', entry: 'worker', databaseUrl: cluster.url('lab'), dataDir: filesDir, logLevel: 'info', env: { JOBS_CRON_SECONDS: '2' } });
  // the server has migrated the database: the test makes its members there
  database = await openDatabase({ url: cluster.url('lab'), migrate: false, poolSize: 2 });
}, 180_000);

afterAll(async () => {
  await stopAll(server, worker);
  await database?.close().catch(() => undefined);
  await cluster?.destroy();
  fs.rmSync(filesDir, { recursive: true, force: true });
}, 60_000);

/** Waits until `condition` holds; fails at once when the server has died, naming what was awaited. */
async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const child of [server!, worker!]) if (!child.running) throw new Error(`the ${child.name} died while waiting for: ${what}\n${child.output()}`);
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}\n${server!.output()}\n--- PostgreSQL ---\n${cluster!.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(privatePostgresAvailable())('PostgreSQL restarted under load (a cluster of the test\'s own)', () => {
  it('the server lives through every restart, answers 503 meanwhile, and serves again after', async (context) => {
    const tally: Tally = { ok: 0, unavailable: 0, unexpected: [] };
    const people = await Promise.all(
      Array.from({ length: LOOPS }, async (_, i) => {
        const { token } = await makeLoggedInMember(database!.db);
        const ip = `10.28.11.${i + 1}`;
        const rids: string[] = [];
        for (const form of [shanghaiAddress, wuxiAddress]) {
          const added = await apiCall<{ rid: string }>(server!, '/api/auth/address/add', { token, form, ip });
          expect(added, 'address/add').toMatchObject({ code: 1 });
          rids.push(added.data.rid);
        }
        return { token, ip, rids };
      }),
    );
    await database!.close();
    database = undefined;

    // the load: each member flips their default address, a transaction of four statements
    let stopped = false;
    const loops = people.map(async ({ token, ip, rids }) => {
      for (let n = 0; !stopped; n++) {
        const response = await fetch(`${server!.url}/api/auth/address/default`, {
          method: 'POST',
          headers: { token, 'x-forwarded-for': ip, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ address_rid: rids[n % 2]! }),
        }).catch(() => null);
        if (!response) {
          // the connection was refused or cut: the server is gone (until() says so)
          if (!server!.running) return;
          tally.unexpected.push('connection failed while the server ran');
          continue;
        }
        const body = (await response.json()) as { code: number; msg: string };
        if (response.status === 200 && body.code === 1) tally.ok++;
        else if (response.status === 503 && response.headers.get('retry-after') && body.msg === unavailableMessage) {
          tally.unavailable++;
          // as a client told Retry-After would, a little gentler than a tight loop
          await new Promise((resolve) => setTimeout(resolve, 20));
        } else tally.unexpected.push(`${response.status} ${body.msg}`);
      }
    });

    try {
      for (const mode of ROUNDS) {
        const before = tally.ok;
        await until(`transactions committing before the ${mode} stop`, () => tally.ok >= before + 20);
        await cluster!.stop(mode);
        const unavailable = tally.unavailable;
        await until(`503 with Retry-After while stopped (${mode})`, () => tally.unavailable > unavailable);
        const ready = await fetch(`${server!.url}/api/ready`);
        expect(ready.status, `/api/ready while stopped (${mode})`).toBe(503);
        expect(ready.headers.get('retry-after')).toBeTruthy();
        expect((await fetch(`${server!.url}/api/health`)).status, 'liveness needs no database').toBe(200);
        await cluster!.start();
        await until(`/api/ready after the ${mode} restart`, async () => (await fetch(`${server!.url}/api/ready`)).status === 200);
        const after = tally.ok;
        await until(`transactions committing after the ${mode} restart`, () => tally.ok >= after + 20);
        expect(server!.running, `the server after the ${mode} restart`).toBe(true);
        expect(worker!.running, `the worker after the ${mode} restart`).toBe(true);
      }
    } finally {
      stopped = true;
      await Promise.all(loops);
    }
    expect(tally.unexpected, 'answers other than success or 503').toEqual([]);

    // pg-boss's connections came back too: a code queued now is handed to the provider by the job
    const phone = uniquePhone();
    expect(await apiCall(server!, '/api/open/code4sms', { form: { phone, useFor: 3 }, ip: '10.28.11.100' })).toMatchObject({ code: 1 });
    database = await openDatabase({ url: cluster!.url('lab'), migrate: false, poolSize: 1 });
    await until('the SMS job to send the code queued after the restarts', async () => {
      const [row] = await database!.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.recipient, phone));
      return row?.status === 'sent';
    });
    context.annotate(`${ROUNDS.length} restarts (${ROUNDS.join(', ')}): ${tally.ok} transactions committed, ${tally.unavailable} answers 503 while the database was away, server and worker alive throughout`);
  }, 600_000);
});
