import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AdminInvoice, AdminPrestore, InvoiceApplication, Page, PrestoreApplication } from '@lab/contract';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { auditLog, invoiceApplications, ledgerEntries, memberMessages, prestoreApplications, staff } from '../src/db/schema';
import { OUTSIDE_TRANSACTION } from '../src/db/client';
import { audit, auditEntity } from '../src/platform/audit';
import { ok } from '../src/platform/envelope';
import { balanceOf } from '../src/areas/funds/ledger.service';
import { invoiceApplication } from '../src/areas/funds/funds-admin.test-helpers';
import { call, createTestContext, openTestDatabase, testDbKind, type TestContext } from './harness';
import { makeLoggedInMember, makeStaff } from './factories';
import { multipart, pdfBytes, storedFiles } from './access-world';
import { tmpRoot } from './template';

/**
 * Issue 16, hole 8: the audit row was written after the money transaction committed, so a
 * kill -9 in between left confirmed top-ups without their rows (10 confirmed, 8 rows). Now an
 * audited staff route's handler, the after-read and the audit row are one transaction
 * (platform/audit.ts): when the row cannot be written, the change is not made either. The
 * restart suites (restart-safety*.test.ts) count rows against decisions after a real kill -9.
 */

// inside the shared files folder: upload suites check that nothing new appears next to their own data folders
const dataDir = path.join(tmpRoot, 'files', `audit-transaction-${process.pid}`);
let t: TestContext;
let finance: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z', dataDir });
  finance = await makeStaff(t.db, 'finance', t.clock.now());
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** From here on, the database refuses audit rows of `action` (as a full disk or a lost connection would, at the worst moment). */
async function refuseAuditRows(action: string) {
  await t.db.execute(sql.raw(`create or replace function refuse_audit_row() returns trigger language plpgsql as $$ begin raise exception 'audit row refused for the test'; end $$`));
  await t.db.execute(sql.raw('drop trigger if exists refuse_audit_row on audit_log'));
  await t.db.execute(sql.raw(`create trigger refuse_audit_row before insert on audit_log for each row when (new.action = '${action}') execute function refuse_audit_row()`));
}
const acceptAuditRows = () => t.db.execute(sql.raw('drop trigger if exists refuse_audit_row on audit_log'));

describe('the audit row and the change it records commit together', () => {
  it('a top-up confirmation whose audit row cannot be written books nothing and tells nobody', async () => {
    const who = await makeLoggedInMember(t.db, t.clock.now());
    const applied = await call<PrestoreApplication>(t.app, 'POST', '/api/auth/prestoreApply/add', { token: who.token, form: { amount: '100' } });
    // what finance's queue shows
    const queue = await call<Page<AdminPrestore>>(t.app, 'POST', '/api/admin/funds/prestore/list', { token: finance.token, form: { keyword: applied.data.applyNo } });
    const version = queue.data.list[0]!.version;
    await refuseAuditRows('funds.prestore.confirm');
    try {
      const confirmed = await call(t.app, 'POST', '/api/admin/funds/prestore/confirm', { token: finance.token, form: { rid: applied.data.rid, version } });
      expect(confirmed).toMatchObject({ status: 500, code: 0, msg: '服务器开小差了，请稍后再试' });
    } finally {
      await acceptAuditRows();
    }
    const [row] = await t.db.select().from(prestoreApplications).where(eq(prestoreApplications.rid, applied.data.rid));
    expect(row).toMatchObject({ status: 'pending', staffId: null });
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, `prestore:${applied.data.rid}`))).toEqual([]);
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(0);
    expect(await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, who.member.id))).toEqual([]);

    // the same click again, once the database takes audit rows: booked once, with its one row
    const again = await call(t.app, 'POST', '/api/admin/funds/prestore/confirm', { token: finance.token, form: { rid: applied.data.rid, version } });
    expect(again).toMatchObject({ code: 1, data: { status: 'confirmed' } });
    expect(await balanceOf(t.db, 'member', who.member.id)).toBe(100_00);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.targetKey, applied.data.rid));
    expect(rows.map((r) => [r.action, r.staffId])).toEqual([['funds.prestore.confirm', finance.id]]);
    expect(rows[0]!.after).toMatchObject({ status: 'confirmed', accountBalanceFen: 100_00 });
  });

  it('an invoice issued with its file, whose audit row cannot be written: still pending, and the file is not left on disk', async () => {
    const who = await makeLoggedInMember(t.db, t.clock.now());
    const application = await invoiceApplication(t, who, finance);
    const queue = await call<Page<AdminInvoice>>(t.app, 'POST', '/api/admin/funds/invoice/list', { token: finance.token, form: { keyword: application.rid } });
    const version = String(queue.data.list[0]!.version);
    const files = storedFiles(dataDir);
    await refuseAuditRows('funds.invoice.issue');
    try {
      const issued = await multipart<InvoiceApplication>(t.app, '/api/admin/funds/invoice/issueWithFile', finance.token, { rid: application.rid, version, invoice_no: '24312000000099990000', issued_on: '2026-12-01' }, { name: '发票.pdf', bytes: pdfBytes, type: 'application/pdf' });
      expect(issued).toMatchObject({ status: 500, code: 0 });
    } finally {
      await acceptAuditRows();
    }
    const [row] = await t.db.select().from(invoiceApplications).where(eq(invoiceApplications.rid, application.rid));
    expect(row).toMatchObject({ status: 'pending', invoiceNo: null, fileName: null });
    expect(storedFiles(dataDir)).toEqual(files);
  });
});

