import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrestoreApplication, UploadedImage } from '@lab/contract';
import { eq } from 'drizzle-orm';
import { randomId } from '../src/platform/crypto';
import { localFileStore } from '../src/platform/providers/file-store';
import { prestoreApplications } from '../src/areas/funds/funds.tables';
import { topUpViaApi } from '../src/areas/funds/test-helpers';
import { createTestContext, type TestContext } from './harness';
import { makeLoggedInMember, makeStaff } from './factories';
import { multipart, pngBytes } from './access-world';
import { startS3Peer } from './s3-peer';
import { tmpRoot } from './template';

/**
 * The shop with its files in S3 (s3rver here): what a member uploads lands in the bucket, not on
 * this server's disk, and downloads through the API; a file uploaded while the shop kept files
 * on disk still downloads; pictures are served from the bucket; /api/ready checks the bucket.
 */
let peer: Awaited<ReturnType<typeof startS3Peer>>;
let t: TestContext;
let dataDir: string;

beforeAll(async () => {
  peer = await startS3Peer();
  dataDir = path.join(tmpRoot, `files-s3-${process.pid}-${randomId(6)}`);
  t = await createTestContext({ now: '2026-12-01T02:00:00Z', dataDir, files: peer.store(localFileStore(dataDir)) });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const png = (n: number) => Buffer.concat([pngBytes, Buffer.from(` receipt ${n} `.repeat(20))]);

describe('files in S3', () => {
  it('a transfer receipt goes to the bucket and downloads through the API', async () => {
    const finance = await makeStaff(t.db, 'finance', t.clock.now());
    const who = await makeLoggedInMember(t.db, t.clock.now());
    const application = await topUpViaApi(t, who, finance, '300', false);
    const uploaded = await multipart<PrestoreApplication>(t.app, '/api/auth/prestoreApply/receipt', who.token, { rid: application.rid }, { name: '凭证.png', bytes: png(1), type: 'image/png' });
    expect(uploaded).toMatchObject({ code: 1, msg: '凭证已上传' });
    const [row] = await t.db.select({ receiptFile: prestoreApplications.receiptFile }).from(prestoreApplications).where(eq(prestoreApplications.rid, application.rid));
    expect(await peer.store().has('receipts', row!.receiptFile!)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'files', 'receipts', row!.receiptFile!))).toBe(false);

    const download = await t.app.inject({ method: 'GET', url: `/api/auth/prestoreApply/receipt?rid=${application.rid}`, headers: { token: who.token } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(png(1))).toBe(true);

    // replaced: the old object leaves the bucket once the change committed
    expect(await multipart(t.app, '/api/auth/prestoreApply/receipt', who.token, { rid: application.rid }, { name: '凭证2.png', bytes: png(2), type: 'image/png' })).toMatchObject({ code: 1 });
    expect(await peer.store().has('receipts', row!.receiptFile!)).toBe(false);
    const again = await t.app.inject({ method: 'GET', url: `/api/auth/prestoreApply/receipt?rid=${application.rid}`, headers: { token: who.token } });
    expect(again.rawPayload.equals(png(2))).toBe(true);
  });

  it('a receipt uploaded while the files were on local disk still downloads', async () => {
    const finance = await makeStaff(t.db, 'finance', t.clock.now());
    const who = await makeLoggedInMember(t.db, t.clock.now());
    const application = await topUpViaApi(t, who, finance, '200', false);
    const name = `${randomId(24)}.png`;
    await localFileStore(dataDir).put('receipts', name, png(3), 'image/png');
    await t.db.update(prestoreApplications).set({ receiptFile: name, receiptType: 'image/png' }).where(eq(prestoreApplications.rid, application.rid));
    const download = await t.app.inject({ method: 'GET', url: `/api/auth/prestoreApply/receipt?rid=${application.rid}`, headers: { token: who.token } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(png(3))).toBe(true);
  });

  it('an uploaded picture is served from the bucket under its public path, cached for a year', async () => {
    const admin = await makeStaff(t.db, 'admin', t.clock.now());
    const uploaded = await multipart<UploadedImage>(t.app, '/api/admin/upload/image', admin.token, {}, { name: 'banner.png', bytes: png(4), type: 'image/png' });
    expect(uploaded).toMatchObject({ code: 1 });
    const name = uploaded.data.path.split('/').pop()!;
    expect(await peer.store().has('images', name)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: uploaded.data.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(png(4))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/upload/img/u/none-0123456789abcdefghij.png' })).statusCode).toBe(404);
  });

  it('/api/ready answers with the storage up, and 503 while the bucket does not answer', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ code: 1, data: { status: 'ready', database: 'up', storage: 'up' } });
    await peer.stop();
    const down = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBeDefined();
  });
});
