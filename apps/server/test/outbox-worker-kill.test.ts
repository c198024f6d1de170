import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../src/db/client';
import { outbox } from '../src/db/schema';
import { openJobQueue } from '../src/jobs';
import { LOCAL_PROVIDER, OUTBOX_JOB, queuedSmsProvider } from '../src/platform/outbox';
import type { JobQueue } from '../src/platform/job-queue';
import { openTestDatabase } from './harness';
import { databaseUrlOf, startServer, stopAll, type ServerProcess } from './server-process';
import { runSuffix, tmpRoot } from './template';

/**
 * Issue 28, fault 13: kill -9 of a worker in the middle of a burst of 500 messages left 2 rows
 * marked sent whose line never came out (the local provider answered once pino had the line,
 * which writes later), and the messages the dead worker held waited 184 s for their job's expiry.
 * Two workers share a burst of 300 messages, as in production; one is killed with SIGKILL while
 * it holds a batch. Every message must then go out within a minute of the kill (the other worker
 * takes the dead one's batch once its heartbeat stops), and every row marked sent must have its
 * line in one of the two workers' output: at least once (a message may come out twice: its line
 * written, the worker killed before the row was marked).
 *
 * The minute is the requirement itself, waited for as a condition: before the fix the dead batch
 * waited at least 120 s.
 */

const MESSAGES = 300;
const RESUME_WITHIN_MS = 60_000;
let database: Database;
let sender: JobQueue;
let doomed: ServerProcess | undefined;
let survivor: ServerProcess | undefined;
const dataDir = path.join(tmpRoot, `outbox-kill-${runSuffix(randomBytes(6).toString('hex'))}`);

beforeAll(async () => {
  fs.mkdirSync(dataDir, { recursive: true });
  database = await openTestDatabase();
  const url = await databaseUrlOf(database.db);
  sender = await openJobQueue(database, pino({ level: 'silent' }), false);
  // info: the local provider's lines are what the test counts
  [doomed, survivor] = await Promise.all(['doomed', 'survivor'].map((name) => startServer({ name, entry: 'worker', databaseUrl: url, dataDir, logLevel: 'info', keepOutput: 4000 })));
}, 120_000);

afterAll(async () => {
  await stopAll(doomed, survivor);
  await sender?.stop();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('a worker killed with a batch of messages in hand', () => {
  it('every message goes out within a minute, and none is marked sent without its line', async (context) => {
    const lines = new Map<string, number>();
    let killedAt = 0;
    for (const worker of [doomed!, survivor!]) {
      worker.onLine((line) => {
        if (!line.includes('sms sent (local outbox)')) return;
        const phone = (JSON.parse(line) as { sms: { phone: string } }).sms.phone;
        lines.set(phone, (lines.get(phone) ?? 0) + 1);
        // kill the first worker once it has delivered a few: it holds the rest of its batch
        if (worker === doomed && !killedAt && lines.size >= 20) {
          killedAt = Date.now();
          void doomed!.kill9();
        }
      });
    }

    const phones = Array.from({ length: MESSAGES }, (_, i) => `137${String(process.pid % 10_000).padStart(4, '0')}${String(i).padStart(4, '0')}`);
    const sms = queuedSmsProvider(database.db, sender, { name: LOCAL_PROVIDER });
    await database.db.transaction(async (tx) => {
      for (const phone of phones) await sms.send({ phone, template: 'order_paid', params: { orderNo: 'KY1' }, body: '订单已支付' }, tx);
    });
    await doomed!.exited;
    expect(killedAt, 'the worker was killed mid-burst').toBeGreaterThan(0);
    // the dead worker held jobs: this is what must come back
    const [held] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pgboss.job where name = ${OUTBOX_JOB} and state = 'active'`);
    expect(held!.n, 'jobs in the dead worker\'s hands').toBeGreaterThan(0);

    const rows = () => database.db.select({ recipient: outbox.recipient, status: outbox.status }).from(outbox).where(inArray(outbox.recipient, phones));
    for (;;) {
      const sent = (await rows()).filter((r) => r.status === 'sent').length;
      if (sent === MESSAGES) break;
      if (Date.now() - killedAt > RESUME_WITHIN_MS) throw new Error(`${MESSAGES - sent} of ${MESSAGES} messages still not sent ${RESUME_WITHIN_MS / 1000} s after the kill`);
      if (!survivor!.running) throw new Error(`the surviving worker died:\n${survivor!.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const resumedMs = Date.now() - killedAt;

    const withoutLine = (await rows()).filter((r) => !lines.has(r.recipient)).map((r) => r.recipient);
    expect(withoutLine, 'rows marked sent whose line never came out').toEqual([]);
    const twice = [...lines.values()].filter((n) => n > 1).length;
    context.annotate(`${held!.n} jobs held by the killed worker; all ${MESSAGES} sent ${(resumedMs / 1000).toFixed(1)} s after the kill; ${twice} message(s) delivered twice (at least once)`);
  }, 180_000);
});