describe.runIf(testDbKind === 'pglite')('a statement on the database itself inside a transaction (PGlite has one connection)', () => {
  it('fails at once instead of waiting for ever', async () => {
    // drizzle wraps a failed statement's error: the guard's is its cause
    const failure = async (work: Promise<unknown>) => work.then(() => 'no error', (error: { message: string; cause?: { message: string } }) => error.cause?.message ?? error.message);
    expect(await failure(t.db.transaction(async () => t.db.select().from(staff).limit(1)))).toBe(OUTSIDE_TRANSACTION);
    expect(await failure(t.db.transaction(async () => t.db.transaction(async (inner) => inner.select().from(staff).limit(1))))).toBe(OUTSIDE_TRANSACTION);
    // the transaction's own handle, and the database once the transaction is over, are fine
    expect(await t.db.transaction(async (tx) => (await tx.select().from(staff).limit(1)).length)).toBe(1);
    expect((await t.db.select().from(staff).limit(1)).length).toBe(1);
  });

  it('so an audited route whose handler uses the app\'s database instead of request.db answers 500 and changes nothing', async () => {
    const database = await openTestDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: '0' });
    const staffAudit = auditEntity<number>('staff', async (db, id) => (await db.select({ name: staff.name }).from(staff).where(eq(staff.id, Number(id))))[0] ?? null);
    // the mistake this guards against: the route's closure holds the app's `db`, not the request's transaction
    const app = await buildApp({
      db: database.db,
      config,
      logger: false,
      rateLimit: false,
      moreRoutes: (api) => {
        api.post('/api/admin/test/rename', { config: { roles: ['admin'], audit: audit(staffAudit, 'test.rename', '改名', () => 1) } }, async () => {
          await database.db.update(staff).set({ name: '改过的名字' }).where(eq(staff.role, 'admin'));
          return ok(null);
        });
      },
    });
    try {
      await app.ready();
      const admin = await makeStaff(database.db, 'admin');
      const answer = await call(app, 'POST', '/api/admin/test/rename', { token: admin.token, json: {} });
      expect(answer).toMatchObject({ status: 500, code: 0 });
      expect((await database.db.select().from(staff).where(eq(staff.name, '改过的名字'))).length).toBe(0);
      expect((await database.db.select().from(auditLog).where(eq(auditLog.action, 'test.rename'))).length).toBe(0);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
