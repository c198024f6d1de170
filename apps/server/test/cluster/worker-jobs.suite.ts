import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { outbox } from '../../src/db/schema';
import { LEDGER_CHECK_JOB } from '../../src/jobs';
import { database, ledgerOccurrence, ledgerRuns, smsDeliveries, t, withBoss } from './cluster-run';

/** The background jobs in the two workers: each scheduled or queued job done once (runs last: it counts the SMS of the suites before it). */
export function workerJobs() {
  describe('background jobs in the workers', () => {
    it('the scheduled ledger check ran once across both workers, each passing over the schedule every second', async (context) => {
      // the occurrence's due window closes 60 s after it; a pass (one a second) after that sends it no more
      const windowClosed = ledgerOccurrence.getTime() + 62_000;
      await expect.poll(() => ledgerRuns.length, { timeout: 60_000, interval: 200 }).toBeGreaterThan(0);
      const closed = async () => (await queryRows<{ closed: boolean }>(database.db, sql`select now() >= ${new Date(windowClosed).toISOString()}::timestamptz as closed`))[0]?.closed;
      await expect.poll(closed, { timeout: 90_000, interval: 500 }).toBe(true);
      const jobs = await withBoss((boss) => boss.findJobs(LEDGER_CHECK_JOB));
      const since = jobs.filter((job) => job.createdOn.getTime() >= ledgerOccurrence.getTime());
      expect(since.map((job) => job.state)).toEqual(['completed']);
      expect(ledgerRuns).toHaveLength(1);
      expect(ledgerRuns[0]!.line).toMatch(/every balance equals the sum of its entries/);
      context.annotate(`one ledger-check job, run by ${ledgerRuns[0]!.worker}`);
    });

    it('shares the message queue between both workers: each SMS handed to the provider once', async (context) => {
      // the codes and notices of the tests above: both workers took some
      await expect.poll(() => new Set(smsDeliveries.map((d) => d.worker)).size, { timeout: 60_000, interval: 200 }).toBe(2);
      const rows = await t.db.select({ recipient: outbox.recipient, status: outbox.status, attempts: outbox.attempts }).from(outbox).where(eq(outbox.channel, 'sms'));
      // a sent row was tried once; a phone's deliveries never outnumber its messages
      expect(rows.filter((r) => r.status === 'sent' && r.attempts !== 1)).toEqual([]);
      const rowsOf = (phone: string) => rows.filter((r) => r.recipient === phone).length;
      const doubled = [...new Set(smsDeliveries.map((d) => d.phone))].filter((phone) => smsDeliveries.filter((d) => d.phone === phone).length > rowsOf(phone));
      expect(doubled).toEqual([]);
      const by = (worker: string) => smsDeliveries.filter((d) => d.worker === worker).length;
      context.annotate(`${rows.length} SMS queued, ${rows.filter((r) => r.status === 'sent').length} sent so far: ${by('worker 1')} by worker 1, ${by('worker 2')} by worker 2`);
    });
  });
}
