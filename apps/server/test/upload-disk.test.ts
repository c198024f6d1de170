import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceApplication, PrestoreApplication, ReportFile } from '@lab/contract';
import { z } from 'zod';
import { randomId } from '../src/platform/crypto';
import { removingFilesOnFailure, saveFile, storeUpload, uploadSpec } from '../src/platform/files';
import { localFileStore } from '../src/platform/providers/file-store';
import { MEMBER_UPLOAD_LIMITS } from '../src/platform/upload-limits';
import { topUpViaApi } from '../src/areas/funds/test-helpers';
import { invoiceApplication } from '../src/areas/funds/funds-admin.test-helpers';
import { makeOrder, progressContext } from '../src/areas/orders/desk/progress.test-helpers';
import { call, createTestContext, type TestContext } from './harness';
import { makeLoggedInMember, makeStaff } from './factories';
import { pdfBytes, pngBytes } from './access-world';
import { tmpRoot } from './template';
import { versionOf } from './decision-pins';

/**
 * Uploads cannot fill the disk (issue 16, item 9): a file that is replaced goes once the
 * change that replaced it has committed, and never when it was refused or rolled back; member
 * upload routes are rate limited per member and per address, across instances (the limits live
 * in the database).
 */

/** A multipart POST from a given client address, as the web's upload buttons send it. */
async function upload<T = unknown>(t: TestContext, url: string, token: string, fields: Record<string, string>, file: { name: string; bytes: Buffer; type: string }, ip = '127.0.0.1') {
  const boundary = `----disk${randomId(8)}`;
  const parts = [
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  const response = await t.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) });
  const body = response.json() as { code: number; msg: string; data: T };
  return { status: response.statusCode, ...body };
}

/** A distinct PNG each time, so a stored file can be told apart by its content. */
const png = (n: number) => Buffer.concat([pngBytes, Buffer.from(` receipt ${n} `.repeat(50))]);
const filesIn = (dataDir: string, kind: string) => {
  const dir = path.join(dataDir, 'files', kind);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

describe('a replaced file is removed once the change committed', () => {
  let t: TestContext;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = path.join(tmpRoot, `upload-disk-${process.pid}-${randomId(6)}`);
    t = await createTestContext({ now: '2026-12-01T02:00:00Z', dataDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('re-uploading a transfer receipt ten times leaves exactly one file, the last one, which downloads', async () => {
    const finance = await makeStaff(t.db, 'finance', t.clock.now());
    const who = await makeLoggedInMember(t.db, t.clock.now());
    const application = await topUpViaApi(t, who, finance, '300', false);
    for (let n = 1; n <= 10; n++) {
      expect(await upload<PrestoreApplication>(t, '/api/auth/prestoreApply/receipt', who.token, { rid: application.rid }, { name: `凭证${n}.png`, bytes: png(n), type: 'image/png' })).toMatchObject({ code: 1, msg: '凭证已上传' });
    }
    const files = filesIn(dataDir, 'receipts');
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(dataDir, 'files', 'receipts', files[0]!)).equals(png(10))).toBe(true);
    const download = await t.app.inject({ method: 'GET', url: `/api/auth/prestoreApply/receipt?rid=${application.rid}`, headers: { token: who.token } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(png(10))).toBe(true);

    // refused after finance confirmed it: the kept receipt stays, the refused one is not stored
    expect(await call(t.app, 'POST', '/api/admin/funds/prestore/confirm', { token: finance.token, form: { rid: application.rid, version: String(await versionOf(t.db, 'prestore', application.rid)) } })).toMatchObject({ code: 1 });
    expect(await upload(t, '/api/auth/prestoreApply/receipt', who.token, { rid: application.rid }, { name: 'late.png', bytes: png(11), type: 'image/png' })).toMatchObject({
      status: 409,
      msg: '该预存申请已到账，不能再上传凭证',
    });
    expect(filesIn(dataDir, 'receipts')).toEqual(files);
  });

  it('a replaced e-invoice file is removed; the member downloads the new one', async () => {
    const finance = await makeStaff(t.db, 'finance', t.clock.now());
    const who = await makeLoggedInMember(t.db, t.clock.now());
    const application = await invoiceApplication(t, who, finance);
    const pdf = (n: number) => Buffer.concat([pdfBytes, Buffer.from(`% invoice ${n}\n`)]);
    const before = filesIn(dataDir, 'invoices');
    expect(
      await upload<InvoiceApplication>(t, '/api/admin/funds/invoice/issueWithFile', finance.token, { rid: application.rid, version: String(await versionOf(t.db, 'invoice', application.rid)), invoice_no: '24312000000000000001', issued_on: '2026-12-01' }, { name: 'a.pdf', bytes: pdf(1), type: 'application/pdf' }),
    ).toMatchObject({ code: 1 });
    for (const n of [2, 3, 4]) {
      expect(await upload(t, '/api/admin/funds/invoice/file', finance.token, { rid: application.rid }, { name: `fixed-${n}.pdf`, bytes: pdf(n), type: 'application/pdf' })).toMatchObject({ code: 1, msg: '发票文件已上传' });
    }
    const added = filesIn(dataDir, 'invoices').filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    const download = await t.app.inject({ method: 'GET', url: `/api/auth/invoiceApply/file?rid=${application.rid}`, headers: { token: who.token } });
    expect(download.rawPayload.equals(pdf(4))).toBe(true);
  });

  it('a report the lab deletes (to upload the right one) leaves no file behind', async () => {
    const { item, lab } = await progressContext(t);
    const who = await makeLoggedInMember(t.db, t.clock.now());
    const order = await makeOrder(t, item, who.member.id, { progress: 'testing' });
    const before = filesIn(dataDir, 'reports');
    const wrong = await upload<ReportFile[]>(t, '/api/admin/orders/report/upload', lab.token, { order_no: order.orderNo }, { name: '错的报告.pdf', bytes: pdfBytes, type: 'application/pdf' });
    expect(wrong).toMatchObject({ code: 1 });
    expect(filesIn(dataDir, 'reports')).toHaveLength(before.length + 1);
    const removed = await call<ReportFile[]>(t.app, 'POST', '/api/admin/orders/report/delete', { token: lab.token, form: { order_no: order.orderNo, id: wrong.data[0]!.id } });
    expect(removed).toMatchObject({ code: 1, data: [] });
    expect(filesIn(dataDir, 'reports')).toEqual(before);
  });
});

describe('inside a request transaction (an audited staff route)', () => {
  it('the replaced file stays until that transaction commits, and for good when it rolls back', async () => {
    const dataDir = path.join(tmpRoot, `upload-scope-${process.pid}-${randomId(6)}`);
    const spec = uploadSpec({ kind: 'invoices', maxBytes: 1024 * 1024, types: ['pdf'], fields: z.object({}) });
    const pdf = (n: number) => Buffer.concat([pdfBytes, Buffer.from(`% ${n}\n`)]);
    const at = (name: string) => path.join(dataDir, 'files', 'invoices', name);
    const store = localFileStore(dataDir);
    try {
      const old = await saveFile(store, 'invoices', pdf(1), ['pdf']);
      // the audit row (or anything after the change) fails: the whole request rolls back
      await expect(
        removingFilesOnFailure(async () => {
          await storeUpload(store, spec, pdf(2), async (stored) => ({ value: stored, replaced: old.name }));
          expect(fs.existsSync(at(old.name)), 'not removed before the commit').toBe(true);
          throw new Error('the audit row could not be written');
        }),
      ).rejects.toThrow('audit row');
      expect(filesIn(dataDir, 'invoices')).toEqual([old.name]);
      // committed: the replaced file goes, the new one stays
      const kept = await removingFilesOnFailure(() => storeUpload(store, spec, pdf(3), async (stored) => ({ value: stored, replaced: old.name })));
      expect(filesIn(dataDir, 'invoices')).toEqual([kept.name]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('member uploads are rate limited (per member and per address)', () => {
  let t: TestContext;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = path.join(tmpRoot, `upload-limit-${process.pid}-${randomId(6)}`);
    t = await createTestContext({ now: '2026-12-01T02:00:00Z', dataDir, rateLimit: true });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const memberWithApplication = async () => {
    const finance = await makeStaff(t.db, 'finance', t.clock.now());
    const who = await makeLoggedInMember(t.db, t.clock.now());
    const application = await topUpViaApi(t, who, finance, '100', false);
    return { who, rid: application.rid };
  };
  const receipt = (token: string, rid: string, ip: string, n: number) =>
    upload(t, '/api/auth/prestoreApply/receipt', token, { rid }, { name: 'r.png', bytes: png(n), type: 'image/png' }, ip);

  it(`the ${MEMBER_UPLOAD_LIMITS.perMember.max + 1}st upload of one member in ten minutes is 429, in Chinese; another member is not held`, async () => {
    expect(MEMBER_UPLOAD_LIMITS.perMember).toEqual({ max: 20, timeWindow: 600_000 });
    const a = await memberWithApplication();
    for (let n = 1; n <= 20; n++) expect(await receipt(a.who.token, a.rid, '10.16.0.1', n)).toMatchObject({ code: 1 });
    expect(await receipt(a.who.token, a.rid, '10.16.0.1', 21)).toMatchObject({ status: 429, code: 0, msg: '上传过于频繁，请10分钟后再试' });
    // from another address too: the limit is the member's
    expect(await receipt(a.who.token, a.rid, '10.16.0.2', 22)).toMatchObject({ status: 429 });
    const b = await memberWithApplication();
    expect(await receipt(b.who.token, b.rid, '10.16.0.1', 1)).toMatchObject({ code: 1 });
  });

  it(`one address gets ${MEMBER_UPLOAD_LIMITS.perAddress.max} uploads in ten minutes, whichever members send them`, async () => {
    const ip = '10.16.9.9';
    const people = await Promise.all([1, 2, 3, 4].map(() => memberWithApplication()));
    for (let n = 0; n < MEMBER_UPLOAD_LIMITS.perAddress.max; n++) {
      const person = people[Math.floor(n / 15)]!;
      expect(await receipt(person.who.token, person.rid, ip, n)).toMatchObject({ code: 1 });
    }
    const last = people[3]!;
    expect(await receipt(last.who.token, last.rid, ip, 99)).toMatchObject({ status: 429, msg: '上传过于频繁，请10分钟后再试' });
    expect(await receipt(last.who.token, last.rid, '10.16.9.10', 100)).toMatchObject({ code: 1 });
  });
});
